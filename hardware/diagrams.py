"""Wiring diagrams, enclosure drawing, BOM and power tables, all generated
from the board files (boards/*.json, the single source of truth).

    python hardware/diagrams.py                 regenerate everything (`make diagrams`)
    python hardware/diagrams.py --out DIR       draw into DIR, README untouched
    python hardware/diagrams.py --check         exit 1 if README.md tables are stale

Writes hardware/diagrams/<board>.svg/.png (one per board file),
hardware/enclosure.svg/.png, hardware/bom/<board>.csv, and the generated
sections of hardware/README.md (between <!-- generated:X --> markers).

Each used pin is written as one text label "GP22 · pin 29" (SVG text kept as
text, svg.fonttype none), so a test reads the pins back from the SVG; no
other GPIO name appears in a diagram.  Only matplotlib is needed.
"""
import argparse
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(1, os.path.join(ROOT, "tools"))

import matplotlib  # noqa: E402

matplotlib.use("Agg")
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import Circle, Polygon, Rectangle, Wedge  # noqa: E402

import bom  # noqa: E402
import budget  # noqa: E402
import hours  # noqa: E402
import pinout  # noqa: E402
# the board files, read and checked (hardware/boardfiles.py, shared with hours.py)
from boardfiles import check_board, load_boards  # noqa: E402,F401

matplotlib.rcParams["svg.fonttype"] = "none"      # labels stay text: the test reads them
matplotlib.rcParams["svg.hashsalt"] = "bataille"  # stable ids: a re-run changes no byte
matplotlib.rcParams["font.family"] = "DejaVu Sans"

COLORS = {"pad": "#1a7f37", "led": "#d4700a", "display": "#1f5fbf", "buzzer": "#8a3ab9", "speaker": "#00838f",
          "menu": "#555555", "power": "#c62828", "gnd": "#222222", "switch": "#c62828", "sense": "#6d4c41"}
FS = 6.5  # font size of the row labels


# ---- a row: the chain of parts on one wire, drawn outwards from a pin ----

