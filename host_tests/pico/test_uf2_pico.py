# The one-file firmware (`make uf2 BOARD=pico_matrix`: MicroPython v1.28.0
# with the box and its board file frozen in) on the emulated RP2040, from a
# blank flash, no file copied: it boots into its menu (the first menu frame
# is the host HAL's, LED for LED), plays a Bataille through its pads' pins
# (its heap lines, docs/app.md: the menus within the 40 KB goal), and keeps
# its settings across a power cycle; the UF2 of every other board boots into
# its menu too, the picture the host's.  The UF2 is built from the MicroPython
# sources in ../shared/pico (tools/uf2.py; cached in build/mp).
import os
import subprocess
import sys

import pytest

from tools.pico.pico import ROOT

sys.path.insert(0, os.path.join(ROOT, "host_tests"))
import pico_box  # noqa: E402

BOARD = "pico_matrix"
KB = 1024
# issue 26: 40 KB per game, frozen (the goal; the 64 KB must before).
# Measured (1 December 2026, main of 18:15 with this change): 35,776 B
# live at boot, 36,224 in the menu since the speaker's ring is made only
# while the box talks, the frozen voice's index stays in flash and boot
# drops the code that only opened the HAL (38,816 / 39,264 before); in the
# Bataille below (the deal, eight duels) 41,936-42,656 B (44,192-45,472
# before; a Bata-waf's first 12 duels 41,984-42,256 B, Tape-treize with 4
# players 43,664 B in its first 14 turns, 44,608 before): the menus within
# 37 KB (36,400 B after the screens' merge), a game not yet within the 40 KB goal (docs/app.md, Memory: the
# quiet moments come while the box says what happened, its 2 KB ring in
# them), held where it is with a margin (a run's peak moves by a few
# hundred bytes with the moments the collections fall on).
# 2 December 2026 (the log written past 256 bytes, the speaker's ring 1 KB
# unaligned, the place table a byte a LED): 36,448 B at boot, 37,200 in
# the menu, the Bataille below 42,000-42,784 B (43,104 before).
# 2 December 2026, later (the flash file system mounted only while the box
# writes, the ring really freed after a phrase, the font tables and the
# pictures' index constants in flash, smaller module tables): 34,464 B at
# boot and in the menus, 39,136 B in the Bataille below; whole games on the
# matrix within 40 KB (make bench-pico: Bata-waf 39,584, Bataille 39,760,
# Tape-treize 4 players 40,640 B): the game held at the 40 KB goal itself.
FROZEN_MUST = 35 * KB + 512
FROZEN_PLAY_MUST = 40 * KB


def build_uf2(board, out):
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "uf2.py"), "firmware", "--board", board,
                        "--out", out], capture_output=True, text=True, cwd=ROOT)
    if r.returncode == 2 and os.environ.get("CI", "").lower() not in ("true", "1", "yes"):
        pytest.skip("no MicroPython sources: " + r.stderr.strip().splitlines()[0])
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    return out


def host_first_frame(board=BOARD, game=None):
    """(frames put, the last one's words) after the host box's first tick;
    game: the home menu of a box whose settings chose that game last (as
    after a power cycle)."""
    import hal
    import main
    app = main.main(os.path.join(ROOT, "boards", board + ".json"), hal.open_host, run=False)
    if game is not None:
        app.settings["game"] = game
        app.open_menu("home")
    app.tick()
    return app.hal.display.out.puts, list(app.hal.display.out.last)


def frame_bytes(p, i):
    return bytes.fromhex(p.events("ws2812")[i]["data"])


@pytest.fixture(scope="module")
def box(flashed, tmp_path_factory):
    # flashed: the emulator and its inputs are there (skipped, or failed in CI)
    d = tmp_path_factory.mktemp("uf2")
    uf2 = build_uf2(BOARD, str(d / "box.uf2"))
    b = pico_box.Box(uf2=uf2, flash=str(d / "flash.bin"), board=BOARD, fresh=True)
    b.start()
    yield b
    b.close()


