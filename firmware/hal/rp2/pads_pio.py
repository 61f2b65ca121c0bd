# The pads timed by the PIO (S2): a state machine samples every pad pin
# (consecutive GPIOs, `in pins`) each 0.5 us whatever the CPU does, and on
# every change pushes one word (levels, count) to its RX FIFO and raises its
# interrupt; pads.pio_stamps turns the words into ticks_us stamps for the
# one PadCapture.  hal/rp2/pads.py chooses it (board file "pad_timing").
#
#   pio = PioPads(capture, base, pad_of_pin, ticks_us, sm_ids=(4, 5, 6, 7, 1, 2, 3))
#   (pad_of_pin[i]: the pad on GPIO base+i, or -1)
#   pio.stamps        the PioStamps (lost: FIFO overflows)
#   pio.sm_id         the state machine used (PIO1 SM0 unless taken)
#   pio.deinit()
#
# The program, 8 PIO cycles a pass at 16 MHz (0.5 us), X/Y the sample and
# the last levels, OSR a down-counter (one count a pass).  A change pass
# takes exactly two passes' time and counts two, so the count stays the
# time of the sample: count = -2 * (us since the first sample).
#   mov osr, null          counter 0
#   mov y, ~null           "last levels" no sample equals: the first pass
#                          pushes the levels at start
# top: (wrap target)
#   mov isr, null ; in pins, N ; mov x, isr ; jmp x!=y change
#   mov x, osr ; jmp x-- n1 ; n1: mov osr, x [1]           (wrap)
# change:
#   mov y, x ; in osr, 30-N    ISR = levels << (30-N) | count: < 2**30,
#                              a small int on the CPU side
#   push noblock ; irq rel 0   a full FIFO drops the word (FDEBUG RXSTALL)
#   mov x, osr ; jmp x-- c1 ; c1: jmp x-- c2 ; c2: mov osr, x ; jmp top [3]
#
# The tie to ticks_us (after pico-examples' quadrature_encoder_substep,
# which reads its FIFO and then time_us_32 with interrupts off): with
# interrupts off, spin on the timer's raw low word through one whole
# microsecond (counting the loop's passes: its speed), and at the next tick
# enable the machine with its clock divider restarted, in one register
# write.  The first sample is 3 PIO cycles (0.19 us) after the write, the
# write about 0.8 of a loop pass after the tick: the lead (lead16, in
# 1/16 us) the stamps take off.  Stamps are within 0.75 us of the edge
# (pads/pio_stamps.py).  The us timer and the PIO both run from the
# crystal, so one tie holds for ever (a machine.freq() change would need a
# new one: the box never changes it).
#
# The N in `in pins, N` and `in osr, 30-N` is patched into a copy of the
# assembled program (rp2.asm_pio only sees literals, see hal/rp2/ws2812.py).
import array
import machine
import micropython
from rp2 import asm_pio, PIO, StateMachine  # asm_pio at import only (hal/rp2/ws2812.py)
from micropython import const
from pads.pio_stamps import PioStamps

_FREQ = const(16000000)
_PIO_BASE = (0x50200000, 0x50300000)
_FDEBUG = const(0x008)
_CTRL_SET = const(0x2000)       # CTRL through the atomic set alias
_TIMERAWL = const(0x40054028)
_IN_PINS = const(3)             # the two instructions patched with N
_IN_OSR = const(10)


@asm_pio(in_shiftdir=PIO.SHIFT_LEFT)
def pad_program():
    mov(osr, null)  # type: ignore[name-defined]
    mov(y, invert(null))  # type: ignore[name-defined]
    wrap_target()  # type: ignore[name-defined]
    label("top")  # type: ignore[name-defined]
    mov(isr, null)  # type: ignore[name-defined]
    in_(pins, 8)  # type: ignore[name-defined]  # N, patched
    mov(x, isr)  # type: ignore[name-defined]
    jmp(x_not_y, "change")  # type: ignore[name-defined]
    mov(x, osr)  # type: ignore[name-defined]
    jmp(x_dec, "n1")  # type: ignore[name-defined]
    label("n1")  # type: ignore[name-defined]
    mov(osr, x)[1]  # type: ignore[name-defined]
    wrap()  # type: ignore[name-defined]
    label("change")  # type: ignore[name-defined]
    mov(y, x)  # type: ignore[name-defined]
    in_(osr, 22)  # type: ignore[name-defined]  # 30 - N, patched
    push(noblock)  # type: ignore[name-defined]
    irq(rel(0))  # type: ignore[name-defined]
    mov(x, osr)  # type: ignore[name-defined]
    jmp(x_dec, "c1")  # type: ignore[name-defined]
    label("c1")  # type: ignore[name-defined]
    jmp(x_dec, "c2")  # type: ignore[name-defined]
    label("c2")  # type: ignore[name-defined]
    mov(osr, x)  # type: ignore[name-defined]
    jmp("top")[3]  # type: ignore[name-defined]


