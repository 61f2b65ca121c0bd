# Board files: boards/<name>.json, the one place that names pins (see
# docs/board.md for the format).  load/parse/validate turn one into a Board
# and refuse a bad one with ONE message naming the pin and the reason, so a
# person wiring a box knows what to change.  Checked at boot and in the tests.
import json

# What each module exposes.  `pins`: GPIOs a board file may use.  `reserved`:
# GPIOs the module itself wires to something, and what (the error says so).
# (The Pico's pin list is spelt twice, not named: every module name here is
# interned for good: host_tests/test_app_heap.py, the six pools of names.)
MODULES = {  # type: dict
    "pico": {
        "title": "Raspberry Pi Pico",
        "pins": list(range(0, 23)) + [26, 27, 28],
        "reserved": {23: "the Pico's power-supply mode pin (SMPS PS)",
                     24: "the Pico's VBUS sense input",
                     25: "the Pico's on-board LED",
                     29: "the Pico's VSYS voltage sense (ADC3)"},
    },
    "pico_w": {
        "title": "Raspberry Pi Pico W",
        "pins": list(range(0, 23)) + [26, 27, 28],
        "reserved": {23: "the wireless chip's power-on line (WL_ON)",
                     24: "the wireless chip's SPI data/IRQ line",
                     25: "the wireless chip's SPI chip-select",
                     29: "the wireless chip's SPI clock (and VSYS sense)"},
    },
    "rp2040_zero": {
        "title": "Waveshare RP2040-Zero",
        "pins": list(range(0, 16)) + list(range(17, 30)),
        "reserved": {16: "the RP2040-Zero's on-board WS2812 LED"},
    },
}

# (pads: 2 to 8; the chain layouts and colour orders are spelt where they
# are checked, not as module names: every name here is interned for good)
DISPLAY_KINDS = ("ssd1306", "sh1106", "ssd1680", "ws2812")

# Every key a board file may hold, per object: a typo in an optional key
# (say "menu_buton") would otherwise be ignored without a word.
KEYS = {  # type: dict
    "": ("name", "module", "pads", "display", "buzzer", "speaker", "menu_button", "power",
         "pad_timing"),
    "pads": ("pin", "led"),         # each pad's
    "buzzer": ("pin",), "speaker": ("pin",), "menu_button": ("pin",),
    "power": ("supply_ma", "led_budget_ma", "switch", "sense"),
    "ws2812": ("kind", "width", "height", "pin", "layout", "order", "max_ma", "rotate", "mirror"),
    "ssd1306": ("kind", "width", "height", "bus", "spi", "sck", "mosi", "cs", "dc", "rst", "baudrate",
                "i2c", "sda", "scl", "addr", "freq", "rotate", "mirror"),
}
KEYS["sh1106"] = KEYS["ssd1306"]
KEYS["ssd1680"] = KEYS["ssd1306"] + ("busy", "full_every")


def _known_keys(c, d, key, where):
    """Refuse a key of d that KEYS[key] does not list, naming it."""
    bad = sorted([k for k in d if k not in KEYS[key]])
    if bad:
        c.fail("unknown key %s%s (a typo? known here: %s)" % (where, bad[0], ", ".join(KEYS[key])))


def pwm_slice(pin):
    """The RP2040 PWM slice (0..7) on this GPIO (datasheet 4.5.2)."""
    return (pin >> 1) & 7


class BoardError(ValueError):
    """A board file refused: the message names the pin (or field) and why."""

    def __init__(self, source, msg, pin=None):
        super().__init__("%s: %s" % (source, msg))
        self.pin = pin


# The Board itself lives in hal.boarddata, which stays small: the box keeps a
# Board for ever, while this module (the checks and their messages) can be
# dropped once the board is validated (hal.forget_board_checks).
from hal.boarddata import Pad, Display, Board, DISPLAY_PINS, display_key  # noqa: F401
# The display section's checks (its kinds' fields, the mounting, the buses
# and their pins) are hal.board_display's, dropped with this module.
from hal.board_display import spi_of, i2c_of, display as _display  # noqa: F401


