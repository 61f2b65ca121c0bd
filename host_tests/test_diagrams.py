"""The wiring diagrams are drawn from the board files: every pin of a board
file appears in its diagram, and no other GPIO; the committed diagrams and
README tables are current (issue 8).  CPython only (matplotlib)."""
import glob
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
HW = os.path.join(ROOT, "hardware")
BOARDS = os.path.join(ROOT, "boards")
sys.path.insert(0, HW)

import diagrams  # noqa: E402
import pinout  # noqa: E402

BOARD_FILES = sorted(glob.glob(os.path.join(BOARDS, "*.json")))
LABEL = re.compile(r"\bGP(\d+) · (pin \d+|[a-z]+ edge|back pad)")
ANY_GP = re.compile(r"\bGP(\d+)\b")


def board_pins(d):
    """The pins of a board dict, read here independently of the generator:
    every pad pin and LED, the display's pin fields, buzzer, speaker, menu
    button, the power section's switch and wired sense."""
    pins = set()
    for p in d["pads"]:
        pins.add(p["pin"])
        if p.get("led") is not None:
            pins.add(p["led"])
    disp = d["display"]
    keys = {"ws2812": ["pin"], "ssd1680": ["sck", "mosi", "cs", "dc", "rst", "busy"]}.get(disp["kind"])
    if keys is None:  # ssd1306
        keys = ["sda", "scl"] if disp.get("bus", "i2c") == "i2c" else ["sck", "mosi", "cs", "dc", "rst"]
    pins.update(disp[k] for k in keys)
    for part in ("buzzer", "speaker", "menu_button"):
        if d.get(part):
            pins.add(d[part]["pin"])
    pw = d.get("power") or {}
    if pw.get("switch") is not None:
        pins.add(pw["switch"])          # the matrix's supply switch (issue 27)
    if isinstance(pw.get("sense"), list):
        pins.add(pw["sense"][0])        # a battery divider on a pin (29: the Pico's own, inside it)
    return pins


def svg_texts(path):
    out = []
    for el in ET.parse(path).iter():
        if el.tag.endswith("text"):
            out.append("".join(el.itertext()))
    return out


def gp_labels(path):
    """{gpio: location text} from the pin labels, and every GPn seen anywhere."""
    labels, seen = {}, set()
    for t in svg_texts(path):
        for m in LABEL.finditer(t):
            labels[int(m.group(1))] = m.group(2)
        seen.update(int(g) for g in ANY_GP.findall(t))
    return labels, seen


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """Every diagram regenerated from the board files into a temp dir."""
    out = tmp_path_factory.mktemp("diagrams")
    assert diagrams.main(["--out", str(out)]) == 0
    return out


def test_board_files_exist():
    assert len(BOARD_FILES) >= 5, "expected the five board files of issue 5"


@pytest.mark.parametrize("path", BOARD_FILES, ids=os.path.basename)
def test_every_pin_of_the_board_file_in_its_diagram_and_no_other(fresh, path):
    with open(path) as f:
        d = json.load(f)
    name = os.path.basename(path)[:-5]
    labels, seen = gp_labels(os.path.join(str(fresh), name + ".svg"))
    expected = board_pins(d)
    assert set(labels) == expected, "labels %s vs board %s" % (sorted(labels), sorted(expected))
    assert seen == expected, "a GPIO outside the board file is named: %s" % sorted(seen - expected)


@pytest.mark.parametrize("path", BOARD_FILES, ids=os.path.basename)
def test_board_file_pins_agree_with_the_firmware_loader(path):
    # the generator reads JSON itself; the firmware's validator must see the same pins
    from hal import board as fw_board
    b = fw_board.load(path)
    with open(path) as f:
        assert set(p for _, p in b.uses()) == board_pins(json.load(f))


@pytest.mark.parametrize("path", BOARD_FILES, ids=os.path.basename)
def test_committed_diagrams_are_current(fresh, path):
    name = os.path.basename(path)[:-5]
    committed = os.path.join(HW, "diagrams", name + ".svg")
    assert os.path.exists(committed), "hardware/diagrams/%s.svg missing: run `make diagrams`" % name
    assert os.path.getsize(os.path.join(HW, "diagrams", name + ".png")) > 10000
    assert gp_labels(committed) == gp_labels(os.path.join(str(fresh), name + ".svg")), \
        "hardware/diagrams/%s.svg is stale: run `make diagrams`" % name


def test_no_diagram_without_a_board_file():
    names = set(os.path.basename(p)[:-5] for p in BOARD_FILES)
    drawn = set(os.path.basename(p)[:-4] for p in glob.glob(os.path.join(HW, "diagrams", "*.svg")))
    assert drawn == names


def test_readme_tables_are_current():
    assert diagrams.main(["--check"]) == 0, "hardware/README.md tables are stale: run `make diagrams`"


def _pico_physical():
    # built from the Pico datasheet's description, not from pinout.py: the
    # left side runs GP0..GP15 over pins 1-20 with GND at 3, 8, 13, 18; the
    # right side GP16..GP22 over pins 21-29 with GND at 23 and 28; then
    # GP26 = 31, GP27 = 32, GP28 = 34.
    left = [n for n in range(1, 21) if n not in (3, 8, 13, 18)]
    right = [n for n in range(21, 30) if n not in (23, 28)]
    m = dict(zip(range(0, 16), left))
    m.update(zip(range(16, 23), right))
    m.update({26: 31, 27: 32, 28: 34})
    return m


