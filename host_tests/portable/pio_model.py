# A model of the pad state machine (hal/rp2/pads_pio.py) for the portable
# tests of pads.pio_stamps: the words it pushes for contact changes at
# nanosecond times, its RX FIFO (a full one drops the word and sets the
# stall flag, as `push noblock` does), and the us clock beside it.
# Not a test module.
#
#   m = PioModel(n_pins, u0, lead_ns=190, fifo=4)   # started on tick u0
#   m.set(t_ns, pressed_mask)     contacts: pads pressed from t_ns on
#   m.run_until(t_ns)             the machine samples up to t_ns
#   m.rx_level(), m.get(), m.stalled(), m.ticks_us()   what the CPU sees
#
# The machine's sample k is at u0 us + lead_ns + k * 500 ns; its count at
# sample k is -k; a pass that pushes lasts two passes and counts two.
PASS_NS = 500


class PioModel:
    def __init__(self, n_pins, u0, lead_ns=190, fifo=4):
        self.n = n_pins
        self.shift = 30 - n_pins
        self.cmask = (1 << self.shift) - 1
        self.all = (1 << n_pins) - 1
        self.s0 = u0 * 1000 + lead_ns
        self.now_ns = u0 * 1000
        self.changes = []          # [(t_ns, raw)] in time order
        self.raw = self.all        # released: the pull-ups read 1
        self.k = 0
        self.last = -1
        self.fifo = [0] * fifo
        self.r = 0
        self.w = 0
        self.stall = 0
        self.pushed = 0

    def set(self, t_ns, pressed):
        self.changes.append((t_ns, self.all & ~pressed))
        self.changes.sort()

    def _level_at(self, s):
        raw = self.raw
        for t, v in self.changes:
            if t > s:
                break
            raw = v
        return raw

    def _next_change_after(self, s):
        for t, _ in self.changes:
            if t > s:
                return t
        return None

    def run_until(self, t_ns):
        while True:
            s = self.s0 + self.k * PASS_NS
            if s > t_ns:
                break
            raw = self._level_at(s)
            if raw != self.last:
                self.last = raw
                self._push((raw << self.shift) | (-self.k & self.cmask))
                self.k += 2
                continue
            c = self._next_change_after(s)
            if c is None or c > t_ns:
                k = (t_ns - self.s0) // PASS_NS + 1        # past t_ns
            else:
                k = (c - self.s0 + PASS_NS - 1) // PASS_NS  # the first at or after c
            self.k = max(self.k + 1, k)
        self.now_ns = t_ns

    def _push(self, word):
        if self.w - self.r >= len(self.fifo):
            self.stall = 1
            return
        self.fifo[self.w % len(self.fifo)] = word
        self.w += 1
        self.pushed += 1

    # ---- what the CPU sees (allocate nothing: called with the heap locked)
    def rx_level(self):
        return self.w - self.r

    def get(self):
        v = self.fifo[self.r % len(self.fifo)]
        self.r += 1
        return v

    def stalled(self):
        s = self.stall
        self.stall = 0
        return s

    def ticks_us(self):
        return (self.now_ns // 1000) & 0x3FFFFFFF
