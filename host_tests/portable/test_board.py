# Board files (issue 5): every shipped board loads, and every kind of mistake
# is refused with one message naming the pin (or field) and the reason.
import json
import os

from tinytest import raises
from hal import board
from hal.board import BoardError

BOARDS = __file__.rsplit("/", 2)[0] + "/../boards"

BASE = {
    "name": "test", "module": "pico",
    "pads": [{"pin": 2, "led": 18}, {"pin": 3, "led": 19}],
    "display": {"kind": "ws2812", "width": 16, "height": 16, "pin": 22},
    "buzzer": {"pin": 15}, "menu_button": {"pin": 14},
}


def _copy(**over):
    d = json.loads(json.dumps(BASE))
    for k in over:
        d[k] = over[k]
    return d


def _refused(d):
    return str(raises(BoardError, board.validate, d, "boards/x.json"))


def test_board_every_shipped_board_loads():
    names = sorted(f for f in os.listdir(BOARDS) if f.endswith(".json"))
    for need in ("pico_matrix.json", "pico_eink.json", "pico_oled.json", "pico_w.json", "rp2040_zero.json"):
        assert need in names
    for f in names:
        b = board.load(BOARDS + "/" + f)
        assert 2 <= b.n_pads <= 8 and b.display.kind in board.DISPLAY_KINDS
        pins = [p for _, p in b.uses()]
        assert len(pins) == len(set(pins))


def test_board_defaults_and_attributes():
    b = board.load(BOARDS + "/pico_matrix.json")
    assert b.module == "pico" and b.pad_pins() == [2, 3, 4, 5] and b.led_pins() == [18, 19, 20, 21]
    assert b.display.layout == "serpentine" and b.display.order == "GRB" and b.display.max_ma == 500
    e = board.load(BOARDS + "/pico_eink.json").display
    assert (e.spi, e.sck, e.mosi, e.busy, e.full_every) == (1, 10, 11, 13, 5)
    b = board.validate(_copy(buzzer=None, menu_button=None))
    assert b.buzzer_pin is None and b.menu_pin is None and b.led_budget_ma == 500
    assert b.display.max_ma == 500  # the matrix gets the power budget by default


def test_board_pin_the_module_does_not_have():
    m = _refused(_copy(buzzer={"pin": 30}))
    assert "GP30" in m and "buzzer.pin" in m and "has no GP30" in m and "GP26-GP28" in m
    m = _refused(_copy(menu_button={"pin": 17}, module="rp2040_zero", pads=[{"pin": 2, "led": None}, {"pin": 40}]))
    assert "GP40" in m and "pads[1].pin" in m


def test_board_reserved_pins_say_what_they_are():
    m = _refused(_copy(buzzer={"pin": 25}))
    assert "GP25" in m and "reserved" in m and "on-board LED" in m
    for pin in (23, 24, 29):
        assert "GP%d" % pin in _refused(_copy(buzzer={"pin": pin}))
    m = _refused(_copy(module="pico_w", buzzer={"pin": 24}))
    assert "GP24" in m and "wireless" in m
    m = _refused(_copy(module="rp2040_zero", buzzer={"pin": 16}))
    assert "GP16" in m and "WS2812" in m
    # The RP2040-Zero exposes GP23-GP29 (a Pico does not).
    assert board.validate(_copy(module="rp2040_zero", buzzer={"pin": 24})).buzzer_pin == 24


def test_board_pin_used_twice_names_both_uses():
    m = _refused(_copy(buzzer={"pin": 19}))
    assert "GP19 is used twice" in m and "pads[1].led" in m and "buzzer.pin" in m
    m = _refused(_copy(pads=[{"pin": 2}, {"pin": 2}]))
    assert "GP2" in m and "pads[0].pin" in m and "pads[1].pin" in m


def test_board_too_few_or_too_many_pads():
    assert "at least 2" in _refused(_copy(pads=[{"pin": 2}]))
    nine = [{"pin": p} for p in range(0, 9)]
    assert "at most 8" in _refused(_copy(pads=nine))
    eight = [{"pin": p, "led": None} for p in range(0, 8)]
    assert board.validate(_copy(pads=eight)).n_pads == 8


def test_board_bus_pins_must_match_the_peripheral():
    eink = {"kind": "ssd1680", "width": 296, "height": 128, "spi": 1, "sck": 10, "mosi": 11,
            "cs": 9, "dc": 8, "rst": 12, "busy": 13}
    assert board.validate(_copy(display=eink)).display.baudrate == 4000000
    bad = dict(eink)
    bad["sck"] = 6  # SCK, but of SPI0
    m = _refused(_copy(display=bad))
    assert "GP6" in m and "display.sck" in m and "SPI1 SCK" in m and "GP10" in m
    bad = dict(eink)
    bad["mosi"] = 12
    assert "GP12 (display.mosi) is not an SPI1 MOSI pin" in _refused(_copy(display=bad))
    oled = {"kind": "ssd1306", "width": 128, "height": 64, "bus": "i2c", "i2c": 1, "sda": 26, "scl": 27}
    assert board.validate(_copy(display=oled)).display.addr == 0x3C
    oled["sda"] = 27
    oled["scl"] = 26
    m = _refused(_copy(display=oled))
    assert "GP27 (display.sda) is not an I2C1 SDA pin" in m
    oled["sda"] = 4  # SDA of I2C0
    assert "GP4" in _refused(_copy(display=oled))


