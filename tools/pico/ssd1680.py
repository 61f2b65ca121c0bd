"""A model of the SSD1680 e-paper controller (176 sources x 296 gates), fed
the SPI bytes the firmware sends, giving the pictures the panel shows after
each refresh (tools.pico.frame.Frame, 1 = ink).

Why: on the emulated RP2040 the e-ink screen is only SPI traffic; this turns
it into what the glass shows, refresh by refresh, so a test compares it
pixel for pixel with the host HAL's frame buffer (and the host recorder's
traffic checks the model itself).

Fed: bytes with CS low and the D/C level (spi_write: D/C low = a command
byte, D/C high = its parameters or RAM data), reset() on a RES# pulse.
Modelled (SSD1680 datasheet, command table): both RAMs (24h black/white,
26h "red", which a black and white panel uses as the previous image for a
partial refresh), the data entry mode (11h: X or Y first, each counting up
or down), the RAM X/Y windows (44h, 45h) and address counters (4Eh, 4Fh)
with their wrap at the window's end, driver output control (01h: the gate
count and the TB scan direction), display update control 1 (21h: each RAM
normal, bypassed as 0 or inverted), display update control 2 (22h: which
steps the next activation runs, display mode 1 or 2), master activation
(20h: a refresh when the sequence includes "display"), software reset
(12h: registers to their defaults, RAM kept), deep sleep (10h: commands
ignored until a hardware reset; mode 2 loses the RAM).  A full refresh
(mode 1) puts the black/white RAM on the glass; a partial one (mode 2)
drives only the pixels whose black/white bit differs from the red RAM's
(the previous image): where the two RAMs agree the glass keeps what it had,
so a driver that forgets to keep the red RAM up to date shows the wrong
picture here as it would on the panel.

Kept without effect on the picture: border waveform (3Ch), temperature
sensor (18h, 1Ah), booster, voltages, VCOM, LUT bytes (32h) and the rest of
the documented commands.  Not modelled, reported in `problems`: an unknown
command, a refresh with no waveform loaded or with clock/analog off, gate
interleaving (01h GD/SM bits), RAM reads, data with no command, commands
while in deep sleep, a parameter count different from the datasheet's.
Grey levels, ghosting and refresh timing are not modelled (BUSY is the
harness's; busy_us() says how long a real panel takes, as the host HAL).

The picture, for a panel of `gates` x `sources` (the board's 296 x 128):
landscape, x = gate G0.. (G-last first when TB is set), y = source line
from the last one down to S0, where RAM X byte k bit 7 is source 8k: the
orientation of the board's frame buffer with data entry mode 06h.
"""
from tools.pico.frame import Frame, MSB8

XBYTES = 22          # 176 sources / 8
GATES = 296

# parameter counts of the documented commands (None: any number, RAM data)
_ARGS = {
    0x01: 3, 0x03: 1, 0x04: 3, 0x08: 3, 0x09: 4, 0x0A: 0, 0x0C: 4, 0x10: 1, 0x11: 1, 0x12: 0,
    0x14: 1, 0x15: 1, 0x18: 1, 0x1A: 2, 0x1B: 0, 0x1C: 3, 0x20: 0, 0x21: 2, 0x22: 1,
    0x24: None, 0x26: None, 0x27: 0, 0x28: 0, 0x29: 0, 0x2A: 0, 0x2B: 0, 0x2C: 1, 0x2D: 0,
    0x2E: 0, 0x2F: 0, 0x30: 0, 0x31: 0, 0x32: 153, 0x34: 0, 0x35: 0, 0x36: 0, 0x37: 10,
    0x38: 0, 0x39: 1, 0x3C: 1, 0x3F: 1, 0x41: 1, 0x44: 2, 0x45: 4, 0x46: 1, 0x47: 1,
    0x4E: 1, 0x4F: 2, 0x7F: 0,
}
_READS = (0x1B, 0x27, 0x2D, 0x2E, 0x2F, 0x35, 0x41)



