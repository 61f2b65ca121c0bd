# Issue 27 on the emulated RP2040 (pico_matrix flashed by `make flash`, the
# stock MicroPython v1.28.0): the idle box goes dark (a black WS2812 frame,
# the matrix's supply switch GP17 low, the pad LEDs off) and its CPU sleeps
# (machine.lightsleep: the emulator's idle time), the watchdog does not fire
# while it sleeps, a pad press wakes it to the same frame within a second;
# the battery gauge follows the VSYS the harness puts on ADC3 (full, low,
# noisy, the floor), and at the floor the box saves and sleeps, and a press
# does not wake it.
#
# The wait itself (the setting's minutes counted in quarter seconds) is the
# host tests' (host_tests/portable/test_sleep.py): here the box is taken at
# the REPL (Ctrl-C: it stands down), its counter set a few seconds before
# the 2-minute setting and its own loop run again with its watchdog, so the
# emulator spends seconds, not minutes, of a busy menu.
import re

import pytest

BOARD = "pico_matrix"
SWITCH = 17
PAD1 = 2
LEDS = (18, 19, 20, 21)
# the box's loop again, from the REPL, with its watchdog; Ctrl-C stops it
GO = ("exec(\"def go(n):\\n BOX.settings['sleep'] = 2\\n BOX.idle = n\\n BOX.hal.watchdog.start()\\n"
      " try:\\n  BOX.run()\\n except KeyboardInterrupt:\\n  BOX.hal.watchdog.stop()\\n\")")


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


def say(p, text, us):
    before = len(p.serial_text())
    p.write_serial(text)
    p.run_for(us)
    return p.serial_text()[before:]


def take_repl(p):
    out = say(p, b"\x03", 400000)
    assert "box stopped by the host" in out or ">>>" in out, out
    say(p, GO + "\r", 300000)


def level(p, gpio, at=None):
    """The last level driven on gpio (before `at`, if given)."""
    v = None
    for e in p.events("gpio"):
        if e["gpio"] == gpio and (at is None or e["t"] <= at):
            v = e["level"]
    return v


def gauge(text):
    """The gauge's console lines: [(mV, percent, low)]."""
    return [(int(m.group(1)), int(m.group(2)), bool(m.group(3)))
            for m in re.finditer(r"battery (\d+) mV (\d+)%( low)?", text)]


def test_pico_idle_box_goes_dark_its_cpu_sleeps_and_a_pad_wakes_it(box):
    p = box
    assert "Traceback" not in p.serial_text(), p.serial_text()[-1500:]
    # the home menu's first picture at boot (its label not yet scrolled):
    # a wake redraws the menu from there too
    menu = [e["data"] for e in p.events("ws2812") if int(e["data"], 16)][0]
    take_repl(p)
    s0 = p.state()["stats"]
    t0 = p.now_us
    out = say(p, "go(2 * 240 - 12)\r", 1000000)        # awake: its menu loop
    s1 = p.state()["stats"]
    awake_idle = (s1["idleNs"] - s0["idleNs"]) / 1e3 / (p.now_us - t0)
    out += say(p, b"", 3000000)                         # past the 2 minutes
    assert "asleep" in out and "Traceback" not in out, out
    assert level(p, SWITCH) == 0                        # the matrix's supply cut
    assert all(level(p, g) == 0 for g in LEDS)          # pad LEDs off
    dark = p.events("ws2812")[-1]
    assert not int(dark["data"], 16) and dark["violations"] == 0   # a black frame, then nothing
    n = len(p.events("ws2812"))
    s2 = p.state()["stats"]
    t2 = p.now_us
    p.run_for(10000000)                                 # ten seconds dark
    s3 = p.state()["stats"]
    asleep_idle = (s3["idleNs"] - s2["idleNs"]) / 1e3 / (p.now_us - t2)
    instr_per_s = (s3["instructions"] - s2["instructions"]) / ((p.now_us - t2) / 1e6)
    print("\n[pico] CPU idle %.1f %% awake in the menu, %.2f %% asleep (%.0f instructions a second)"
          % (100 * awake_idle, 100 * asleep_idle, instr_per_s))
    assert asleep_idle > 0.99 and asleep_idle > awake_idle
    assert len(p.events("ws2812")) == n                 # nothing drawn in the dark
    assert [e["reason"] for e in p.events("reset")] == ["power-on"]   # the watchdog fed between sleeps
    at = int(p.now_us) + 200000
    p.press(PAD1, at)                                   # pad 1: it would move the selection
    out = say(p, b"", 1500000)
    assert "awake" in out, out
    after = [e for e in p.events("ws2812") if e["t"] > at]
    assert after and after[0]["t"] - at < 1000000       # lit again within a second
    assert after[0]["data"] == menu                     # the same screen
    assert level(p, SWITCH) == 1


def test_pico_battery_gauge_follows_vsys_and_the_floor_saves_and_sleeps(box):
    p = box
    take_repl(p)
    out = say(p, "go(2 * 240 - 2)\r", 2000000)          # asleep at once: the gauge goes on
    assert "asleep" in out, out
    p.set_vsys(3800)                                    # half full
    half = gauge(say(p, b"", 25000000))
    assert half and 45 <= half[-1][1] <= 70 and not half[-1][2], half
    p.set_vsys(4200)                                    # full
    full = gauge(say(p, b"", 25000000))
    assert full and full[-1][1] == 100 and not full[-1][2], full
    p.set_vsys(3450)
    out = say(p, b"", 30000000)
    low = gauge(out)
    assert low and low[-1][2], out
    assert 3400 <= low[-1][0] <= 3520, low
    # noisy: one reading in three pulled 700 mV down (a frame's current step)
    seen = ""
    for i in range(30):
        p.set_vsys(3900 - 700 if i % 3 == 0 else 3900)
        seen += say(p, b"", 1000000)
    assert "floor" not in seen, seen
    noisy = gauge(seen)
    assert noisy and not noisy[-1][2], seen
    assert noisy[-1][0] >= 3700, noisy
    p.set_vsys(3200)
    out = say(p, b"", 60000000)     # (asleep, the gauge reads once a second)
    assert re.search(r"battery at its floor \(\d+ mV\): settings saved", out), out
    flash_writes = [e for e in p.events("flash") if e["op"] == "program"]
    assert flash_writes and flash_writes[-1]["t"] > p.now_us - 60000000   # the save written
    at = int(p.now_us) + 100000
    p.press(PAD1, at)
    out = say(p, b"", 2000000)
    assert "awake" not in out                           # an empty box stays dark
    assert level(p, SWITCH) == 0
    assert [e["reason"] for e in p.events("reset")] == ["power-on"]