class Chain:
    """Draws symbols one after the other along a horizontal wire at height y,
    from x outwards (d = -1 on the left side of the module, +1 on the right)."""

    def __init__(self, ax, x, y, d, color):
        self.ax, self.x, self.y, self.d, self.color = ax, x, y, d, color

    def _line(self, x0, y0, x1, y1, color=None, lw=1.0, **kw):
        self.ax.plot([x0, x1], [y0, y1], color=color or self.color, lw=lw, solid_capstyle="butt", **kw)

    def _text(self, x, y, s, **kw):
        kw.setdefault("fontsize", FS - 1)
        kw.setdefault("ha", "center")
        self.ax.text(x, y, s, **kw)

    def wire(self, length, label=None):
        x1 = self.x + self.d * length
        self._line(self.x, self.y, x1, self.y)
        if label:
            self._text((self.x + x1) / 2, self.y + 0.12, label, fontsize=FS, va="bottom", color=self.color)
        self.x = x1
        return self

    def resistor(self, value):
        d, x, y = self.d, self.x, self.y
        self._line(x, y, x + d * 0.25, y)
        left = min(x + d * 0.25, x + d * 1.25)
        self.ax.add_patch(Rectangle((left, y - 0.15), 1.0, 0.3, fill=False, ec=self.color, lw=1.0))
        self._text(x + d * 0.75, y - 0.2, value, va="top")
        self._line(x + d * 1.25, y, x + d * 1.5, y)
        self.x = x + d * 1.5
        return self

    def capacitor_to_gnd(self, value):
        # a tap on the wire: the capacitor hangs below it, to ground
        x, y = self.x + self.d * 0.3, self.y
        self._line(x, y, x, y - 0.2)
        self._line(x - 0.15, y - 0.2, x + 0.15, y - 0.2, lw=1.4)
        self._line(x - 0.15, y - 0.28, x + 0.15, y - 0.28, lw=1.4)
        self._line(x, y - 0.28, x, y - 0.38)
        self._line(x - 0.12, y - 0.38, x + 0.12, y - 0.38, color=COLORS["gnd"])
        self._text(x + self.d * 0.2, y - 0.33, value, ha="left" if self.d > 0 else "right", va="center", fontsize=FS - 1.5)
        return self.wire(0.6)

    def switch(self):
        d, x, y = self.d, self.x, self.y
        self._line(x, y, x + d * 0.3, y)
        self.ax.add_patch(Circle((x + d * 0.35, y), 0.05, fill=False, ec=self.color))
        self.ax.add_patch(Circle((x + d * 1.15, y), 0.05, fill=False, ec=self.color))
        self._line(x + d * 0.38, y + 0.03, x + d * 1.1, y + 0.3)
        self._line(x + d * 1.2, y, x + d * 1.5, y)
        self.x = x + d * 1.5
        return self

    def gnd(self, label="GND"):
        x, y = self.x, self.y
        for i, h in enumerate((0.22, 0.14, 0.06)):
            self._line(x + self.d * 0.08 * i, y - h, x + self.d * 0.08 * i, y + h, color=COLORS["gnd"], lw=1.2)
        self._text(x + self.d * 0.3, y, label, ha="left" if self.d > 0 else "right", va="center", color=COLORS["gnd"])
        self.x = x + self.d * 0.9
        return self

    def terminal(self, label, color=None):
        self.ax.add_patch(Circle((self.x, self.y), 0.06, fc="white", ec=color or self.color, zorder=3))
        self._text(self.x + self.d * 0.15, self.y, label, ha="left" if self.d > 0 else "right", va="center",
                   fontsize=FS, color=color or self.color)
        return self

    def diode(self, label, towards_out=False):
        """A diode along the wire; the bar on the module side unless towards_out."""
        d, x, y = self.d, self.x, self.y
        self._line(x, y, x + d * 0.3, y)
        a, b = (x + d * 0.3, x + d * 0.9)
        tip, base = (b, a) if towards_out else (a, b)
        self.ax.add_patch(Polygon([(base, y - 0.2), (base, y + 0.2), (tip, y)], closed=True, fill=False, ec=self.color))
        self._line(tip, y - 0.2, tip, y + 0.2, lw=1.4)
        self._text((a + b) / 2, y - 0.25, label, va="top")
        self._line(b, y, x + d * 1.2, y)
        self.x = x + d * 1.2
        return self

    def led(self, label):
        # current flows from +5 V (far end) into the transistor (module side)
        return self.diode(label, towards_out=False)

    def npn(self, label):
        d, x, y = self.d, self.x, self.y
        cx = x + d * 0.55
        self._line(x, y, cx - d * 0.12, y)
        self.ax.add_patch(Circle((cx, y), 0.32, fill=False, ec=self.color))
        self._line(cx - d * 0.12, y - 0.18, cx - d * 0.12, y + 0.18, lw=1.4)
        self._line(cx - d * 0.12, y + 0.07, cx + d * 0.2, y + 0.24)   # collector, up and out
        self._line(cx - d * 0.12, y - 0.07, cx + d * 0.2, y - 0.24)   # emitter, down to ground
        self._line(cx + d * 0.2, y - 0.24, cx + d * 0.2, y - 0.42, color=COLORS["gnd"])
        self._line(cx + d * 0.08, y - 0.42, cx + d * 0.32, y - 0.42, color=COLORS["gnd"], lw=1.2)
        self._text(cx - self.d * 0.32, y - 0.3, label, va="top", fontsize=FS - 1.5)
        self._line(cx + d * 0.2, y + 0.24, cx + d * 0.2, y, lw=1.0)
        self._line(cx + d * 0.2, y, x + d * 1.1, y)
        self.x = x + d * 1.1
        return self

    def buffer(self, label):
        d, x, y = self.d, self.x, self.y
        self._line(x, y, x + d * 0.2, y)
        self.ax.add_patch(Polygon([(x + d * 0.2, y - 0.3), (x + d * 0.2, y + 0.3), (x + d * 1.0, y)],
                                  closed=True, fill=False, ec=self.color))
        self._text(x + d * 0.6, y - 0.34, label, va="top", fontsize=FS - 1.5)
        self._line(x + d * 1.0, y, x + d * 1.3, y)
        self.x = x + d * 1.3
        return self

    def speaker(self):
        d, x, y = self.d, self.x, self.y
        self._line(x, y, x + d * 0.2, y)
        left = min(x + d * 0.2, x + d * 0.9)
        self.ax.add_patch(Rectangle((left, y - 0.3), 0.7, 0.6, fill=False, ec=self.color))
        self._text(x + d * 0.55, y, "8 Ohm", va="center", fontsize=FS - 2)
        self.x = x + d * 0.9
        return self

    def piezo(self):
        d, x, y = self.d, self.x, self.y
        self._line(x, y, x + d * 0.2, y)
        left = min(x + d * 0.2, x + d * 0.8)
        self.ax.add_patch(Rectangle((left, y - 0.25), 0.6, 0.5, fill=False, ec=self.color))
        self._text(x + d * 0.5, y, "piezo", va="center", fontsize=FS - 2)
        self._line(x + d * 0.8, y, x + d * 1.1, y)
        self.x = x + d * 1.1
        return self


