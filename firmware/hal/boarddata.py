# A validated board file as the box keeps it (hal.board reads, checks and
# builds these; see docs/board.md).  Plain data, in a module of its own so
# that the checker can leave the heap once the HAL is open.
#
# load(path, ok): the Board of the board file at path from boardok.json, the
# checked board `make flash` writes beside it (tools/boardcheck.py
# checked_text: the checker's own Board, on the PC), only when that was made
# of the very text of this board file; else None, and the caller checks the
# file (hal.board.load: a bad board file still names its pin and rule).  It
# spares the boot the checker (~145 ms on the .mpy box, its ~30 names).


class Pad:
    def __init__(self, pin, led):
        self.pin = pin
        self.led = led


class Display:
    """The display section, with defaults filled in; attributes by kind:
    ws2812: width height pin layout order max_ma
    ssd1680: width height spi sck mosi cs dc rst busy baudrate full_every
    ssd1306: width height bus addr freq i2c sda scl | spi sck mosi cs dc rst baudrate,
      layout: the controller, "ssd1306" or "sh1106" (board file kind "sh1106")
    all: rotate (0/90/180/270, clockwise) and mirror (left-right after it),
      how the panel is mounted (drivers/orient.py)"""

    def __init__(self, kind):
        self.kind = kind
        self.width = self.height = 0
        self.pin = self.max_ma = None
        self.layout = self.order = self.bus = None
        self.spi = self.sck = self.mosi = self.cs = self.dc = self.rst = self.busy = None
        self.i2c = self.sda = self.scl = self.addr = self.freq = self.baudrate = None
        self.full_every = 0
        self.rotate = 0
        self.mirror = False


class Board:
    def __init__(self):
        self.name = ""
        self.module = ""
        self.source = ""
        self.pads = []
        self.display = None
        self.buzzer_pin = None
        self.speaker_pin = None     # a PWM speaker for the voice (issue 17)
        self.menu_pin = None
        self.pad_timing = "auto"    # "pio", "irq" or "auto" (pio when the pads are consecutive)
        self.supply_ma = 1000
        self.led_budget_ma = 500

    @property
    def n_pads(self):
        return len(self.pads)

    def pad_pins(self):
        return [p.pin for p in self.pads]

    def led_pins(self):
        return [p.led for p in self.pads]

    def uses(self):
        """Every pin with what it does, in a fixed order: [(use, pin)]."""
        out = []
        for i, p in enumerate(self.pads):
            out.append(("pads[%d].pin" % i, p.pin))
            if p.led is not None:
                out.append(("pads[%d].led" % i, p.led))
        d = self.display
        for f in DISPLAY_PINS[display_key(d)]:
            out.append(("display." + f, getattr(d, f)))
        if self.buzzer_pin is not None:
            out.append(("buzzer.pin", self.buzzer_pin))
        if self.speaker_pin is not None:
            out.append(("speaker.pin", self.speaker_pin))
        if self.menu_pin is not None:
            out.append(("menu_button.pin", self.menu_pin))
        p = getattr(self, "power", None)    # hal.power: the supply switch, a wired battery sense
        if p is not None:
            if p[0] is not None:
                out.append(("power.switch", p[0]))
            if p[3] is not None:
                out.append(("power.sense", p[3]))
        return out


def load(path, ok="boardok.json"):
    with open(path) as f:   # OSError: no board file (main.py: the frozen one)
        text = f.read()
    import json     # (here: json, an extensible built-in, costs file-system lookups at each import)
    try:
        with open(ok) as f:
            c = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(c, list) or len(c) != 4 or c[0] != text:
        return None
    b = Board()
    for k, v in c[1].items():
        setattr(b, k, tuple(v) if isinstance(v, list) else v)
    b.source = path
    b.pads = [Pad(p[0], p[1]) for p in c[2]]
    b.display = Display(c[3]["kind"])
    for k, v in c[3].items():
        setattr(b.display, k, v)
    return b


DISPLAY_PINS = {
    "ws2812": ("pin",),
    "ssd1680": ("sck", "mosi", "cs", "dc", "rst", "busy"),
    "ssd1306/i2c": ("sda", "scl"),
    "ssd1306/spi": ("sck", "mosi", "cs", "dc", "rst"),
}


def display_key(d):
    return d.kind + "/" + d.bus if d.kind == "ssd1306" else d.kind
