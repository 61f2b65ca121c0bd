"""hardware/: the bill of materials, the power budget and the enclosure
layout follow the board files; the build guide's commands exist (issue 8).
CPython only."""
import glob
import json
import math
import os
import re
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
HW = os.path.join(ROOT, "hardware")
sys.path.insert(0, HW)

import bom  # noqa: E402
import budget  # noqa: E402
import diagrams  # noqa: E402

BOARDS = diagrams.load_boards()
ROWS = bom.load()


def board(name):
    return json.loads(json.dumps(BOARDS[name]))   # a copy a test may edit


def qty_of(name_part, b, power="usb"):
    return sum(q for r, q in bom.parts(ROWS, b, power)
               if name_part in r["part"] or name_part in r["example_part_number"])


# ---- bill of materials ----

def test_bom_rows_are_complete():
    for r in ROWS:
        assert float(r["price_eur"]) > 0, r
        assert r["part"] and r["example_part_number"] and len(r["why"]) > 20, r
    for name, b in BOARDS.items():
        bom.parts(ROWS, b, "usb")     # every option and quantity understood
        bom.parts(ROWS, b, "aa")


def test_bom_quantities_follow_the_pads():
    eight, four = BOARDS["pico_w"], BOARDS["pico_matrix"]
    assert len(eight["pads"]) == 8 and len(four["pads"]) == 4
    assert qty_of("Arcade push button", eight) == 8
    assert qty_of("2N3904", eight) == 8
    assert qty_of("ESD diode array", eight) == 2 and qty_of("ESD diode array", four) == 1
    assert qty_of("spade", four) == 16
    b = board("pico_matrix")
    for p in b["pads"]:
        p["led"] = None               # buttons without LEDs: no drivers to buy
    assert qty_of("2N3904", b) == 0 and qty_of("base", b) == 0


def test_bom_display_rows_match_the_board_display():
    kinds = set(b["display"]["kind"] for b in BOARDS.values())
    assert kinds == {"ws2812", "ssd1680", "ssd1306", "sh1106"}
    for name, b in BOARDS.items():
        opts = set(r["option"] for r, _ in bom.parts(ROWS, b))
        shown = set(o for o in opts if o.startswith("display:"))
        assert shown == {"display:" + b["display"]["kind"]}, name
        assert "module:" + b["module"] in opts, name
    assert qty_of("74AHCT125", BOARDS["pico_matrix"]) == 1
    assert qty_of("74AHCT125", BOARDS["pico_oled"]) == 0


def test_bom_optional_parts_follow_the_board():
    b = board("pico_matrix")
    assert qty_of("piezo", b) == 1 and qty_of("Momentary push button", b) == 1
    b["buzzer"] = None
    b["menu_button"] = None
    assert qty_of("piezo", b) == 0 and qty_of("Momentary push button", b) == 0


def test_bom_power_options():
    b = BOARDS["pico_matrix"]
    assert qty_of("power bank", b, "usb") == 1 and qty_of("S9V11F5", b, "usb") == 0
    assert qty_of("power bank", b, "aa") == 0 and qty_of("S9V11F5", b, "aa") == 1
    assert bom.total_eur(ROWS, b, "usb") == pytest.approx(
        sum(q * float(r["price_eur"]) for r, q in bom.parts(ROWS, b, "usb")))


def test_bom_per_board_csv_files_are_current():
    for name, b in BOARDS.items():
        path = os.path.join(HW, "bom", name + ".csv")
        with open(path) as f:
            assert f.read() == bom.board_csv(ROWS, b), "hardware/bom/%s.csv is stale: run `make diagrams`" % name


# ---- power budget ----

def test_power_budget_shows_the_uncapped_arithmetic_and_the_cap():
    rows, supply = budget.rows(BOARDS["pico_matrix"])
    text = " ".join(why for _, _, why in rows)
    assert "256 x 60 mA = 15360 mA" in text
    led = [ma for part, ma, _ in rows if "brightest frame" in part]
    assert led == [BOARDS["pico_matrix"]["display"]["max_ma"]]
    assert supply == BOARDS["pico_matrix"]["power"]["supply_ma"]


