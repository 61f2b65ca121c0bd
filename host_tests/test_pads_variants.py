# The viper-compiled pad handler the board uses (pads/capture_viper.py),
# under the MicroPython unix port: the same events, counters and ring as the
# plain PadCapture.irq on a chattering, overflowing run across the wrap, and
# both handlers run every one of their calls with the heap locked.
import mp

# The firmware, the bench's variants and the shared test helpers.
PATH = (mp.FIRMWARE, mp.os.path.join(mp.ROOT, "bench"), mp.os.path.join(mp.HERE, "portable"))

SCENARIO = """
import micropython
from core.rng import Rng
from hal.host.clock import VirtualClock
from hal.host.pads import HostPads, chatter
from pads.capture import PadCapture
from pads.capture_viper import ViperCapture
from pads_helpers import drain

def run(cls, locked):
    rng = Rng(3)
    clock = VirtualClock((1 << 30) - 2000000)
    pads = HostPads(8, clock, latency_us=[0, 5, 10, 20, 40, 60, 80, 100], stuck_us=300000)
    cap = cls(8, pads.read_levels, clock.ticks_us, 16, 20000, 300000, pads.pins)
    pads.capture = cap
    if locked:
        h = cap.handler
        def handler(pin):
            micropython.heap_lock()
            try:
                h(pin)
            finally:
                micropython.heap_unlock()
        pads._handler = handler
    else:
        pads._handler = cap.handler
    t = clock.now + 1000
    for i in range(400):
        pads.tap(rng.below(8), t, 5000 + 6 * rng.below(65000), chatter(rng, 10000), chatter(rng, 10000))
        t += rng.below(15000)
    out = []
    while clock.now < t + 500000:
        pads.run_until(clock.now + 397000)
        out += drain(cap)
    return out, cap.overflow, cap.bounced, pads.irq_calls

a = run(PadCapture, False)
b = run(ViperCapture, False)
c = run(ViperCapture, True)
d = run(PadCapture, True)
print(len(a[0]), a[1], a[2], a[3])
print(a == b, b == c, a == d)
"""


def test_s2_viper_handler_equals_the_plain_one_and_allocates_nothing():
    out = mp.run(SCENARIO, path=PATH).split("\n")
    n, overflow, bounced, calls = [int(x) for x in out[0].split()]
    assert n > 100 and overflow > 0 and bounced > 0 and calls > n
    assert out[1] == "True True True"


def test_s2_bench_native_variant_is_the_firmware_handler_recompiled():
    # bench/pads_variants.py builds its native handler from the source text
    # of PadCapture.irq (no copy to drift): it must be a new function, give
    # the plain handler's events, and allocate nothing either.
    out = mp.run(SCENARIO + """
from pads_variants import NativeCapture
e = run(NativeCapture, False)
f = run(NativeCapture, True)
print(NativeCapture.irq is not PadCapture.irq, a == e, a == f)
""", path=PATH).split("\n")
    assert out[2] == "True True True"
