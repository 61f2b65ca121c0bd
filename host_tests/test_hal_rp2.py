# The board port (hal/rp2) run on CPython against stand-ins for machine and
# rp2, so its code paths run somewhere besides the static check: open_board
# builds every part from each board file, and the WS2812 PIO program, run on
# a small model of the PIO, puts the right bits on the wire with the right
# timing for a known frame.
import errno
import importlib
import sys
import time
import types

import pytest

from hal import board as _board


class FakePin:
    IN, OUT, PULL_UP, IRQ_FALLING = 0, 1, 2, 4
    made = {}

    def __init__(self, id, mode=None, pull=None, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        self.v = 1 if pull == FakePin.PULL_UP else (value or 0)
        FakePin.made[id] = self

    def value(self, v=None):
        if v is None:
            return self.v
        self.v = v

    def irq(self, trigger=None, handler=None, hard=False):
        self.handler = handler


class FakeSPI:
    def __init__(self, id, baudrate=0, polarity=0, phase=0, sck=None, mosi=None):
        self.id, self.baudrate, self.sck, self.mosi = id, baudrate, sck, mosi
        self.sent = []

    def write(self, b):
        self.sent.append(bytes(b))


class FakeI2C:
    answer = False

    def __init__(self, id, sda=None, scl=None, freq=0):
        self.id, self.freq = id, freq

    def writeto(self, addr, b):
        if not FakeI2C.answer:
            raise OSError(errno.EIO)

    def writevto(self, addr, bufs):
        self.writeto(addr, b"")


class FakePWM:
    def __init__(self, pin, freq=0, duty_u16=0):
        self.pin, self.f, self.d = pin, freq, duty_u16

    def freq(self, f=None):
        self.f = f if f is not None else self.f
        return self.f

    def duty_u16(self, d=None):
        self.d = d if d is not None else self.d
        return self.d


class FakeWDT:
    def __init__(self, timeout):
        self.timeout = timeout
        self.feeds = 0

    def feed(self):
        self.feeds += 1


# ---- a small PIO: enough of the instruction set for the WS2812 program ----

class Instr:
    def __init__(self, op, *args):
        self.op, self.args, self.side_v, self.delay = op, args, None, 0

    def side(self, v):
        self.side_v = v
        return self

    def __getitem__(self, d):
        self.delay = d
        return self


def assemble(fn):
    """Run a PIO program function the way rp2.asm_pio does (its directives
    and instructions as globals) -> (instructions, labels, wrap_target)."""
    prog = []
    labels = {}
    marks = {}
    names = {
        "wrap_target": lambda: marks.__setitem__("wrap_target", len(prog)),
        "wrap": lambda: marks.__setitem__("wrap", len(prog) - 1),
        "label": lambda n: labels.__setitem__(n, len(prog)),
        "x": "x", "not_x": "not_x",
    }
    for op in ("out", "jmp", "nop"):
        names[op] = (lambda o: (lambda *a: prog.append(Instr(o, *a)) or prog[-1]))(op)
    # rp2.asm_pio replaces the module's globals by the PIO names while the
    # function runs: a module constant named in it fails there, so here too
    import builtins
    names["__builtins__"] = builtins
    types.FunctionType(fn.__code__, names)()
    return prog, labels, marks


def run_pio(prog, labels, marks, words, pull_thresh=24):
    """The pin level at every PIO cycle until the FIFO runs dry."""
    fifo = list(words)
    osr, count = 0, pull_thresh
    x = 0
    pc = marks.get("wrap_target", 0)
    levels = []
    while True:
        ins = prog[pc]
        nxt = pc + 1
        if ins.op == "out":
            if count >= pull_thresh:       # autopull
                if not fifo:
                    return levels
                osr, count = fifo.pop(0), 0
            n = ins.args[1]
            x = osr & ((1 << n) - 1)       # shift right: low bits first
            osr >>= n
            count += n
        elif ins.op == "jmp":
            if len(ins.args) == 1:
                nxt = labels[ins.args[0]]
            elif ins.args[0] == "not_x" and x == 0:
                nxt = labels[ins.args[1]]
        levels += [ins.side_v] * (1 + ins.delay)
        if nxt > marks.get("wrap", len(prog) - 1):
            nxt = marks.get("wrap_target", 0)
        pc = nxt


class FakeADC:
    """machine.ADC(gpio): the battery's sense (issue 27; the Pico's GPIO29
    is its own VSYS divider, no header pin: not among the board's uses)."""
    def __init__(self, id):
        self.id = id
        self.u16 = 40000

    def read_u16(self):
        return self.u16


@pytest.fixture
def rp2port(monkeypatch, tmp_path):
    machine = types.ModuleType("machine")
    machine.Pin, machine.SPI, machine.I2C, machine.PWM, machine.WDT = FakePin, FakeSPI, FakeI2C, FakePWM, FakeWDT
    machine.ADC = FakeADC
    machine.lightsleep = lambda ms=0: None
    machine.mem32 = {0xD0000004: 0x3FFFFFFF}
    machine.freq = lambda: 125000000
    uctypes = types.ModuleType("uctypes")     # the speaker's aligned ring
    uctypes.addressof = lambda obj: 0x20000000
    uctypes.bytearray_at = lambda addr, n: bytearray(n)
    rp2 = types.ModuleType("rp2")
    rp2.PIO = types.SimpleNamespace(OUT_LOW=2, SHIFT_LEFT=0, SHIFT_RIGHT=1)
    programs = []

    def asm_pio(**cfg):
        def deco(fn):
            fn.cfg = cfg
            programs.append(fn)
            return fn
        return deco
    rp2.asm_pio = asm_pio

    class SM:
        def __init__(self, id, prog, freq=0, sideset_base=None):
            self.id, self.prog, self.freq, self.pin = id, prog, freq, sideset_base
            self.frames = []

        def active(self, v=None):
            return True

        def put(self, words, shift=0):
            self.frames.append([w << shift for w in words])

    class DMA:
        channel = 0

        def __init__(self):
            self.configs = []

        def pack_ctrl(self, **kw):
            self.ctrl_kw = kw
            return 1

        def config(self, **kw):
            self.configs.append(kw)

        def active(self):
            return False
    rp2.StateMachine, rp2.DMA = SM, DMA
    micropython = types.ModuleType("micropython")
    micropython.const = lambda v: v
    micropython.alloc_emergency_exception_buf = lambda n: None
    micropython.native = micropython.viper = lambda f: f
    for name, mod in (("machine", machine), ("rp2", rp2), ("micropython", micropython), ("uctypes", uctypes)):
        monkeypatch.setitem(sys.modules, name, mod)
    for name in ("ticks_ms", "ticks_us"):
        monkeypatch.setattr(time, name, lambda: 0, raising=False)
    monkeypatch.setattr(time, "ticks_diff", lambda a, b: a - b, raising=False)
    monkeypatch.setattr(time, "ticks_add", lambda a, b: a + b, raising=False)
    FakePin.made = {}
    FakeI2C.answer = True
    for m in [m for m in sys.modules if m.startswith("hal.rp2")]:
        monkeypatch.delitem(sys.modules, m)
    yield types.SimpleNamespace(tmp=str(tmp_path), programs=programs)
    for m in [m for m in sys.modules if m.startswith("hal.rp2")]:
        del sys.modules[m]


def test_hal_rp2_open_board_builds_every_part(rp2port):
    import hal
    for name in ("pico_matrix", "pico_eink", "pico_oled", "pico_w", "rp2040_zero"):
        b = _board.load("boards/%s.json" % name)
        h = hal.open_board(b, storage_root=rp2port.tmp)
        assert h.display.kind == b.display.kind and h.display.error is None, name
        assert h.pads.pins == b.pad_pins()
        # every pin the board file names was set up, no other
        assert sorted(FakePin.made) == sorted(p for _, p in b.uses()), name
        h.display.fb.fill(1)
        h.display.show()
        h.buzzer.tone(440, 10)
        assert h.buzzer.pwm.f == 440 and h.buzzer.pwm.d == 16384
        h.watchdog.start()
        h.watchdog.feed()
        assert h.watchdog._wdt.timeout == 5000 and h.watchdog._wdt.feeds == 1
        h.poll()
        FakePin.made = {}


def test_hal_rp2_oled_without_answer_blinks(rp2port):
    import hal
    FakeI2C.answer = False
    h = hal.open_board(_board.load("boards/pico_oled.json"), storage_root=rp2port.tmp)
    assert h.failed_code == 2 and "0x3C" in h.notices[0]
    start = h.blinker._t0 + 2 * 500        # the code begins with its 1.5 s pause: dark
    h.poll(start)
    assert [FakePin.made[g].v for g in (18, 19, 20, 21)] == [0, 0, 0, 0]
    h.poll(start + 1510)
    assert [FakePin.made[g].v for g in (18, 19, 20, 21)] == [1, 1, 1, 1]   # the first flash


def test_hal_rp2_ws2812_dma_feeds_the_pio_fifo(rp2port):
    from hal.rp2 import ws2812 as w
    out = w.Ws2812Out(22, sm_id=5)
    out.put([1, 2, 3])
    cfg = out.dma.configs[-1]
    assert cfg["write"] == 0x50300000 + 0x10 + 4 and cfg["count"] == 3 and cfg["trigger"]
    assert out.dma.ctrl_kw == {"size": 2, "inc_write": False, "treq_sel": 9}   # PIO1 SM1 TX


def test_hal_rp2_ws2812_program_puts_the_frame_on_the_wire(rp2port):
    from hal.rp2 import ws2812 as w
    from drivers.ws2812 import Ws2812Matrix
    from hal.host.pio import HostStateMachine
    cfg = w.ws2812_program.cfg
    assert cfg["out_shiftdir"] == 1 and cfg["autopull"] and cfg["pull_thresh"] == 24
    prog, labels, marks = assemble(w.ws2812_program)
    m = Ws2812Matrix(HostStateMachine(), 2, 2, "serpentine", "GRB", 5000)
    m.fb.pixel(0, 0, 0xF800)
    m.fb.pixel(1, 0, 0x001F)
    m.fb.pixel(1, 1, 0x8410)
    m.show()
    levels = run_pio(prog, labels, marks, m.out.last)
    # cut the waveform into bits at each rising edge
    starts = [i for i in range(len(levels)) if levels[i] == 1 and (i == 0 or levels[i - 1] == 0)]
    assert len(starts) == 4 * 24
    periods = {starts[i + 1] - starts[i] for i in range(len(starts) - 1)}
    assert periods == {10}            # 10 cycles at 8 MHz = 1.25 us a bit
    highs = []
    for s in starts:
        n = 0
        while s + n < len(levels) and levels[s + n] == 1:
            n += 1
        highs.append(n)
    assert set(highs) <= {2, 7}       # 0: 250 ns high, 1: 875 ns high
    bits = [1 if h == 7 else 0 for h in highs]
    got = bytes(int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8))
    # GRB per LED, chain order (serpentine: (1,1) is LED 2)
    assert got == bytes([0, 255, 0, 0, 0, 255, 130, 132, 132, 0, 0, 0])
    assert w._FREQ == 8000000      # (a private const: CPython keeps it)


