# A Bataille or Bata-waf game set up before its first duel, apart from the
# engine (games.bataille) that plays it: what the options make of the engine
# (the cards laid face up, B8; the duel or time limit, B6; the strength
# table, C6; the ordered pickup's cycle watch, B5) and the deal (C4, or a
# stacked deal, checked), with the log's start and deal lines.
#
#   hands = check_hands(hands, n, kind)   None, or the stacked deal checked
#   configure(opts, kind, n, size)        the engine's rule parameters
#   deal(g, t_ms)                         g's piles dealt (Bataille.start)
from core import cards as _cards
from games.bataille_rules import _strength_table, _out, _check_last, _NEXT_DUEL


def check_hands(hands, n, kind):
    """A stacked deal (one hand a player, names or ids) as card ids, or
    None for a shuffled one; ValueError naming what is wrong."""
    if hands is None:
        return None
    if len(hands) != n:
        raise ValueError("stacked deal has %d hands for %d players" % (len(hands), n))
    from core import check
    return check.hands(hands, kind)


def configure(opts, kind, n, size):
    """The engine's parameters from its normalized options (once, in
    Bataille.__init__: new_game keeps them): (ordered, down, addition, ups,
    limit_duels, limit_ms, strength)."""
    # B5 ordered pickup and its cycle watch (games.bataille_ordered,
    # loaded for it alone): None for a shuffled pickup, the box's
    # default, which keeps no room for a watch that never runs (1.8 KB
    # of the Pico's heap for two players, issue 13).
    ordered = None
    if opts["pickup"] == "ordered":
        from games.bataille_ordered import Ordered
        ordered = Ordered(n, size)
    addition = opts.get("addition", False)
    length = opts["length"]
    limit_duels = 0
    limit_ms = -1
    if isinstance(length, int):
        limit_duels = length
    elif length != "all":
        limit_ms = int(length[:-3]) * 60000
    return (ordered, opts["down"], addition, 2 if addition else 1, limit_duels, limit_ms,
            _strength_table(kind, opts.get("ace") == "low", addition))


def deal(g, t_ms):
    """The deck shuffled and dealt into g's (empty) piles; every player in."""
    # Always shuffle with the game's generator, even for a stacked deal:
    # the draws after the deal must not depend on stacking (replay).
    deck = g.deck
    deck[:] = _cards.deck(g.kind)
    g.rng.shuffle(deck, 0, g.size)
    dealer = g.n - 1
    n = g.n
    piles = g.piles
    hands = g.stacked
    if hands is None:
        # C4: one at a time clockwise from the player after the dealer
        # (player 0), as core.cards.deal; the first dealt get one more.
        p = 0
        for i in range(g.size):
            pile = piles[p]
            pile.buf[pile.n] = deck[i]  # the piles are empty: head is 0
            pile.n += 1
            p += 1
            if p == n:
                p = 0
    else:
        for p in range(n):
            for c in hands[p]:
                piles[p].push_bottom(c)
    for p in range(n):
        g.inn[p] = 1
    lg = g.log
    if lg is not None:
        lg.emit(t_ms, "start", g.game, g.n, g.seed, g.options)
        lg.emit(t_ms, "deal", dealer, [_cards.names(pl.to_list()) for pl in piles])
    g._next = _NEXT_DUEL
    # A player dealt nothing (a stacked deal) is out at once (B7).
    for p in range(n):
        if piles[p].n == 0:
            _out(g, t_ms, p)
    _check_last(g, t_ms)
