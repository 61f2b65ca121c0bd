"""The board's display controller model, plugged on bus traffic, and the
host-rendered picture to compare it with.

Why: the emulated RP2040 and the host HAL both record what the firmware
sends to its display (pins, SPI bytes, I2C writes); the same controller
model (tools/pico/ssd1306.py, sh1106.py, ssd1680.py) decodes both, and the host's own
frame buffer says what the picture must be.  No renderer logic here: the
host picture is the firmware's frame buffer, run by the simulator's Box
(sim/box.py) on the host HAL.

    model, tap = for_board(board)       # board: a hal Board (hal.board.load)
    tap.pin(gpio, level, t_us)          # D/C, CS, RES# levels as they change
    tap.spi(data, t_us)                 # bytes on the display's SPI bus
    tap.i2c(addr, data, t_us)           # one I2C write (address byte apart)
    feed_wire(tap, hal.wire.events)     # the host recorder's traffic
    screen = PicoScreen(pico, "pico_oled")    # the emulator's events (tools.pico.pico.Pico)
    screen.update()                     # feed what was recorded since the last call
    model.frames, model.problems, model.picture()

    host = HostScreens("pico_oled")     # the firmware on the host HAL, model listening
    frame = host_frame("pico_eink", "menu")   # the first picture in that app state

CPython only (it runs the simulator); the firmware directory must be on
sys.path (host_tests/conftest.py does it, and host_path() below).
"""
import os
import sys

from tools.pico.frame import Frame
from tools.pico.ssd1306 import Ssd1306
from tools.pico.sh1106 import Sh1106
from tools.pico.ssd1680 import Ssd1680

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def host_path():
    """Make the firmware and the simulator importable (as the tests do)."""
    for p in (os.path.join(ROOT, "firmware"), ROOT):
        if p not in sys.path:
            sys.path.insert(0, p)


class SpiTap:
    """A 4-wire SPI controller's view of the wires: bytes count only with CS
    low; D/C says command or data; RES# low resets it and it ignores the
    bus until RES# is high again."""

    def __init__(self, model, dc, cs=None, rst=None, bus=None):
        self.model = model
        self.bus = bus
        self.dc, self.cs, self.rst = dc, cs, rst
        self.level = {dc: 0}
        if cs is not None:
            self.level[cs] = 1
        if rst is not None:
            self.level[rst] = 1
        self.ignored = 0    # bytes sent while the controller was not listening

    def pin(self, gpio, v, t_us=None):
        if v is None:
            return          # not driven (a chip reset): the module's pull-ups hold the level
        if gpio == self.rst and v == 0 and self.level.get(gpio, 1) != 0:
            self.model.reset()
        self.level[gpio] = 1 if v else 0

    def spi(self, data, t_us=None):
        lv = self.level
        if (self.cs is not None and lv[self.cs]) or (self.rst is not None and not lv[self.rst]):
            self.ignored += len(data)
            return
        self.model.spi_write(lv[self.dc], data, t_us)

    def i2c(self, addr, data, t_us=None):
        pass


class I2cTap:
    """An I2C controller at `addr`: writes to other addresses are not its."""

    def __init__(self, model, addr):
        self.model = model
        self.addr = addr

    def pin(self, gpio, v, t_us=None):
        pass

    def spi(self, data, t_us=None):
        pass

    def i2c(self, addr, data, t_us=None):
        if addr == self.addr:
            self.model.i2c_write(data, t_us)


def for_board(board):
    """(model, tap) for the display of a Board (hal.boarddata.Board, as
    hal.board.load gives), or None for a display with no controller model
    (the WS2812 matrix: its frames are decoded from the pin)."""
    d = board.display
    if d.kind == "ssd1306":
        m = (Sh1106 if d.layout == "sh1106" else Ssd1306)(d.width, d.height)
        if d.bus == "i2c":
            return m, I2cTap(m, d.addr)
        return m, SpiTap(m, d.dc, d.cs, d.rst, d.spi)
    if d.kind == "ssd1680":
        m = Ssd1680(d.width, d.height)
        return m, SpiTap(m, d.dc, d.cs, d.rst, d.spi)
    return None


def feed_wire(tap, events):
    """The host recorder's events (hal.host.bus.Wire.events) into a tap."""
    for ev in events:
        k = ev[0]
        if k == "pin":
            tap.pin(ev[1], ev[2])
        elif k == "spi":
            tap.spi(ev[2])
        elif k == "i2c":
            tap.i2c(ev[2], ev[3])


def load_board(board):
    """A Board from a name (boards/NAME.json), a path, or a Board."""
    if not isinstance(board, str):
        return board
    host_path()
    from hal.host import boards
    return boards.load(board)


