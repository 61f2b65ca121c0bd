# The board's speaker (issue 17): PWM on the speaker pin at a carrier far
# above hearing (125 MHz / 256 = 488 kHz, TOP 255: one step per sample
# value), its compare level written sample by sample by a DMA channel paced
# by a DMA pacing timer at the sample rate.  No CPU in the loop: the
# interrupts, the pads' timestamps and the LED frames are untouched while
# the box talks; drivers.voice only tops up the ring between loop passes.
#
#   sp = DmaSpeaker(gpio, n=RING, timer=3)  the ring: n 16-bit samples (512: 64 ms)
#   sp.open() the ring made (a phrase starts), sp.close() freed (it is over)
#   sp.start(count), sp.played(), sp.stop(), sp.set_rate(hz), sp.expand
#
# The ring is played a lap at a time by two channels (issue 26: no aligned
# ring).  The sample channel reads the ring once through (n transfers),
# then chains to a second channel that writes the ring's address into the
# first one's READ_ADDR_TRIG: the next lap starts at once, on the same
# pacing timer, for as long as the phrase goes on, until stop().  (The
# DMA's own address wrap, RING_SIZE, would have needed the ring aligned on
# its size: 2 KB of the Pico's heap while the box talked, the ring and its
# alignment, against 1 KB now.)  So the channel does not stop by itself
# after the phrase's last sample: drivers.voice fills the ring with silence
# after it, and the look that finds it over stops the channels.  played()
# is the lap times n plus the position in the lap (the sample channel's
# read address); the lap comes from the time since start() at the rate
# (to the millisecond: 8 samples, far within half a lap), so a look that
# comes late never loses count.  Each sample is a half-word write to the
# slice's CC register; the bus replicates it into both halves, so channel
# A or B (whichever the pin is) gets it.  Pacing timer `timer` (0..3) of
# the DMA runs at sys_clk * X / Y = the rate.
#
# The one thing the CPU does per sample: widen it from the file's 8 bits to
# the compare register's 16 with the volume, as the loop refills the ring.
# A Thumb loop does it (10 instructions a sample, 0.3 us on the emulated
# RP2040 against 0.7 us for the viper one, docs/voice.md): the RP2040 has no
# DMA path that widens (a narrow write to an APB register is replicated
# across the byte lanes, so a byte write of v sets CC_A to v * 257) and none
# that multiplies.  Its source is compiled on the board when this module is
# imported (the inline assembler is built into the rp2 port; mpy-cross for
# the PC's frozen build and mypy would refuse the assembler's syntax in the
# file itself); a port without the assembler gets the viper or plain loop.
import machine
import micropython
import time
try:
    # the C module alone: the rp2 module's Python (its PIO assembler,
    # 1.4 KB), which the boot let go once the PIO programs were made, is
    # not brought back for good by the voice, opened after it (booted.py)
    from _rp2 import DMA  # type: ignore[import-not-found]
except ImportError:     # a port whose rp2 is all in one (the tests' stand-in)
    from rp2 import DMA
import uctypes
from array import array
from micropython import const

from drivers.voice import CHUNK, RING, expand
from core.compat import viper

_PWM_BASE = const(0x40050000)
_DMA_BASE = const(0x50000000)
_DMA_TIMER0 = const(0x50000420)
_DMA_ABORT = const(0x50000444)
_TREQ_TIMER0 = const(0x3B)
_TREQ_FORCE = const(0x3F)       # unpaced: the second channel's one write
_TOP = const(255)
_MID = const(128)
_ABORT_POLLS = const(1000)

# widen(src, n, dst, vol): for i < n, the half-word at dst + 2i =
# 128 + (((byte at src + i) - 128) * vol >> 8); src a buffer or an address,
# dst an address (drivers.voice.expand's arithmetic, asr = Python's >>)
_WIDEN = '''
@micropython.asm_thumb
def widen(r0, r1, r2, r3):
    add(r1, r1, r0)
    b(test)
    label(loop)
    ldrb(r4, [r0, 0])
    sub(r4, 128)
    mul(r4, r3)
    asr(r4, r4, 8)
    add(r4, 128)
    strh(r4, [r2, 0])
    add(r0, 1)
    add(r2, 2)
    label(test)
    cmp(r0, r1)
    bne(loop)
'''


def _thumb_widen():
    g = {"micropython": micropython}
    try:
        exec(_WIDEN, g)
    except Exception:   # no inline assembler in this port
        return None
    return g["widen"]


_widen = _thumb_widen()
# (used once: their two names gone before the rest come, the module's names
# fit a 17-slot table instead of 23)
del _thumb_widen, _WIDEN


