# S3 at scale (CPython): 100,000 presses, each with random contact chatter of
# up to 10 ms on press and on release, over 8 pads with different interrupt
# dispatch latencies and a 5 ms main loop: every press is counted exactly
# once, in order, at the time its first edge was handled.
import pytest
from core.rng import Rng
from hal.host.clock import VirtualClock
from hal.host.pads import HostPads, chatter
from pads_helpers import drain

LAT = [0, 7, 19, 25, 40, 63, 90, 100]


def run_presses(total, seed=2024, start=0, n=8):
    rng = Rng(seed)
    clock = VirtualClock(start)
    pads = HostPads(n, clock, latency_us=LAT[:n], poll_us=5000)
    cap = pads.capture
    # Each pad: press, hold 25-80 ms, release, rest 45-100 ms (the release
    # chatter plus a main-loop period plus the 20 ms debounce fit in it).
    nxt = [start + 1000 + 997 * k for k in range(n)]
    expected = [[] for _ in range(n)]
    got = [[] for _ in range(n)]
    done = 0
    while done < total:
        # Schedule one press on every pad, then run up to the earliest of
        # the next presses and drain the ring (the main loop).
        for k in range(n):
            if done >= total:
                break
            at = nxt[k]
            hold = 25000 + rng.below(55001)
            end = pads.tap(k, at, hold, chatter(rng, 10000), chatter(rng, 10000))
            expected[k].append(at)
            nxt[k] = end + 45000 + rng.below(55001)
            done += 1
        pads.run_until(min(nxt) - 1)
        for k, t_ev in drain(cap):
            got[k].append(t_ev)
    t = min(nxt)
    while t < max(nxt) + 200000:
        t += 100000
        pads.run_until(t)
        for k, t_ev in drain(cap):
            got[k].append(t_ev)
    return pads, expected, got


def check(pads, expected, got):
    assert pads.capture.overflow == 0
    for k in range(len(expected)):
        assert len(got[k]) == len(expected[k]), (k, len(got[k]), len(expected[k]))
        # The stamp is the first handler run after the first edge: at most
        # the pad's dispatch latency late (other pads' handlers may run first).
        for want, t in zip(expected[k], got[k]):
            d = (t - want) & ((1 << 30) - 1)
            assert 0 <= d <= LAT[k], (k, want, t)
    assert pads.capture.bounced > 0


def test_s3_100000_presses_with_chatter_each_counted_once():
    pads, expected, got = run_presses(100000)
    check(pads, expected, got)


def test_s3_s4_chattering_presses_across_the_wrap():
    pads, expected, got = run_presses(4000, seed=7, start=(1 << 30) - 150 * 1000000)
    check(pads, expected, got)
