# Engine-level drivers of games with box seats (app.seats), for the P tests
# (portable: pytest and the MicroPython unix port).  Not a test module.
from core import log
from games.tape import Tape
from games.bataille import Bataille
from app.seats import Seats


def tape_with_box(opts, seed=1, people=(), hands=None, until_us=None, stop_after_cards=None,
                  game_seed=None):
    """A Tape-treize game whose box seats (opts["box"]) play through
    app.seats, the people pressing at the given (us, p) times.  Returns
    (game, seats, actions): actions are the box's presses (p, us) in order.
    Timers first, then a person's press, then the box, at equal times.
    game_seed: the game's generator is reseeded after the start (its
    draws to come change; the seats' generator, seeded from the start
    line's seed, does not)."""
    s = Seats()
    lg = log.Log(listener=s.event)
    g = Tape(opts, seed, lg, hands)
    g.start(0)
    if game_seed is not None:
        g.rng.seed(game_seed)
    presses = sorted(people)
    i = 0
    acts = []
    while not g.done:
        du = g.next_deadline_us()
        bu = s.next_deadline()
        bu = bu * 1000 if bu >= 0 else None
        pu = presses[i][0] if i < len(presses) else None
        cands = [x for x in (du, pu, bu) if x is not None]
        if not cands:
            break
        u = min(cands)
        if until_us is not None and u > until_us:
            break
        if stop_after_cards is not None and g.cards_laid >= stop_after_cards and du == u:
            break
        if du == u:
            g.advance_us(du)
        elif pu == u:
            g.press_us(presses[i][1], pu)
            i += 1
        else:
            g.advance_us(u)
            p = s.due(u // 1000)
            if p >= 0:
                acts.append((p, u))
                g.press_us(p, u)
    return g, s, acts


def bataille_with_box(opts, seed=1, game="bataille", hands=None, gap_ms=700, max_duels=400):
    """A Bataille / Bata-waf game where the people (the seats before the
    box's) press to flip gap_ms after each duel's take, player 0 first, and
    the box seats flip through app.seats (P4).  Returns (game, seats,
    flips): flips are (seat, ms) of every flip press, people's and box's."""
    s = Seats()
    lg = log.Log(listener=s.event)
    g = Bataille(opts, seed, lg, game, hands)
    g.start(0)
    flips = []
    t = 0
    n = g.n
    duels = 0
    while not g.done and duels < max_duels:
        # the people press, one after the other
        for p in range(s.first):
            if g.inn[p]:
                t += gap_ms // (p + 1)
                flips.append((p, t))
                s.press(p, t)
        waiting = [q for q in range(s.first, n) if g.inn[q]]
        got = []
        while True:
            q = s.due(t)
            if q < 0:
                break
            got.append(q)
            flips.append((q, s.at_ms))
        assert sorted(got) == waiting, (got, waiting)
        ph = g.step(t)
        duels += 1
        while not g.done and ph not in (4, 3):   # TAKE, CARRY: the next duel waits
            t += 1200
            ph = g.step(t)
    return g, s, flips