def _ratio(rate, sys_hz):
    """(X, Y), Y < 65536, with sys_hz * X / Y as close to rate as can be."""
    a, b = rate, sys_hz
    while b:
        a, b = b, a % b
    x, y = rate // a, sys_hz // a
    if y > 0xFFFF or x > 0xFFFF:
        x, y = 1, (sys_hz + rate // 2) // rate
    return x, y


class DmaSpeaker:
    def __init__(self, gpio, n=RING, timer=3):
        if n & (n - 1) or not CHUNK <= n <= 8192:
            raise ValueError("speaker ring of %d samples: a power of two from %d to 8192" % (n, CHUNK))
        self.gpio = gpio
        self.n = n
        self.timer = timer
        # (the viper loop imported only on a port without the assembler)
        self.expand = self._expand_thumb if _widen is not None else viper("drivers.voice_viper", "expand", expand)
        # the ring: made by open() as a phrase starts, freed by close() once
        # it is over (1 KB of the frozen box's 40 KB per game only while it
        # talks, issue 26)
        self.ring = None
        self._ring_addr = 0
        self.pwm = machine.PWM(machine.Pin(gpio), freq=100000, duty_u16=0)
        sl = (gpio >> 1) & 7
        regs = _PWM_BASE + 0x14 * sl
        self.cc = regs + 0x0C
        machine.mem32[regs + 0x04] = 1 << 4      # DIV 1.0: the carrier is sys_clk / 256
        machine.mem32[regs + 0x10] = _TOP
        machine.mem32[self.cc] = _MID | (_MID << 16)
        self.dma = DMA()        # the samples, a lap of the ring at a time
        self.lap = DMA()        # the ring's address back into it: the next lap
        # the channels' numbers and registers (read and written straight: no
        # object made per call)
        self.channel = getattr(self.dma, "channel")
        lap = getattr(self.lap, "channel")
        self._bits = (1 << self.channel) | (1 << lap)     # both, for CHAN_ABORT
        ch = _DMA_BASE + 0x40 * self.channel
        self._read_addr = ch            # READ_ADDR: where the lap is
        self._next_lap = ch + 0x3C      # AL3_READ_ADDR_TRIG: a write starts a lap there
        self._addr = array("I", [0])    # what the lap channel writes: the ring's address
        self.ctrl = self.dma.pack_ctrl(size=1, inc_read=True, inc_write=False, chain_to=lap,
                                       treq_sel=_TREQ_TIMER0 + timer, irq_quiet=True)
        self.lap_ctrl = self.lap.pack_ctrl(size=2, inc_read=False, inc_write=False, treq_sel=_TREQ_FORCE,
                                           irq_quiet=True)
        self.rate = 0
        self.count = 0
        # ticks_ms of start(): the laps since come from the time (a tick
        # value from the first, for the stubs; unread until start: count 0)
        self._t0 = time.ticks_ms()
        self.set_rate(8000)

    def open(self):
        """The ring, before a phrase's first samples: n half-words, silent."""
        if self.ring is not None:
            return
        n = self.n
        # (from a range: the array is the one allocation, no zeroed bytes
        # copied into it; made silent below)
        self.ring = array("H", range(n))
        self._ring_addr = uctypes.addressof(self.ring)
        self._addr[0] = self._ring_addr
        if _widen is not None:
            _widen(self._ring_addr, n, self._ring_addr, 0)     # 128 each: volume 0
        else:
            for i in range(n):
                self.ring[i] = _MID

    def close(self):
        """The phrase over (or cut): the channels stopped, the ring freed."""
        self.stop()
        self.ring = None
        # and its address forgotten: the collector reads every word of a
        # live block as a possible pointer, and _addr's word (the lap
        # channel's source) kept the 1 KB ring alive after every phrase
        self._addr[0] = 0
        self._ring_addr = 0

    def _expand_thumb(self, src, n, ring, pos, mask, vol):
        """drivers.voice.expand by the Thumb loop: ring is this ring."""
        j = pos & mask
        k = mask + 1 - j
        if n <= k:
            _widen(src, n, self._ring_addr + 2 * j, vol)
        else:           # across the ring's end: two runs
            _widen(src, k, self._ring_addr + 2 * j, vol)
            _widen(uctypes.addressof(src) + k, n - k, self._ring_addr, vol)

    def set_rate(self, rate):
        x, y = _ratio(rate, machine.freq())
        machine.mem32[_DMA_TIMER0 + 4 * self.timer] = (x << 16) | y
        self.rate = rate

    def start(self, count, names=None):
        self.stop()
        self.count = count
        self.lap.config(read=self._addr, write=self._next_lap, count=1, ctrl=self.lap_ctrl)
        self._t0 = time.ticks_ms()
        self.dma.config(read=self._ring_addr, write=self.cc, count=self.n, ctrl=self.ctrl, trigger=True)

    def played(self):
        if not self.count:
            return 0
        n = self.n
        pos = (machine.mem32[self._read_addr] - self._ring_addr) >> 1     # in the lap, 0..n
        due = time.ticks_diff(time.ticks_ms(), self._t0) * self.rate // 1000     # by the clock
        laps = (due - pos + (n >> 1)) // n
        k = (laps if laps > 0 else 0) * n + pos
        return k if k < self.count else self.count

    def stop(self):
        if self.dma.active() or self.lap.active():
            self.dma.active(0)
            self.lap.active(0)
            bits = self._bits
            machine.mem32[_DMA_ABORT] = bits
            # the datasheet's wait for the abort to finish (a few cycles),
            # bounded: the box never hangs on a register that stays set
            k = _ABORT_POLLS
            while k and machine.mem32[_DMA_ABORT] & bits:
                k -= 1
        self.count = 0
        machine.mem32[self.cc] = _MID | (_MID << 16)

    def busy(self):
        return self.dma.active()

    def deinit(self):
        self.close()
        self.dma.close()
        self.lap.close()
        self.pwm.deinit()
