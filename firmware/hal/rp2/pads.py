# The board port of the slap pads (S1, S2), timed one of two ways:
#   "pio": a PIO state machine samples the pads every 0.5 us and the edge's
#          own time is the stamp, whatever the CPU does (hal/rp2/pads_pio.py,
#          pads/pio_stamps.py); needs the pads on consecutive GPIOs;
#   "irq": a hard pin interrupt per pad, all running PadCapture.irq, which
#          reads every pad at once from the SIO input register; the stamp
#          is late by the interrupt's latency (and by any time the CPU holds
#          interrupts off).
# Both feed the same PadCapture (PadCapture.feed: the rules S2-S6).
#
#   pads = Rp2Pads(pins, clock=None, debounce_ms=20, stuck_ms=5000,
#                  timing="auto")      "auto": "pio" when the pins allow and
#                                      a state machine is free, else "irq"
#   pads.capture      the PadCapture (next_event, poll, overflow, stuck_mask)
#   pads.timing       "pio" or "irq", the one chosen
#
# `pins` are the GPIO numbers from the board file, pad k = pins[k].  A pad is
# a switch to ground with the internal pull-up (S1): pressed reads 0.
import machine
import micropython
import time
from micropython import const
from pads.capture import PadCapture
from core.compat import viper
from hal.rp2.parts import BoardClock

# The viper-compiled handler is about twice as fast (bench/bench_pads.py) and
# checked equal to the plain one; the plain one is the fallback for a port
# built without the native emitters.
_capture_cls = viper("pads.capture_viper", "ViperCapture", PadCapture)

# RP2040 SIO GPIO_IN: bits 0..29 are GPIO0..29 (30, 31 read 0), so one read
# is a small int and allocates nothing.
_SIO_GPIO_IN = const(0xD0000004)


class Rp2Pads:
    def __init__(self, pins, clock=None, debounce_ms=20, stuck_ms=5000, ring_size=64,
                 release_ms=None, timing="auto"):
        micropython.alloc_emergency_exception_buf(100)
        if not 1 <= len(pins) <= 8:
            raise ValueError("pads: 1 to 8 pad pins needed, the board file names %d" % len(pins))
        seen = []
        for g in pins:
            if not isinstance(g, int) or not 0 <= g <= 29:
                raise ValueError("pads: pin %r is not a GPIO number from 0 to 29" % (g,))
            if g in seen:
                raise ValueError("pads: GPIO %d is named for two pads" % g)
            seen.append(g)
        self.pins = list(pins)
        self.clock = clock
        # GPIO_IN -> pad bitmask by four byte-wide tables (one lookup per
        # byte of the register instead of a loop over pins in the handler).
        # The register is masked to the pad pins first, so a table runs only
        # to its byte of the mask: 61 entries for GP2-5, one for a byte with
        # no pad (1 KB of heap less than four full tables).
        mask = 0
        for g in pins:
            mask |= 1 << g
        self._tables = [bytearray(((mask >> (8 * i)) & 255) + 1) for i in range(4)]
        for k in range(len(pins)):
            g = pins[k]
            tab = self._tables[g >> 3]
            b = 1 << (g & 7)
            for v in range(len(tab)):
                if v & b:
                    tab[v] |= 1 << k
        self.gpio_mask = mask
        self._t0 = self._tables[0]
        self._t1 = self._tables[1]
        self._t2 = self._tables[2]
        self._t3 = self._tables[3]
        # The board's clock stamps with time.ticks_us itself: one Python call
        # less in the handler than BoardClock.ticks_us.
        if clock is None or isinstance(clock, BoardClock):
            ticks = time.ticks_us
        else:
            ticks = clock.ticks_us
        if timing not in TIMINGS:
            raise ValueError("pads: timing %r is unknown (known: %s)" % (timing, ", ".join(TIMINGS)))
        self.pio = None
        base = consecutive_base(pins)
        if timing == "pio" and base < 0:
            raise ValueError("pads: PIO timing needs the pads on consecutive GPIOs, the board file has %s"
                             % (list(pins),))
        self.timing = "irq" if timing == "irq" or base < 0 else "pio"
        # rp2's Pin objects are singletons, so the handler can tell which pad
        # raised the interrupt by identity (PadCapture `pins`).
        self._pins = [machine.Pin(g, machine.Pin.IN, machine.Pin.PULL_UP) for g in pins]
        rel = None if release_ms is None else release_ms * 1000
        self.pio_error = None
        if self.timing == "pio":
            self.capture = _capture_cls(len(pins), self.read_levels, ticks, ring_size,
                                        debounce_ms * 1000, stuck_ms * 1000, None, rel)
            try:
                from hal.rp2.pads_pio import PioPads
                self.pio = PioPads(self.capture, base, [self.pins.index(base + i) for i in range(len(pins))],
                                   ticks)
                return
            except Exception as e:
                if timing == "pio":
                    raise
                # "auto": no PIO here (a port without rp2, no state machine
                # free): the pin interrupts, and why in pio_error
                self.pio_error = repr(e)
                self.timing = "irq"
        self.capture = _capture_cls(len(pins), self.read_levels, ticks, ring_size,
                                    debounce_ms * 1000, stuck_ms * 1000, self._pins, rel)
        handler = self.capture.handler  # one bound method, made here
        for p in self._pins:
            p.irq(trigger=machine.Pin.IRQ_FALLING, handler=handler, hard=True)

    def read_levels(self):
        """Pads pressed now (bit k = pad k): one register read, active low."""
        v = ~machine.mem32[_SIO_GPIO_IN] & self.gpio_mask
        return (self._t0[v & 255] | self._t1[(v >> 8) & 255]
                | self._t2[(v >> 16) & 255] | self._t3[(v >> 24) & 255])

    def deinit(self):
        if self.pio is not None:
            self.pio.deinit()
            self.pio = None
        else:
            for p in self._pins:
                p.irq(handler=None)
        self._pins = []


TIMINGS = ("auto", "pio", "irq")


def consecutive_base(pins):
    """The lowest GPIO if the pins are consecutive GPIOs (in any order),
    else -1: what `in pins` can sample in one read."""
    lo = min(pins)
    if sorted(pins) == list(range(lo, lo + len(pins))):
        return lo
    return -1
