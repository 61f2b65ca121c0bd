# S2 timed by the PIO: the handler that turns the pad state machine's FIFO
# words into (ticks_us, pads pressed) and feeds them to the one PadCapture
# (its rules S2-S6 unchanged).  Portable: the board binding
# (hal/rp2/pads_pio.py) gives it the FIFO, the tests give it a model of one.
#
#   st = PioStamps(capture, n_pins, pad_of_pin, rx_level, get, ticks_us,
#                  stalled=None)
#   st.tie(u0, lead16)  the state machine started on the tick of ticks_us
#                     u0, its first sample lead16 / 16 us after the tick
#   st.irq(arg)       the hard IRQ handler (st.handler: it, made once)
#   st.lost           times the FIFO was full and words were dropped
#
# The state machine (hal/rp2/pads_pio.py) samples the n_pins consecutive
# pins every 0.5 us (8 PIO cycles at 16 MHz) and on every change pushes
#     word = levels << B | count & (2**B - 1),     B = 30 - n_pins
# levels the raw pins (1 = released), count a down-counter that is 0 at the
# first sample and loses 2 per microsecond, exactly: the PIO clock and the
# us timer come from the same crystal.  So the edge's time is
#     u0 + lead + ((-count) mod 2**B) / 2 - (0 to 0.5)   (modulo 2**(B-1) us)
# with no drift and no reference to refresh.  Which of the 2**(B-1) us
# windows (2.1 s with 8 pads, 33 s with 4) is resolved with ticks_us read
# AFTER the FIFO (the quadrature_encoder_substep way): every word read was
# pushed before `now`, so the edge is the latest time <= now with that
# residue.  A word must therefore be drained within one window of its edge;
# the interrupt does it at once, or when the CPU turns interrupts back on.
#
# The first word after tie() is the levels at start, not an edge: skipped
# (a pad held at power-on is not a press, as with the pin interrupts).
#
# No allocation: words < 2**30 are small ints, every intermediate value
# too (|x| < 2**30), the buffer is preallocated, the callables are cached.
import array
from core.compat import const

# (private consts: MicroPython keeps no name for them, and the box's names
# are counted, issue 41; the PIO counts 2 a us: COUNTS_PER_US in the doc)
_FIFO_WORDS = const(8)  # the RX FIFO joined (4 when not): drained in batches of this


class PioStamps:
    def __init__(self, capture, n_pins, pad_of_pin, rx_level, get, ticks_us, stalled=None):
        if not 1 <= n_pins <= 8:
            raise ValueError("pio pads: 1 to 8 pins (got %r)" % (n_pins,))
        if len(pad_of_pin) != n_pins:
            raise ValueError("pio pads: one pad (or -1) per pin, %d pins" % n_pins)
        self.n_pins = n_pins
        self.shift = 30 - n_pins
        self.cmask = (1 << self.shift) - 1
        self.amask = (1 << (self.shift - 1)) - 1      # the window, in us
        # raw levels (bit i = pin base+i, 1 = released) -> pads pressed
        table = bytearray(1 << n_pins)
        for raw in range(1 << n_pins):
            m = 0
            for i in range(n_pins):
                k = pad_of_pin[i]
                if k >= 0 and not (raw >> i) & 1:
                    m |= 1 << k
            table[raw] = m
        self._table = table
        self._feed = capture.feed
        self._rx_level = rx_level
        self._get = get
        self._ticks = ticks_us
        self._stalled = stalled
        self._buf = array.array("i", [0] * _FIFO_WORDS)
        self._u0 = 0
        self._lead = 7
        self._primed = False
        self.lost = 0
        self.words = 0
        self.handler = self.irq

    def tie(self, u0, lead16=3):
        """The state machine started on the tick of ticks `u0`; its first
        sample was lead16 / 16 us after that tick."""
        self._u0 = u0 & self.amask
        self._lead = lead16 + 4
        self._primed = False

    def stamp(self, w, now):
        """The ticks_us of the edge in word `w`, drained at ticks `now`."""
        e = (-(w & self.cmask)) & self.cmask
        # sample e is at u0 + (lead16 + 8e) / 16 us and the edge within the
        # half us before it: the stamp is the whole us nearest the middle of
        # that half us, u0 + floor((8e + lead16 - 4 + 8) / 16)
        age = (now - (self._u0 + ((8 * e + self._lead) >> 4))) & self.amask
        if age > self.amask - 64:
            age = 0     # a hair after now (the tie's rounding): now
        t = now - age
        if t < 0:
            t += 0x3FFFFFFF
            t += 1
        return t

    # ---- the hard interrupt handler -------------------------------------
    def irq(self, arg):
        buf = self._buf
        shift = self.shift
        table = self._table
        while True:
            n = 0
            while n < _FIFO_WORDS and self._rx_level():
                buf[n] = self._get()
                n += 1
            if not n:
                break
            # after the words: each was pushed before this
            now = self._ticks()
            self.words += n
            i = 0
            while i < n:
                w = buf[i]
                i += 1
                if self._primed:
                    self._feed(self.stamp(w, now), table[w >> shift])
                else:
                    self._primed = True
        if self._stalled is not None and self._stalled():
            self.lost += 1
