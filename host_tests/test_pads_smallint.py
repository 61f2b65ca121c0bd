# S2 on the board: the hard handler must not make a long int (>= 2**30 in
# magnitude), which the RP2040 would allocate with the heap locked.  The
# unix port's small ints are 63 bits wide, so heap_lock there cannot see
# it: here every local of PadCapture.irq (and poll) is checked at every line
# under a tracer, through presses, chatter, overflow and the wrap.
import sys
from core.rng import Rng
from hal.host.clock import VirtualClock
from hal.host.pads import HostPads, chatter
from pads import capture

LIMIT = 1 << 30
seen = {"lines": 0, "max": 0}


def _check_frame(frame):
    for name, v in frame.f_locals.items():
        if isinstance(v, int) and not isinstance(v, bool):
            assert -LIMIT <= v < LIMIT, (frame.f_code.co_name, name, v, frame.f_lineno)
            if abs(v) > seen["max"]:
                seen["max"] = abs(v)
    seen["lines"] += 1


def _tracer(frame, event, arg):
    if frame.f_code.co_filename == capture.__file__ and frame.f_code.co_name in ("irq", "feed", "poll", "_poll_pads"):
        def local(frame, event, arg):
            _check_frame(frame)
            return local
        return local
    return None


def test_s2_s4_handler_locals_stay_small_ints_across_the_wrap():
    rng = Rng(99)
    clock = VirtualClock((1 << 30) - 3000000)
    pads = HostPads(8, clock, latency_us=[0, 3, 9, 27, 81, 5, 50, 100], ring_size=16)
    t = clock.now + 1000
    for i in range(600):
        k = rng.below(8)
        pads.tap(k, t, 5000 + rng.below(60000), chatter(rng, 10000), chatter(rng, 10000))
        t += rng.below(12000)
    # One pad idle for 12 minutes, then pressed again.
    pads.tap(0, t + 12 * 60 * 1000000)
    sys.settrace(_tracer)
    try:
        pads.run_until(t + 13 * 60 * 1000000)
    finally:
        sys.settrace(None)
    cap = pads.capture
    assert seen["lines"] > 10000
    assert seen["max"] > (1 << 29)          # the wrap-sized values were seen
    assert cap.overflow > 0 and cap.bounced > 0
    for name in ("overflow", "bounced", "_w", "_r", "stuck_mask", "_accepted", "_rel_known"):
        assert 0 <= getattr(cap, name) < LIMIT
