# Issue 27's low-battery warning on the emulated RP2040 (pico_matrix flashed
# by `make flash`, the stock MicroPython v1.28.0): the harness drives the
# VSYS it puts on ADC3 low, and the WS2812 frames show the warning (the
# battery with one red bar), LED for LED the host HAL's frame of the same
# screen, for some 2 s; then the home menu again with the gauge's red mark
# in its corner, the host's frame too; and not the warning again while the
# battery stays low.  The host tests (host_tests/portable/
# test_power_warning.py) prove the rest on the virtual clock.
import pytest

BOARD = "pico_matrix"


def host_frames():
    """(the warning's words, the home menu's with the low gauge) of the
    host box as booted (its first menu, its hint shown), in chain order."""
    import hal
    import main
    from tools.pico.pico import board_path
    app = main.main(board_path(BOARD), hal.open_host, run=False)
    app.tick()
    out = app.hal.display.out
    g = app.power
    g.low = True
    g.warn = -1
    app.draw()
    warning = list(out.last)
    g.warn = None
    app.draw()
    return warning, list(out.last)


@pytest.fixture(scope="module")
def box(flashed, tmp_path_factory):
    from tools.pico.pico import Pico
    d = tmp_path_factory.mktemp("pico")
    flashed(BOARD, d / "flash.bin")
    p = Pico(board=BOARD, flash=str(d / "flash.bin"))
    p.start()
    while not p.events("ws2812") and p.now_us < 8e6:
        p.run_for(250000)
    p.run_for(1500000)
    yield p
    p.close()


def test_pico_low_vsys_shows_the_warning_once_then_the_menu_with_its_red_mark(box):
    from drivers.ws2812 import wire_bytes
    p = box
    warning, menu = host_frames()
    want_warning = b"".join(wire_bytes(w) for w in warning).hex()
    want_menu = b"".join(wire_bytes(w) for w in menu).hex()
    assert want_warning != want_menu and int(want_warning, 16) and int(want_menu, 16)
    t0 = p.now_us
    p.set_vsys(3400)
    p.run_for(12000000)
    text = p.serial_text()
    assert "Traceback" not in text, text[-1500:]
    assert "low" in text.split("battery")[-1], text[-600:]     # the gauge's console line: low
    frames = [e for e in p.events("ws2812") if e["t"] > t0]
    assert all(e["violations"] == 0 for e in frames)
    shown = [e["t"] for e in frames if e["data"] == want_warning]
    assert shown, "no WS2812 frame of the warning in 12 s at 3.4 V (%d frames)" % len(frames)
    after = [e for e in frames if e["t"] > shown[0] and e["data"] != want_warning]
    assert after, "the warning never went"
    assert 1.9e6 <= after[0]["t"] - shown[0] <= 2.6e6, after[0]["t"] - shown[0]   # its 2 s
    assert after[-1]["data"] == want_menu          # the home menu, its red mark in the corner
    assert not [e for e in frames if e["t"] > after[0]["t"] and e["data"] == want_warning]
    n = len(p.events("ws2812"))
    p.run_for(10000000)                            # still low: not again
    assert not [e for e in p.events("ws2812")[n:] if e["data"] == want_warning]
    assert [e["reason"] for e in p.events("reset")] == ["power-on"]


def test_pico_battery_floor_shows_the_sign_then_goes_dark(box):
    # issue 40, 5, on the board: VSYS under the floor (3300 mV), the box
    # saves, shows the battery sign 2 s (the watchdog fed while it waits),
    # then the dark frame; no traceback, no reset (app.idle._sign)
    from drivers.ws2812 import wire_bytes
    p = box
    menu = b"".join(wire_bytes(w) for w in host_frames()[1]).hex()
    t0 = p.now_us
    p.set_vsys(3200)
    p.run_for(14000000)
    text = p.serial_text()
    assert "Traceback" not in text, text[-1500:]
    assert "asleep" in text.split("battery at its floor")[-1], text[-600:]
    frames = [e for e in p.events("ws2812") if e["t"] > t0]
    dark = [e for e in frames if not int(e["data"], 16)]
    assert dark, "no dark frame in 14 s under the floor (%d frames)" % len(frames)
    shown = [e for e in frames if e["t"] < dark[0]["t"]]
    assert shown and shown[-1]["data"] != menu and int(shown[-1]["data"], 16), "no sign before the dark"
    assert dark[0]["t"] - shown[-1]["t"] >= 1.9e6, dark[0]["t"] - shown[-1]["t"]
    assert [e["reason"] for e in p.events("reset")] == ["power-on"]
