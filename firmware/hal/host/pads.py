# The host port of the slap pads: fake pins driven by the virtual clock,
# feeding the very PadCapture.irq handler the board runs (S1-S6).
#
#   pads = HostPads(n_pads, clock, latency_us=None, ring_size=64,
#                   debounce_us=20000, stuck_us=5000000, poll_us=1000,
#                   release_us=None)
#   pads.press(k, at_us=None, bounce=None)    schedule a falling edge
#   pads.release(k, at_us=None, bounce=None)  schedule a rising edge
#   pads.tap(k, at_us=None, hold_us=80000, bounce=None, release_bounce=None)
#   pads.run_until(t_us)                      advance the clock, firing irqs
#   pads.capture                              the PadCapture
#   pads.levels                               bitmask of pads pressed now
#
# Times are the clock's unwrapped virtual microseconds (clock.now); the
# capture itself sees the wrapped ticks, like on the board (S4).
#
# `bounce` is a list of offsets (us after the edge, increasing) at which the
# contact flips; an even number of flips leaves the pad where the edge put it
# (chatter(), below, makes such patterns).
#
# The model of the RP2040 interrupt path: a falling edge on pad k latches
# its interrupt, and the handler runs `latency_us[k]` later (the per-pad
# dispatch latency; edges on a pad whose interrupt is already pending are
# merged into it, as the hardware's latch does).  The handler reads every
# pad's level at the moment it runs.  `poll_us` models the box's main loop
# calling capture.poll() (release tracking, stuck pads); None turns it off.
import heapq
from pads.capture import PadCapture

_LEVEL = 0  # at the same instant, contacts move before handlers run
_IRQ = 1
_POLL = 2


def chatter(rng, max_us, flips=None):
    """A bounce pattern for press()/release(): an even number (2..8, or
    `flips`) of distinct contact-flip offsets within 1..max_us, drawn from
    rng (a core.rng.Rng)."""
    if flips is None:
        flips = 2 * (1 + rng.below(4))
    if max_us < flips:
        return []
    offs = []
    for _ in range(flips):
        if max_us <= 65536:
            offs.append(1 + rng.below(max_us))
        else:
            offs.append(1 + ((rng.next16() * max_us) >> 16))
    offs.sort()
    for i in range(1, len(offs)):
        if offs[i] <= offs[i - 1]:
            offs[i] = offs[i - 1] + 1
    return offs


class FakePin:
    """What the handler receives on the host: one object per pad, like the
    board's machine.Pin singletons.  value() is the pin level (active low)."""

    def __init__(self, pads, k):
        self.pads = pads
        self.k = k

    def value(self):
        return 0 if self.pads.levels & (1 << self.k) else 1

    def __repr__(self):
        return "FakePin(pad %d)" % self.k


class HostPads:
    def __init__(self, n_pads, clock, latency_us=None, ring_size=64,
                 debounce_us=20000, stuck_us=5000000, poll_us=1000, release_us=None):
        self.n_pads = n_pads
        self.clock = clock
        if latency_us is None:
            latency_us = 0
        if isinstance(latency_us, int):
            latency_us = [latency_us] * n_pads
        if len(latency_us) != n_pads:
            raise ValueError("latency_us needs one value per pad (%d), got %d"
                             % (n_pads, len(latency_us)))
        for v in latency_us:
            if v < 0:
                raise ValueError("latency_us must be 0 or more")
        self.latency_us = list(latency_us)
        self.levels = 0
        self.poll_us = poll_us
        self._queue = []
        self._seq = 0
        self._irq_pending = 0
        self.irq_calls = 0
        self.pins = [FakePin(self, k) for k in range(n_pads)]
        self.capture = PadCapture(n_pads, self.read_levels, clock.ticks_us,
                                  ring_size, debounce_us, stuck_us, self.pins, release_us)
        self._handler = self.capture.handler
        self._next_poll = None
        self._poll_origin = clock.now

    def read_levels(self):
        return self.levels

    def _push(self, t, kind, k, arg):
        self._seq += 1
        heapq.heappush(self._queue, (t, kind, self._seq, k, arg))

    def _check(self, k, at_us):
        if not 0 <= k < self.n_pads:
            raise ValueError("pad must be from 0 to %d (got %r)" % (self.n_pads - 1, k))
        if at_us is None:
            at_us = self.clock.now
        if at_us < self.clock.now:
            raise ValueError("cannot press in the past (%d us < now %d us)" % (at_us, self.clock.now))
        return at_us

    def _edge(self, k, at_us, down, bounce):
        self._push(at_us, _LEVEL, k, 1 if down else 0)
        if bounce:
            level = down
            last = 0
            for off in bounce:
                if off <= last:
                    raise ValueError("bounce offsets must increase (got %r)" % (bounce,))
                last = off
                level = not level
                self._push(at_us + off, _LEVEL, k, 1 if level else 0)

    def press(self, k, at_us=None, bounce=None):
        """Pad k goes down at at_us (default now), then flips at each
        bounce offset."""
        self._edge(k, self._check(k, at_us), True, bounce)

    def release(self, k, at_us=None, bounce=None):
        self._edge(k, self._check(k, at_us), False, bounce)

    def tap(self, k, at_us=None, hold_us=80000, bounce=None, release_bounce=None):
        """A press then its release hold_us later (after any press bounce)."""
        at_us = self._check(k, at_us)
        self.press(k, at_us, bounce)
        end = at_us + hold_us
        if bounce and bounce[-1] >= hold_us:
            end = at_us + bounce[-1] + 1
        self.release(k, end, release_bounce)
        return end

    def next_time(self):
        """The virtual time of the next scheduled contact change or interrupt
        (main-loop polls excluded), or None."""
        best = None
        for ev in self._queue:
            if ev[1] != _POLL and (best is None or ev[0] < best):
                best = ev[0]
        return best

    def _idle(self):
        cap = self.capture
        return not self.levels and not cap._low and not cap.stuck_mask and not cap.held_mask()

    def _wake_poll(self, t):
        # Polls are modelled only while a pad is down or not yet seen
        # released (otherwise they change nothing), on a fixed time grid so
        # that a run does not depend on when the polls were skipped.
        if self.poll_us and self._next_poll is None:
            p = self.poll_us
            self._next_poll = self._poll_origin + ((t - self._poll_origin) // p + 1) * p
            self._push(self._next_poll, _POLL, 0, 0)

    def run_until(self, t_us):
        """Advance the clock to t_us, applying contact changes and running the
        interrupt handler (and the modelled main-loop poll) on the way."""
        q = self._queue
        clock = self.clock
        while q and q[0][0] <= t_us:
            t, kind, _, k, arg = heapq.heappop(q)
            if t > clock.now:
                clock.set(t)
            if kind == _LEVEL:
                self._wake_poll(t)
                bit = 1 << k
                if arg:
                    if not self.levels & bit:
                        self.levels |= bit
                        # Falling edge on the pin: latch its interrupt.
                        if not self._irq_pending & bit:
                            self._irq_pending |= bit
                            self._push(t + self.latency_us[k], _IRQ, k, 0)
                else:
                    self.levels &= ~bit
            elif kind == _IRQ:
                self._irq_pending &= ~(1 << k)
                self.irq_calls += 1
                self._handler(self.pins[k])
            else:
                self.capture.poll(clock.ticks_us())
                self._next_poll = None
                if not self._idle():
                    self._wake_poll(t)
        if t_us > clock.now:
            clock.set(t_us)

    def advance(self, us):
        self.run_until(self.clock.now + us)
