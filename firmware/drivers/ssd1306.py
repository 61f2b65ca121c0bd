# SSD1306 OLED (128x64 or 128x32) over I2C or SPI (drivers.cmdbus); the
# SH1106 (drivers/sh1106.py) is this driver with its own init and addressing.
#
# The renderer draws into `fb`: MONO_VLSB, which is the controller's own RAM
# layout (a byte = 8 vertical pixels of a page), so a page goes out as a
# slice of the buffer with no conversion.  Only what changed goes out
# (issue 26): `_sums` holds a 32-bit hash (FNV-1a) of each 16-column run
# of each page as the controller's RAM has it, a page whose runs all hash
# the same is skipped, a changed one sends its columns from the first
# changed run to the last (the first frame after begin() goes whole: the
# RAM holds noise at power-on).  256 bytes for a 128x64 panel where a copy
# of what was sent took 1 KB of the box's heap (its 40 KB goal); a run
# that changed but hashes the same (one chance in 4 billion a changed run)
# would stay as it was on the glass until it changes again.  With `paced` set, show() only
# marks the frame dirty and poll() sends ONE changed page per call (at most
# 128 bytes: ~3 ms at 400 kHz I2C, ~0.1 ms at 10 MHz SPI), so the main loop
# never stalls for the ~23 ms a whole frame takes over I2C; Hal.poll() turns
# it on the first time the loop calls it.  Unpaced, show() sends the whole
# frame at once (interrupts stay on: the pads are captured either way).
#
# The bus: 400 kHz I2C by default (board file display.freq), the top of
# both controllers' datasheets (SSD1306: clock cycle 2.5 us minimum; SH1106:
# "400KHz fast I2C"): many modules work faster, none is specified to.
#
# `flip` (drivers.orient.flips: bit 0 mirrors the columns, bit 1 the rows)
# is done by the controller itself (segment remap A0h/A1h, COM scan
# C0h/C8h): a board file's rotate 180 or mirror costs nothing per frame.
#
# An I2C NACK (nothing at that address) raises OSError on the bus; it becomes
# `error` (a DisplayError saying what to check) and the panel is given up;
# the box blinks the code on the pad LEDs and plays on.
from array import array
from drivers import DisplayError
from drivers import blink
from gfx import fb as gfb
from core.compat import const, viper

_SET_CONTRAST = const(0x81)
_ENTIRE_ON_RESUME = const(0xA4)
_NORMAL = const(0xA6)
_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
_MEM_MODE = const(0x20)
_COL_ADDR = const(0x21)
_PAGE_ADDR = const(0x22)
_START_LINE = const(0x40)
_SEG_REMAP = const(0xA1)
_MUX_RATIO = const(0xA8)
_COM_SCAN_DEC = const(0xC8)
_DISPLAY_OFFSET = const(0xD3)
_COM_PINS = const(0xDA)
_CLOCK_DIV = const(0xD5)
_PRECHARGE = const(0xD9)
_VCOMH = const(0xDB)
_CHARGE_PUMP = const(0x8D)
_RUN = const(16)        # columns a hash covers (drivers.oled_viper: the same)


def changed_plain(buf, a, w, sums, k, every):
    """The runs of _RUN bytes of buf[a:a + w] (a page) that differ from
    their hashes sums[k], sums[k + 1]...: first | last << 8 of them (every:
    all), -1 if none; their hashes are written back as sent.  The plain
    code of drivers.oled_viper.changed (the board's)."""
    first = -1
    last = 0
    j = 0
    for c in range(0, w, _RUN):
        h = 0x811C9DC5
        for i in range(a + c, a + min(c + _RUN, w)):
            h = ((h ^ buf[i]) * 16777619) & 0xFFFFFFFF
        if every or sums[k + j] != h:
            if first < 0:
                first = j
            last = j
            sums[k + j] = h
        j += 1
    return -1 if first < 0 else first | (last << 8)


changed = viper("drivers.oled_viper", "changed", changed_plain)


def init_sequence(width, height, external_vcc=False, flip=0):
    """(command, data) pairs of the power-on init (SSD1306 datasheet,
    application note flow), for this panel size and flip (see above)."""
    return [
        (_DISPLAY_OFF, None),
        (_MEM_MODE, b"\x00"),                       # horizontal addressing
        (_START_LINE, None),
        (_SEG_REMAP ^ (flip & 1), None),            # column 127 -> SEG0 (A0h: mirrored)
        (_MUX_RATIO, bytes([height - 1])),
        (_COM_SCAN_DEC ^ ((flip & 2) << 2), None),  # COM[N-1] -> COM0 (C0h: upside down)
        (_DISPLAY_OFFSET, b"\x00"),
        (_COM_PINS, b"\x02" if width > 2 * height else b"\x12"),
        (_CLOCK_DIV, b"\x80"),
        (_PRECHARGE, b"\x22" if external_vcc else b"\xf1"),
        (_VCOMH, b"\x30"),
        (_SET_CONTRAST, b"\xff"),
        (_ENTIRE_ON_RESUME, None),
        (_NORMAL, None),
        (_CHARGE_PUMP, b"\x10" if external_vcc else b"\x14"),
        (_DISPLAY_ON, None),
    ]


