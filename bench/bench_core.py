# Figures for the core primitives (C3, C4).
from benchlib import per_call_us, alloc_bytes, now_us, elapsed_us
from core.rng import Rng
from core import cards


def bench_rng():
    r = Rng(1)
    n = 20000
    t0 = now_us()
    for _ in range(n):
        r.next16()
    us = elapsed_us(t0)
    out = [("rng next16", n * 1000000 // max(us, 1), "numbers/s")]
    out.append(("rng below(52) x1000 alloc", alloc_bytes(_below_many, r), "bytes"))
    return out


def _below_many(r):
    for _ in range(1000):
        r.below(52)


def _shuffle_deal(r, d, piles):
    r.shuffle(d)
    for k in range(52):
        piles[k & 1].push_bottom(d[k])
    piles[0].clear()
    piles[1].clear()


def bench_shuffle_deal():
    from core.pile import Pile
    r = Rng(5)
    d = cards.deck()
    piles = [Pile(52), Pile(52)]
    us = per_call_us(_shuffle_deal, 500, r, d, piles)
    return [("shuffle+deal 52 cards", us, "us"),
            ("shuffle+deal 52 cards alloc", alloc_bytes(_shuffle_deal, r, d, piles), "bytes")]
