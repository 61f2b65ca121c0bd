# The optional menu button: a switch to ground on a pulled-up pin, read by
# the main loop (it is not timing-critical, so no interrupt: the hard IRQs
# stay for the slap pads).  pressed() is True once per press.


class MenuButton:
    def __init__(self, pin, clock, debounce_ms=30):
        self.pin = pin
        self.clock = clock
        self.debounce_ms = debounce_ms
        self._down = False
        self._since = 0
        self._latched = False

    def poll(self, now_ms=None):
        now = self.clock.ticks_ms() if now_ms is None else now_ms
        down = self.pin.value() == 0
        if down == self._down:
            self._since = now
            return
        # a new level must hold for debounce_ms before it counts
        if self.clock.ticks_diff(now, self._since) >= self.debounce_ms:
            self._down = down
            self._since = now
            if down:
                self._latched = True

    def pressed(self):
        """True once per press (polls first, for loops that only ask)."""
        self.poll()
        if self._latched:
            self._latched = False
            return True
        return False

    def press(self):
        """The host's way in (the simulator's menu key): a press, debounced."""
        self._latched = True