def test_hal_no_firmware_code_masks_interrupts_or_bitbangs_leds():
    """DESIGN: neopixel.write / machine.bitstream / disable_irq hold
    interrupts off and make slap timestamps late.  None in code (comments
    may name them)."""
    import os
    root = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")
    found = []
    for d, _, files in os.walk(root):
        for f in files:
            if f.endswith(".py"):
                with open(os.path.join(d, f)) as fh:
                    for n, ln in enumerate(fh, 1):
                        code = ln.split("#")[0]
                        for bad in ("disable_irq", "bitstream", "neopixel"):
                            if bad in code:
                                found.append("%s:%d %s" % (f, n, bad))
    # the one exception: the PIO pads' tie to the us timer, once when the
    # pads open, for about 2 us (hal/rp2/pads_pio.py): what makes every
    # stamp after it exact whatever the CPU does
    found = [x for x in found if not x.startswith("pads_pio.py:")]
    assert found == []


def test_hal_rp2_watchdog_stop_clears_the_enable_bit(rp2port):
    """main.stand_down: a host that took the REPL turns the watchdog off
    through the CTRL register's atomic clear alias (machine.WDT cannot)."""
    from hal.rp2.parts import Rp2Watchdog
    import machine
    w = Rp2Watchdog(5000)
    w.start()
    w.stop()
    assert machine.mem32[0x40058000 + 0x3000] == 1 << 30 and not w.started