def test_uf2_boots_from_a_blank_flash_into_its_menu(box):
    text = box.text()
    assert "Traceback" not in text and "bad board file" not in text, text[-2000:]
    tags = [t for t, a, f in box.lines()]
    assert tags[:2] == ["boot", "menu"], text[-2000:]
    from drivers.ws2812 import wire_bytes
    puts, words = host_first_frame()
    box.wait(lambda: len(box.pico.events("ws2812")) >= puts, 5000000, what="the first menu frame")
    want = b"".join(wire_bytes(w) for w in words)
    assert any(want)
    assert frame_bytes(box.pico, puts - 1) == want


def choose_second_game(box):
    """Move to the home menu's second game (once per box): its frame
    before and after, for the settings test."""
    if getattr(box, "chosen_frame", None) is None:
        box.boot_frame = frame_bytes(box.pico, -1)
        box.next_item()
        box.pico.run_for(500000)
        box.chosen_frame = frame_bytes(box.pico, -1)
    assert box.chosen_frame != box.boot_frame


def test_uf2_plays_a_game_through_its_pins(box):
    # Bataille: moved to in the home menu (its icon shown), two players join
    # with their pads (the box saves its settings, the game chosen among
    # them, as it opens the join screen), it deals and shows the duels they
    # flip.  A whole game, its peak heap against the 40 KB goal, and the
    # 30-game soak are `make bench`'s (minutes of emulation each).
    choose_second_game(box)
    frames = len(box.pico.events("ws2812"))
    box.begin("bataille", 2)
    box.joined = True
    for _ in range(8):
        box.turn("bataille", 2)
    text = box.text()
    assert "Traceback" not in text and "box error" not in text, text[-2000:]
    assert len(box.pico.events("ws2812")) >= frames + 8
    # the heap lines so far and the game's peak so far (app.box heap_note
    # keeps it in play, said at the game's end).  (Read
    # at the REPL: the box stands down; the next test power-cycles it.)
    from tools.pico import faults
    in_play, mounts, mounted = faults.values(box.pico, "BOX.quiet.heap_peak", "BOX.store.fs.mounts",
                                             "BOX.store.fs.mounted")
    in_play = int(in_play)
    assert in_play > 0
    # the flash file system let go after the boot, mounted for the log's
    # lines and the settings (hal.rp2.parts.FlashFs), and for good once the
    # box stood down for the REPL
    assert int(mounts) >= 2 and mounted == "True", (mounts, mounted)
    lines = max(a for t, a, f in box.lines())
    print("\n[uf2] frozen pico_matrix, live heap: %d B at boot and in the menus, %d B in play"
          % (lines, in_play))
    assert lines <= FROZEN_MUST, box.lines()
    assert in_play <= FROZEN_PLAY_MUST, in_play


def test_uf2_keeps_its_settings_across_a_power_cycle(box):
    # the home menu after a power cycle shows the game chosen last (the
    # settings file on the board's flash), not the default one
    # (run alone, it chooses the game and its players join, as the game
    # test does: the box saves its settings as the join screen opens)
    if not getattr(box, "joined", False):
        choose_second_game(box)
        box.begin("bataille", 2)
    # a game the power cycle cuts comes back paused (L `resumed`,
    # app.resume: test_pico_resume.py), not the home menu, and the game
    # test before this one may have left the box standing down at the
    # REPL with its game unfinished: one power cycle first, then the menu
    # button held drops any game that came back (its `end` `stopped`), so
    # that the next power cycle comes up in the home menu
    import json
    with open(os.path.join(ROOT, "boards", BOARD + ".json"), encoding="utf-8") as f:
        menu = json.load(f)["menu_button"]["pin"]
    n = len(box.text())
    box.pico.power_cycle()
    box.wait(lambda: "heap boot" in box.text()[n:], 30000000, what="the boot after a power cycle")
    box.pico.run_for(1500000)
    box.pico.press(menu, at_us=box.pico.now_us + 1000, hold_us=2000000)
    box.pico.run_for(4500000)
    t0 = box.pico.now_us
    box.power_cycle()

    def new_frame():
        f = box.pico.events("ws2812")
        return f and f[-1]["t"] > t0
    box.wait(new_frame, 5000000, what="a frame after the power cycle")
    box.pico.run_for(1000000)
    after = frame_bytes(box.pico, -1)
    # the home menu of a box whose settings chose Bataille, LED for LED as
    # the host draws it (with the first-time hint of issue 28, shown from
    # power-on to the first press: so not the chosen frame, taken after a
    # press); a box that lost its settings shows the boot frame again
    from drivers.ws2812 import wire_bytes
    _, words = host_first_frame(BOARD, "bataille")
    want = b"".join(wire_bytes(w) for w in words)
    assert want != box.boot_frame
    assert after == want, [i for i in range(len(want)) if after[i] != want[i]][:40]


