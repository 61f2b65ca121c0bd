# The slap pads of a lean run (hal.open_host(lean=True), used by
# host.headless.play for the heap measurements): the board's very PadCapture
# interrupt handler, fed by taps on the virtual clock, without HostPads'
# model of latency, bounce and main-loop polls (the box's own loop polls the
# capture) and without its heap.  Only what the headless bots use:
#
#   pads = LeanPads(n_pads, clock)
#   pads.tap(k, at_us=None, hold_us=80000)   pad k down at at_us, up hold_us later
#   pads.run_until(t_us)                     advance the clock, firing the handler
#   pads.capture, pads.levels, pads.n_pads   as HostPads
from pads.capture import PadCapture


class LeanPads:
    def __init__(self, n_pads, clock):
        self.n_pads = n_pads
        self.clock = clock
        self.levels = 0
        self.capture = PadCapture(n_pads, self.read_levels, clock.ticks_us)
        self._edges = []    # (t_us, pad, down), in time order

    def read_levels(self):
        return self.levels

    def _add(self, t, k, down):
        e = self._edges
        i = len(e)
        while i and e[i - 1][0] > t:
            i -= 1
        e.insert(i, (t, k, down))

    def tap(self, k, at_us=None, hold_us=80000):
        if at_us is None:
            at_us = self.clock.now
        self._add(at_us, k, 1)
        self._add(at_us + hold_us, k, 0)

    def run_until(self, t_us):
        e = self._edges
        clock = self.clock
        while e and e[0][0] <= t_us:
            t, k, down = e.pop(0)
            if t > clock.now:
                clock.set(t)
            bit = 1 << k
            if not down:
                self.levels &= ~bit
            elif not self.levels & bit:
                # a falling edge: the handler runs at once and reads the levels
                self.levels |= bit
                self.capture.handler(k)
        if t_us > clock.now:
            clock.set(t_us)

    def advance(self, us):
        self.run_until(self.clock.now + us)
