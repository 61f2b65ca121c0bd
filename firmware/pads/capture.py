# S1-S6: capturing slap-pad presses in a hard interrupt handler.
#
#   cap = PadCapture(n_pads, read_levels, ticks_us, ring_size=64,
#                    debounce_us=20000, stuck_us=5000000, pins=None,
#                    release_us=None)
#   cap.irq(pin)        the hard IRQ handler, the same code on board and host
#                       (cap.handler is it as a bound method made once)
#   cap.feed(t, levels)     the rules for one look at the pads (levels pressed at t):
#                       irq() calls it, and so does the PIO path (pio_stamps)
#   cap.next_event()    -> pad index or -1; the press time (ticks) in cap.ev_t
#   cap.poll(now)       from the main loop: releases and stuck pads (S6)
#   cap.overflow        presses dropped because the ring was full (S5)
#   cap.stuck_mask      bit k set while pad k is held too long (S6)
#   cap.pending()       events waiting in the ring
#
# `read_levels()` returns a bitmask of the pads PRESSED right now (bit k =
# pad k), read all at once (S2), so pads pressed together get one timestamp
# and tie (T7) instead of being ordered by which interrupt ran first.
# `pins` (optional) are the objects the handler receives, pad k = pins[k]
# (compared with `is`: no allocation): the pad that raised the interrupt is
# taken as pressed even if its contact bounced open before the read.
# Presses closer together than the interrupt dispatch latency tie; a later
# press is never stamped before an earlier one.
# `ticks_us()` is the board's time.ticks_us (or the host's virtual clock):
# it wraps at 2**30 (S4) and every comparison goes through core.ticks.diff.
#
# The handler runs with the heap locked: it allocates nothing (preallocated
# arrays, small ints only, the callables it uses are cached bound methods),
# uses no float and never raises on a full ring (S5).
#
# The handler and the main loop never write the same variable, so neither
# needs interrupts masked:
#   - the ring: the handler writes the slots and `_w`, the consumer `_r`;
#   - "seen released" (S3): the handler bumps `_down_gen[k]` each time it
#     sees pad k go down; poll() copies it to `_up_gen[k]` when it sees the
#     pad up.  Pad k is held while the two differ.  poll() reads the
#     generation BEFORE the levels, so a press that lands in between keeps
#     the pad held rather than being forgotten;
#   - stuck pads: only poll() writes `stuck_mask`; the handler reads it;
#   - `edges` counts the handler's generation bumps (modulo 2**16), and
#     `_edges_seen` is what poll() last read of it.  While it has not moved,
#     no pad went down since poll() last looked; if that look also saw every
#     pad up, there is nothing to do.  That is the idle pass, a hundred
#     times a second: on the Pico the full look costs ~0.5 ms (a third of
#     the pass), the quick one a few attribute reads.
#
# S3 with one addition: a press within `release_us` (default: debounce_us)
# of the moment the pad was last seen released is bounce too.  Contacts
# chatter on release as well as on press, and without this a release 100 ms
# after a turn press in `turns` mode would come back as a lightning-fast
# slap by the same player; a child cannot release and press again in 20 ms.
import array
from core.compat import const

# Times in the handler are compared as forward distances modulo 2**30 (S4)
# with only small ints: core.ticks.diff's `a - b + 2**29` can reach 1.5 *
# 2**30, a long int that the board would allocate in the interrupt.  The
# forward distance also never mistakes a press 9-18 minutes after the
# previous one for bounce (ticks.diff would call that interval negative).
_HALF = const(0x20000000)  # 2**29


