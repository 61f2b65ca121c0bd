# The storm (CPython): 8 pads hammered at 50 Hz each for 60 virtual seconds
# during an 8-player game on the box (host.bots.TapeMatch: its App),
# with a main loop that only passes every 250 ms: no exception, overflows counted (S5), and every card is always in
# exactly one place.  The release quiet time is cut to 5 ms so that 10 ms
# taps count as presses (with the default 20 ms they are all taken for
# chatter, which is right for a real pad but would starve the ring).
from core import ticks
from host.bots import Bot, TapeMatch
from tape_helpers import cards_conserved


def hammer(m, seconds):
    """Every pad, from now (the deal): 10 ms down, 10 ms up, for `seconds`
    (phase-shifted per pad): 50 presses a second on each.  The time from
    the start the storm began (for m.run's max_us)."""
    t0 = m.clock.now
    for k in range(8):
        t = t0 + 1000 + 1250 * k
        while t < t0 + seconds * 1000000:
            m.pads.tap(k, t, hold_us=10000)
            t += 20000
    return t0 - m.start_us


def test_s5_storm_8_pads_at_50hz_for_60_s():
    bots = [Bot(400, 100, 0.05, 0.05, seed=p + 1) for p in range(8)]
    m = TapeMatch({"players": 8, "tempo": 500, "settle": 200, "target": 99}, 3, bots,
                  latency_us=[5, 15, 25, 35, 45, 55, 65, 75], drain_us=250000, ring_size=64,
                  release_us=5000)
    g = m.deal()
    # every press the ring hands the engine, in the order it hands them
    fed = []
    press = g.press

    def record(p, t):
        fed.append(t)
        press(p, t)
    g.press = record
    base = hammer(m, 60)
    fed0 = m.presses_fed
    checks = 0
    for second in range(1, 61):
        m.run(max_us=base + second * 1000000)
        assert cards_conserved(g)
        checks += 1
    cap = m.capture
    assert cap.overflow > 0                  # the slow loop overflowed the ring
    assert m.presses_fed > 1000              # and the game kept being fed
    assert g.takes > 10 and not g.done
    assert checks == 60
    # S5: the presses kept under overflow stay in time order (the ring
    # never reorders what it kept)
    assert len(fed) == m.presses_fed - fed0 > 1000
    assert all(ticks.diff(fed[i], fed[i - 1]) >= 0 for i in range(1, len(fed)))
    assert len(set(fed)) > 1000


def test_s3_s5_storm_with_the_default_debounce_is_taken_for_chatter():
    bots = [Bot(400, 100, 0, 0, seed=p + 1) for p in range(8)]
    m = TapeMatch({"players": 8, "target": 99}, 3, bots, drain_us=250000)
    m.deal()
    base = hammer(m, 20)
    m.run(max_us=base + 20 * 1000000)
    assert cards_conserved(m.game)
    # One press a pad at the start, then 10 ms gaps are chatter.
    assert m.capture.bounced > 8 * 900 and m.capture.overflow == 0
