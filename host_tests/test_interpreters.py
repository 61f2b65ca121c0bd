# C3: the same seed gives the same numbers and the same deal, byte for byte,
# on CPython and on the real MicroPython unix port.
from mp import run
from core import cards, log
from core.rng import Rng

CODE = """
from core import cards, log
from core.rng import Rng
for seed in (0, 1, 42, 65535, 65536, 123456789, 4294967295):
    r = Rng(seed)
    print(seed, [r.next16() for _ in range(8)], r.below(52), r.below(3))
    d = cards.shuffled_deck(Rng(seed))
    print(log.line(0, "deal", (3, [cards.names(h) for h in cards.deal(d, 3, 0)])))
    d = cards.shuffled_deck(Rng(seed), cards.DOGS)
    print(log.line(0, "deal", (3, [cards.names(h) for h in cards.deal(d, 4, 0)])))
"""


def cpython_output():
    out = []
    for seed in (0, 1, 42, 65535, 65536, 123456789, 4294967295):
        r = Rng(seed)
        out.append("%d %r %d %d" % (seed, [r.next16() for _ in range(8)], r.below(52), r.below(3)))
        d = cards.shuffled_deck(Rng(seed))
        out.append(log.line(0, "deal", (3, [cards.names(h) for h in cards.deal(d, 3, 0)])))
        d = cards.shuffled_deck(Rng(seed), cards.DOGS)
        out.append(log.line(0, "deal", (3, [cards.names(h) for h in cards.deal(d, 4, 0)])))
    return "\n".join(out) + "\n"


def test_c3_same_seed_same_deal_on_cpython_and_micropython():
    mp = run(CODE)
    assert mp == cpython_output()
    assert mp.count('"ev":"deal"') == 14
