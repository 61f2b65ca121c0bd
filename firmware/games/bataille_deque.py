# Two-player games of Bataille.play() on CPython's collections.deque, for
# games.bataille_fast (which calls it on CPython only): popleft and append
# are C calls, 1.2x the speed of the ring indexes in Python code.  The same
# cards in the same order and the same draws as step() (tests compare them);
# a battle someone cannot afford (B4) goes to step().
#
#   fast2(g)    g: a started engine, no log, no time limit, shuffled pickup
from collections import deque
from games.bataille_rules import MAX_DUELS, _NEXT_DUEL, _to_battle, _settle


def _load(pile, q):
    """Write deque q back into Pile pile (from the top)."""
    buf = pile.buf
    i = 0
    for c in q:
        buf[i] = c
        i += 1
    pile.head = 0
    pile.n = i


def fast2(g):
    """_fast2 and _battle2 on deques: the same cards in the same order and
    the same draws; a battle someone cannot afford (B4) goes to step()."""
    st = g.strength
    rng = g.rng
    next16 = rng.next16
    pa = g.piles[0]
    pb = g.piles[1]
    down = g.down
    need = down + 1
    limit = g.limit_duels or MAX_DUELS * 2
    while not g.done:
        if g._next != _NEXT_DUEL or g.pot_n:
            g.step(0)
            continue
        da = deque(pa.to_list())
        db = deque(pb.to_list())
        popa = da.popleft
        popb = db.popleft
        appa = da.append
        appb = db.append
        duels = g.duels
        w = -1
        hand = 0        # 1: a duel's tie to step(); 2: a battle's tie to step()
        while True:
            a = popa()
            b = popb()
            sa = st[a]
            sb = st[b]
            if sa == sb:
                if len(da) < need or len(db) < need:
                    da.appendleft(a)
                    db.appendleft(b)
                    hand = 1
                    break
                duels += 1
                pot = [a, b]
                while True:
                    g.battles += 1
                    for k in range(down):
                        pot.append(popa())
                    for k in range(down):
                        pot.append(popb())
                    a = popa()
                    b = popb()
                    pot.append(a)
                    pot.append(b)
                    sa = st[a]
                    sb = st[b]
                    if sa != sb:
                        break
                    if len(da) < need or len(db) < need:
                        hand = 2
                        break
                if hand:
                    break
                rng.shuffle(pot, 0, len(pot))
                if sa > sb:
                    w = 0
                    da.extend(pot)
                    if not db or duels >= limit:
                        break
                else:
                    w = 1
                    db.extend(pot)
                    if not da or duels >= limit:
                        break
                continue
            duels += 1
            # rng.shuffle of the pot [a, b] is one below(2), i.e. the low
            # bit of one next16 (core.rng's, the one generator)
            r = next16() & 1
            if sa > sb:
                w = 0
                if r:
                    appa(a)
                    appa(b)
                else:
                    appa(b)
                    appa(a)
                if not db or duels >= limit:
                    break
            else:
                w = 1
                if r:
                    appb(a)
                    appb(b)
                else:
                    appb(b)
                    appb(a)
                if not da or duels >= limit:
                    break
        _load(pa, da)
        _load(pb, db)
        g.duels = duels
        if hand == 1:
            g.step(0)
            continue
        if hand == 2:
            m = len(pot)
            for i in range(m):
                g.pot[i] = pot[i]
            _to_battle(g, m)
            continue
        if w >= 0:
            g.taker = w
        _settle(g)
