# Blink codes on the pad LEDs: the box has no screen to write an error on
# when the screen itself is the problem, so it counts it out on the LEDs.
# Code N = N short flashes (200 ms on, 300 ms off), then a 1.5 s pause, again
# and again.  Pure function of time: the main loop asks for the level now,
# nothing sleeps, the pads keep working.
from core.compat import const

DISPLAY_NO_ANSWER = const(2)   # I2C NACK / SPI panel never ready at init
DISPLAY_BUSY_STUCK = const(3)  # e-ink busy pin never released
_STORAGE_FAILED = const(4)      # the flash file system refused a write

_ON_MS = const(200)
_OFF_MS = const(300)
_PAUSE_MS = const(1500)

NAMES = {DISPLAY_NO_ANSWER: "display does not answer",
         DISPLAY_BUSY_STUCK: "display busy pin stuck",
         _STORAGE_FAILED: "storage failed"}


def period_ms(code):
    return code * (_ON_MS + _OFF_MS) + _PAUSE_MS


def level(code, t_ms):
    """1 if the LEDs are lit t_ms after the code started, else 0."""
    if code <= 0:
        return 0
    t = t_ms % period_ms(code)
    if t >= code * (_ON_MS + _OFF_MS):
        return 0
    return 1 if t % (_ON_MS + _OFF_MS) < _ON_MS else 0


class Blinker:
    """Drives a PadLeds with a code; poll(now_ms) from the main loop."""

    def __init__(self, leds):
        self.leds = leds
        self.code = 0
        self._t0 = 0
        self._lit = -1

    def start(self, code, now_ms):
        """The code begins with its pause: the LEDs go dark for 1.5 s first,
        so the first flash is seen as one even if a pad was lit before."""
        self.code = code
        self._t0 = now_ms - code * (_ON_MS + _OFF_MS)
        self._lit = -1
        self.poll(now_ms)

    def stop(self):
        self.code = 0
        self.leds.all(0)
        self._lit = -1

    def poll(self, now_ms):
        if not self.code:
            return
        v = level(self.code, now_ms - self._t0)
        if v != self._lit:  # touch the pins only on a change
            self._lit = v
            self.leds.all(v)
