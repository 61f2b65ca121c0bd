"""A model of the SSD1306 OLED controller, fed the bytes the firmware sends,
giving the pictures the panel shows (tools.pico.frame.Frame, 1 = lit).

Why: the emulated RP2040 only shows bus traffic; this turns it into what a
child would see, so a test can compare it pixel for pixel with the host HAL's
frame buffer (and the host recorder's traffic checks the model itself).

Fed: I2C writes to the controller's address, each starting with control
bytes (i2c_write), or SPI bytes with the D/C level (spi_write); a pulse on
RES# is reset().  Modelled (SSD1306 datasheet, command table, section 10):
the 128x8-page display RAM; the three addressing modes (20h: horizontal,
vertical, page) with their column/page windows (21h, 22h) and the page
mode's B0h-B7h / 00h-1Fh pointers; display on/off (AEh/AFh), the charge
pump (8Dh: with the internal supply a panel whose pump is off stays dark),
entire display on (A4h/A5h), inverse (A6h/A7h), segment remap (A0h/A1h),
COM scan direction (C0h/C8h), display start line (40h-7Fh), display offset
(D3h) and multiplex ratio (A8h); contrast, clock, precharge, VCOMH are
kept but do not change the picture.  The I2C control byte's Co bit (80h:
one byte, then another control byte) is decoded.

Not modelled, reported in `problems` instead: scrolling (26h-2Fh, A3h),
fade/zoom (23h, D6h), a COM pins setting (DAh) that does not match the
panel (the real glass would show interleaved rows), a multiplex ratio
other than the panel's, any unknown command, data outside a transfer.
Contrast is not a level of grey: a pixel is on or off.

Frames: one each time a data transfer ends having written the last byte of
the panel's area (bottom page, last column of the window: a whole picture
went out, page by page or in one go), kind "transfer"; one after any other
data transfer, kind "page" (a driver that sends only the pages that
changed may never write the last byte again: the glass after each of its
transfers); and one at each display on (AFh).
The picture is the glass in the orientation of the usual module, on which
segment remap A1h and COM scan C8h show the RAM upright (what MicroPython's
driver and ours send): x = RAM column, y = RAM row then.
"""
from tools.pico.frame import Frame, BIT, FLIP

# commands and the number of argument bytes that follow them
_ARGS = {
    0x81: 1,            # contrast
    0x8D: 1,            # charge pump
    0x20: 1,            # memory addressing mode
    0x21: 2,            # column address (start, end)
    0x22: 2,            # page address (start, end)
    0xA8: 1,            # multiplex ratio
    0xD3: 1,            # display offset
    0xD5: 1,            # clock divide / oscillator
    0xD9: 1,            # precharge
    0xDA: 1,            # COM pins
    0xDB: 1,            # VCOMH deselect
    0x26: 6, 0x27: 6,   # horizontal scroll
    0x29: 5, 0x2A: 5,   # vertical and horizontal scroll
    0xA3: 2,            # vertical scroll area
    0x23: 1,            # fade / blink
    0xD6: 1,            # zoom in
}
_SCROLL = (0x26, 0x27, 0x29, 0x2A, 0xA3, 0x2E, 0x2F, 0x23, 0xD6)
_MODES = ("horizontal", "vertical", "page")


