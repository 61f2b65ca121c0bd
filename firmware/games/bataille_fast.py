# The fast path of Bataille.play(): whole games with no log, no time limit
# and shuffled pickup, for statistics and benchmarks (tools/stats.py plays
# 100,000 games in well under a minute on CPython).  It draws the same
# numbers and moves the same cards as step() (tests compare the two on both
# interpreters) but keeps the piles' ring indexes and the generator's state
# in locals.  The box never loads it: it steps.
#
# On CPython two-player games run on collections.deque (games.bataille_deque):
# popleft/append are C calls, 1.2x the speed of the ring indexes in Python
# code (bench: make bench, "stats War 1-down games/s"; 261 against 214
# games/s measured again for issue 22, so both paths stay).  A rotation table
# for the generator was tried and is slower (a 64 K-entry list lookup costs
# more than three shifts on small ints).
from games.bataille_rules import MAX_DUELS, _NEXT_DUEL, _end_limit, _to_battle, _settle


def play(g, t_ms=0, ms=1000):
    """Bataille.play(): step g until the game ends, ms apart; returns
    it.  With no log, no time limit and shuffled pickup, plain duels (no
    tie) run through the fast paths below."""
    if not g.started:
        g.start(t_ms)
    if g.log is None and g.limit_ms < 0 and g.ordered is None and not g.addition:
        run(g)
    while not g.done:
        g.step(t_ms)
        t_ms += ms
    return g


def run(g):
    """Play g (started, no log, no time limit, shuffled pickup) as far as
    the fast paths go; play() steps whatever is left."""
    if g.n == 2:
        if _DEQUE is not None:
            from games.bataille_deque import fast2
            fast2(g)
        else:
            _fast2(g)
    else:
        _fastn(g)


# CPython: two-player games on collections.deque (popleft and append are C
# calls: twice the speed of the ring indexes in Python code).  MicroPython
# plays _fast2 (its deque is smaller); the draws and the moves are the same
# (tests compare both with step() on their interpreter).
_DEQUE = None
try:
    import sys as _sys
    if _sys.implementation.name == "cpython":
        from collections import deque as _DEQUE  # type: ignore
except ImportError:  # pragma: no cover
    pass


def _fast2(g):
    """Two players: plain duels with the piles' ring indexes and the
    generator's state in locals; a tie goes to _battle2 (or to step()
    when someone is short of cards), anything else to step()."""
    st = g.strength
    next16 = g.rng.next16
    pa = g.piles[0]
    pb = g.piles[1]
    ba = pa.buf
    bb = pb.buf
    cap = pa.cap
    down = g.down
    limit = g.limit_duels or MAX_DUELS * 2
    while not g.done:
        if g._next != _NEXT_DUEL or g.pot_n:
            g.step(0)
            continue
        ha = pa.head
        na = pa.n
        hb = pb.head
        nb = pb.n
        duels = g.duels
        w = -1
        while True:
            a = ba[ha]
            b = bb[hb]
            sa = st[a]
            sb = st[b]
            if sa == sb:
                if na > down + 1 and nb > down + 1:
                    w = -2  # a battle both can afford: _battle2 below
                break
            ha += 1
            if ha == cap:
                ha = 0
            na -= 1
            hb += 1
            if hb == cap:
                hb = 0
            nb -= 1
            duels += 1
            # rng.shuffle of the pot [a, b] is one below(2), i.e. the low
            # bit of one next16 (core.rng's, the one generator): 0 swaps them
            if not next16() & 1:
                x = a
                a = b
                b = x
            if sa > sb:
                w = 0
                i = ha + na
                if i >= cap:
                    i -= cap
                ba[i] = a
                i += 1
                if i == cap:
                    i = 0
                ba[i] = b
                na += 2
                if nb == 0 or duels >= limit:
                    break
            else:
                w = 1
                i = hb + nb
                if i >= cap:
                    i -= cap
                bb[i] = a
                i += 1
                if i == cap:
                    i = 0
                bb[i] = b
                nb += 2
                if na == 0 or duels >= limit:
                    break
        pa.head = ha
        pa.n = na
        pb.head = hb
        pb.n = nb
        g.duels = duels
        if w == -2:
            w = _battle2(g)
            if w < 0:
                continue  # the battle went on past what _battle2 does
        if w >= 0:
            g.taker = w
            if pa.n == 0 or pb.n == 0 or g.duels >= limit:
                _settle(g)
            continue
        g.step(0)


def _battle2(g):
    """A 2-player duel that ties, when both can lay a full battle:
    the same cards in the same order as _duel/_battle/_take.  Returns the
    taker, or -1 after handing a battle it cannot afford to step()."""
    st = g.strength
    pot = g.pot
    pa = g.piles[0]
    pb = g.piles[1]
    down = g.down
    cap = pa.cap
    pot[0] = pa.pop_top()
    pot[1] = pb.pop_top()
    m = 2
    g.duels += 1
    while True:
        if pa.n <= down or pb.n <= down:
            _to_battle(g, m)      # B4 territory: the general code lays it
            return -1
        g.battles += 1
        # Each lays `down` cards face down, then one face up, as _battle;
        # the ring indexes are inlined (one method call per card doubles
        # the time of a battle on CPython).  The face-up card is kept aside
        # (its slot takes the next player's first card): the face-down
        # cards come first in the pot, then a's and b's face-up ones.
        for side in range(2):
            pile = pb if side else pa
            buf = pile.buf
            h = pile.head
            for k in range(down + 1):
                pot[m + k] = buf[h]
                h += 1
                if h == cap:
                    h = 0
            pile.head = h
            pile.n -= down + 1
            if side:
                b = pot[m + down]
            else:
                a = pot[m + down]
            m += down
        pot[m] = a
        pot[m + 1] = b
        m += 2
        sa = st[a]
        sb = st[b]
        if sa != sb:
            break
    g.rng.shuffle(pot, 0, m)
    pile = pa if sa > sb else pb
    buf = pile.buf
    i = pile.head + pile.n
    if i >= cap:
        i -= cap
    for k in range(m):
        buf[i] = pot[k]
        i += 1
        if i == cap:
            i = 0
    pile.n += m
    return 0 if sa > sb else 1


def _fastn(g):
    """Three or four players: a duel with a single highest card is laid,
    shuffled and taken here; a tie or an empty pile goes to step()."""
    st = g.strength
    rng = g.rng
    piles = g.piles
    inn = g.inn
    took = g.took
    n = g.n
    while not g.done:
        if g._next != _NEXT_DUEL or g.pot_n:
            g.step(0)
            continue
        best = -1
        nbest = 0
        w = -1
        empty = False
        for p in range(n):
            if inn[p]:
                pile = piles[p]
                if pile.n == 0:
                    empty = True
                    break
                s = st[pile.buf[pile.head]]
                if s > best:
                    best = s
                    nbest = 1
                    w = p
                elif s == best:
                    nbest += 1
        if empty or nbest != 1:
            g.step(0)
            continue
        m = 0
        for p in range(n):
            if inn[p]:
                took[m] = piles[p].pop_top()
                m += 1
        g.duels += 1
        rng.shuffle(took, 0, m)
        pile = piles[w]
        for i in range(m):
            pile.push_bottom(took[i])
        g.taker = w
        for p in range(n):
            if inn[p] and piles[p].n == 0:
                _settle(g)
                break
        else:
            if g.limit_duels and g.duels >= g.limit_duels:
                _end_limit(g, 0)

# --- the pieces --------------------------------------------------------
