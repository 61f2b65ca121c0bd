# The WS2812 output of the board: a PIO state machine (plus DMA) that turns
# one 32-bit FIFO word per LED into the 800 kHz signal, with interrupts ON
# the whole time (neopixel.write / machine.bitstream would mask them for
# ~7.7 ms per 256 LEDs and make every slap timestamp taken meanwhile late).
#
# The program is the RP2040 datasheet's WS2812 loop: 10 PIO cycles per bit at
# 8 MHz = 1.25 us; a 1 is high for 7 cycles, a 0 for 2.  It shifts RIGHT and
# pulls every 24 bits: drivers.ws2812 stores each LED's 24 bits bit-reversed
# in the low bits of the word (small ints: nothing allocated per frame), so
# the bit the LED wants first is bit 0.
#
# rp2.asm_pio runs the program function with the module's globals replaced
# by the PIO names: a module constant named inside it is a NameError on the
# board.  The delays are therefore literal numbers (T3 - 1 = 2, T1 - 1 = 1,
# T2 - 1 = 4); host_tests/test_pio_programs.py checks every PIO program for
# names the assembler does not give it.
#
# The assembler (rp2.asm_pio, the rp2 module's Python: 1.4 KB of heap) is
# used at import only; the rest are its C types: main.py drops the module
# after boot (issue 26: the frozen box's 40 KB per game).
from rp2 import asm_pio, PIO, StateMachine, DMA
from machine import Pin
from micropython import const

# T1 = 2 cycles high for every bit, T2 = 5 more high for a 1, T3 = 3 low for
# every bit (comments only: see above).  Private consts keep no name on the
# board (its names are counted, issue 41).
_FREQ = const(8000000)
_PIO_BASE = (0x50200000, 0x50300000)     # (the name pads_pio's too)
_TXF0 = const(0x010)


@asm_pio(sideset_init=PIO.OUT_LOW, out_shiftdir=PIO.SHIFT_RIGHT,
             autopull=True, pull_thresh=24)
def ws2812_program():
    wrap_target()  # type: ignore[name-defined]
    label("bit")  # type: ignore[name-defined]
    out(x, 1).side(0)[2]  # type: ignore[name-defined]  # T3 - 1
    jmp(not_x, "zero").side(1)[1]  # type: ignore[name-defined]  # T1 - 1
    jmp("bit").side(1)[4]  # type: ignore[name-defined]  # T2 - 1
    label("zero")  # type: ignore[name-defined]
    nop().side(0)[4]  # type: ignore[name-defined]  # T2 - 1
    wrap()  # type: ignore[name-defined]


del asm_pio


class Ws2812Out:
    """put(words) like a StateMachine, through DMA when there is a free
    channel: the call returns at once and the frame streams out by itself
    (7.7 ms for 256 LEDs).  Without DMA, StateMachine.put paces the words
    into the FIFO (the CPU waits, interrupts stay on)."""

    def __init__(self, gpio, sm_id=0, use_dma=True):
        self.sm_id = sm_id
        self.sm = StateMachine(sm_id, ws2812_program, freq=_FREQ, sideset_base=Pin(gpio))
        self.sm.active(1)
        self.dma = None
        if use_dma:
            try:
                self.dma = DMA()
            except (OSError, AttributeError):
                self.dma = None  # no channel free / older firmware: plain put()
        if self.dma is not None:
            pio = sm_id >> 2
            sm = sm_id & 3
            self._fifo = _PIO_BASE[pio] + _TXF0 + 4 * sm
            self._ctrl = self.dma.pack_ctrl(size=2, inc_write=False, treq_sel=pio * 8 + sm)

    def put(self, words, shift=0):
        if self.dma is None:
            self.sm.put(words, shift)
            return
        # The previous frame is still streaming (a frame every <8 ms):
        # wait for it; it ends within 7.7 ms and interrupts stay on.
        while self.dma.active():
            pass
        self.dma.config(read=words, write=self._fifo, count=len(words), ctrl=self._ctrl, trigger=True)

    def busy(self):
        return self.dma is not None and bool(self.dma.active())
