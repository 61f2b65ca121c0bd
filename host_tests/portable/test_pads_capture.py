# S1-S6: the pad capture (PadCapture) through the host's fake pins.
# Portable: runs under pytest and under the MicroPython unix port.
from tinytest import raises, heap_locked, MICROPYTHON
from core import ticks
from core.rng import Rng
from hal.host.clock import VirtualClock
from hal.host.pads import HostPads, chatter
from pads.capture import PadCapture
from pads_helpers import drain

WRAP = 1 << 30


def make(n=4, start=0, **kw):
    clock = VirtualClock(start)
    return clock, HostPads(n, clock, **kw)


def test_s1_s2_press_is_stamped_with_the_handler_time():
    clock, pads = make(latency_us=[25, 25, 25, 25])
    pads.tap(2, 1000)
    pads.run_until(200000)
    assert drain(pads.capture) == [(2, 1025)]
    assert pads.capture.overflow == 0


def test_s2_pads_pressed_together_share_one_timestamp():
    # Pad 3's interrupt is dispatched first (lowest latency): its handler
    # reads every pad at once, so all four get the same stamp, and the later
    # interrupts of the other pads add nothing.
    clock, pads = make(latency_us=[90, 40, 70, 5])
    for k in range(4):
        pads.tap(k, 5000)
    pads.run_until(300000)
    ev = drain(pads.capture)
    assert sorted([k for k, _ in ev]) == [0, 1, 2, 3]
    assert [t for _, t in ev] == [5005] * 4
    assert pads.irq_calls == 4


def test_s2_presses_1us_apart_are_ordered_right():
    # With the handler running at once, 1 us apart is two stamps in order.
    clock, pads = make(latency_us=0)
    pads.tap(1, 10000)
    pads.tap(0, 10001)
    pads.run_until(300000)
    assert drain(pads.capture) == [(1, 10000), (0, 10001)]


def test_s2_closer_than_the_dispatch_latency_is_a_tie_never_a_reversal():
    # Pad 1 first; pad 0 1 us later but dispatched sooner: the one handler
    # that runs sees both down and stamps them together (a tie the game
    # breaks with its generator, T7); pad 0 is never stamped first.
    clock, pads = make(latency_us=[2, 30, 30, 30])
    pads.tap(1, 10000)
    pads.tap(0, 10001)
    # Further apart than the latency: ordered again.
    pads.tap(2, 200000)
    pads.tap(3, 200031)
    pads.run_until(500000)
    ev = drain(pads.capture)
    assert ev[0][1] == ev[1][1] == 10003
    assert ev[2:] == [(2, 200030), (3, 200061)]


def test_s3_chatter_on_press_and_release_counts_once():
    clock, pads = make(n=1)
    pads.tap(0, 1000, hold_us=100000, bounce=[300, 700, 1500, 2600, 4000, 9000],
             release_bounce=[200, 900, 3000, 8000])
    pads.run_until(500000)
    assert [k for k, _ in drain(pads.capture)] == [0]
    assert pads.capture.bounced >= 1


def test_s3_press_within_debounce_of_last_accepted_is_bounce():
    clock, pads = make(n=1, poll_us=100)
    pads.tap(0, 1000, hold_us=2000)   # released at 3000 and seen at once
    pads.tap(0, 15000, hold_us=2000)  # 14 ms after the accepted press
    pads.tap(0, 60000, hold_us=2000)  # a real second press
    pads.run_until(200000)
    assert [t for _, t in drain(pads.capture)] == [1000, 60000]


def test_s3_edge_before_the_pad_was_seen_released_is_bounce():
    # No main-loop poll at all: the pad is never seen released, so a second
    # falling edge long after is still treated as chatter of the first.
    clock, pads = make(n=1, poll_us=None)
    pads.tap(0, 1000, hold_us=5000)
    pads.tap(0, 100000, hold_us=5000)
    pads.run_until(300000)
    assert [t for _, t in drain(pads.capture)] == [1000]
    pads.capture.poll(clock.ticks_us())  # now it is seen released
    pads.tap(0, 400000)
    pads.run_until(600000)
    assert [t for _, t in drain(pads.capture)] == [400000]


def test_s4_debounce_across_the_tick_wrap():
    start = WRAP - 10000
    clock, pads = make(n=2, start=start, poll_us=500)
    pads.tap(0, start + 5000, hold_us=3000)          # 5 ms before the wrap
    pads.tap(0, start + 5000 + 15000, hold_us=3000)  # bounce, after the wrap
    pads.tap(0, start + 5000 + 40000, hold_us=3000)  # real
    pads.tap(1, start + 9999, hold_us=5000)           # 1 us before the wrap
    pads.tap(1, start + 10000 + 30000)
    pads.run_until(start + 300000)
    ev = drain(pads.capture)
    assert ev == [(0, WRAP - 5000), (1, WRAP - 1), (1, 30000), (0, 35000)]
    # The interval is right through ticks.diff despite the wrap.
    assert ticks.diff(ev[3][1], ev[0][1]) == 40000