def test_board_unknown_display_kind_and_missing_fields():
    m = _refused(_copy(display={"kind": "st7789", "width": 240, "height": 240}))
    assert "st7789" in m and "unknown" in m and "ws2812" in m
    m = _refused(_copy(display={"kind": "ws2812", "height": 16, "pin": 22}))
    assert "display.width is missing" in m
    d = _copy()
    del d["display"]
    assert "display is missing" in _refused(d)
    assert "pads[1].pin is missing" in _refused(_copy(pads=[{"pin": 2}, {"led": 3}]))
    d = _copy()
    del d["module"]
    assert "module is missing" in _refused(d)
    assert "module 'pico2'" in _refused(_copy(module="pico2"))
    assert "GPIO number" in _refused(_copy(buzzer={"pin": "GP15"}))
    assert "display.layout" in _refused(_copy(display={"kind": "ws2812", "width": 16, "height": 16, "pin": 22, "layout": "zigzag"}))


def test_board_errors_name_the_file_and_json_errors_are_refused():
    m = str(raises(BoardError, board.parse, "{\"name\": ", "boards/broken.json"))
    assert m.startswith("boards/broken.json:") and "JSON" in m
    e = raises(BoardError, board.validate, _copy(buzzer={"pin": 25}), "boards/x.json")
    assert e.pin == 25 and isinstance(e, ValueError)
    assert "cannot read" in str(raises(BoardError, board.load, BOARDS + "/no_such_board.json"))


def test_board_matrix_budget_cannot_exceed_the_supply():
    d = _copy(power={"supply_ma": 500, "led_budget_ma": 400})
    d["display"]["max_ma"] = 900
    assert "max_ma 900" in _refused(d)


def test_board_matrix_budget_must_cover_the_dark_leds():
    d = _copy()
    d["display"]["max_ma"] = 250   # 256 LEDs draw ~256 mA dark
    m = _refused(d)
    assert "max_ma 250" in m and "256 WS2812 LEDs" in m


def test_board_an_unknown_key_is_refused_naming_it():
    # a typo in an optional object: the menu button would silently vanish
    d = _copy(menu_buton={"pin": 14})
    del d["menu_button"]
    e = _refused(d)
    assert "unknown key menu_buton" in e and "boards/x.json" in e and "\n" not in e, e
    e = _refused(_copy(buzzer={"pin": 15, "volume": 3}))
    assert "unknown key buzzer.volume" in e, e
    e = _refused(_copy(power={"supply_ma": 1000, "led_budget": 400}))
    assert "unknown key power.led_budget" in e and "led_budget_ma" in e, e
    e = _refused(_copy(pads=[{"pin": 2, "led": 18}, {"pin": 3, "lde": 19}]))
    assert "unknown key pads[1].lde" in e, e
    # a key of another display kind is unknown for this one
    e = _refused(_copy(display={"kind": "ws2812", "width": 16, "height": 16, "pin": 22, "busy": 9}))
    assert "unknown key display.busy" in e, e
    e = _refused(_copy(display={"kind": "ssd1306", "width": 128, "height": 64, "bus": "i2c", "i2c": 0,
                                "sda": 4, "scl": 5, "full_every": 3}))
    assert "unknown key display.full_every" in e, e
    # every key the shipped boards use is known
    for f in os.listdir(BOARDS):
        if f.endswith(".json"):
            board.load(BOARDS + "/" + f)


def test_board_the_checked_board_is_taken_only_for_its_own_text():
    # hal.boarddata.load: the Board of a board file from the checked board
    # make flash wrote (tools/boardcheck.checked_text: [text, fields, pads,
    # display]), on both interpreters; a board file changed since: None
    # (main.py then checks the file itself)
    from hal import boarddata
    from hal.host.parts import default_dir
    d = default_dir("bbx_boardok_")
    text = json.dumps(BASE)
    b = board.parse(text, "x")
    ok = [text, {"name": b.name, "module": b.module, "buzzer_pin": b.buzzer_pin, "speaker_pin": None,
                 "menu_pin": b.menu_pin, "pad_timing": b.pad_timing, "supply_ma": b.supply_ma,
                 "led_budget_ma": b.led_budget_ma, "power": [None, 29, 9900, None]},
          [[p.pin, p.led] for p in b.pads],
          {"kind": "ws2812", "width": 16, "height": 16, "pin": 22, "layout": "serpentine", "order": "GRB",
           "max_ma": 500, "rotate": 0, "mirror": False}]
    try:
        with open(d + "/board.json", "w") as f:
            f.write(text)
        with open(d + "/boardok.json", "w") as f:
            f.write(json.dumps(ok))
        got = boarddata.load(d + "/board.json", d + "/boardok.json")
        assert got.source == d + "/board.json" and got.uses() == b.uses()
        assert got.pad_pins() == [2, 3] and got.led_pins() == [18, 19] and got.display.pin == 22
        assert got.power == (None, 29, 9900, None) and got.display.layout == "serpentine"
        with open(d + "/board.json", "w") as f:
            f.write(text + " ")
        assert boarddata.load(d + "/board.json", d + "/boardok.json") is None
        assert boarddata.load(d + "/board.json", d + "/none.json") is None
    finally:
        for n in ("board.json", "boardok.json"):
            os.remove(d + "/" + n)
        os.rmdir(d)