def _panel_times():
    """FULL_US, PARTIAL_US, RESET_US: the panel's typical times, read from
    the one set beside its driver (firmware/drivers/ssd1680.py), which the
    host HAL's panel and the simulator take too."""
    import ast
    import os
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                        "firmware", "drivers", "ssd1680.py")
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    got = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Call)):
            got[node.targets[0].id] = node.value.args[0].value
    return got["FULL_US"], got["PARTIAL_US"], got["RESET_US"]


FULL_US, PARTIAL_US, RESET_US = _panel_times()


class Ssd1680:
    def __init__(self, gates=296, sources=128):
        if sources % 8 or sources > XBYTES * 8 or gates > GATES:
            raise ValueError("ssd1680 model: a %dx%d panel does not fit the controller (296 gates, 176 sources "
                             "by 8)" % (gates, sources))
        self.gates = gates
        self.sources = sources
        self.bw = bytearray(b"\xff" * (XBYTES * GATES))    # Y row of 22 X bytes; power-on content: white
        self.red = bytearray(XBYTES * GATES)
        self.glass = bytes(XBYTES * GATES)                  # ink bits, laid out as the RAM
        self.frames = []
        self.problems = []
        self.refreshes = 0
        self.asleep = 0          # deep sleep mode (0: awake)
        self.last_busy_us = 0    # how long the last operation keeps BUSY high on a real panel
        self.reset()

    def reset(self):
        """RES# pulse: out of deep sleep, registers to their defaults."""
        if self.asleep == 2:
            self.bw[:] = bytes(len(self.bw))     # mode 2 does not keep the RAM: take it as lost
            self.red[:] = bytes(len(self.red))
        self.asleep = 0
        self._defaults()
        self.last_busy_us = RESET_US

    def _defaults(self):
        self.entry = 0x03                 # X first, X and Y counting up
        self.x_start, self.x_end = 0, XBYTES - 1
        self.y_start, self.y_end = 0, GATES - 1
        self.x, self.y = 0, 0
        self.mux = GATES - 1
        self.scan = 0                     # 01h third byte: GD, SM, TB
        self.opt_red, self.opt_bw = 0, 0  # 21h: 0 normal, 4 bypass as 0, 8 inverse
        self.seq = 0xFF                   # 22h
        self.lut = False                  # a waveform loaded (OTP by 22h, or 32h)
        self.clock_on = False
        self.analog_on = False
        self._cmd = None
        self._args = []
        self._ram = None                  # the RAM a 24h/26h write goes to

    # -- input -------------------------------------------------------------

    def spi_write(self, dc, buf, t_us=None):
        """Bytes clocked in with CS low, D/C at level dc."""
        if not dc:
            for c in bytes(buf):
                self._command(c, t_us)
        else:
            self._data(bytes(buf), t_us)

    def _command(self, c, t_us):
        self._end_command()
        if self.asleep:
            self.problems.append("command 0x%02X in deep sleep: ignored until a hardware reset" % c)
            return
        if c not in _ARGS:
            self.problems.append("unknown command 0x%02X" % c)
            self._cmd = c
            self._args = None             # its bytes are skipped
            return
        if c in _READS:
            self.problems.append("command 0x%02X reads from the controller: not modelled" % c)
        self._cmd = c
        self._args = []
        if c == 0x24:
            self._ram = self.bw
        elif c == 0x26:
            self._ram = self.red
        else:
            self._ram = None
        if _ARGS[c] == 0:
            self._apply(c, [], t_us)
            self._cmd = None

    def _end_command(self):
        """A new command or a reset ends the one before: check it got all
        its parameters."""
        c = self._cmd
        if c is not None and self._args is not None and _ARGS.get(c):
            self.problems.append("command 0x%02X got %d parameter byte(s), the datasheet says %d"
                                 % (c, len(self._args), _ARGS[c]))
        self._cmd = None
        self._ram = None

    def _data(self, buf, t_us):
        if self.asleep:
            return
        c = self._cmd
        if c is None:
            if buf:
                self.problems.append("%d data byte(s) with no command before them" % len(buf))
            return
        if self._args is None:
            return                        # an unknown command's bytes
        if self._ram is not None:
            self._write_ram(self._ram, buf)
            return
        need = _ARGS[c]
        for b in buf:
            if self._cmd is None:
                self.problems.append("command 0x%02X: parameter byte(s) past the %d it takes" % (c, need))
                return
            self._args.append(b)
            if len(self._args) == need:
                self._apply(c, self._args, t_us)
                self._cmd = None

    # -- commands ------------------------------------------------------------

    def _apply(self, c, a, t_us):
        if c == 0x01:
            self.mux = a[0] | ((a[1] & 1) << 8)
            self.scan = a[2] & 7
            if self.mux + 1 != self.gates:
                self.problems.append("01h: %d gate lines on a panel of %d" % (self.mux + 1, self.gates))
            if self.scan & 3:
                self.problems.append("01h: gate interleaving GD/SM = %d is not modelled" % (self.scan & 3))
        elif c == 0x10:
            mode = a[0] & 3
            if mode == 1:
                self.asleep = 1
            elif mode == 3:
                self.asleep = 2
            elif mode:
                self.problems.append("10h: deep sleep mode %d is not in the datasheet" % mode)
        elif c == 0x11:
            self.entry = a[0] & 7
        elif c == 0x12:
            self._defaults()
            self.last_busy_us = RESET_US
        elif c == 0x20:
            self._activate(t_us)
        elif c == 0x21:
            self.opt_red, self.opt_bw = (a[0] >> 4) & 0xF, a[0] & 0xF
            for o in (self.opt_red, self.opt_bw):
                if o not in (0, 4, 8):
                    self.problems.append("21h: RAM option %d is not in the datasheet" % o)
            if a[1] & 0x7F:
                self.problems.append("21h: second byte 0x%02X: only the source output mode (bit 7) exists" % a[1])
        elif c == 0x22:
            self.seq = a[0]
        elif c == 0x32:
            self.lut = True
        elif c == 0x44:
            self.x_start, self.x_end = a[0] & 0x3F, a[1] & 0x3F
            for v in (self.x_start, self.x_end):
                if v >= XBYTES:
                    self.problems.append("44h: X address %d past the RAM (0..%d)" % (v, XBYTES - 1))
        elif c == 0x45:
            self.y_start, self.y_end = a[0] | ((a[1] & 1) << 8), a[2] | ((a[3] & 1) << 8)
            for v in (self.y_start, self.y_end):
                if v >= GATES:
                    self.problems.append("45h: Y address %d past the RAM (0..%d)" % (v, GATES - 1))
        elif c == 0x4E:
            self.x = a[0] & 0x3F
        elif c == 0x4F:
            self.y = a[0] | ((a[1] & 1) << 8)
        elif c in (0x46, 0x47):
            self.problems.append("%02Xh: auto write RAM pattern is not modelled" % c)
        # everything else: kept without effect on the picture

    def _write_ram(self, ram, buf):
        i, n = 0, len(buf)
        while i < n:
            k = self._run_length(n - i)
            if k > 1:
                # a straight run inside the window along the fast direction: one slice
                x, y = self.x, self.y
                if self.entry & 4:
                    step = XBYTES if self.entry & 2 else -XBYTES
                else:
                    step = 1 if self.entry & 1 else -1
                start = y * XBYTES + x
                stop = start + step * k
                ram[start:stop if stop >= 0 else None:step] = buf[i:i + k]
                if self.entry & 4:
                    self.y += (k - 1) if self.entry & 2 else -(k - 1)
                else:
                    self.x += (k - 1) if self.entry & 1 else -(k - 1)
                self._advance()
                i += k
                continue
            x, y = self.x, self.y
            if x < XBYTES and y < GATES:
                ram[y * XBYTES + x] = buf[i]
            else:
                self.problems.append("RAM write at X %d Y %d, outside the RAM: lost" % (x, y))
            self._advance()
            i += 1

    def _run_length(self, left):
        """How many bytes go in a straight line from the counter before the
        window's end wraps it (1 when the counter is off the usual path)."""
        e = self.entry
        if e & 4:
            v, end, up, lim = self.y, self.y_end, e & 2, GATES
        else:
            v, end, up, lim = self.x, self.x_end, e & 1, XBYTES
        if self.x >= XBYTES or self.y >= GATES:
            return 1
        if up:
            k = end - v + 1 if end >= v else 1
        else:
            k = v - end + 1 if end <= v else 1
        if k < 1 or k > lim:
            return 1
        return min(k, left)

    def _advance(self):
        e = self.entry
        x_up = e & 1
        y_up = e & 2
        if e & 4:          # AM = 1: Y first
            if self.y == self.y_end:
                self.y = self.y_start
                self.x = self.x_start if self.x == self.x_end else self._step(self.x, x_up, 64)
            else:
                self.y = self._step(self.y, y_up, 512)
        else:              # X first
            if self.x == self.x_end:
                self.x = self.x_start
                self.y = self.y_start if self.y == self.y_end else self._step(self.y, y_up, 512)
            else:
                self.x = self._step(self.x, x_up, 64)

    @staticmethod
    def _step(v, up, mod):
        return (v + 1) % mod if up else (v - 1) % mod

    # -- refresh -----------------------------------------------------------

    def _activate(self, t_us):
        s = self.seq
        if s & 0x80:
            self.clock_on = True
        if s & 0x40:
            self.analog_on = True
        if s & 0x10:
            self.lut = True               # LUT from OTP (with the temperature if 0x20)
        shown = False
        if s & 0x04:
            if not (self.clock_on and self.analog_on):
                self.problems.append("20h: display with the clock or analog supply off (22h = 0x%02X): the glass "
                                     "does not change" % s)
            elif not self.lut:
                self.problems.append("20h: display with no waveform loaded (22h = 0x%02X): the glass does not "
                                     "change" % s)
            else:
                self._show(bool(s & 0x08), t_us)
                shown = True
        if s & 0x02:
            self.analog_on = False
        if s & 0x01:
            self.clock_on = False
        if not shown:
            self.last_busy_us = 0 if not s & 0xC0 else 10000

    def _ink(self, ram, opt):
        """A RAM as one integer of ink bits (the 21h option applied; the
        black/white RAM's 0 is black)."""
        if opt == 4:
            v = 0
        else:
            v = int.from_bytes(ram, "big")
            if opt == 8:
                v ^= self._ones
        return v ^ self._ones

    _ones = (1 << (8 * XBYTES * GATES)) - 1

    def _show(self, partial, t_us):
        new = self._ink(self.bw, self.opt_bw)
        if partial:
            # only the pixels whose two RAMs differ are driven
            moved = new ^ self._ink(self.red, self.opt_red)
            old = int.from_bytes(self.glass, "big")
            new = (old & ~moved & self._ones) | (new & moved)
        self.glass = new.to_bytes(XBYTES * GATES, "big")
        self.refreshes += 1
        self.last_busy_us = PARTIAL_US if partial else FULL_US
        self.frames.append(self.picture(t_us, "partial" if partial else "full"))

    # -- output ------------------------------------------------------------

    def picture(self, t_us=None, kind=None):
        """What the glass shows now (1 = ink)."""
        return self._frame(self.glass, t_us, kind)

    def _frame(self, bits, t_us, kind):
        # bits: ink laid out as the RAM (gate line by gate line, X bytes,
        # bit 7 first) -> the picture: x = gate, y = last source .. S0
        g, n = self.gates, self.sources
        nb = n // 8
        lines = []
        for gate in range(g):
            row = bits[gate * XBYTES:gate * XBYTES + nb]
            lines.append(b"".join([MSB8[v] for v in row]))
        if self.scan & 4:
            lines.reverse()            # TB: the scan starts from the last gate
        cols = [bytes(c) for c in zip(*lines)]   # cols[s]: source s along the gates
        cols.reverse()
        return Frame(g, n, b"".join(cols), t_us, kind)

    def ram_frame(self, which="bw"):
        """A RAM as a picture in the same orientation (1 = ink, the RAM
        options of 21h applied), without any refresh: what the next full
        refresh would show."""
        ram, opt = (self.bw, self.opt_bw) if which == "bw" else (self.red, self.opt_red)
        return self._frame(self._ink(ram, opt).to_bytes(XBYTES * GATES, "big"), None, which)

    def busy_us(self):
        """How long BUSY stays high after the last reset or activation, on a
        real panel (typical figures)."""
        return self.last_busy_us