class PicoScreen:
    """The board's controller model fed the emulated Pico's events (docs/
    pico.md: 'gpio' for RES#, 'spi' with its DC and CS levels, 'i2c'
    transactions), in time order.  update() feeds what came since the last
    call; the pictures are in model.frames (t_us: emulated time)."""

    def __init__(self, pico, board):
        self.pico = pico
        self.board = load_board(board)
        made = for_board(self.board)
        if made is None:
            raise ValueError("board %s: its display (%s) has no controller model"
                             % (self.board.name, self.board.display.kind))
        self.model, self.tap = made
        self._next = {"gpio": 0, "spi": 0, "i2c": 0}
        self.nacked = 0      # I2C writes to the display's address that nobody acknowledged

    def update(self):
        evs = []
        for order, kind in enumerate(("gpio", "spi", "i2c")):
            got = self.pico.events(kind)
            for e in got[self._next[kind]:]:
                evs.append((e["t"], order, len(evs), kind, e))
            self._next[kind] = len(got)
        evs.sort()
        tap = self.tap
        for t, _, _, kind, e in evs:
            if kind == "gpio":
                tap.pin(e["gpio"], e["level"], t)
            elif kind == "spi":
                if isinstance(tap, SpiTap) and (tap.bus is None or e["bus"] == tap.bus):
                    tap.pin(tap.dc, e["dc"], t)
                    if tap.cs is not None:
                        tap.pin(tap.cs, e["cs"], t)
                    tap.spi(bytes.fromhex(e["data"]), t)
            elif not e.get("read"):
                if e.get("ack"):
                    tap.i2c(e["addr"], bytes.fromhex(e["data"]), t)
                elif isinstance(tap, I2cTap) and e["addr"] == tap.addr:
                    self.nacked += 1
        return self.model.frames


def host_picture(box_frame, width, height, display=None):
    """A picture from sim.box.Box.frame(): the frame buffer bytes (MONO_VLSB
    for both controller boards) as the renderer left them, then as the glass
    shows them when the board's display is turned (display: hal Display)."""
    f = Frame.from_vlsb(box_frame[1], width, height, box_frame[4], "host")
    return glass(f, display) if display is not None else f


def glass(frame, display):
    """The renderer's picture as the panel's glass shows it, for a board
    Display with rotate/mirror (drivers/orient.py, the firmware's one
    definition of the turn)."""
    if not (display.rotate or display.mirror):
        return frame
    host_path()
    from drivers import orient
    w, h = frame.width, frame.height
    gw, gh = orient.size(w, h, display.rotate)
    pix = bytearray(gw * gh)
    for y in range(h):
        for x in range(w):
            gx, gy = orient.place(x, y, w, h, display.rotate, display.mirror)
            pix[gy * gw + gx] = frame.pix[y * w + x]
    return Frame(gw, gh, bytes(pix), frame.t_us, frame.kind)


class HostScreens:
    """The firmware on the host HAL (sim.box.Box) for a board, the board's
    controller model fed all the traffic the host recorder sees.

    step(us) runs the box and feeds the model.  host_frames lists, at each
    frame the firmware showed: (app state, host picture, how many model
    frames there were just before it).  args: more `python -m sim` flags
    (--bots ..., --length ...); with --bots bots play, else nobody presses."""

    def __init__(self, board, game="bataille", seed=1, args=()):
        host_path()
        from sim import box as _box
        from sim import cli
        self.cfg = cli.parse(["--board", board, "--game", game, "--headless", "--seed", str(seed)] + list(args))
        self.box = _box.Box(_box.load_board(board), self.cfg)
        # headless, the simulator brings bots by default: here only when
        # asked, so that with no --bots nobody presses (as on a board at boot)
        if "--bots" in args:
            self.box.add_bots(self.cfg.bots, self.cfg.seed)
        made = for_board(self.box.board)
        if made is None:
            raise ValueError("board %s: its display (%s) has no controller model" % (board, self.box.kind))
        self.model, self.tap = made
        self.host_frames = []
        self._seen = None
        self._feed()
        if self.box.kind == "ssd1306":
            self._watch_show()

    def _watch_show(self):
        # The OLED sends a frame page by page over the next loop passes: the
        # host picture is taken at show() (sim.box.Box does it), after the
        # traffic sent before it went to the model, so each host picture
        # knows which model frames came before it.
        disp = self.box.hal.display
        show = disp.show
        me = self

        def show_fed(full=None):
            me._feed_wire()
            r = show(full)
            me._take()
            return r
        disp.show = show_fed

    def _feed_wire(self):
        w = self.box.hal.wire
        feed_wire(self.tap, w.events)
        del w.events[:]

    def _take(self):
        fr = self.box.frame()
        if fr is not None and fr[0] != self._seen:
            self._seen = fr[0]
            n = len(self.model.frames)
            if self.box.kind == "ssd1680":
                n -= 1      # the refresh that made this host frame made the model's too
            self.host_frames.append((self.box.app.state,
                                     host_picture(fr, self.box.width, self.box.height, self.box.board.display), n))

    def _feed(self):
        self._feed_wire()
        self._take()

    def step(self, us):
        """Run the box for `us` of virtual time, feeding the model at each
        frame the box shows."""
        b = self.box
        end = b.clock.now + us
        while b.clock.now < end and not b.failed:
            b.step_until(end)
            self._feed()

    def close(self):
        self.box.close()


def host_frame(board, state="menu", within_us=30000000, game="bataille", seed=1):
    """The picture the host HAL shows first while the app is in `state`
    (after boot with nobody pressing: "menu" is the home menu)."""
    h = HostScreens(board, game, seed)
    try:
        t_end = h.box.clock.now + within_us
        while h.box.clock.now < t_end and not h.box.failed:
            h.step(50000)
            for st, pic, _ in h.host_frames:
                if st == state:
                    return pic
        raise LookupError("board %s: no frame shown in state %r within %.1f s (states seen: %s)"
                          % (board, state, within_us / 1e6, [s for s, _, _ in h.host_frames]))
    finally:
        h.close()
