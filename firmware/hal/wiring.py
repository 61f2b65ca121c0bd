# The board's parts wired from its board file, the same on every port: the
# Hal object the box talks to, the Board from a name, path or dict, and one
# dispatch from the board file's display and parts to their drivers, over
# the buses and pins a port supplies (`parts`).
#
#   hal = Hal(board, clock, pads, leds, display, buzzer, storage, watchdog, echo, menu)
#   b = _as_board("pico_oled" | "boards/x.json" | dict | Board)
#   open_display(board, clock, parts), open_leds(board, parts),
#   open_buzzer(board, clock, parts), open_menu(board, clock, parts)
#
# A port's buses and pins (`parts`: hal.rp2.parts.Buses on machine,
# hal.host.parts.Buses on recorders) answer: out(gpio, value) an output
# pin, pin(gpio) an input with its pull-up, spi(d) / i2c(d) the display's
# bus, ssd1680(d) the e-ink panel's (command bus, BUSY pin, driver class),
# pio(d) the WS2812 matrix's output, pwm(gpio), and finish(display) once
# the display driver exists (the port's finishing touch: the host's
# recorders, the board's viper loops).
# Only the board's own display driver is imported: each costs some KB of RAM.
#
# Below the facade (hal/__init__.py) and both ports, which take their shared
# names from here.
from hal.boarddata import Board

# Only the boot uses these (main.forget_boot drops them from this module once
# the box is up, with this tuple: the heap goes to the games)
_BOOT = ("open_display", "open_leds", "open_buzzer", "open_menu")


def _as_board(b):
    if isinstance(b, Board):
        return b
    # the checker (hal.board) is imported only to read a board file
    import hal.board as _board
    if isinstance(b, str):
        if "/" not in b and not b.endswith(".json"):
            b = "boards/" + b + ".json"
        return _board.load(b)
    return _board.validate(b)


def _host_voice_dir():
    # firmware/voice/ beside the hal package (the board has it at /voice/)
    f = __file__
    i = max(f.rfind("/hal/"), f.rfind("\\hal\\"))
    return (f[:i + 1] if i >= 0 else "") + "voice/"


class Hal:
    def __init__(self, board, clock, pads, leds, display, buzzer, storage, watchdog, echo=True, menu=None):
        self.board = board
        self.clock = clock
        self.pads = pads
        self.leds = leds
        self.display = display
        self.buzzer = buzzer
        self.storage = storage
        self.watchdog = watchdog
        self.menu = menu      # drivers.button.MenuButton, None if the board has none
        self.blinker = None   # drivers.blink.Blinker, made when the display fails (its code
        # and names are not the heap's until then: issue 41)
        self.notices = []
        self.echo = echo      # print notices on the REPL (the board); the host keeps them quiet
        self.failed_code = 0
        self.wire = None      # the host port's recorder of bus traffic
        self.voice = None     # drivers.voice.Voice when the board has a speaker
        self.voice_dir = "voice/"
        self.power = None     # hal.rp2.parts.Power / hal.host.parts.Power: supply switch, battery, sleep (issue 27)
        self._reported = None
        self._check()

    def poll(self, now_ms=None):
        """One pass of the main loop's hardware chores.  Never waits."""
        if now_ms is None:
            now_ms = self.clock.ticks_ms()
        # The loop polls: the OLED may now send one page per pass.
        self.display.paced = True
        self.display.poll(now_ms)
        if self.menu is not None:
            self.menu.poll(now_ms)
        self.buzzer.poll(now_ms)
        if self.voice is not None:
            self.voice.poll(now_ms)
        self._check(now_ms)
        if self.blinker is not None:
            self.blinker.poll(now_ms)

    def _check(self, now_ms=None):
        e = self.display.error
        if e is not None and e is not self._reported:
            self._reported = e
            self.failed_code = e.code
            self.notices.append(str(e))
            if self.echo:
                print(str(e))  # the REPL: for whoever plugs in a USB cable
            if self.blinker is None:
                from drivers.blink import Blinker
                self.blinker = Blinker(self.leds)
            self.blinker.start(e.code, self.clock.ticks_ms() if now_ms is None else now_ms)


def open_display(board, clock, parts):
    """The driver of the board's display on the port's buses, turned as the
    board file says (drivers/orient.py, imported only for a turn)."""
    d = board.display
    turned = d.rotate or d.mirror
    flip = 0
    if turned:
        from drivers import orient
        flip = orient.turn(d)
    if d.kind == "ws2812":
        from drivers.ws2812 import Ws2812Matrix
        # the renderer's picture: a quarter turn swaps its width and height
        w, h = (d.height, d.width) if d.rotate % 180 else (d.width, d.height)
        display = Ws2812Matrix(parts.pio(d), w, h, d.layout, d.order, d.max_ma)  # type: Ws2812Matrix | Ssd1306
        if turned:
            orient.turn(d, display)
    elif d.kind == "ssd1680":
        # the port's e-ink: its command bus, BUSY pin and the driver class
        # (drivers.ssd1680.Ssd1680, imported by the port for an e-ink board)
        bus, busy, panel = parts.ssd1680(d)
        display = panel(bus, parts.out(d.rst, 1), busy, clock, d.width, d.height,
                        d.full_every, "BUSY (GP%d)" % d.busy, flip)
    else:
        if d.layout != "sh1106":
            from drivers.ssd1306 import Ssd1306
        else:
            # the same driver with the SH1106's init and page addressing
            # (a subclass: imported second, mypy takes it for the first)
            from drivers.sh1106 import Sh1106 as Ssd1306
        if d.bus == "i2c":
            from drivers.cmdbus import I2cCmdBus
            oled = Ssd1306(I2cCmdBus(parts.i2c(d), d.addr), d.width, d.height,
                           "I2C%d address 0x%02X (GP%d SDA, GP%d SCL)" % (d.i2c, d.addr, d.sda, d.scl),
                           None, flip)
        else:
            from drivers.cmdbus import SpiCmdBus
            bus = SpiCmdBus(parts.spi(d), parts.out(d.cs, 1), parts.out(d.dc, 0), True)
            oled = Ssd1306(bus, d.width, d.height, "SPI%d (GP%d SCK, GP%d MOSI)" % (d.spi, d.sck, d.mosi),
                           parts.out(d.rst, 1), flip)
        oled.begin()
        display = oled
    parts.finish(display)
    return display


def open_leds(board, parts):
    from drivers.button import PadLeds
    return PadLeds([None if g is None else parts.out(g, 0) for g in board.led_pins()])


def open_buzzer(board, clock, parts):
    from drivers.buzzer import Buzzer, NullPwm
    if board.buzzer_pin is None:
        return Buzzer(NullPwm(), clock)
    return Buzzer(parts.pwm(board.buzzer_pin), clock)


def open_menu(board, clock, parts):
    if board.menu_pin is None:
        return None
    from drivers.button import MenuButton
    return MenuButton(parts.pin(board.menu_pin), clock)