class Ssd1306:
    init_sequence = staticmethod(init_sequence)
    kind = "ssd1306"     # the display family (mono OLED), whichever controller
    chip = "SSD1306"

    def __init__(self, bus, width=128, height=64, where="", rst=None, flip=0):
        self.bus = bus
        self.flip = flip
        self.width = width
        self.height = height
        self.where = where  # "I2C1 address 0x3C (GP26 SDA, GP27 SCL)": for the error
        self.rst = rst
        self.pages = height // 8
        self.format = gfb.MONO_VLSB
        self.buf, self.fb = gfb.new(width, height, gfb.MONO_VLSB)
        self._mv = memoryview(self.buf)
        self._runs = (width + _RUN - 1) // _RUN
        self._sums = array("I", range(self._runs * self.pages))   # what the controller's RAM holds, hashed
        self._all = True                        # the next frame goes whole
        self._win = bytearray(6)                # the commands that open a page's window
        self.error = None
        self._next = self.pages  # next page to send; == pages: nothing to send
        self.frames = 0
        self.ready = False
        self.paced = False

    def busy(self):
        """True while pages of the last frame are still to be sent."""
        return self._next < self.pages

    def begin(self):
        """Send the init sequence (fast: ~40 bytes).  False and `error` set
        if the panel does not answer."""
        try:
            if self.rst is not None:
                self.rst.value(0)
                self.rst.value(1)
            for c, d in self.init_sequence(self.width, self.height, False, self.flip):
                self.bus.cmd(c, d)
        except OSError as e:
            self._fail(e)
            return False
        self._all = True
        self.ready = True
        return True

    def show(self, full=None):
        if self.error is None:
            self._next = 0
            if not self.paced:
                while self._next < self.pages and self.error is None:
                    self.poll()

    def poll(self, now_ms=None):
        """Send one changed page if a frame is waiting."""
        if self.error is None and self._next < self.pages:
            self._page()

    def _page(self):
        # (apart from poll, which the loop calls every pass: this frame is
        # too big for the C stack, see app.box.App.tick)
        # The next page whose runs differ from the controller's RAM (by
        # their hashes, nothing allocated), from its first changed run to
        # its last.
        w = self.width
        p = self._next
        while p < self.pages:
            a = p * w
            r = changed(self.buf, a, w, self._sums, p * self._runs, self._all)
            if r < 0:
                p += 1
                continue
            c0 = (r & 0xFF) * _RUN
            c1 = min(w, ((r >> 8) + 1) * _RUN)
            try:
                self._window(p, c0, c1)
                self.bus.data(self._mv[a + c0:a + c1])
            except OSError as ex:
                self._fail(ex)
                return
            break
        self._next = p + 1
        if self._next >= self.pages:
            self._next = self.pages
            self._all = False
            self.frames += 1

    def _window(self, p, c0, c1):
        """Point the controller's RAM at page p, panel columns c0..c1-1 (a
        column and a page window, horizontal addressing: one command run)."""
        # The column offset: a 64-px-wide panel sits in the middle of the
        # 128 columns of the controller.
        x0 = (128 - self.width) // 2 if self.width < 128 else 0
        b = self._win
        b[0] = _COL_ADDR
        b[1] = x0 + c0
        b[2] = x0 + c1 - 1
        b[3] = _PAGE_ADDR
        b[4] = p
        b[5] = p
        self.bus.cmds(b)

    def show_now(self):
        self.show()
        while self.busy():
            self.poll()

    def set_brightness(self, level):
        """The box's brightness setting, 1 (dim) to 5 (full): the contrast."""
        self.contrast(min(255, max(1, level) * 51))

    def contrast(self, level):
        self._safe(_SET_CONTRAST, bytes([level & 0xFF]))

    def power(self, on):
        self._safe(_DISPLAY_ON if on else _DISPLAY_OFF, None)

    def _safe(self, c, d):
        if self.error is None:
            try:
                self.bus.cmd(c, d)
            except OSError as e:
                self._fail(e)

    def _fail(self, e):
        self.error = DisplayError(
            "OLED: the %s does not answer (OSError %s) on %s: check the wiring, its power "
            "and its address (blink code %d)" % (self.chip, e.args[0] if e.args else e, self.where or "its bus",
                                                 blink.DISPLAY_NO_ANSWER),
            blink.DISPLAY_NO_ANSWER)
        self._next = self.pages
