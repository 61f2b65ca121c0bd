# pico_oled and pico_eink on the emulated RP2040 (issue 12): flashed by
# `make flash`, each boots with no traceback, and its first menu picture,
# decoded from the bus traffic by the controller model (tools/pico/ssd1306.py,
# ssd1680.py), is pixel for pixel the picture the host HAL renders for the
# same state.  With no display answering (no I2C acknowledge, e-ink BUSY
# stuck high) the box says why on its serial port and blinks the code on the
# pad LEDs, all four together, and goes on running (no reset).
import time

import pytest

from tools.pico import displays

# pico_sh1106: the SH1106 model (issue 28); pico_oled_flipped and
# pico_eink_flipped: rotate 180,
# the host picture turned as the glass shows it (tools/pico/displays.glass)
BOARDS = ["pico_oled", "pico_eink", "pico_sh1106", "pico_oled_flipped", "pico_eink_flipped"]


def first_picture(p, scr, limit_us=20e6):
    """Run until the model has a picture sent by the firmware (an OLED
    transfer, an e-ink refresh); then half a second more."""
    t0 = time.monotonic()
    while p.now_us < limit_us:
        p.run_for(250000)
        scr.update()
        if any(f.kind in ("transfer", "full", "partial") for f in scr.model.frames):
            break
    p.run_for(500000)
    scr.update()
    return time.monotonic() - t0


@pytest.fixture(scope="module", params=BOARDS)
def booted(request, flashed, tmp_path_factory):
    from tools.pico.pico import Pico
    board = request.param
    d = tmp_path_factory.mktemp(board)
    flashed(board, d / "flash.bin")
    p = Pico(board=board, flash=str(d / "flash.bin"))
    p.start()
    scr = displays.PicoScreen(p, board)
    p.wall_s = first_picture(p, scr)
    p.board_name = board
    yield p, scr
    p.close()


def test_pico_display_boards_boot_without_traceback(booted):
    p, scr = booted
    text = p.serial_text()
    assert "Traceback" not in text and "Error" not in text, text[-2000:]
    assert [e["reason"] for e in p.events("reset")] == ["power-on"]
    assert scr.model.problems == [], scr.model.problems
    sent = [f for f in scr.model.frames if f.kind in ("transfer", "full", "partial")]
    assert sent, "%s: no picture in %.1f s emulated" % (p.board_name, p.now_us / 1e6)
    print("\n[pico] %s: first picture at %.0f ms emulated; %.1f s wall" % (
        p.board_name, sent[0].t_us / 1000.0, p.wall_s))


def test_pico_display_boards_first_menu_picture_is_the_host_one(booted):
    p, scr = booted
    want = displays.host_frame(p.board_name, "menu")
    got = [f for f in scr.model.frames if f.kind in ("transfer", "full", "partial")][0]
    assert got == want, "%s: %s\n%s" % (p.board_name, got.diff(want), got.text())
    if p.board_name == "pico_eink":
        assert got.kind == "full"      # the first refresh of a panel is a full one


def pulses(events, pin):
    """(rise, fall) times in ms of a pin's high pulses."""
    out = []
    up = None
    for e in events:
        if e["gpio"] != pin:
            continue
        if e["level"] == 1 and up is None:
            up = e["t"]
        elif e["level"] != 1 and up is not None:
            out.append((up / 1000.0, e["t"] / 1000.0))
            up = None
    return out


@pytest.mark.parametrize("board,config,code,says", [
    ("pico_oled", {"i2c_devices": []}, 2, "the SSD1306 does not answer"),
    ("pico_eink", {"eink": None, "levels": {"13": 1}}, 3, "BUSY (GP13) pin stayed high"),
])
def test_pico_display_missing_blinks_its_code_on_the_pads(board, config, code, says, flashed, emulator, tmp_path):
    from drivers import blink
    b = displays.load_board(board)
    flashed(board, tmp_path / "flash.bin")
    p = emulator(board=board, flash=str(tmp_path / "flash.bin"), config=config)
    scr = displays.PicoScreen(p, board)
    p.run_for(12000000)
    scr.update()
    text = p.serial_text()
    assert says in text and "blink code %d" % code in text, text[-2000:]
    assert "Traceback" not in text, text[-2000:]
    assert [e["reason"] for e in p.events("reset")] == ["power-on"]   # no crash, no watchdog reset
    assert not [f for f in scr.model.frames if f.kind in ("transfer", "full", "partial")]
    leds = [pin for pin in b.led_pins() if pin is not None]
    gp = p.events("gpio")
    trains = [pulses(gp, pin) for pin in leds]
    # before the failure the menu may light its hint pads (1 and 2); pad 4
    # is lit by the code alone: from its first flash on, the code owns them,
    # and it begins with its pause, all dark
    start = trains[-1][0][0]
    for k, t in enumerate(trains):
        before = [x for x in t if x[0] < start - 2]
        assert all(x[1] <= start - 1400 for x in before), "pad %d lit in the code's first pause: %s" % (k + 1, t)
        trains[k] = [x for x in t if x[0] >= start - 2]
    on = trains[0]
    for t in trains[1:]:     # together: set one after the other in the same pass
        assert len(t) == len(on) and all(abs(a[0] - b[0]) < 2 and abs(a[1] - b[1]) < 2 for a, b in zip(t, on)), \
            "the pad LEDs do not blink together: %s" % trains
    assert len(on) >= 2 * code, on
    # code flashes of 200 ms, 500 ms apart, then a pause: period code*500+1500 ms
    period = blink.period_ms(code)
    for k in range(len(on)):
        assert 180 <= on[k][1] - on[k][0] <= 230, on
        if k + 1 < len(on):
            gap = on[k + 1][0] - on[k][0]
            want = 500 if (k + 1) % code else period - (code - 1) * 500
            assert abs(gap - want) <= 30, (k, gap, want, on)