class PadCapture:
    def __init__(self, n_pads, read_levels, ticks_us, ring_size=64,
                 debounce_us=20000, stuck_us=5000000, pins=None, release_us=None):
        if not 1 <= n_pads <= 8:
            raise ValueError("n_pads must be from 1 to 8 (got %r)" % (n_pads,))
        if ring_size < 2 or ring_size > 4096:
            raise ValueError("ring_size must be from 2 to 4096 (got %r)" % (ring_size,))
        if not 0 <= debounce_us < _HALF or not 0 < stuck_us < _HALF:
            raise ValueError("debounce_us and stuck_us must be below 2**29 us")
        self.n_pads = n_pads
        self.all_mask = (1 << n_pads) - 1
        self.ring_size = ring_size
        self.debounce_us = debounce_us
        if release_us is None:
            release_us = debounce_us
        if not 0 <= release_us < _HALF:
            raise ValueError("release_us must be from 0 to 2**29 us")
        self.release_us = release_us
        self.stuck_us = stuck_us
        # The pin objects the handler is called with, pad k = pins[k]: the
        # pad whose edge raised the interrupt counts as pressed even if its
        # contact has bounced open again by the time the handler reads the
        # levels (else that press would be stamped one bounce late).
        if pins is not None and len(pins) != n_pads:
            raise ValueError("pins: one per pad (%d), got %d" % (n_pads, len(pins)))
        self._pins = list(pins) if pins is not None else None
        # Cached callables: the handler must not create bound methods.
        self._read = read_levels
        self._ticks = ticks_us
        # The ring: pad and ticks of each accepted press.  _w and _r count
        # modulo 2 * ring_size so that full and empty differ.
        self._ring_pad = bytearray(ring_size)
        self._ring_t = array.array("i", [0] * ring_size)
        self._wrap = 2 * ring_size
        self._w = 0
        self._r = 0
        self.overflow = 0
        # Per pad: last accepted press, seen-released moment, generations.
        self._last = array.array("i", [0] * n_pads)
        self._rel_t = array.array("i", [0] * n_pads)
        self._rel_known = 0  # bit k: _rel_t[k] is meaningful
        self._accepted = 0  # bit k: _last[k] is meaningful
        self._down_gen = bytearray(n_pads)
        self._up_gen = bytearray(n_pads)
        self._gen_snap = bytearray(n_pads)
        # poll(): when each pad was first seen down, for S6.
        self._low_t = array.array("i", [0] * n_pads)
        self._low = 0
        self.stuck_mask = 0
        self.edges = 0
        self._edges_seen = 0
        self.bounced = 0  # edges dropped as bounce (diagnostics)
        self.ev_t = 0
        self.ev_pad = -1
        # What Pin.irq(handler=...) receives: a bound method made once.
        self.handler = self.irq

    # ---- the hard interrupt handler -------------------------------------
    def irq(self, pin):
        t = self._ticks()
        levels = self._read()
        pins = self._pins
        if pins is not None:
            i = 0
            while i < self.n_pads:
                if pins[i] is pin:
                    levels |= 1 << i
                    break
                i += 1
        self.feed(t, levels)

    def feed(self, t, levels):
        """The rules (S2-S6) for one look at the pads: `levels` the pads pressed
        at ticks `t`.  The pin handler above calls it; so does the PIO path
        (pads.pio_stamps), with the edge's time and levels from its FIFO."""
        levels &= self.all_mask & ~self.stuck_mask
        if not levels:
            return
        last = self._last
        rel_t = self._rel_t
        down = self._down_gen
        up = self._up_gen
        deb = self.debounce_us
        quiet = self.release_us
        k = 0
        bit = 1
        while bit <= levels:
            if levels & bit:
                if down[k] == up[k]:
                    # Newly down since it was last seen released.
                    down[k] = (down[k] + 1) & 255
                    self.edges = (self.edges + 1) & 0xFFFF
                    ok = True
                    # Time since the pad's last accepted press and since it
                    # was seen released, as forward distances modulo 2**30
                    # (S4).  Every intermediate value stays a small int on
                    # the board (|x| < 2**30): 2**30 itself is not one, so
                    # it is added in two steps.
                    if self._accepted & bit:
                        d = t - last[k]
                        if d < 0:
                            d += 0x3FFFFFFF
                            d += 1
                        if d < deb:
                            ok = False
                    if ok and self._rel_known & bit:
                        d = t - rel_t[k]
                        if d < 0:
                            d += 0x3FFFFFFF
                            d += 1
                        if d < quiet:
                            ok = False
                    if ok:
                        last[k] = t
                        self._accepted |= bit
                        w = self._w
                        n = w - self._r
                        if n < 0:
                            n += self._wrap
                        if n >= self.ring_size:
                            self.overflow += 1
                        else:
                            i = w
                            if i >= self.ring_size:
                                i -= self.ring_size
                            self._ring_pad[i] = k
                            self._ring_t[i] = t
                            w += 1
                            if w == self._wrap:
                                w = 0
                            self._w = w
                    else:
                        self.bounced += 1
                # else: still held (not seen released): chatter, or a pad
                # that stays down while another one is pressed.
            bit <<= 1
            k += 1

    # ---- the consumer, from the main loop -------------------------------
    def pending(self):
        n = self._w - self._r
        if n < 0:
            n += self._wrap
        return n

    def next_event(self):
        """The next press in arrival order: its pad, with its ticks in
        self.ev_t; -1 when the ring is empty.  Allocates nothing."""
        r = self._r
        if r == self._w:
            self.ev_pad = -1
            return -1
        i = r
        if i >= self.ring_size:
            i -= self.ring_size
        k = self._ring_pad[i]
        self.ev_t = self._ring_t[i]
        r += 1
        if r == self._wrap:
            r = 0
        self._r = r
        self.ev_pad = k
        return k

    def clear(self):
        """Forget the presses waiting in the ring (the settle pause, T9)."""
        self._r = self._w

    def poll(self, now):
        """Release tracking (S3) and the stuck check (S6); `now` in ticks.
        Call it often from the main loop (every few ms)."""
        # Generations first, levels second: see the header.
        if self.edges == self._edges_seen and not self._low and not self._read() & self.all_mask:
            return self.stuck_mask      # (0: a pad up is never stuck)
        return self._poll_pads(now)

    def _poll_pads(self, now):
        # (apart from poll: its frame is too big for the C stack, see
        # app.box.App.tick, and the idle pass never needs it)
        self._edges_seen = self.edges
        snap = self._gen_snap
        down = self._down_gen
        k = 0
        while k < self.n_pads:
            snap[k] = down[k]
            k += 1
        up = self._up_gen
        levels = self._read() & self.all_mask
        k = 0
        bit = 1
        while k < self.n_pads:
            g = snap[k]
            if levels & bit:
                if not self._low & bit:
                    self._low |= bit
                    self._low_t[k] = now
                elif not self.stuck_mask & bit:
                    d = now - self._low_t[k]
                    if d < 0:
                        d += 0x3FFFFFFF
                        d += 1
                    if d >= self.stuck_us:
                        self.stuck_mask |= bit
            else:
                self._low &= ~bit
                if self.stuck_mask & bit:
                    self.stuck_mask &= ~bit
                if g != up[k]:
                    up[k] = g
                    self._rel_t[k] = now
                    self._rel_known |= bit
            bit <<= 1
            k += 1
        return self.stuck_mask

    def held_mask(self):
        """Pads seen down and not yet seen released."""
        if not self._low and self.edges == self._edges_seen:
            return 0    # every pad was up at the last poll, none went down since
        m = 0
        for k in range(self.n_pads):
            if self._down_gen[k] != self._up_gen[k]:
                m |= 1 << k
        return m