class Ssd1306:
    args = _ARGS                          # command -> argument bytes
    cols = 128                            # RAM columns (and segments)
    edge = 0                              # segments either side of a 128-px glass
    name = "ssd1306"

    def __init__(self, width=128, height=64, external_vcc=False):
        if width > 128 or height > 64 or height % 8:
            raise ValueError("%s model: a %dx%d panel does not fit the controller (128x64, height by 8)"
                             % (self.name, width, height))
        self.width = width
        self.height = height
        self.external_vcc = external_vcc
        # a narrower glass sits in the middle of the segments
        self.x0 = self.edge + (128 - width) // 2
        self.ram = bytearray(self.cols * 8)   # page p, column c at p * cols + c
        self.frames = []
        self.problems = []                # one line each: what the model met and does not model
        self.commands = 0                 # command bytes taken (arguments included)
        self.data_bytes = 0
        self.reset()

    # -- the controller's registers --------------------------------------

    def reset(self):
        """RES# pulse (and power-on): registers to their reset values; the
        RAM keeps what it had (it is not cleared by a reset)."""
        self.mode = 2                     # page addressing after reset
        self.col_start, self.col_end = 0, 127
        self.page_start, self.page_end = 0, 7
        self.col = 0
        self.page = 0
        self.on = False
        self.pump = False
        self.contrast = 0x7F
        self.inverse = False
        self.entire_on = False
        self.seg_remap = False
        self.com_dec = False
        self.start_line = 0
        self.offset = 0
        self.mux = 63
        self.com_pins = 0x12
        self.scrolling = False
        self._cmd = None                  # a command waiting for its arguments
        self._args = []
        self._wrote_last = False

    # -- input -------------------------------------------------------------

    def i2c_write(self, buf, t_us=None):
        """One I2C write transaction to the controller (address byte removed):
        control byte(s) then bytes, as the datasheet's I2C write protocol."""
        buf = bytes(buf)
        i = 0
        n = len(buf)
        if n == 0:
            return
        while i < n:
            ctrl = buf[i]
            i += 1
            if ctrl & 0x3F:
                self.problems.append("I2C control byte 0x%02X: only Co (0x80) and D/C (0x40) bits exist" % ctrl)
            co = ctrl & 0x80
            dc = ctrl & 0x40
            if co:
                # one byte, then another control byte
                if i < n:
                    if dc:
                        self._data(buf[i:i + 1], t_us)
                    else:
                        self._command(buf[i])
                    i += 1
                continue
            rest = buf[i:]
            if dc:
                self._data(rest, t_us)
            else:
                for c in rest:
                    self._command(c)
            break

    def spi_write(self, dc, buf, t_us=None):
        """Bytes clocked in with CS low: D/C low = commands (and their
        arguments), D/C high = display RAM data."""
        if dc:
            self._data(bytes(buf), t_us)
        else:
            for c in bytes(buf):
                self._command(c)

    # -- commands ------------------------------------------------------------

    def _command(self, c):
        self.commands += 1
        if self._cmd is not None:
            self._args.append(c)
            if len(self._args) >= self.args[self._cmd]:
                cmd, args = self._cmd, self._args
                self._cmd, self._args = None, []
                self._run(cmd, args)
            return
        if c in self.args:
            self._cmd = c
            self._args = []
            return
        self._run(c, [])

    def _run(self, c, a):
        if c == 0xAE:
            self.on = False
        elif c == 0xAF:
            self.on = True
            self.frames.append(self.picture(None, "on"))
        elif c == 0x20:
            m = a[0] & 3
            if m == 3:
                self.problems.append("20h: addressing mode 3 is invalid")
            else:
                self.mode = m
        elif c == 0x21:
            self.col_start, self.col_end = a[0] & 0x7F, a[1] & 0x7F
            self.col = self.col_start
        elif c == 0x22:
            self.page_start, self.page_end = a[0] & 7, a[1] & 7
            self.page = self.page_start
        elif 0xB0 <= c <= 0xB7:
            self.page = c & 7
        elif c <= 0x0F:
            self.col = (self.col & 0xF0) | c
        elif c <= 0x1F:
            self.col = ((c & 0x07) << 4) | (self.col & 0x0F)
        elif 0x40 <= c <= 0x7F:
            self.start_line = c & 0x3F
        elif c == 0x81:
            self.contrast = a[0]
        elif c == 0x8D:
            self.pump = bool(a[0] & 0x04)
        elif c in (0xA4, 0xA5):
            self.entire_on = c == 0xA5
        elif c in (0xA6, 0xA7):
            self.inverse = c == 0xA7
        elif c in (0xA0, 0xA1):
            self.seg_remap = c == 0xA1
        elif c in (0xC0, 0xC8):
            self.com_dec = c == 0xC8
        elif c == 0xA8:
            self.mux = a[0] & 0x3F
            if self.mux < 15:
                self.problems.append("A8h: multiplex ratio %d is invalid (16 to 64 lines)" % (self.mux + 1))
            elif self.mux + 1 != self.height:
                self.problems.append("A8h: multiplex ratio %d on a panel of %d rows (rows past it stay dark)"
                                     % (self.mux + 1, self.height))
        elif c == 0xD3:
            self.offset = a[0] & 0x3F
        elif c == 0xDA:
            self.com_pins = a[0]
            want = 0x12 if self.height == 64 else 0x02
            if a[0] & 0x32 != want:
                self.problems.append("DAh: COM pins 0x%02X on a %dx%d panel, which is wired for 0x%02X: the real glass "
                                     "would show its rows interleaved (not modelled)" % (a[0], self.width, self.height,
                                                                                          want))
        elif c in (0xD5, 0xD9, 0xDB, 0xE3):
            pass                          # timing and voltages: no effect on the picture
        elif c == 0x2E:
            self.scrolling = False
        elif c in _SCROLL:
            if c == 0x2F:
                self.scrolling = True
            self.problems.append("%02Xh: scrolling/fading is not modelled" % c)
        else:
            self.problems.append("unknown command 0x%02X" % c)

    # -- display RAM -----------------------------------------------------

    def _data(self, buf, t_us):
        if self._cmd is not None:
            self.problems.append("data while command 0x%02X waits for %d more argument byte(s)"
                                 % (self._cmd, self.args[self._cmd] - len(self._args)))
            self._cmd, self._args = None, []
        last = (self.height // 8 - 1, self.x0 + self.width - 1)
        done = False
        ram = self.ram
        n = self.cols
        for b in buf:
            p, c = self.page, self.col
            ram[p * n + c] = b
            if (p, c) == last:
                done = True
            self._advance()
        self.data_bytes += len(buf)
        if len(buf):
            self.frames.append(self.picture(t_us, "transfer" if done else "page"))

    def _advance(self):
        m = self.mode
        if m == 0:        # horizontal: along the column window, then the next page of the page window
            if self.col == self.col_end:
                self.col = self.col_start
                self.page = self.page_start if self.page == self.page_end else (self.page + 1) & 7
            else:
                self.col = (self.col + 1) & 0x7F
        elif m == 1:      # vertical: down the page window, then the next column
            if self.page == self.page_end:
                self.page = self.page_start
                self.col = self.col_start if self.col == self.col_end else (self.col + 1) & 0x7F
            else:
                self.page = (self.page + 1) & 7
        else:             # page: the column wraps within the page
            self.col = (self.col + 1) & 0x7F

    # -- output ------------------------------------------------------------

    def ram_frame(self):
        """The display RAM as a picture, columns x0..x0+width-1, no
        transformation: what the firmware's frame buffer should equal."""
        buf = bytearray(self.width * (self.height // 8))
        n = self.cols
        for p in range(self.height // 8):
            buf[p * self.width:(p + 1) * self.width] = self.ram[p * n + self.x0:p * n + self.x0 + self.width]
        return Frame.from_vlsb(buf, self.width, self.height, None, "ram")

    def dark(self):
        """True when the glass shows nothing at all: display off, or the
        internal charge pump not enabled."""
        return not self.on or (not self.external_vcc and not self.pump)

    def picture(self, t_us=None, kind=None):
        """What the glass shows now (1 = lit)."""
        w, h = self.width, self.height
        if self.dark():
            return Frame(w, h, bytes(w * h), t_us, kind)
        if self.entire_on:
            return Frame(w, h, b"\x01" * (w * h), t_us, kind)
        ram = bytes(self.ram)
        n = self.mux + 1
        blank = bytes(w)
        rows = []
        for gy in range(h):
            # glass row gy is driven by COM (h-1-gy) on the usual module
            com = h - 1 - gy
            # COM scan C8h: display row d is on COM n-1-d; C0h: on COM d
            d = n - 1 - com if self.com_dec else com
            if d < 0 or d >= n:
                rows.append(blank)
                continue
            r = (d + self.start_line + self.offset) & 63
            nc = self.cols
            line = ram[(r >> 3) * nc:(r >> 3) * nc + nc].translate(BIT[r & 7])   # by column address
            # glass x is segment (n-1) - (x + x0); A1h: column (n-1) - segment,
            # A0h: column = segment
            if self.seg_remap:
                line = line[self.x0:self.x0 + w]
            else:
                line = line[::-1][self.x0:self.x0 + w]
            rows.append(line)
        pix = b"".join(rows)
        if self.inverse:
            pix = pix.translate(FLIP)
        return Frame(w, h, pix, t_us, kind)