SAY = """
import time
from drivers import voice as V
v = BOX.sound.voice
print("SOURCE", type(v.stream).__name__, BOX.sound.notice, BOX.sound.lang)
v.volume = 256
v.say(("n1",))
t0 = time.ticks_ms()
while v.talking() and time.ticks_diff(time.ticks_ms(), t0) < 3000:
    v.poll(time.ticks_ms())     # as the box's loop does
    time.sleep_ms(5)
print("SAID", v.said, v.underruns, v.talking())
"""


def test_uf2_talks_from_the_voice_frozen_in_flash(box):
    # no voice file on the blank flash: the box opened the one frozen into
    # the firmware (module voice_fr, read in place) and says a word from it:
    # a DMA channel writes its samples to the speaker's PWM compare
    from tools.pico import faults, talk
    before = len(talk.speaker_starts(box.pico))
    out = faults.look(box.pico, SAY)
    assert "SOURCE FlashStream None " in out, out[-1500:]
    n1 = len(talk.word("n1", out.split("SOURCE FlashStream None ")[1].split()[0]))
    said = out.split("SAID")[1].split() if "SAID" in out else []
    assert said[1:3] == ["0", "False"], out[-1500:]      # no underrun, over
    starts = talk.speaker_starts(box.pico)[before:]
    assert starts and n1 <= starts[-1]["count"] <= n1 + 2 * 512, (starts, n1)


# S4 in the frozen pad handler: a press 0.5 s after the previous one's
# release, across the 2**30 us wrap of ticks_us, is a press.  Frozen by
# MicroPython 1.28, the viper literal 0x3FFFFFFF read -8191: every press
# after the box's first 17.9 minutes was refused as bounce (the 30-game
# soak of bench/host_uf2.py stopped there); the .mpy of `make flash` was
# right.  The handler is fed made-up ticks: no need to run 18 minutes.
WRAP = """
from pads.capture_viper import ViperCapture
T = [1073741000]
L = [1]
c = ViperCapture(1, lambda: L[0], lambda: T[0])
c.irq(None)
L[0] = 0
c.poll(1073741100)
T[0] = 500000
L[0] = 1
c.irq(None)
L[0] = 0
c.poll(500100)
T[0] = 900000
L[0] = 1
c.irq(None)
print("WRAP", c.pending(), c.bounced)
"""


def test_uf2_pad_handler_takes_presses_across_the_tick_wrap(box):
    from tools.pico import faults
    out = faults.look(box.pico, WRAP)
    assert "WRAP 3 0" in out, out[-1500:]