# pico_matrix_turned: the 16x16 matrix mounted a quarter turn clockwise
# (display.rotate 90).  The firmware folds the turn into its pixel -> chain
# table (drivers/orient.py): the emulated board's first menu frame is the
# host HAL's for that board, LED for LED, and it is the upright board's
# picture turned: picture pixel (x, y) lights the LED at glass (15 - y, x).
def matrix_host_first_frame(board):
    """(frames put, the last one's words in chain order) after the host
    box's first tick (test_pico_boot.py does the same for pico_matrix)."""
    import hal
    import main
    from tools.pico.pico import board_path
    app = main.main(board_path(board), hal.open_host, run=False)
    app.tick()
    out = app.hal.display.out
    return out.puts, list(out.last)


def serpentine(x, y, w=16):
    """The chain position of glass pixel (x, y) on a serpentine matrix (odd
    rows run right to left), written out here apart from the driver."""
    return y * w + (w - 1 - x if y & 1 else x)


@pytest.fixture(scope="module")
def turned(flashed, tmp_path_factory):
    from tools.pico.pico import Pico
    board = "pico_matrix_turned"
    d = tmp_path_factory.mktemp(board)
    flashed(board, d / "flash.bin")
    p = Pico(board=board, flash=str(d / "flash.bin"))
    p.start()
    puts, words = matrix_host_first_frame(board)
    while len(p.events("ws2812")) < puts and p.now_us < 8e6:
        p.run_for(250000)
    p.run_for(500000)
    p.host_frame = (puts, words)
    yield p
    p.close()


def test_pico_matrix_turned_boots_and_its_first_frame_is_the_host_one(turned):
    from drivers.ws2812 import wire_bytes
    text = turned.serial_text()
    assert "Traceback" not in text and "Error" not in text, text[-2000:]
    assert [e["reason"] for e in turned.events("reset")] == ["power-on"]
    puts, words = turned.host_frame
    frames = turned.events("ws2812")
    assert len(frames) >= puts, "%d WS2812 frames in %.1f s emulated, the host put %d" % (
        len(frames), turned.now_us / 1e6, puts)
    f = frames[puts - 1]
    assert f["violations"] == 0, f["notes"]
    got = bytes.fromhex(f["data"])
    want = b"".join(wire_bytes(w) for w in words)
    assert len(got) == len(want) == 3 * 256
    wrong = [i for i in range(256) if got[3 * i:3 * i + 3] != want[3 * i:3 * i + 3]]
    assert not wrong, "LEDs %s differ from the host's" % wrong[:8]
    assert any(want), "the host frame is dark: nothing compared"


def test_pico_matrix_turned_first_frame_is_the_upright_one_turned_a_quarter_clockwise(turned):
    _, upright = matrix_host_first_frame("pico_matrix")
    frames = turned.events("ws2812")
    got = bytes.fromhex(frames[turned.host_frame[0] - 1]["data"])
    led = [got[3 * i:3 * i + 3] for i in range(256)]
    from drivers.ws2812 import wire_bytes
    up = [wire_bytes(w) for w in upright]
    moved = 0
    for y in range(16):
        for x in range(16):
            a = up[serpentine(x, y)]              # picture (x, y) on the upright matrix
            b = led[serpentine(15 - y, x)]        # where the quarter turn puts it
            assert a == b, "picture pixel (%d, %d): upright %s, turned board %s" % (x, y, a.hex(), b.hex())
            moved += led[serpentine(x, y)] != a
    assert moved > 16, "the turned frame is the upright one: the menu picture says nothing of the turn"