def test_s5_overflow_is_counted_and_the_ring_keeps_its_order():
    clock, pads = make(n=4, ring_size=8, poll_us=100)
    t = 1000
    expect = []
    for i in range(20):
        k = i % 4
        pads.tap(k, t, hold_us=1000)
        if len(expect) < 8:
            expect.append((k, t))
        t += 7000
    pads.run_until(t + 100000)
    cap = pads.capture
    assert cap.overflow == 12
    assert drain(cap) == expect
    # Room again after draining.
    pads.tap(0, clock.now + 1000)
    pads.run_until(clock.now + 100000)
    assert len(drain(cap)) == 1 and cap.overflow == 12


def test_s6_stuck_pad_reported_and_ignored_until_released():
    clock, pads = make(n=2, stuck_us=5000000)
    pads.press(0, 1000)
    pads.run_until(4000000)
    assert pads.capture.stuck_mask == 0
    pads.run_until(6100000)
    assert pads.capture.stuck_mask == 1
    # Chatter of the stuck contact is ignored; the other pad still works.
    pads.release(0, 6200300)   # chatter faster than the main loop sees
    pads.press(0, 6200600)
    pads.tap(1, 6300000)
    pads.run_until(7000000)
    assert [k for k, _ in drain(pads.capture)] == [0, 1]  # the first press only
    assert pads.capture.stuck_mask == 1
    pads.release(0, 7100000)
    pads.run_until(7200000)
    assert pads.capture.stuck_mask == 0
    pads.tap(0, 7300000)
    pads.run_until(7500000)
    assert drain(pads.capture) == [(0, 7300000)]


def test_s6_pad_down_at_boot_is_not_a_press_and_becomes_stuck():
    clock = VirtualClock(0)
    levels = [1]
    cap = PadCapture(2, lambda: levels[0], clock.ticks_us, stuck_us=1000000)
    for t in range(0, 1500000, 100000):
        clock.set(t)
        cap.poll(clock.ticks_us())
    assert cap.stuck_mask == 1 and cap.next_event() == -1
    cap.irq(0)  # a stray edge on the stuck pad
    assert cap.next_event() == -1


def test_s3_many_presses_with_chatter_each_counted_once():
    # The long version (100,000 presses) is host_tests/test_pads_bounce.py.
    n = 300 if MICROPYTHON else 2000
    rng = Rng(11)
    clock, pads = make(n=4, latency_us=[3, 12, 40, 90])
    t = 1000
    ev = []
    for i in range(n):
        k = i % 4
        pads.tap(k, t, hold_us=30000 + rng.below(40000), bounce=chatter(rng, 10000),
                 release_bounce=chatter(rng, 10000))
        t += 25000 + rng.below(20000)
        if i % 16 == 15:
            pads.run_until(t - 1)
            ev += drain(pads.capture)
    pads.run_until(t + 500000)
    ev += drain(pads.capture)
    assert len(ev) == n and pads.capture.overflow == 0
    assert [k for k, _ in ev] == [i % 4 for i in range(n)]


def test_s2_capture_refuses_bad_sizes():
    raises(ValueError, PadCapture, 0, lambda: 0, lambda: 0)
    raises(ValueError, PadCapture, 9, lambda: 0, lambda: 0)
    raises(ValueError, PadCapture, 4, lambda: 0, lambda: 0, 1)
    clock = VirtualClock(0)
    raises(ValueError, HostPads, 4, clock, [1, 2])
    pads = HostPads(2, clock)
    raises(ValueError, pads.press, 2)
    clock.set(100)
    raises(ValueError, pads.press, 0, 50)


def _calls(cap, levels, clock, out):
    # Presses, chatter, overflow and the wrap (run with the heap locked).
    for i in range(40):
        levels[0] = 1 << (i & 3)
        clock.now += 30000
        cap.irq(0)
        levels[0] = 0
        cap.poll(clock.ticks_us())
        levels[0] = 0xF
        cap.irq(1)   # bounce of the others
        levels[0] = 0
        cap.poll(clock.ticks_us())
    out[0] = cap.next_event()
    out[1] = cap.ev_t


def test_s2_handler_allocates_nothing():
    clock = VirtualClock(WRAP - 600000)   # the run crosses the wrap
    levels = [0]
    cap = PadCapture(4, lambda: levels[0], clock.ticks_us, ring_size=16)
    # A warm-up so that nothing is allocated lazily on first use.
    cap.irq(0)
    cap.poll(clock.ticks_us())
    out = [0, 0]
    heap_locked(lambda: _calls(cap, levels, clock, out))
    k, t = out
    assert k == 0 and 0 <= t < WRAP
    assert cap.overflow > 0          # the overflow path ran locked
    assert cap.pending() == 15


def test_s4_a_press_9_to_18_minutes_after_the_last_is_not_bounce():
    # Intervals beyond 2**29 us look negative to ticks.diff; the debounce
    # must still see them as long ago.
    for gap_min in (9, 12, 17):
        clock, pads = make(n=1, start=WRAP - 1000000, poll_us=1000)
        pads.tap(0, clock.now + 1000, hold_us=50000)
        pads.run_until(clock.now + 200000)
        first = drain(pads.capture)
        t = clock.now + gap_min * 60 * 1000000
        pads.tap(0, t, hold_us=50000)
        pads.run_until(t + 200000)
        assert len(first) == 1 and drain(pads.capture) == [(0, t & (WRAP - 1))], gap_min
