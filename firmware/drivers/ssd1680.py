# SSD1680 e-ink panel (2.9", 296x128) over SPI, never blocking the main loop.
#
# The renderer draws into `fb`: MONO_VLSB, width x height in landscape
# (width = the panel's 296 gate lines, height = its 128 source lines), pixel
# 1 = ink.  That buffer goes to the controller as is, in one SPI write, with
# no copy: data entry mode 0x06 (Y counts first, X counts down) makes the
# controller's byte order the MONO_VLSB page order; register 0x21 makes it
# read 1 as black.
#
# Nothing here waits: every operation is a list of steps (a command, a pin
# level, a pause, "wait until BUSY is low") run by poll(), which the main
# loop calls.  A step that must wait returns at once and is tried again on
# the next poll, so the pads and the rest of the box keep going during the
# ~1.6 s of a full refresh.  BUSY still high after the timeout -> `error` is
# set (a DisplayError naming the pin), the panel is given up, and the box
# blinks the code on the pad LEDs.
#
# Refreshes: a full one (display mode 1, clears ghosting, flashes) every
# `full_every` partial ones (display mode 2: only changed pixels move,
# against the previous image kept in the controller's second RAM).
#
# A panel mounted turned (board file rotate 180 and/or mirror; `flip` as
# drivers.orient.flips gives it, bit 0 mirrors the columns, bit 1 the rows):
# the columns are the gate lines, which the RAM's Y counter walks down
# instead of up (data entry mode, the Y window and counter), at no cost.
# The rows are the source lines, 8 to a RAM byte, and the controller can
# walk its bytes the other way but not reverse the bits within one: with
# bit 1 the frame goes out one page (a row of `width` bytes) at a time,
# each byte bit-reversed on the way into a row buffer of `width` bytes (296
# B, made once) by a framebuf blit from a MONO_HMSB view of the frame
# buffer into a MONO_HLSB view of the row (the two formats number a byte's
# bits the opposite way): C speed on MicroPython, no second frame buffer
# and nothing allocated per frame.
from drivers import DisplayError
from drivers import blink
from gfx import fb as gfb
from core.compat import const

# Commands (SSD1680 datasheet, command table)
_KEEP_REFRESHES = const(32)
_DRIVER_OUTPUT = const(0x01)
_DEEP_SLEEP = const(0x10)
_DATA_ENTRY = const(0x11)
SW_RESET = const(0x12)
_TEMP_SENSOR = const(0x18)
MASTER_ACTIVATION = const(0x20)
_UPDATE_CTRL1 = const(0x21)
UPDATE_CTRL2 = const(0x22)
WRITE_BW = const(0x24)
_WRITE_RED = const(0x26)      # in black/white mode: the previous image, for partial updates
_BORDER = const(0x3C)
_RAM_X = const(0x44)
_RAM_Y = const(0x45)
_RAM_X_COUNTER = const(0x4E)
_RAM_Y_COUNTER = const(0x4F)

SEQ_FULL = const(0xF7)      # clock, analog, temperature, LUT mode 1, display, off
_SEQ_PARTIAL = const(0xFF)   # the same with LUT mode 2 (partial)

_RESET_MS = const(10)
_INIT_TIMEOUT_MS = const(2000)
_REFRESH_TIMEOUT_MS = const(10000)  # a full refresh takes ~1.6 s, ~4 s when cold

# The panel's typical times (DESIGN.md: ~1.6 s full, 0.3-0.5 s partial):
# the one set the PC's models of the panel take (hal/host/eink.py, the
# simulator's window, the emulated RP2040's panel in tools/pico).
FULL_US = const(1600000)     # BUSY high after a full refresh
PARTIAL_US = const(400000)   # after a partial one
RESET_US = const(2000)       # after a software reset

# Step kinds
_CMD = const(0)
_PIN = const(1)
_PAUSE = const(2)
_BUSY = const(3)
_FRAME = const(4)
_DONE = const(5)