def test_uf2_heapmap_reads_the_box_heap_at_its_repl(box):
    # tools/pico/heapmap.py's board side on the box after its game: the
    # block map accounts for the live heap, object by object, and a module
    # popped and imported again weighs something (then is the box's again)
    from tools.pico import faults, heapmap
    census = faults.look(box.pico, heapmap.CENSUS)
    alloc = int(census.split("HEAPMAP alloc ")[1].split()[0])
    objs = heapmap.blocks(census)
    kinds = heapmap.by_kind(objs)
    # (the print between the collection and the map allocates a little)
    assert abs(sum(n for c, n in objs) - alloc) <= 512, (alloc, kinds)
    assert kinds["module"][0] >= 40 and kinds["function"][1] >= 4096, kinds
    weights = heapmap.module_weights(faults.look(box.pico, heapmap.WEIGH % (["app.strings", "gfx.fb"],)))
    assert sorted(n for b, n in weights) == ["app.strings", "gfx.fb"] and min(b for b, n in weights) > 0, weights
    # the box's own gfx.fb is back, in sys.modules and its package (app.io holds it as _fb)
    again = faults.values(box.pico, "__import__('sys').modules['gfx.fb'] is __import__('gfx.fb').fb "
                                    "is __import__('app.io').io._fb")
    assert again == ["True"], again


# The UF2 of each other board (its own board file frozen in; the Zero is
# another MicroPython board build), one boot each from a blank flash: its
# first menu picture is the host's, pixel for pixel (the OLED's and the
# e-ink's decoded from the bus by tools/pico/displays.py), LED for LED on a
# matrix.
OTHER_BOARDS = [b for b in ("pico_oled", "pico_eink", "rp2040_zero")
                if os.path.exists(os.path.join(ROOT, "boards", b + ".json"))]
# their live heap at boot and in the first menu (heap lines), as
# FROZEN_MUST holds pico_matrix's: 31,360 B on the OLED box, 34,592 B on
# the e-ink one (2 December 2026, with the flash file system let go after
# boot; 35,072 and 38,304 B before)
MENU_MUST = {"pico_oled": 32 * KB + 512, "pico_eink": 35 * KB + 512}


@pytest.mark.parametrize("board", OTHER_BOARDS)
def test_uf2_of_each_board_boots_from_a_blank_flash_into_the_host_menu(board, emulator, tmp_path):
    from tools.pico import displays
    uf2 = build_uf2(board, str(tmp_path / "box.uf2"))
    p = emulator(uf2=uf2, flash=str(tmp_path / "flash.bin"), fresh=True,
                 board=os.path.join(ROOT, "boards", board + ".json"))
    kind = displays.load_board(board).display.kind
    if kind == "ws2812":
        from drivers.ws2812 import wire_bytes
        puts, words = host_first_frame(board)
        end = p.now_us + pico_box.BOOT_MAX_US
        while len(p.events("ws2812")) < puts and p.now_us < end:
            p.run_for(250000)
        want = b"".join(wire_bytes(w) for w in words)
        assert any(want)
        assert frame_bytes(p, puts - 1) == want, board
    else:
        scr = displays.PicoScreen(p, board)
        end = p.now_us + pico_box.BOOT_MAX_US
        while p.now_us < end and not [f for f in scr.model.frames if f.kind in ("transfer", "full", "partial")]:
            p.run_for(250000)
            scr.update()
        got = [f for f in scr.model.frames if f.kind in ("transfer", "full", "partial")]
        assert got, "%s: no picture in %.0f s emulated:\n%s" % (board, p.now_us / 1e6, p.serial_text()[-1500:])
        want = displays.host_frame(board, "menu")
        assert got[0] == want, "%s: %s\n%s" % (board, got[0].diff(want), got[0].text())
    # the heap lines come once the first frame is out (main.py: after the
    # e-ink's refresh, its panel's 1.6 s, the loop running meanwhile)
    while p.now_us < end and "heap menu" not in p.serial_text():
        p.run_for(250000)
    text = p.serial_text()
    assert "Traceback" not in text and "bad board file" not in text, text[-2000:]
    lines = pico_box.heap_lines(text)
    assert [t for t, a, f in lines][:2] == ["boot", "menu"], text[-2000:]
    print("\n[uf2] frozen %s, live heap at boot and in its menu: %s" % (board, [a for t, a, f in lines[:2]]))
    if board in MENU_MUST:
        assert max(a for t, a, f in lines[:2]) <= MENU_MUST[board], lines
    assert [e["reason"] for e in p.events("reset")] == ["power-on"]