del asm_pio


def program_for(n):
    """A copy of pad_program sampling n pins."""
    # (on the board the assembled program is a list, its code first; the
    # stubs keep it opaque, so the one copy made of it is not type-checked)
    prog = list(pad_program)  # type: ignore[call-overload]
    code = array.array("H", prog[0])
    code[_IN_PINS] = (code[_IN_PINS] & ~0x1F) | (n & 0x1F)
    code[_IN_OSR] = (code[_IN_OSR] & ~0x1F) | ((30 - n) & 0x1F)
    prog[0] = code
    prog[1] = prog[2] = prog[3] = -1     # not loaded anywhere yet
    return prog


@micropython.viper
def _start_on_tick(timer: int, ctrl: int, bits: int, out) -> int:
    # (addresses come in as arguments: MicroPython 1.28's freezer
    # miscompiles large viper literals, see pads/capture_viper.py)
    tim = ptr32(timer)  # type: ignore[name-defined]
    reg = ptr32(ctrl)  # type: ignore[name-defined]
    res = ptr32(out)  # type: ignore[name-defined]
    t0 = tim[0]
    while tim[0] == t0:
        pass
    t1 = tim[0]
    n = 0
    while tim[0] == t1:     # one whole us, counted: the loop's speed
        n += 1
    reg[0] = bits           # a tick ago by at most one pass of that loop
    res[0] = n
    mask = 1
    mask <<= 30
    mask -= 1
    return (t1 + 1) & mask


class PioPads:
    def __init__(self, capture, base, pad_of_pin, ticks_us, sm_ids=(4, 5, 6, 7, 1, 2, 3)):
        n = len(pad_of_pin)
        self.sm = None
        err = None
        self._prog = program_for(n)
        for i in sm_ids:
            try:
                self.sm = StateMachine(i, self._prog, freq=_FREQ, in_base=machine.Pin(base))
                self.sm_id = i
                break
            except (OSError, ValueError) as e:
                err = e
        if self.sm is None:
            raise OSError("pads: no PIO state machine free for the pad timer (%s)" % (err,))
        pio = self.sm_id >> 2
        self._smi = self.sm_id & 3
        self._base = _PIO_BASE[pio]
        self._fdebug = self._base + _FDEBUG      # (a long int: made here, not in the handler)
        sm = self.sm
        self.stamps = PioStamps(capture, n, pad_of_pin, sm.rx_fifo, sm.get,
                                ticks_us, self.stalled)
        sm.irq(handler=self.stamps.handler, trigger=1, hard=True)
        bits = (1 << self._smi) | (1 << (4 + self._smi)) | (1 << (8 + self._smi))
        out = array.array("i", [0])
        s = machine.disable_irq()
        try:
            u0 = _start_on_tick(_TIMERAWL, self._base + _CTRL_SET, bits, out)
            # the enable lands half a pass of the counting loop after the
            # tick, plus its exit (about 0.3 pass): 0.8 / n us; the first
            # sample is 3 PIO cycles (3/16 us) later
            self.spins = out[0]
            self.lead16 = 3 + (128 + 5 * max(1, self.spins)) // (10 * max(1, self.spins))
            self.stamps.tie(u0, self.lead16)
        finally:
            machine.enable_irq(s)

    def stalled(self):
        """1 (and cleared) if the FIFO was full when the machine pushed."""
        bit = 1 << self._smi
        a = self._fdebug
        if machine.mem32[a] & bit:
            machine.mem32[a] = bit
            return 1
        return 0

    def deinit(self):
        if self.sm is not None:
            self.sm.active(0)
            self.sm.irq(handler=None)
            PIO(self.sm_id >> 2).remove_program(self._prog)   # room for the next
            self.sm = None