def test_power_budget_cap_is_the_one_the_firmware_applies():
    from hal import board as fw_board
    for name in BOARDS:
        b = fw_board.load(os.path.join(ROOT, "boards", name + ".json"))
        if b.display.kind == "ws2812":
            assert budget.led_cap_ma(BOARDS[name]) == b.display.max_ma, name
    d = board("pico_matrix")
    del d["display"]["max_ma"]
    d["power"]["led_budget_ma"] = 400
    assert budget.led_cap_ma(d) == fw_board.validate(d).display.max_ma == 400


def test_power_budget_uses_the_driver_current_model():
    # the README's arithmetic and the WS2812 driver's cap use the same figures
    from drivers import ws2812
    assert ws2812.IDLE_UA == budget.WS2812_IDLE_MA * 1000
    assert 3 * ws2812.MA_PER_CHANNEL == budget.WS2812_FULL_MA


def test_power_budget_flags_a_supply_too_small():
    b = board("pico_matrix")
    b["power"]["supply_ma"] = 300
    t, supply = budget.total(b)
    assert t > supply
    assert "over by %d mA" % (t - supply) in budget.markdown({"x": b})
    b["power"]["supply_ma"] = 2000
    assert "fits, %d mA to spare" % (2000 - budget.total(b)[0]) in budget.markdown({"x": b})


# ---- enclosure ----

@pytest.mark.parametrize("n", range(2, 9))
def test_enclosure_pads_fit_around_the_display(n):
    pos = diagrams.pad_positions(n)
    assert len(pos) == n
    r = diagrams.PAD_D / 2
    half = diagrams.BOX / 2
    w = diagrams.WINDOW / 2
    for x, y, _ in pos:
        assert abs(x) + r <= half - 10 and abs(y) + r <= half - 10     # 10 mm of wood around
        assert max(abs(x), abs(y)) - r >= w + 10                        # clear of the window
    for i in range(n):
        for j in range(i + 1, n):
            d = math.hypot(pos[i][0] - pos[j][0], pos[i][1] - pos[j][1])
            assert d >= 2 * r + 20, (n, i, j, d)                        # room for two hands


def test_enclosure_player_one_in_front_then_clockwise():
    four = [(x, y) for x, y, _ in diagrams.pad_positions(4)]
    r = diagrams.PAD_R
    assert four == [(0.0, -r), (-r, 0.0), (0.0, r), (r, 0.0)]   # front, left, back, right
    eight = [(x, y) for x, y, _ in diagrams.pad_positions(8)]
    assert (-r, -r) in eight and (r, r) in eight                 # corners used


# ---- the guide ----

def readme():
    with open(os.path.join(HW, "README.md")) as f:
        return f.read()


def test_guide_commands_are_makefile_targets():
    with open(os.path.join(ROOT, "Makefile")) as f:
        targets = set(re.findall(r"^([a-z][a-z-]*):", f.read(), re.M))
    # commands in code: `make x` inline, or a code line starting with make
    used = set(re.findall(r"(?:`|^ *)make ([a-z][a-z-]*)", readme(), re.M))
    assert {"flash", "sim", "diagrams", "repl"} <= used
    assert used <= targets, "README names make targets that do not exist: %s" % sorted(used - targets)


def test_guide_board_names_exist():
    names = set(re.findall(r"BOARD=([a-z0-9_]+)", readme()))
    assert names and names <= set(BOARDS), sorted(names - set(BOARDS))


def test_guide_links_every_diagram():
    text = readme()
    for name in BOARDS:
        assert "diagrams/%s.png" % name in text, name
    assert "enclosure.png" in text
    for path in re.findall(r"\]\(([^)#]+)\)", text):
        if "://" not in path:
            assert os.path.exists(os.path.normpath(os.path.join(HW, path))), path
