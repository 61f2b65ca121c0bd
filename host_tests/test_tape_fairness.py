# T7 and S2 fairness (CPython): all pads pressed at the same instant, through
# the real capture path with different interrupt dispatch latencies per pad.
# Every such window is a tie broken by the game's generator, so each pad
# takes the pile about 1/N of the time, whatever its pin or its latency.
# The seeds are fixed, so the binomial bounds below cannot flake; they are
# 5 standard deviations wide, so a bias of a few percent would still fail.
import math
from core import log
from hal.host.bots import Bot, TapeMatch

N = 4
WINDOWS = 800


def takers(latency, windows=WINDOWS):
    count = [0] * N
    total = 0
    ties = 0
    seed = 0
    while total < windows:
        seed += 1
        bots = [Bot(300, 0, 0, 0, seed=seed * 16 + p) for p in range(N)]
        m = TapeMatch({"players": N, "rounds": 1}, seed, bots, latency_us=latency)
        m.run(max_us=3600 * 1000000)
        stamps = {}
        for ln in m.log.lines:
            t, ev, d = log.parse_line(ln)
            if ev == "slap":
                stamps.setdefault(d["t_us"], []).append(d["p"])
            elif ev == "verdict" and d["rule"] != "false":
                count[d["taker"]] += 1
                total += 1
        # Every window: the N presses carry one timestamp (S2).
        for t in stamps:
            assert sorted(stamps[t]) == list(range(N)), stamps[t]
            ties += 1
    return count, total, ties


def within_binomial(k, n, p=1.0 / N, sds=5.0):
    mean = n * p
    sd = math.sqrt(n * p * (1 - p))
    return abs(k - mean) <= sds * sd


def test_t7_s2_each_pad_takes_about_one_nth_whatever_its_latency():
    shares = []
    for latency in ([0, 30, 60, 90], [90, 60, 30, 0], [100, 0, 100, 0]):
        count, total, ties = takers(latency)
        assert ties == total
        for p in range(N):
            assert within_binomial(count[p], total), (latency, count, total)
        shares.append([c / total for c in count])
    # The quickest-dispatched pad is not favoured: pad 0 when it is first
    # and when it is last are within the same bound.
    assert abs(shares[0][0] - shares[1][0]) < 5 * 2 * math.sqrt(0.25 * 0.75 / WINDOWS)
