# Bataille's and Bata-waf's rules as data, below the engine (games.bataille),
# its fast path (games.bataille_fast) and replay (games.bataille_replay),
# which all take them from here: the options' values (their checks, B1, B4, B5,
# B6, B8, W3-W5: games.bataille_opts), what each card is worth in a comparison (C6, B8, W2), and
# the engine's next-step codes, which the fast path reads and sets too; who
# is out and how the game ends (B4, B6, B7), for the engine and its fast path.
#
#   _check_seed(seed), _strength_table(kind, ace_low, addition)
#   GAMES, LENGTH_NAMES, MAX_DUELS, _NEXT_DUEL ... _NEXT_NONE
#   _out(g, t_ms, p), _check_last(g, t_ms), _end_limit(g, t_ms), _end(g, ...)
#   _to_battle(g, m), _settle(g): the fast paths' hand-overs to step()
from core import cards as _cards
from core.compat import const

GAMES = ("bataille", "batawaf")
LENGTH_NAMES = {"court": 80, "moyen": 200}
MAX_DUELS = const(1000000)

# What the engine does next (Bataille._next; not a phase the box sees).
_NEXT_DUEL = 0
_NEXT_BATTLE = 1
_NEXT_TAKE = 2
_NEXT_NONE = 3

_TABLES = {}  # type: dict[int, bytearray]


def _strength_table(kind, ace_low, addition):
    """C6 / B8 / W2: what each card id is worth in a comparison (shared)."""
    key = kind * 4 + ace_low * 2 + addition
    t = _TABLES.get(key)
    if t is None:
        # as long as the deck's highest card id (52 B for cards, 100 for
        # dogs: 256 was 144 B more of the frozen box's heap, issue 26)
        d = _cards.deck(kind)
        t = bytearray(max(d) + 1)
        for c in d:
            t[c] = _cards.value(c) if addition else _cards.strength(c, ace_low)
        _TABLES[key] = t
    return t


def _check_seed(seed):
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError("seed must be a whole number, 0 or more (got %r)" % (seed,))


# --- B4, B6, B7: who is out, and the end (g: the engine) -------------------

def _out(g, t_ms, p):
    g.inn[p] = 0
    g.cont[p] = 0
    if g.log is not None:
        g.log.emit(t_ms, "out", p)

def _check_last(g, t_ms):
    """B7/B4: the last player holding cards wins (taking a pot still on
    the table); nobody holding any card is a draw."""
    holders = 0
    who = -1
    for p in range(g.n):
        if g.inn[p] and g.piles[p].n:
            holders += 1
            who = p
    if holders >= 2:
        return False
    if holders == 0:
        _end(g, t_ms, [], "draw")
        return True
    if g.pot_n:
        g.winner = who
        g._take(t_ms)  # ends the game through _check_last again
        return True
    for p in range(g.n):
        if g.inn[p] and p != who:
            _out(g, t_ms, p)
    _end(g, t_ms, [who], "all_cards")
    return True

def _end_limit(g, t_ms, reason="limit"):
    # B6: among the players still in (short=lose puts players out who
    # still hold cards: those no longer count).
    best = -1
    for p in range(g.n):
        if g.inn[p] and g.piles[p].n > best:
            best = g.piles[p].n
    _end(g, t_ms, [p for p in range(g.n)
                     if g.inn[p] and g.piles[p].n == best], reason)

def _end(g, t_ms, winners, reason):
    g.done = True
    g.winners = winners
    g.reason = reason
    g._next = _NEXT_NONE
    if g.log is not None:
        g.log.emit(t_ms, "end", winners, reason, g.counts(), None)


def _to_battle(g, m):
    """Hand a 2-player tie over to step(): the pot's m cards on the table
    (g.pot), a battle of both next."""
    g.pot_n = m
    g.layer = 0
    g.cont[0] = 1
    g.cont[1] = 1
    g.winner = -1
    g.tie = True
    g._next = _NEXT_BATTLE


def _settle(g):
    """After a fast duel left a player with no card: B7 outs, B6 limit."""
    inn = g.inn
    piles = g.piles
    for p in range(g.n):
        if inn[p] and piles[p].n == 0:
            _out(g, 0, p)
    if _check_last(g, 0):
        return
    if g.limit_duels and g.duels >= g.limit_duels:
        _end_limit(g, 0)
