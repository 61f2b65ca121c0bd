# The box's buttons: the pads' LEDs (PadLeds, below: one output pin per
# pad, or none, board file "led": null; pins are anything with .value(v),
# machine.Pin or hal.host's) and the optional menu button.  (One module:
# each .mpy import at boot is ~15 ms of the power-on to first frame,
# issue 41, 4.)
#
# The optional menu button: a switch to ground on a pulled-up pin, read by
# the main loop (it is not timing-critical, so no interrupt: the hard IRQs
# stay for the slap pads, and nothing here allocates).
#
#   b = MenuButton(pin, clock)
#   b.poll(now_ms)       the loop's hardware chores (hal.poll), every pass
#   b.pressed() -> 0, PRESS (1) or LONG (2), once per press: PRESS when a
#                        press is let go before LONG_MS, LONG once it has
#                        been held LONG_MS (issue 28: it leaves the game),
#                        and then nothing at its release
#   b.press()            the host's way in (a test's short press)
#
# Both times are taken from the debounced edges: a level counts once it has
# held debounce_ms, and the press began at the last pass that saw the pin
# up (so a loop pass of ~10 ms is the error, well under what a hand feels).
# LONG_MS is 1.5 s: far longer than any tap (a child's press lasts 0.1-0.4
# s, and the pads' own hold that pauses is 2 s), short enough that a parent
# holding it does not wonder whether the box heard.  A short press acts at
# its release, not its edge: that is what lets one button mean both (the
# box cannot know at the edge which press it is).
from core.compat import const

_LONG_MS = const(1500)


class MenuButton:
    def __init__(self, pin, clock, debounce_ms=30):
        self.pin = pin
        self.clock = clock
        self.debounce_ms = debounce_ms
        self._down = False
        self._since = 0
        self._latched = 0
        self.t0 = -1        # ms of the press held now (its edge); -1: none, or told already

    def poll(self, now_ms=None):
        now = self.clock.ticks_ms() if now_ms is None else now_ms
        down = self.pin.value() == 0
        if down == self._down:
            self._since = now
            if down and self.t0 >= 0 and self.clock.ticks_diff(now, self.t0) >= _LONG_MS:
                self.t0 = -1
                self._latched = 2       # LONG, once; its release says nothing
            return
        # a new level must hold for debounce_ms before it counts
        if self.clock.ticks_diff(now, self._since) >= self.debounce_ms:
            self._down = down
            if down:
                self.t0 = self._since   # the edge: the last pass that saw it up
            elif self.t0 >= 0:
                self.t0 = -1
                self._latched = 1       # PRESS: let go before LONG_MS
            self._since = now

    def pressed(self):
        """PRESS (1), LONG (2) or 0 (polls first, for loops that only ask)."""
        self.poll()
        k = self._latched
        self._latched = 0
        return k

    def press(self):
        """The host's way in (a test): a short press, let go."""
        self._latched = 1


class PadLeds:
    def __init__(self, pins):
        self.pins = list(pins)   # None where a pad has no LED
        self.state = [0] * len(self.pins)
        for p in self.pins:
            if p is not None:
                p.value(0)

    def set(self, k, on):
        v = 1 if on else 0
        self.state[k] = v
        p = self.pins[k]
        if p is not None:
            p.value(v)

    def all(self, on):
        for k in range(len(self.pins)):
            self.set(k, on)

    def only(self, k):
        """Light pad k's LED, the others off (whose turn it is)."""
        for j in range(len(self.pins)):
            self.set(j, j == k)

    def show(self):
        """The pins change at once: nothing to flush (the app calls it)."""
        return None
