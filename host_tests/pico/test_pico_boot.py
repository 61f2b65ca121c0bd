# pico_matrix on the emulated RP2040 with the stock MicroPython v1.28.0:
# flashed by `make flash` onto a fresh board (an image cached in build/pico),
# it boots without a traceback, and the first menu frame decoded from the
# WS2812 pin is, LED for LED, the frame the host HAL's PIO recorder gets for
# the same state.  Then a host takes the REPL (mpremote): the box stands
# down and its watchdog no longer resets it (issue 12: `make flash` onto a
# running box was cut by the 5 s watchdog).
import json
import os
import subprocess
import sys
import time

import pytest

from tools.pico.pico import ROOT

BOARD = "pico_matrix"
BOARD_FILE = os.path.join(ROOT, "boards", BOARD + ".json")


def host_first_frame():
    """(number of frames put, the last one's words) after the host box's
    first tick: the same state as the board's first pass of its loop."""
    import hal
    import main
    app = main.main(BOARD_FILE, hal.open_host, run=False)
    app.tick()
    out = app.hal.display.out
    return out.puts, list(out.last)


def wire(words):
    from drivers.ws2812 import wire_bytes
    return b"".join(wire_bytes(w) for w in words)


@pytest.fixture(scope="module")
def booted(flashed, tmp_path_factory):
    """The flashed box, powered on and run to its first frames."""
    from tools.pico.pico import Pico
    d = tmp_path_factory.mktemp("pico")
    flashed(BOARD, d / "flash.bin")
    p = Pico(board=BOARD, flash=str(d / "flash.bin"))
    p.start()
    puts, words = host_first_frame()
    t0 = time.monotonic()
    while len(p.events("ws2812")) < puts and p.now_us < 8e6:
        p.run_for(250000)
    p.run_for(1000000)          # a second of the menu after it
    p.boot_wall_s = time.monotonic() - t0
    p.host_frame = (puts, words)
    yield p
    p.close()


def test_pico_matrix_boots_without_traceback(booted):
    text = booted.serial_text()
    assert "Traceback" not in text and "Error" not in text, text[-2000:]
    assert booted.events("reset")[-1]["n"] == 0, "the box reset itself: %s" % booted.events("reset")
    frames = booted.events("ws2812")
    assert frames, "no WS2812 frame in %.1f s emulated" % (booted.now_us / 1e6)
    print("\n[pico] first frame at %.0f ms emulated; boot run %.1f s wall" % (
        frames[0]["t"] / 1000, booted.boot_wall_s))


def test_pico_matrix_first_menu_frame_is_the_host_frame(booted):
    puts, words = booted.host_frame
    frames = booted.events("ws2812")
    assert len(frames) >= puts
    f = frames[puts - 1]
    assert f["violations"] == 0, f["notes"]          # WS2812B timings held
    got = bytes.fromhex(f["data"])
    want = wire(words)
    assert len(got) == len(want) == 3 * 256
    wrong = [i for i in range(256) if got[3 * i:3 * i + 3] != want[3 * i:3 * i + 3]]
    assert not wrong, "LEDs %s differ: board %s, host %s" % (
        wrong[:8], got[3 * wrong[0]:3 * wrong[0] + 3].hex(), want[3 * wrong[0]:3 * wrong[0] + 3].hex())
    assert any(want), "the host frame is dark: nothing compared"


def test_pico_matrix_stands_down_for_the_host(booted):
    """A host takes the REPL while the box runs: the box stops its loop and
    its watchdog (stand-down); 6 s with nothing fed and no reset."""
    p = booted
    p.run_free()
    mpremote = os.path.join(os.path.dirname(sys.executable), "mpremote")
    r = subprocess.run([mpremote, "connect", "socket://127.0.0.1:%d" % p.port, "exec",
                        "import time; time.sleep(6); print('still', 'here')"],
                       capture_output=True, text=True, timeout=300)
    p.pause()
    assert r.returncode == 0 and "still here" in r.stdout, r.stdout + r.stderr
    assert "box stopped by the host" in p.serial_text()
    assert [e["reason"] for e in p.events("reset")] == ["power-on"]


# Issue 26, item 3: power-on to the first frame with the frozen UF2 (`make
# uf2`: the code runs from flash, nothing loaded into RAM) within half a
# second.  Measured 224 ms emulated, a blank flash (its file system made at
# that boot) as after a power cycle; the `make flash` image above, whose
# .mpy files load from the file system, takes ~1.8 s.
BOOT_GOAL_US = 500000


def test_pico_frozen_uf2_first_frame_within_half_a_second(frozen_booted):
    FB, p, first = frozen_booted(BOARD)
    p.run_for(300000)
    t0 = p.now_us
    p.power_cycle()
    again = FB.first_start(p, BOARD, t0 + 1, t0 + 5000000) - t0
    text = p.serial_text()
    print("\n[pico] frozen UF2: first frame %.0f ms after power-on (blank flash), %.0f ms after a power cycle"
          % (first / 1000.0, again / 1000.0))
    assert "Traceback" not in text, text[-2000:]
    # with a margin: 400 ms, not the goal's 500
    assert first <= 0.8 * BOOT_GOAL_US and again <= 0.8 * BOOT_GOAL_US, (first, again)


# Issue 41, item 4: the box `make flash` leaves on the stock firmware (its
# .mpy files loaded from littlefs, some 15 ms an import) shows its first
# frame within 800 ms of power-on on every display board.  The box's own
# boot line says when its first frame is drawn and sent (the OLED's first
# write on the bus is its init sequence, sent while the HAL opens, so the
# line is the measure that means the same on every board); the matrix's
# first frame on its pin is checked too.  What the first screen does
# without comes after it (booted.py): the pads, the power parts, the voice,
# and the box then reads its pads as before.
MPY_BOOT_GOAL_MS = 800


@pytest.mark.parametrize("board", ["pico_matrix", "pico_oled", "pico_sh1106", "pico_eink"])
def test_pico_mpy_box_first_frame_within_800_ms_then_its_pads(flashed, tmp_path, board):
    import re
    from tools.pico import faults
    from tools.pico.pico import Pico
    flashed(board, tmp_path / "flash.bin")
    p = Pico(board=board, flash=str(tmp_path / "flash.bin"))
    try:
        p.start()
        said = ""
        while "heap boot" not in said and p.now_us < 5e6:
            p.run_for(100000)
            said = p.serial_text()
        m = re.search(r"boot ms: main \d+ check \d+ board \d+ hal \d+ app \d+ frame (\d+)", said)
        assert m, said[-1500:]
        frame = int(m.group(1))
        print("\n[pico] %s, make flash box: first frame %d ms after power-on (%s)"
              % (board, frame, m.group(0)))
        assert "Traceback" not in said, said[-1500:]
        assert frame <= MPY_BOOT_GOAL_MS, m.group(0)
        if board == "pico_matrix":
            wire = p.events("ws2812")
            assert wire and wire[0]["t"] <= frame * 1000, (wire[:1], frame)
        # the pads opened after it: the App reads the board's PadCapture
        # (the boot's stand-in is gone), and the matrix's battery gauge is up
        cap, gauge = faults.values(p, "type(BOX.cap).__name__", "BOX.power is not None")
        assert cap in ("'PadCapture'", "'ViperCapture'"), cap
        with open(os.path.join(ROOT, "boards", board + ".json")) as f:
            sense = (json.load(f).get("power") or {}).get("sense")
        assert gauge == str(sense is not None), (gauge, sense)
    finally:
        p.close()