# ---- one board ----

DISPLAY_PIN_NAMES = {
    "ws2812": {"pin": "DIN"},
    "ssd1680": {"sck": "CLK", "mosi": "DIN", "cs": "CS", "dc": "DC", "rst": "RST", "busy": "BUSY"},
    "ssd1306/i2c": {"sda": "SDA", "scl": "SCL"},
    "ssd1306/spi": {"sck": "CLK", "mosi": "DIN", "cs": "CS", "dc": "DC", "rst": "RES"},
}


def display_title(disp):
    kind = disp["kind"]
    if kind == "ws2812":
        return "%dx%d WS2812 matrix\n%s, %s\n+5V rail, GND\n1000 uF across 5V/GND" % (
            disp["width"], disp["height"], disp.get("layout", "serpentine"), disp.get("order", "GRB"))
    if kind == "ssd1680":
        return "SSD1680 e-ink %dx%d\nSPI%d, %.1f MHz\nVCC 3V3, GND" % (
            disp["width"], disp["height"], disp["spi"], disp.get("baudrate", 4000000) / 1e6)
    if disp.get("bus", "i2c") == "i2c":
        return "SSD1306 OLED %dx%d\nI2C%d at 0x%02X, %d kHz\nVCC 3V3, GND" % (
            disp["width"], disp["height"], disp["i2c"], disp.get("addr", 0x3C), disp.get("freq", 400000) // 1000)
    return "SSD1306 OLED %dx%d\nSPI%d\nVCC 3V3, GND" % (disp["width"], disp["height"], disp["spi"])


MOD_W = 8.0      # module drawing width
ROW = 1.0        # pin pitch in the drawing
BLOCK_X = 11.5   # distance from the module edge to the display block


def draw_board(name, board, out_dir):
    mod = pinout.module(board["module"])
    header = mod["header"]
    n_rows = max(r for _, r, _, _ in header) + 1
    fig = Figure(figsize=(15, 0.42 * n_rows + 6.2))
    ax = fig.add_axes((0.01, 0.01, 0.98, 0.98))
    ax.set_aspect("equal")
    ax.axis("off")

    def pin_y(row):
        return -row * ROW

    left_x, right_x = -MOD_W / 2, MOD_W / 2
    # the module
    top, bottom = pin_y(0) + 0.9, pin_y(n_rows - 1) - 0.7
    ax.add_patch(Rectangle((left_x, bottom), MOD_W, top - bottom, fc="#e8f3e8", ec="#2e7d32", lw=1.5))
    ax.add_patch(Rectangle((-0.6, top - 0.05), 1.2, 0.5, fc="#bbbbbb", ec="#555555"))
    ax.text(0, top + 0.55, "USB", ha="center", va="bottom", fontsize=FS)
    ax.text(0, (top + bottom) / 2, mod["title"] + ", seen from above", ha="center", va="center", fontsize=10,
            color="#2e7d32", rotation=90)

    used = {}
    on_header = set(nm for _, _, nm, _ in header)
    for role, field, gpio in pinout.uses(board):
        if "GP%d" % gpio not in on_header:
            raise ValueError("boards/%s.json: GP%d (%s) is not on the %s header" % (name, gpio, field, mod["title"]))
        used.setdefault("GP%d" % gpio, []).append((role, field))
    needs_3v3 = board["display"]["kind"] != "ws2812"
    power_pins = {mod["vin"]: "vin", "GND": "gnd"}
    if needs_3v3:
        power_pins[mod["v3"]] = "v3"

    # every header position: a stub; used ones get their label and their chain
    gnd_drawn = False
    disp_rows = {"L": [], "R": []}
    for side, row, pname, loc in header:
        d = -1 if side == "L" else 1
        x = left_x if side == "L" else right_x
        y = pin_y(row)
        ax.plot([x, x + d * 0.35], [y, y], color="#999999", lw=2.0, solid_capstyle="butt")
        uses_here = used.get(pname)
        role = power_pins.get(pname)
        if pname == "GND":
            if gnd_drawn:
                continue
            gnd_drawn = True
        if not uses_here and not role:
            continue
        ax.text(x - d * 0.15, y, "%s · %s" % (pname, loc), ha="right" if d > 0 else "left", va="center",
                fontsize=FS, fontweight="bold")
        x0 = x + d * 0.35
        if role == "vin":
            Chain(ax, x0, y, d, COLORS["power"]).wire(0.8, "power in").diode("1N5817", towards_out=False).wire(0.5).terminal("+5V rail")
            continue
        if role == "gnd":
            Chain(ax, x0, y, d, COLORS["gnd"]).wire(0.8).gnd("GND rail (all grounds)")
            continue
        if role == "v3":
            Chain(ax, x0, y, d, COLORS["power"]).wire(0.8).terminal("3V3 to display VCC (max 300 mA)")
            continue
        for role, field in uses_here:
            draw_use(ax, board, x0, y, d, role, field, disp_rows[side])

    # the display block, on each side that has display wires
    disp = board["display"]
    for side, rows in disp_rows.items():
        if not rows:
            continue
        d = -1 if side == "L" else 1
        edge = (left_x if side == "L" else right_x) + d * BLOCK_X
        ys = [y for y, _ in rows]
        y0, y1 = min(ys) - 0.6, max(ys) + 0.6
        h = max(y1 - y0, 3.6)
        yc = (y0 + y1) / 2
        w = 6.0
        bx = edge if d > 0 else edge - w
        ax.add_patch(Rectangle((bx, yc - h / 2), w, h, fc="#e6eefb", ec=COLORS["display"], lw=1.5))
        for y, lab in rows:
            ax.text(edge + d * 0.1, y, lab, ha="left" if d > 0 else "right", va="center", fontsize=FS,
                    color=COLORS["display"])
        ax.text(bx + w / 2 + d * 0.4, yc, display_title(disp), ha="center", va="center", fontsize=FS,
                color=COLORS["display"])

    # the power supply, above the module
    draw_power(ax, board, top + 1.8)

    # title and notes
    r, supply = budget.rows(board)
    t = sum(ma for _, ma, _ in r)
    ax.text(-MOD_W / 2 - BLOCK_X - 5, top + 5.2, "%s   (boards/%s.json)" % (board["name"], name),
            fontsize=12, fontweight="bold", va="bottom")
    notes = [
        "Pads: a switch to GND; the firmware turns on the RP2040's internal pull-up (about 50 kOhm to 3V3), "
        "so a press is a falling edge (S1). 1 kOhm in series and 10 nF to GND at the pin: static and noise.",
        "Pad LEDs: Q = 2N3904 NPN; 5 V LED (built-in resistor) from +5V to Q's collector; emitter to GND; "
        "1 kOhm into the base, 10 kOhm base to emitter.",
        "Twist each pad wire with its GND wire; route pad wires away from the matrix data wire.",
        "Worst-case current %d mA against a %d mA supply (hardware/README.md, power budget)." % (t, supply),
    ]
    if board.get("speaker"):
        notes.insert(2, "Speaker: 1 kOhm + 33 nF to GND (a 4.8 kHz low-pass: the 488 kHz PWM carrier out, the voice under 4 kHz "
                        "in) -> PAM8302 A+ (A- to GND, VIN +5V, SD unconnected) -> 8 Ohm 0.5-1 W speaker.")
    if disp["kind"] == "ws2812":
        notes.insert(2, "Matrix data: 3.3 V -> 74AHCT125 (VCC +5V, OE to GND, unused inputs to GND) -> 330 Ohm -> DIN. "
                        "Matrix power straight from the 5 V rail, never through the module.")
    y = bottom - 0.8
    for s in notes:
        ax.text(-MOD_W / 2 - BLOCK_X - 5, y, "- " + s, fontsize=FS + 0.5, va="top")
        y -= 0.55
    ax.set_xlim(-MOD_W / 2 - BLOCK_X - 6.5, MOD_W / 2 + BLOCK_X + 6.5)
    ax.set_ylim(y - 0.3, top + 6.2)
    save(fig, out_dir, name)


def draw_use(ax, board, x0, y, d, role, field, disp_rows):
    color = COLORS[role]
    if role == "pad":
        k = int(field[5:field.index("]")]) + 1
        Chain(ax, x0, y, d, color).wire(1.9, "pad %d (player %d)" % (k, k)).resistor("1k") \
            .capacitor_to_gnd("10n").switch().wire(0.2).gnd()
    elif role == "led":
        k = int(field[5:field.index("]")]) + 1
        Chain(ax, x0, y, d, color).wire(1.9, "pad %d LED" % k).resistor("1k").npn("Q") \
            .led("LED").wire(0.3).terminal("+5V")
    elif role == "buzzer":
        Chain(ax, x0, y, d, color).wire(1.9, "buzzer (PWM)").resistor("100").piezo().wire(0.2).gnd()
    elif role == "speaker":
        Chain(ax, x0, y, d, color).wire(1.9, "speaker (PWM 488 kHz)").resistor("1k") \
            .capacitor_to_gnd("33n").buffer("PAM8302 A+").speaker()
    elif role == "menu":
        Chain(ax, x0, y, d, color).wire(1.9, "menu button").switch().wire(0.2).gnd()
    elif role == "switch":
        # high = the matrix powered: the 2N7002 pulls the P-MOSFET's gate
        # down against its 10k pull-up to +5V (off while the Pico boots)
        Chain(ax, x0, y, d, color).wire(1.9, "matrix supply (high: on)").resistor("100") \
            .buffer("2N7002").buffer("AO3401A").wire(0.3).terminal("matrix +5V (10k gate to +5V)")
    elif role == "sense":
        Chain(ax, x0, y, d, color).wire(1.9, "battery sense (ADC)").resistor("divider") \
            .wire(0.3).terminal("battery +")
    elif role == "display":
        disp = board["display"]
        f = field.split(".", 1)[1]
        label = DISPLAY_PIN_NAMES[pinout.display_key(disp)][f]
        c = Chain(ax, x0, y, d, color)
        if disp["kind"] == "ws2812":
            c.wire(1.9, "matrix data").buffer("74AHCT125").resistor("330")
        else:
            c.wire(1.9, label)
        target = (x0 - d * 0.35) + d * BLOCK_X   # the display block's edge
        c.wire(abs(target - c.x))
        disp_rows.append((y, label))


def draw_power(ax, board, y):
    """The supply chain above the module: source, switch, 5 V rail."""
    x = -MOD_W / 2 - BLOCK_X - 4.5
    c = Chain(ax, x, y, 1, COLORS["power"])
    ax.text(x, y + 0.5, "Power (default):", fontsize=FS + 1, fontweight="bold", va="bottom")
    c.terminal("", COLORS["power"])
    c.wire(5.0, "USB power bank 5 V -> USB-C breakout").switch().wire(0.5)
    ax.text(c.x - 0.5, y - 0.35, "power switch", fontsize=FS - 1, ha="center", va="top")
    feeds = "to %s (via 1N5817), pad LEDs" % pinout.module(board["module"])["vin"]
    if board["display"]["kind"] == "ws2812":
        sw = (board.get("power") or {}).get("switch")
        feeds += ", 74AHCT125, matrix 5V (1000 uF across it%s)" % (
            "; through the GP%d P-MOSFET switch" % sw if sw is not None else "")
    c.wire(2.5, "+5V rail").terminal(feeds)
    y2 = y - 1.3
    c = Chain(ax, x, y2, 1, COLORS["power"])
    ax.text(x, y2 + 0.45, "or 3 x AA:", fontsize=FS + 1, fontweight="bold", va="bottom")
    c.terminal("", COLORS["power"])
    c.wire(5.0, "3 x AA holder (3.3-4.8 V)").switch().wire(0.5)
    left = c.x
    ax.add_patch(Rectangle((left, y2 - 0.3), 2.0, 0.6, fill=False, ec=COLORS["power"]))
    ax.text(left + 1.0, y2, "S9V11F5 5 V", fontsize=FS - 1, ha="center", va="center")
    c.x = left + 2.0
    c.wire(0.5).terminal("+5V rail (same as above)")


def save(fig, out_dir, name):
    os.makedirs(out_dir, exist_ok=True)
    kw = {"bbox_inches": "tight", "pad_inches": 0.15}
    fig.savefig(os.path.join(out_dir, name + ".svg"), metadata={"Date": None}, **kw)
    fig.savefig(os.path.join(out_dir, name + ".png"), dpi=110, metadata={"Software": None}, **kw)


# ---- the enclosure ----

BOX = 370.0        # outer side, mm
BOX_H = 100.0      # height, mm
PAD_R = 135.0      # pad centres sit on a square of this half-side around the centre
PAD_D = 60.0       # button dome diameter
WINDOW = 180.0     # display window (16x16 matrix 160 mm + frame)


def pad_positions(n):
    """Centre (x, y) in mm of each pad, player 1 at the front (y < 0), then
    clockwise seen from above; evenly spread in angle and pushed out onto the
    square of half-side PAD_R, so 4 pads sit mid-side and 8 also fill the
    corners."""
    out = []
    for k in range(n):
        a = math.radians(-90.0 - k * 360.0 / n)
        c, s = math.cos(a), math.sin(a)
        m = max(abs(c), abs(s))
        out.append((round(PAD_R * c / m, 1), round(PAD_R * s / m, 1), a))
    return out


def draw_top(ax, n, big=True):
    h = BOX / 2
    ax.add_patch(Rectangle((-h, -h), BOX, BOX, fc="#f2e6d0", ec="#6d4c2f", lw=1.5))
    w = WINDOW / 2
    ax.add_patch(Rectangle((-w, -w), WINDOW, WINDOW, fc="#222a33", ec="#111111"))
    pos = pad_positions(n)
    # each player's part of the display: the sector facing their pad
    for k, (x, y, a) in enumerate(pos):
        span = 360.0 / n
        deg = math.degrees(a)
        ax.add_patch(Wedge((0, 0), w * 0.95, deg - span / 2, deg + span / 2, fc="none",
                           ec="#6fa8dc", lw=0.6, ls="--"))
        if big:
            ax.text(0.55 * w * math.cos(a), 0.55 * w * math.sin(a), "P%d card" % (k + 1), color="#cfe2f3",
                    ha="center", va="center", fontsize=7, rotation=deg + 90)
    for k, (x, y, a) in enumerate(pos):
        ax.add_patch(Circle((x, y), PAD_D / 2, fc="#e53935", ec="#7f0000", lw=1.0))
        ax.text(x, y, str(k + 1), ha="center", va="center", fontsize=9 if big else 6, color="white", fontweight="bold")
    ax.set_xlim(-h - 40, h + 40)
    ax.set_ylim(-h - 40, h + 40)
    ax.set_aspect("equal")
    ax.axis("off")


def draw_enclosure(out_dir, boards):
    default = boards.get("pico_matrix") or boards[sorted(boards)[0]]
    n = len(default["pads"])
    fig = Figure(figsize=(14, 9.5))
    ax = fig.add_axes((0.0, 0.22, 0.52, 0.72))
    draw_top(ax, n)
    h = BOX / 2
    ax.set_title("Top view, %d pads (default box) - mm" % n, fontsize=11)
    # dimensions
    ax.annotate("", xy=(-h, -h - 22), xytext=(h, -h - 22), arrowprops=dict(arrowstyle="<->", lw=0.8))
    ax.text(0, -h - 28, "%d" % BOX, ha="center", va="top", fontsize=8)
    ax.annotate("", xy=(-h - 22, -h), xytext=(-h - 22, h), arrowprops=dict(arrowstyle="<->", lw=0.8))
    ax.text(-h - 28, 0, "%d" % BOX, ha="right", va="center", fontsize=8, rotation=90)
    ax.text(-WINDOW / 2 + 4, WINDOW / 2 - 4, "display window %d x %d" % (WINDOW, WINDOW), ha="left", va="top",
            fontsize=7, color="white")
    x, y, _ = pad_positions(n)[0]
    ax.text(x + PAD_D / 2 + 4, y, "pad centre %d from the middle\n%d mm dome" % (PAD_R, PAD_D), fontsize=7, va="center")
    ax.text(0, -h - 40, "player 1 sits at the front; players follow clockwise (C4)", ha="center", fontsize=8)

    # side section
    ax2 = fig.add_axes((0.54, 0.55, 0.44, 0.38))
    ax2.set_title("Section through the middle - mm", fontsize=11)
    t = 6.0
    ax2.add_patch(Rectangle((-h, 0), BOX, t, fc="#d7b98e", ec="#6d4c2f"))              # bottom
    ax2.add_patch(Rectangle((-h, BOX_H - t), BOX, t, fc="#d7b98e", ec="#6d4c2f"))      # top
    ax2.add_patch(Rectangle((-h, t), t, BOX_H - 2 * t, fc="#d7b98e", ec="#6d4c2f"))    # sides
    ax2.add_patch(Rectangle((h - t, t), t, BOX_H - 2 * t, fc="#d7b98e", ec="#6d4c2f"))
    ax2.add_patch(Rectangle((-WINDOW / 2, BOX_H - 3), WINDOW, 3, fc="#eeeeee", ec="#999999"))   # diffuser
    ax2.add_patch(Rectangle((-80, BOX_H - t - 4), 160, 3, fc="#222a33"))                        # matrix
    for x0 in (-PAD_R, PAD_R):
        ax2.add_patch(Rectangle((x0 - PAD_D / 2, BOX_H), PAD_D, 14, fc="#e53935", ec="#7f0000"))
        ax2.add_patch(Rectangle((x0 - 14, BOX_H - 60), 28, 60 - t, fc="#888888", ec="#444444"))
    ax2.add_patch(Rectangle((-60, t), 90, 22, fc="#90caf9", ec="#1565c0"))
    ax2.text(-15, t + 11, "power bank", ha="center", va="center", fontsize=7)
    ax2.add_patch(Rectangle((40, t + 10), 70, 4, fc="#2e7d32"))
    ax2.text(75, t + 17, "carrier board on 10 mm standoffs", ha="center", va="bottom", fontsize=6)
    ax2.annotate("", xy=(h + 12, 0), xytext=(h + 12, BOX_H), arrowprops=dict(arrowstyle="<->", lw=0.8))
    ax2.text(h + 16, BOX_H / 2, "%d" % BOX_H, va="center", fontsize=8, rotation=90)
    ax2.text(-PAD_R, BOX_H - 62, "button body\n+ microswitch\n(~60 deep)", ha="center", va="top", fontsize=6)
    ax2.text(0, BOX_H + 4, "3 mm opal diffuser", ha="center", va="bottom", fontsize=6)
    ax2.set_xlim(-h - 10, h + 30)
    ax2.set_ylim(-20, BOX_H + 40)
    ax2.set_aspect("equal")
    ax2.axis("off")

    # every pad count, small
    for i, k in enumerate(range(2, 9)):
        a = fig.add_axes((0.54 + (i % 4) * 0.115, 0.28 - (i // 4) * 0.2, 0.11, 0.17))
        draw_top(a, k, big=False)
        a.set_title("%d pads" % k, fontsize=8)
    fig.text(0.02, 0.12, "6 mm plywood, glued and pinned; bottom held by 4 M3 screws (batteries/power bank inside).\n"
                         "Holes: pads as the button's thread says (measure it), display window, power switch and USB-C inlet on the back.\n"
                         "Pad k of the board file goes in hole k; the screens put each player's card in the sector facing their pad.",
             fontsize=9, va="top")
    save(fig, out_dir, "enclosure")


# ---- README sections ----

def display_name(disp):
    kind = disp["kind"]
    if kind == "ws2812":
        return "%dx%d WS2812 LED matrix" % (disp["width"], disp["height"])
    if kind == "ssd1680":
        return "SSD1680 e-ink %dx%d, SPI" % (disp["width"], disp["height"])
    return "SSD1306 OLED %dx%d, %s" % (disp["width"], disp["height"], disp.get("bus", "i2c").upper())


def boards_table(boards):
    lines = ["| board file | module | display | pads | buzzer | speaker | menu button | wiring |",
             "| --- | --- | --- | ---: | --- | --- | --- | --- |"]
    for name in sorted(boards, key=lambda n: (n != "pico_matrix", n)):
        b = boards[name]
        lines.append("| `%s`%s | %s | %s | %d | %s | %s | %s | [diagram](diagrams/%s.png) |" % (
            name, " (default)" if name == "pico_matrix" else "", pinout.module(b["module"])["title"],
            display_name(b["display"]), len(b["pads"]), "yes" if b.get("buzzer") else "no",
            "GP%d" % b["speaker"]["pin"] if b.get("speaker") else "no",
            "yes" if b.get("menu_button") else "no", name))
    return "\n".join(lines) + "\n"


def readme_sections(boards):
    rows = bom.load()
    return {"boards": boards_table(boards), "bom": bom.markdown(rows, boards), "power": budget.markdown(boards),
            "hours": hours.markdown(boards)}


def splice(text, sections):
    """Replace each <!-- generated:X --> ... <!-- /generated:X --> body."""
    for key, body in sections.items():
        start, end = "<!-- generated:%s -->" % key, "<!-- /generated:%s -->" % key
        i, j = text.find(start), text.find(end)
        if i < 0 or j < i:
            raise SystemExit("README.md lacks the %s ... %s markers" % (start, end))
        text = text[:i + len(start)] + "\n" + body.rstrip("\n") + "\n" + text[j:]
    return text


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--boards", default=os.path.join(ROOT, "boards"))
    ap.add_argument("--out", default=None, help="draw into this directory; README left alone")
    ap.add_argument("--check", action="store_true", help="only check that README.md's tables are current")
    a = ap.parse_args(argv)
    if a.out == "":
        ap.error("--out needs a folder (without --out: hardware/diagrams and README.md)")
    if not os.path.isdir(a.boards):
        ap.error("--boards %r is not a folder of board files" % a.boards)
    boards = load_boards(a.boards)
    readme = os.path.join(HERE, "README.md")
    with open(readme) as f:
        text = f.read()
    new = splice(text, readme_sections(boards))
    if a.check:
        if new != text:
            print("hardware/README.md is stale: run `make diagrams`")
            return 1
        return 0
    out = a.out or os.path.join(HERE, "diagrams")
    for name, board in sorted(boards.items()):
        draw_board(name, board, out)
    draw_enclosure(a.out or HERE, boards)
    if a.out is None:
        rows = bom.load()
        os.makedirs(os.path.join(HERE, "bom"), exist_ok=True)
        for name, board in sorted(boards.items()):
            with open(os.path.join(HERE, "bom", name + ".csv"), "w") as f:
                f.write(bom.board_csv(rows, board))
        if new != text:
            with open(readme, "w") as f:
                f.write(new)
    shown = os.path.abspath(out)
    if shown.startswith(ROOT + os.sep):
        shown = os.path.relpath(shown, ROOT)
    print("diagrams: %d boards drawn into %s" % (len(boards), shown))
    return 0


if __name__ == "__main__":
    sys.exit(main())