def load(path):
    """Read and validate a board file; a Board or a BoardError."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        raise BoardError(path, "cannot read the board file (%s)" % e)
    return parse(text, path)


def parse(text, source="<board>"):
    try:
        d = json.loads(text)
    except ValueError as e:
        raise BoardError(source, "not valid JSON (%s)" % e)
    return validate(d, source)


class _Checker:
    def __init__(self, source, module):
        self.source = source
        self.module = module

    def fail(self, msg, pin=None):
        raise BoardError(self.source, msg, pin)

    def field(self, d, key, where, default=None, required=True):
        if key in d and d[key] is not None:
            return d[key]
        if required:
            self.fail("%s%s is missing" % (where, key))
        return default

    def int_(self, d, key, where, lo, hi, default=None, required=True):
        v = self.field(d, key, where, default, required)
        if v is None:
            return None
        if not isinstance(v, int) or isinstance(v, bool) or not (lo <= v <= hi):
            self.fail("%s%s must be a whole number from %d to %d, not %r" % (where, key, lo, hi, v))
        return v

    def pin(self, d, key, where, required=True):
        v = self.field(d, key, where, None, required)
        if v is None:
            return None
        use = where + key
        if not isinstance(v, int) or isinstance(v, bool):
            self.fail("%s must be a GPIO number like 5 (for GP5), not %r" % (use, v))
        m = MODULES[self.module]
        if v in m["reserved"]:
            self.fail("GP%d (%s) is reserved on the %s: it is %s" % (v, use, m["title"], m["reserved"][v]), v)
        if v not in m["pins"]:
            # the module's pins as ranges, "GP0-GP15, GP17-GP29"
            pins = m["pins"]
            out = []
            start = prev = pins[0]
            for p in pins[1:] + [None]:
                if p is not None and p == prev + 1:
                    prev = p
                    continue
                out.append("GP%d" % start if start == prev else "GP%d-GP%d" % (start, prev))
                if p is not None:
                    start = prev = p
            self.fail("GP%d (%s): the %s has no GP%d pin to wire (it has %s)" % (v, use, m["title"], v, ", ".join(out)), v)
        return v


def _dict(c, d, key, where, required=True):
    v = d.get(key) if isinstance(d, dict) else None
    if v is None:
        if required:
            c.fail("%s%s is missing" % (where, key))
        return None
    if not isinstance(v, dict):
        c.fail("%s%s must be an object {...}, not %r" % (where, key, v))
    return v


def validate(d, source="<board>"):
    """A Board from a parsed board file, or a BoardError naming pin and reason."""
    if not isinstance(d, dict):
        raise BoardError(source, "a board file is one JSON object {...}")
    c = _Checker(source, None)
    _known_keys(c, d, "", "")
    for key in ("buzzer", "speaker", "menu_button", "power"):
        if isinstance(d.get(key), dict):
            _known_keys(c, d[key], key, key + ".")
    b = Board()
    b.source = source
    b.name = c.field(d, "name", "")
    b.module = c.field(d, "module", "")
    if b.module not in MODULES:
        c.fail("module %r is unknown (known: %s)" % (b.module, ", ".join(sorted(MODULES))))
    c.module = b.module

    pads = c.field(d, "pads", "")
    if not isinstance(pads, list):
        c.fail("pads must be a list of {\"pin\": N, \"led\": N or null}")
    if len(pads) < 2:
        c.fail("%d pad(s): a game needs at least %d pads" % (len(pads), 2))
    if len(pads) > 8:
        c.fail("%d pads: the box drives at most %d pads" % (len(pads), 8))
    for i, p in enumerate(pads):
        where = "pads[%d]." % i
        if not isinstance(p, dict):
            c.fail("%s must be an object {\"pin\": N, \"led\": N or null}" % where[:-1])
        _known_keys(c, p, "pads", where)
        b.pads.append(Pad(c.pin(p, "pin", where), c.pin(p, "led", where, required=False)))
    b.pad_timing = d.get("pad_timing", "auto")
    if b.pad_timing not in ("auto", "pio", "irq"):
        c.fail("pad_timing %r is unknown (known: auto, pio, irq)" % (b.pad_timing,))
    pins = b.pad_pins()
    if b.pad_timing == "pio" and sorted(pins) != list(range(min(pins), min(pins) + len(pins))):
        c.fail("pad_timing \"pio\" needs the pads on consecutive GPIOs (the PIO reads them in one "
               "`in pins`); these are %s: use \"irq\" or \"auto\"" % (b.pad_pins(),))

    dd = _dict(c, d, "display", "")
    kind = c.field(dd, "kind", "display.")
    if kind not in DISPLAY_KINDS:
        c.fail("display.kind %r is unknown (known: %s)" % (kind, ", ".join(DISPLAY_KINDS)))
    _known_keys(c, dd, kind, "display.")
    b.display = _display(c, dd, kind)

    bz = _dict(c, d, "buzzer", "", required=False)
    if bz is not None:
        b.buzzer_pin = c.pin(bz, "pin", "buzzer.")
    sp = _dict(c, d, "speaker", "", required=False)
    if sp is not None:
        b.speaker_pin = c.pin(sp, "pin", "speaker.")
        if b.buzzer_pin is not None and pwm_slice(b.speaker_pin) == pwm_slice(b.buzzer_pin):
            c.fail("GP%d (speaker.pin) and GP%d (buzzer.pin) share PWM slice %d: the speaker's 488 kHz "
                   "carrier would replace the buzzer's tones; move one to a pin of another slice (GP%d-GP%d "
                   "are slice %d)" % (b.speaker_pin, b.buzzer_pin, pwm_slice(b.buzzer_pin),
                                      b.speaker_pin & ~1, b.speaker_pin | 1, pwm_slice(b.speaker_pin)), b.speaker_pin)
    mb = _dict(c, d, "menu_button", "", required=False)
    if mb is not None:
        b.menu_pin = c.pin(mb, "pin", "menu_button.")

    pw = _dict(c, d, "power", "", required=False) or {}
    b.supply_ma = c.int_(pw, "supply_ma", "power.", 100, 5000, 1000, False)
    b.led_budget_ma = c.int_(pw, "led_budget_ma", "power.", 10, b.supply_ma, 500, False)
    if kind == "ws2812":
        if b.display.max_ma is None:
            b.display.max_ma = b.led_budget_ma
        elif b.display.max_ma > b.supply_ma:
            c.fail("display.max_ma %d is more than the supply gives (power.supply_ma %d)"
                   % (b.display.max_ma, b.supply_ma))
        # a dark WS2812 still draws about 1 mA (drivers/ws2812.py, IDLE_UA):
        # a matrix budget below that for every LED can never be met
        n = b.display.width * b.display.height
        dark_ma = n
        if b.display.max_ma <= dark_ma:
            c.fail("display.max_ma %d: %d WS2812 LEDs draw about %d mA even when dark; "
                   "give the matrix more than that" % (b.display.max_ma, n, dark_ma))

    seen = {}  # type: dict[int, str]
    for use, pin in b.uses():
        if pin in seen:
            c.fail("GP%d is used twice: %s and %s" % (pin, seen[pin], use), pin)
        seen[pin] = use
    # The matrix's supply switch and the battery's sense (issue 27):
    #   "switch": GPIO   drives the matrix's high-side P-MOSFET (through its
    #                    N-MOSFET: high = powered); the box cuts it to sleep
    #   "sense": 29      the Pico's own VSYS divider (3:1) on GP29 / ADC3
    #   "sense": [GPIO, top, bottom]   a divider of the maker's own on an
    #                    ADC pin (GP26-GP29), its resistors in kOhm (the
    #                    supply to the pin, the pin to GND)
    # b.power = (switch, sense, the supply's mV at a full-scale reading, the
    # sense's GPIO when a wire goes to it, else None); no such key, no
    # b.power (getattr(b, "power", None)).  One attribute, named like the
    # key: MicroPython interns every name for ever (the names budget).
    sw = pw.get("switch")
    s = pw.get("sense")
    if sw is not None or s is not None:
        for use, pin in (("power.switch", sw), ("power.sense", s if isinstance(s, int) else None)):
            if isinstance(pin, int) and pin in seen:
                c.fail("GP%d is used twice: %s and %s" % (pin, seen[pin], use), pin)
        if sw is not None:
            sw = c.pin(pw, "switch", "power.")
            if kind != "ws2812":
                c.fail("power.switch cuts a WS2812 matrix's supply; this board's display is %s "
                       "(it sleeps by its own command): remove power.switch" % kind)
        top, bottom, wired = 2, 1, None
        if s == 29 and b.module == "pico":
            pass    # the Pico's VSYS sense (reserved for it: no wire)
        elif s == 29:
            c.fail("power.sense 29: GP29 reads VSYS through a divider on the Raspberry Pi Pico only; "
                   "on the %s wire one of your own: [GPIO, top, bottom]" % MODULES[b.module]["title"], 29)
        elif s is not None:
            if isinstance(s, list) and len(s) == 3 and not [v for v in s if not isinstance(v, int) or isinstance(v, bool)]:
                s, top, bottom = s
            else:
                c.fail("power.sense must be 29 (the Pico's VSYS) or [GPIO, top, bottom]: an ADC pin "
                       "(GP26-GP29) and its divider's resistors in kOhm, not %r" % (s,))
            if s not in (26, 27, 28, 29) or not (1 <= top <= 10000 and 1 <= bottom <= 10000):
                c.fail("power.sense %r: the pin must be GP26-GP29 (an ADC input) and each resistor "
                       "1 to 10000 kOhm" % (pw["sense"],))
            wired = c.pin({"sense": s}, "sense", "power.")
            if wired == sw:
                c.fail("GP%d is used twice: power.switch and power.sense" % s, s)
            if 5500 * bottom // (top + bottom) > 3300:
                c.fail("power.sense %r: a 5.5 V supply would put %d mV on GP%d, over the ADC's "
                       "3300 mV; use a bigger top resistor" % (pw["sense"], 5500 * bottom // (top + bottom), s), s)
        setattr(b, "power", (sw, s, 3300 * (top + bottom) // bottom if s is not None else None, wired))
    return b
