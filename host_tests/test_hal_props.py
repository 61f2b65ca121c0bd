# Properties of the board loader and of storage (issue 5), on CPython:
#   - any board file either loads into a Board whose pins are all real,
#     unreserved and distinct, or is refused with one line naming the file;
#   - a settings file damaged in any way loads as the defaults with a
#     notice, or (undamaged) as what was saved: never an exception, never
#     something else.
import os

from hypothesis import given, settings, strategies as st

from examples import examples

from hal import board
from hal.board import BoardError, MODULES
from drivers.storage import Storage, OsFs, encode

PIN = st.one_of(st.integers(-2, 32), st.none(), st.just("GP5"))


@st.composite
def board_dicts(draw):
    d = {"name": "x", "module": draw(st.sampled_from(sorted(MODULES) + ["pico2"]))}
    d["pads"] = [{"pin": draw(PIN), "led": draw(PIN)} for _ in range(draw(st.integers(0, 9)))]
    kind = draw(st.sampled_from(["ws2812", "ssd1680", "ssd1306", "st7789"]))
    if kind == "ws2812":
        disp = {"kind": kind, "width": 16, "height": 16, "pin": draw(PIN)}
    elif kind == "ssd1306":
        disp = {"kind": kind, "width": 128, "height": 64, "bus": "i2c", "i2c": draw(st.integers(0, 1)),
                "sda": draw(PIN), "scl": draw(PIN)}
    else:
        disp = {"kind": kind, "width": 296, "height": 128, "spi": draw(st.integers(0, 1))}
        for k in ("sck", "mosi", "cs", "dc", "rst", "busy"):
            disp[k] = draw(PIN)
    d["display"] = disp
    d["buzzer"] = draw(st.one_of(st.none(), st.builds(lambda p: {"pin": p}, PIN)))
    return d


@settings(max_examples=examples(300))
@given(board_dicts())
def test_board_loads_clean_or_refuses_in_one_line(d):
    try:
        b = board.validate(d, "boards/x.json")
    except BoardError as e:
        msg = str(e)
        assert msg.startswith("boards/x.json: ") and "\n" not in msg
        if e.pin is not None:
            assert "GP%d" % e.pin in msg
        return
    m = MODULES[b.module]
    pins = [p for _, p in b.uses()]
    assert len(pins) == len(set(pins))
    assert all(p in m["pins"] and p not in m["reserved"] for p in pins)
    assert 2 <= b.n_pads <= 8


DEFAULTS = {"volume": 3, "lang": "fr"}
VALUES = st.dictionaries(st.text(max_size=8), st.one_of(st.integers(), st.text(max_size=10), st.booleans(),
                                                        st.lists(st.integers(), max_size=4)), max_size=5)


@settings(max_examples=examples(200))
@given(value=VALUES, where=st.integers(0, 10 ** 6), new=st.integers(0, 255), cut=st.integers(0, 10 ** 6))
def test_storage_damaged_file_gives_defaults_never_garbage(tmp_path_factory, value, where, new, cut):
    d = str(tmp_path_factory.mktemp("st"))
    s = Storage(OsFs(d))
    s.save("settings.json", value)
    path = os.path.join(d, "settings.json")
    raw = bytearray(open(path, "rb").read())
    damaged = bytes(raw)
    if where % 3 == 0:
        damaged = damaged[:cut % (len(raw) + 1)]      # cut short
        if where % 2:
            damaged = damaged[:len(raw) - 1]          # just the last newline lost
    else:
        i = where % len(raw)
        raw[i] = new                                   # one byte changed
        damaged = bytes(raw)
    with open(path, "wb") as f:
        f.write(damaged)
    got, notice = Storage(OsFs(d)).load("settings.json", DEFAULTS)
    want = dict(DEFAULTS)
    want.update(value)
    if damaged == encode(value):
        assert got == want and notice is None
    else:
        assert notice is not None and got == DEFAULTS, (damaged, got)
