# The pad LEDs: one output pin per pad, or none (board file "led": null).
# Pins are anything with .value(v) (machine.Pin, hal.host pins).


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
