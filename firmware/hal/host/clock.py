# The host clock: virtual microseconds that a test or the simulator moves,
# wrapping at 2**30 like the RP2040's ticks_us (S4), so wrap bugs show on a PC.
from core import ticks


class VirtualClock:
    def __init__(self, start_us=0):
        # `now` never wraps (a Python int); the ticks seen by the firmware do.
        self.now = start_us

    def ticks_us(self):
        return self.now & ticks.MASK

    def ticks_ms(self):
        return (self.now // 1000) & ticks.MASK

    def ticks_diff(self, a, b):
        return ticks.diff(a, b)

    def ticks_add(self, a, d):
        return ticks.add(a, d)

    def advance(self, us):
        """Move time on by us microseconds."""
        if us < 0:
            raise ValueError("time only moves forward")
        self.now += us

    def set(self, now_us):
        if now_us < self.now:
            raise ValueError("time only moves forward")
        self.now = now_us

    def sleep_ms(self, ms):
        self.now += ms * 1000

    def sleep_us(self, us):
        self.now += us
