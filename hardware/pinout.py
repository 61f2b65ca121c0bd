"""The physical pin-out of each module a board file may name, and the pins a
board file uses, read from its JSON alone (no firmware package is imported,
so the diagrams can be drawn on a PC that has only matplotlib; the one table
shared with the firmware, which display fields are pins, is read from
firmware/hal/boarddata.py, plain data with no imports).

A module is a list of header positions, each (side, row, name, where):
side "L"/"R" seen from above with the USB connector at the top, row 0 at the
top, name "GP22"/"VSYS"/"GND", where the text a maker finds on the board
("pin 29" on the Pico, "right edge" on the RP2040-Zero).
"""
import importlib.util
import os

# Raspberry Pi Pico and Pico W: the same 40-pin header (Pico datasheet,
# "Pinout"): pins 1-20 down the left side, 21-40 up the right side.
_PICO_HEADER = {
    1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND",
    9: "GP6", 10: "GP7", 11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11",
    16: "GP12", 17: "GP13", 18: "GND", 19: "GP14", 20: "GP15",
    21: "GP16", 22: "GP17", 23: "GND", 24: "GP18", 25: "GP19", 26: "GP20", 27: "GP21",
    28: "GND", 29: "GP22", 30: "RUN", 31: "GP26", 32: "GP27", 33: "AGND", 34: "GP28",
    35: "ADC_VREF", 36: "3V3(OUT)", 37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS",
}


def _pico():
    out = []
    for n, name in _PICO_HEADER.items():
        if n <= 20:
            out.append(("L", n - 1, name, "pin %d" % n))
        else:
            out.append(("R", 40 - n, name, "pin %d" % n))
    return out


def _zero():
    # Waveshare RP2040-Zero, USB-C at the top: the edge pins run GP0..GP8 down
    # the right side, GP9..GP13 along the bottom (right to left), then up the
    # left side GP14, GP15, GP26..GP29, 3V3, GND, 5V.  GP17..GP25 are solder
    # pads on the back; GP16 is the on-board WS2812.  In the drawing the
    # bottom edge continues the right column and the back pads the left one.
    left = ["5V", "GND", "3V3", "GP29", "GP28", "GP27", "GP26", "GP15", "GP14"]
    out = [("L", i, name, "left edge") for i, name in enumerate(left)]
    out += [("R", i, "GP%d" % i, "right edge") for i in range(9)]
    out += [("R", 9 + (13 - g), "GP%d" % g, "bottom edge") for g in range(9, 14)]
    out += [("L", 9 + (g - 17), "GP%d" % g, "back pad") for g in range(17, 26)]
    return out


MODULES = {
    "pico": {"title": "Raspberry Pi Pico", "header": _pico(), "vin": "VSYS", "v3": "3V3(OUT)"},
    "pico_w": {"title": "Raspberry Pi Pico W", "header": _pico(), "vin": "VSYS", "v3": "3V3(OUT)"},
    "rp2040_zero": {"title": "Waveshare RP2040-Zero", "header": _zero(), "vin": "5V", "v3": "3V3"},
}


def module(name):
    if name not in MODULES:
        raise ValueError("unknown module %r (known: %s)" % (name, ", ".join(sorted(MODULES))))
    return MODULES[name]


def where(module_name, gpio):
    """'pin 29' / 'right edge' for a GPIO of the module."""
    for side, row, name, loc in module(module_name)["header"]:
        if name == "GP%d" % gpio:
            return loc
    raise ValueError("GP%d is not on the %s header" % (gpio, module(module_name)["title"]))


def position(module_name, name):
    """(side, row) of a named header position ('GP22', 'VSYS')."""
    for side, row, nm, loc in module(module_name)["header"]:
        if nm == name:
            return side, row
    raise ValueError("%s is not on the %s header" % (name, module(module_name)["title"]))


def _firmware_boarddata():
    # Loaded by its path, not as hal.boarddata: importing the hal package
    # would open the firmware's drivers, and only this data file is needed.
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                        "firmware", "hal", "boarddata.py")
    spec = importlib.util.spec_from_file_location("_firmware_boarddata", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# Display fields that are pins, per kind/bus (the rest are numbers: spi, i2c,
# addr, baudrate...), in the order wires are listed in: the firmware's own
# table (Board.uses), so a board's wiring and its diagram name the same pins.
DISPLAY_PINS = _firmware_boarddata().DISPLAY_PINS


def display_key(disp):
    kind = disp["kind"]
    # the SH1106 is wired as the SSD1306 (same pins and bus keys)
    return "ssd1306/" + disp.get("bus", "i2c") if kind in ("ssd1306", "sh1106") else kind


def uses(board):
    """Every pin of a board dict with its role: [(role, field, gpio)], role in
    pad, led, display, buzzer, speaker, menu, switch (the matrix's supply),
    sense (a battery divider); field names the wire ('pads[0].pin')."""
    out = []
    for i, p in enumerate(board["pads"]):
        out.append(("pad", "pads[%d].pin" % i, p["pin"]))
        if p.get("led") is not None:
            out.append(("led", "pads[%d].led" % i, p["led"]))
    disp = board["display"]
    for f in DISPLAY_PINS[display_key(disp)]:
        out.append(("display", "display." + f, disp[f]))
    if board.get("buzzer"):
        out.append(("buzzer", "buzzer.pin", board["buzzer"]["pin"]))
    if board.get("speaker"):
        out.append(("speaker", "speaker.pin", board["speaker"]["pin"]))
    if board.get("menu_button"):
        out.append(("menu", "menu_button.pin", board["menu_button"]["pin"]))
    pw = board.get("power") or {}
    if pw.get("switch") is not None:
        out.append(("switch", "power.switch", pw["switch"]))
    if isinstance(pw.get("sense"), list):     # (29: the Pico's own VSYS divider, no wire)
        out.append(("sense", "power.sense", pw["sense"][0]))
    return out
