# Faults on the emulated Pico (issue 12, item 3), the box flashed by
# `make flash`: the power cut in the middle of a settings write or of a
# game-log write (the box boots, the settings or the log are the old or the
# new ones, never a broken file); a
# hang in the main loop (the watchdog reboots the box into its menu); a pad
# held down 10 s (S6: ignored while held, the box answers after); every pad
# hammered at 50 Hz (no crash, no reset, the drops counted: S3, S5).  The
# 60 s hammer and a cut after every flash operation: `make pico-soak`.
import os
import shutil

import pytest

from tools.pico import faults as F
from tools.pico import play as P
from tools.pico import scenarios as S

BOARD = "pico_matrix"
SOAK = os.environ.get("PICO_SOAK") == "1"


@pytest.fixture(scope="module")
def image(flashed, tmp_path_factory):
    path = str(tmp_path_factory.mktemp("faults") / "image.bin")
    flashed(BOARD, path)
    return path


def pins():
    return S.Scenario("faults", "batawaf", [0, 1], {}, None, BOARD).pins()


def test_power_cut_in_the_settings_write(image, tmp_path):
    n0, times = F.save_ops(image, str(tmp_path))
    assert times, "choosing a game wrote nothing to the flash (the settings are saved then)"
    n = len(times)
    cuts = range(1, n) if SOAK else sorted(set([n // 2]) - set([0]))
    for k in cuts:
        done, notice, game, console = F.cut_during_save(image, str(tmp_path), k)
        assert done == k, "the cut came after %d flash operations, not %d" % (done, k)
        assert not P.tracebacks(console), console[-2000:]
        # a broken file would be replaced by the defaults with a notice
        assert notice == "None", "after a cut at flash operation %d of %d: %s" % (k, n, notice)
        assert game in ("'batawaf'", "'bataille'"), game     # the old or the new settings
    # and once the save is complete, the new settings are there
    done, notice, game, console = F.cut_during_save(image, str(tmp_path), n)
    assert (notice, game) == ("None", "'bataille'")


def _whole_lines(text):
    import json
    for line in text.splitlines():
        json.loads(line)
    return text == "" or text.endswith("\n")


def test_power_cut_in_a_game_log_write(image, tmp_path):
    """Bata-waf played through the pins until its second log write (an
    append to logs/game_N.jsonl between duels), the power cut after one of
    its flash operations: the box boots, and the log is the old or the
    new version, never broken.  `make pico-soak`: a cut after each."""
    ops, after = F.log_write_ops(image, str(tmp_path), write=2)
    assert len(after) == 1, after
    [(name, new)] = after.items()
    assert _whole_lines(new) and len(ops) >= 2, (ops, new[-200:])
    # right after the write before it: the old version
    console, logs = F.cut_during_log(image, str(tmp_path), ops[0] - 1)
    assert not P.tracebacks(console), console[-2000:]
    old = logs.get(name, "")
    assert _whole_lines(old) and new.startswith(old) and len(old) < len(new), (old[-200:], new[-200:])
    cuts = ops[:-1] if SOAK else [ops[len(ops) // 2 - 1]]
    seen = []
    for op in cuts:
        console, logs = F.cut_during_log(image, str(tmp_path), op)
        assert not P.tracebacks(console), (op, console[-2000:])
        got = logs.get(name, "")
        assert got in (old, new), "after a cut at flash operation %d of %s: %r" % (op, ops, got[-300:])
        seen.append("new" if got == new else "old")
    print("\n[pico] log write of %d flash operations (%d -> %d bytes); cut after %s: %s"
          % (len(ops), len(old), len(new), cuts, seen))


def test_watchdog_reboots_a_hung_box(image, tmp_path):
    flash = str(tmp_path / "flash.bin")
    shutil.copyfile(image, flash)
    p, t0 = F.boot(flash, BOARD)
    try:
        p.run_until(t0)
        before = p.state()["resets"]
        frames = len(p.events("ws2812"))
        t_hang = F.hang(p)
        p.run_until(t_hang + 8000000)
        st = p.state()
        assert st["resets"] == before + 1, st
        resets = p.events("reset")
        # the watchdog's REASON register: bit 0, its timer ran out
        assert resets[-1]["reason"] == "watchdog" and st["reset_reason"] == 1, (resets[-1], st)
        t_reset = resets[-1]["t"]
        assert 4500000 <= t_reset - t_hang <= 6500000, (t_hang, resets[-1])
        # it boots again into its menu: new frames after the reset
        later = [e for e in p.events("ws2812")[frames:] if e["t"] > t_reset]
        assert later, "no frame after the watchdog reset"
        assert not P.tracebacks(p.serial_text()), p.serial_text()[-2000:]
    finally:
        p.close()


def test_pad_held_10_s(image, tmp_path):
    flash = str(tmp_path / "flash.bin")
    shutil.copyfile(image, flash)
    p, t0 = F.boot(flash, BOARD)
    g = pins()
    try:
        p.press(g[0], t0, 10000000)             # pad 1 held 10 s: one "next"
        p.run_until(t0 + 7000000)
        mid = F.values(p, "BOX.stuck", "BOX.menus.sel")     # (the look stands the box down)
    finally:
        p.close()
    assert mid == ["1", "1"], mid       # S6: pad 1 shown stuck after 5 s; its press counted once
    # the same again, and after the release the box answers the pad
    shutil.copyfile(image, flash)
    p, t0 = F.boot(flash, BOARD)
    try:
        p.press(g[0], t0, 10000000)
        p.press(g[0], t0 + 10500000, 60000)     # released, then pressed: "next" again
        p.run_until(t0 + 11500000)
        assert not P.tracebacks(p.serial_text()), p.serial_text()[-2000:]
        assert F.values(p, "BOX.stuck", "BOX.menus.sel", "BOX.errors", "BOX.state") == ["0", "2", "0", "'menu'"]
    finally:
        p.close()


@pytest.mark.parametrize("seconds", [60 if SOAK else 4])
def test_every_pad_hammered_at_50_hz(image, tmp_path, seconds):
    flash = str(tmp_path / "flash.bin")
    shutil.copyfile(image, flash)
    p, t0 = F.boot(flash, BOARD)
    try:
        resets = p.state()["resets"]
        edges = F.hammer(p, pins(), t0, seconds)
        p.run_until(t0 + seconds * 1000000 + 500000)
        st = p.state()
        assert st["resets"] == resets, "the box was reset under the hammer: %s" % st
        console = p.serial_text()
        assert not P.tracebacks(console), console[-2000:]
        errors, bounced, overflow, state = F.values(p, "BOX.errors", "BOX.cap.bounced", "BOX.cap.overflow",
                                                    "BOX.state")
        assert errors == "0", (errors, state)
        # presses 20 ms apart, let go after 8 ms: each press comes within the
        # 20 ms after its pad was seen released, so it is bounce (S3), and
        # counted; nothing is lost silently
        assert int(bounced) + int(overflow) > 0, (bounced, overflow, edges)
        print("\n[pico] hammer %d s: %d edges, %s bounced, %s overflowed, box in %s"
              % (seconds, edges, bounced, overflow, state))
    finally:
        p.close()