def test_pico_labels_give_the_physical_pin_numbers():
    phys = _pico_physical()
    assert phys[22] == 29 and phys[15] == 20 and phys[16] == 21
    for g, n in phys.items():
        assert pinout.where("pico", g) == "pin %d" % n
        assert pinout.where("pico_w", g) == "pin %d" % n


def test_zero_edge_and_back_pads():
    assert pinout.where("rp2040_zero", 0) == "right edge"
    assert pinout.where("rp2040_zero", 11) == "bottom edge"
    assert pinout.where("rp2040_zero", 27) == "left edge"
    assert pinout.where("rp2040_zero", 20) == "back pad"
    with pytest.raises(ValueError, match="GP16"):
        pinout.where("rp2040_zero", 16)   # the on-board WS2812, not a header pin


def test_a_pin_off_the_header_is_refused(tmp_path):
    with open(os.path.join(BOARDS, "pico_matrix.json")) as f:
        d = json.load(f)
    d["buzzer"] = {"pin": 25}   # the Pico's LED, not on the header
    with pytest.raises(ValueError, match=r"GP25 \(buzzer.pin\)"):
        diagrams.draw_board("bad", d, str(tmp_path))


def test_diagram_follows_an_edited_board_file(tmp_path):
    # move a pad and drop the menu button: the diagram must follow
    with open(os.path.join(BOARDS, "pico_matrix.json")) as f:
        d = json.load(f)
    d["pads"][0]["pin"] = 0
    d["menu_button"] = None
    diagrams.draw_board("edited", d, str(tmp_path))
    labels, seen = gp_labels(os.path.join(str(tmp_path), "edited.svg"))
    assert labels[0] == "pin 1"
    assert set(labels) == board_pins(d)
    assert 14 not in seen and 2 not in seen


# ---- any valid board file, not just the five committed ones ----

from hypothesis import given, settings, strategies as st, HealthCheck  # noqa: E402


@st.composite
def boards(draw):
    from hal import board as fw_board
    module = draw(st.sampled_from(sorted(fw_board.MODULES)))
    free = list(fw_board.MODULES[module]["pins"])
    order = draw(st.permutations(free))
    pins = iter(order)
    n = draw(st.integers(2, 8))
    pads = []
    for _ in range(n):
        pads.append({"pin": next(pins), "led": next(pins) if draw(st.booleans()) else None})
    used = set(p["pin"] for p in pads) | set(p["led"] for p in pads if p["led"] is not None)
    rest = [p for p in order if p not in used]
    if draw(st.booleans()):
        disp = {"kind": "ws2812", "width": 16, "height": 16, "pin": rest.pop(0), "max_ma": 500}
    else:
        # an I2C pair the RP2040 has: SDA on an even GPIO, SCL the next one
        pairs = [(a, a + 1) for a in rest if a % 2 == 0 and a + 1 in rest]
        if not pairs:
            disp = {"kind": "ws2812", "width": 16, "height": 16, "pin": rest.pop(0), "max_ma": 500}
        else:
            sda, scl = draw(st.sampled_from(pairs))
            rest.remove(sda)
            rest.remove(scl)
            disp = {"kind": "ssd1306", "width": 128, "height": 64, "bus": "i2c",
                    "i2c": (sda >> 1) & 1, "sda": sda, "scl": scl}
    d = {"name": "random", "module": module, "pads": pads, "display": disp,
         "buzzer": {"pin": rest.pop(0)} if draw(st.booleans()) else None,
         "menu_button": {"pin": rest.pop(0)} if draw(st.booleans()) else None,
         "power": {"supply_ma": 2000, "led_budget_ma": 500}}
    fw_board.validate(d)   # only boards the firmware accepts
    return d


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(d=boards())
def test_any_valid_board_file_gets_exactly_its_pins_drawn(tmp_path, d):
    diagrams.draw_board("random", d, str(tmp_path))
    labels, seen = gp_labels(os.path.join(str(tmp_path), "random.svg"))
    assert set(labels) == board_pins(d) == seen
    for g, loc in labels.items():
        assert loc == pinout.where(d["module"], g)


def test_a_bad_board_file_stops_the_drawing_with_the_flash_tools_message(tmp_path, capsys):
    # one checker (tools/boardcheck.py, the firmware's hal.board): the
    # diagrams and tools/flash.py refuse a bad pin in the same words
    with open(os.path.join(BOARDS, "pico_matrix.json")) as f:
        d = json.load(f)
    d["buzzer"]["pin"] = 30
    (tmp_path / "mybox.json").write_text(json.dumps(d))
    with pytest.raises(SystemExit) as e:
        diagrams.load_boards(str(tmp_path))
    assert e.value.code == 2
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import flash
    said = flash.check_board(str(tmp_path / "mybox.json"))
    assert "GP30 (buzzer.pin)" in said
    assert capsys.readouterr().err == "diagrams: %s; nothing drawn\n" % said