class Ssd1680:
    kind = "ssd1680"

    def __init__(self, bus, rst, busy_pin, clock, width=296, height=128, full_every=5, busy_name="BUSY",
                 flip=0):
        if height % 8:
            raise ValueError("ssd1680: height %d is not a multiple of 8 (source lines go by bytes)" % height)
        self.bus = bus
        self.rst = rst
        self.busy_pin = busy_pin
        self.busy_name = busy_name
        self.clock = clock
        self.width = width
        self.height = height
        self.full_every = full_every
        self.format = gfb.MONO_VLSB
        self.buf, self.fb = gfb.new(width, height, gfb.MONO_VLSB)
        self.flip = flip
        if flip & 2:
            # the rows upside down: the bit reversal's row and views (see above)
            self._row = bytearray(width)
            self._rows = gfb.FrameBuffer(self._row, 8 * width, 1, gfb.MONO_HLSB)
            self._pages = gfb.FrameBuffer(self.buf, 8 * width, height // 8, gfb.MONO_HMSB)
        self.error = None
        self.steps = []
        self._i = 0
        self._t0 = -1         # when the current wait started (ms ticks), -1: not waiting
        self.pending = False  # a show() arrived while the panel was busy
        self.pending_full = False
        self.rows = (0, height)   # the rows the next refresh sends (show)
        self.dirty = (0, height)  # the rows the next show() is told changed
        self.partials = 0     # partial refreshes since the last full one
        # "full"/"partial", in order (what was asked of the panel): the last
        # few only, so a long game does not grow the heap by a slot a refresh
        self.refreshes = []
        self.ready = False    # init done
        self.begin()

    # -- the display interface --

    def busy(self):
        """True while an operation is under way (show() is then queued).
        Runs poll() first, so a loop that only asks busy() still moves the
        panel on."""
        self.poll()
        return self._i < len(self.steps)

    def show(self, full=None):
        """Ask for the frame buffer on the panel.  full true: a full refresh
        now; otherwise the schedule decides (a full refresh every full_every
        partial ones).  `dirty` (y0, y1), set before: only those rows of the
        picture changed since the last show (gfx.canvas's cv.rows, through
        app.io.Display); a partial refresh then sends only their pages.
        Returns at once; poll() does the work."""
        if self.error is not None:
            return
        rows = self.dirty
        self.dirty = (0, self.height)   # (a show not told: every row)
        if self.busy():
            if self.pending:
                rows = (min(rows[0], self.rows[0]), max(rows[1], self.rows[1]))
            self.rows = rows
            self.pending = True
            self.pending_full = self.pending_full or bool(full)
            return
        self.rows = rows
        self._refresh(True if full else None)
        self.poll()

    def poll(self, now_ms=None):
        """Run the steps that can run now.  Never waits."""
        if self.error is not None:
            return
        if now_ms is None:
            now_ms = self.clock.ticks_ms()
        while self._i < len(self.steps):
            st = self.steps[self._i]
            k = st[0]
            if k == _CMD:
                self.bus.cmd(st[1], st[2])
            elif k == _PIN:
                st[1].value(st[2])
            elif k == _FRAME:
                self._write(st)
            elif k == _PAUSE:
                if self._t0 < 0:
                    self._t0 = now_ms
                if self.clock.ticks_diff(now_ms, self._t0) < st[1]:
                    return
                self._t0 = -1
            elif k == _BUSY:
                if self._t0 < 0:
                    self._t0 = now_ms
                if self.busy_pin.value():
                    waited = self.clock.ticks_diff(now_ms, self._t0)
                    if waited >= st[1]:
                        self._fail(st[2], waited)
                    return
                self._t0 = -1
            elif k == _DONE:
                st[1]()
            self._i += 1
        if self.pending:
            full = self.pending_full
            self.pending = self.pending_full = False
            self._refresh(True if full else None)
            self.poll(now_ms)

    # -- operations (lists of steps) --

    def _run(self, steps):
        self.steps = steps
        self._i = 0
        self._t0 = -1

    def _write(self, st):
        # st (_FRAME, c, a, b): pages a to b - 1 (rows of 8) of the frame to
        # RAM c (apart from poll: its frame stays on the C stack): in one write
        # upright; the rows upside down, page p (rows 8p..8p+7, bit 0 on
        # top) is RAM X byte p (sources 8p.., bit 7 first) with its bits
        # reversed
        c, a, b = st[1], st[2], st[3]
        bus = self.bus
        if not self.flip & 2:
            bus.cmd(c, memoryview(self.buf)[a * self.width:b * self.width])
            return
        bus.cmd(c)
        for p in range(a, b):
            self._rows.blit(self._pages, 0, -p)
            bus.data(self._row)

    def _window(self):
        """(X start, X end, Y start, Y end) of the RAM, walked in the order
        the frame buffer's bytes come: X bytes down from the last (up from 0
        with the rows flipped), Y gate lines up from 0 (down from the last
        with the columns flipped)."""
        xe = self.height // 8 - 1
        n = self.width - 1
        xs = 0 if self.flip & 2 else xe
        ys = n if self.flip & 1 else 0
        return xs, xe - xs, ys, n - ys

    def begin(self):
        """Hardware reset and init (SSD1680 datasheet, typical sequence)."""
        n = self.width - 1
        xs, xe, ys, ye = self._window()
        f = self.flip
        self._run([
            (_PIN, self.rst, 0), (_PAUSE, _RESET_MS), (_PIN, self.rst, 1), (_PAUSE, _RESET_MS),
            (_BUSY, _INIT_TIMEOUT_MS, "after reset"),
            (_CMD, SW_RESET, None),
            (_BUSY, _INIT_TIMEOUT_MS, "after software reset"),
            (_CMD, _DRIVER_OUTPUT, bytes([n & 0xFF, n >> 8, 0x00])),
            # Y first, Y up and X down (06h): the MONO_VLSB order; Y down
            # for flipped columns, X up for flipped rows
            (_CMD, _DATA_ENTRY, bytes([0x06 ^ ((f & 1) << 1) ^ (f >> 1)])),
            (_CMD, _RAM_X, bytes([xs, xe])),
            (_CMD, _RAM_Y, bytes([ys & 0xFF, ys >> 8, ye & 0xFF, ye >> 8])),
            (_CMD, _BORDER, b"\x05"),
            (_CMD, _UPDATE_CTRL1, b"\x88\x80"),      # read both RAMs inverted: 1 = ink
            (_CMD, _TEMP_SENSOR, b"\x80"),           # the internal sensor picks the waveform
            (_BUSY, _INIT_TIMEOUT_MS, "after init"),
            (_DONE, self._ready),
        ])

    def _ready(self):
        self.ready = True

    def _counters(self, a, b, c):
        """The steps that write pages a to b - 1 of the frame to RAM c: the
        X window of those pages (the whole Y range), its counters, the
        bytes."""
        xs, xe, ys, _ = self._window()
        if self.flip & 2:
            xs, xe = a, b - 1
        else:
            xs, xe = xs - a, xs - (b - 1)
        return [(_CMD, _RAM_X, bytes([xs, xe])), (_CMD, _RAM_X_COUNTER, bytes([xs])),
                (_CMD, _RAM_Y_COUNTER, bytes([ys & 0xFF, ys >> 8])), (_FRAME, c, a, b)]

    def _refresh(self, full):
        if full is None:
            full = self.full_every == 0 or self.partials >= self.full_every or not self.refreshes
        # a partial refresh sends only the pages of the rows that changed
        # (show's rows): the rest of both RAMs already holds them (issue 26:
        # the refresh starts sooner: 4.7 KB the whole frame, 4.3 ms at the
        # board files' 10 MHz, 8.9 on the wire)
        a, b = 0, self.height // 8
        if not full:
            a = min(self.rows[0] // 8, b - 1)
            b = max((self.rows[1] + 7) // 8, a + 1)
        steps = self._counters(a, b, WRITE_BW)
        if full:
            # Both RAMs get the image, so the next partial refresh compares
            # against what is really on the glass.
            steps += self._counters(a, b, _WRITE_RED)
        steps += [(_CMD, UPDATE_CTRL2, bytes([SEQ_FULL if full else _SEQ_PARTIAL])),
                  (_CMD, MASTER_ACTIVATION, None),
                  (_BUSY, _REFRESH_TIMEOUT_MS, "during a full refresh" if full else "during a partial refresh")]
        if not full:
            steps += self._counters(a, b, _WRITE_RED)
        steps.append((_DONE, self._count_full if full else self._count_partial))
        r = self.refreshes
        if len(r) >= _KEEP_REFRESHES:
            del r[:-(_KEEP_REFRESHES // 2)]
        r.append("full" if full else "partial")
        self._run(steps)

    def _count_full(self):
        self.partials = 0

    def _count_partial(self):
        self.partials += 1

    def _fail(self, what, waited):
        self.error = DisplayError(
            "e-ink: the SSD1680 %s pin stayed high for %d ms %s: check its wiring, the panel "
            "cable and 3.3 V power (blink code %d)" % (self.busy_name, waited, what, blink.DISPLAY_BUSY_STUCK),
            blink.DISPLAY_BUSY_STUCK)
        self.steps = []
        self._i = 0

    def sleep(self):
        """Deep sleep (the image stays without power); needs begin() after."""
        self._run([(_CMD, _DEEP_SLEEP, b"\x01"), (_DONE, self._asleep)])

    def _asleep(self):
        self.ready = False
