# Only what runs is loaded (issue 41, 1), on the box `make flash` leaves on
# the stock MicroPython of the emulated RP2040, where every module's
# bytecode is in the heap: in a game, the modules of the menus, of the
# boot's checks, of the self-test and of the pause are not in sys.modules
# (the box let them go: app.phase), nor those only its deal used, and the
# game's own are.  The host's
# MicroPython run checks the menus after a game too
# (portable/test_heap_budget.py); this is the board, its firmware, its
# boot.  One look at the box's REPL stops its loop: one phase a boot.
# And the box's interned names, the measure itself (issue 41: at most
# 1,100; one more pool of names is some 9 KB of heap at once): the unix
# port's count (test_app_heap_soak.py) runs ~25 names above the board's.
import contextlib
import os
import re
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import pico_box  # noqa: E402

# never in a game: the menus and their screen, the settings' module, the
# boot's checks (the make-flash copy, the board file), the self-test, the
# pause's menu, the resume after a cut, the statistics, the other language
GONE_IN_PLAY = ("app.join", "app.menu", "gfx.menu", "app.settings", "flashcheck", "hal.board",
                "hal.board_display", "app.selftest", "app.selftest_pads", "app.selftest_screen",
                "app.selftest_text", "app.pause", "app.resume", "app.resume_feed", "app.strings_fr",
                "core.logread", "app.seats",
                # what only the deal used: the options' checks, the deal
                "core.options", "games.bataille_setup")
# the game's own (a Bataille for two people: no box seat)
HELD_IN_PLAY = ("games.bataille", "app.duels", "app.view", "app.cues", "app.play", "app.phase")

LOOK = "import sys; print('MODULES', ' '.join(sorted(sys.modules)))"
NAMES = "import micropython; micropython.qstr_info()"
NAMES_GOAL = 1100


def names(pico):
    """The box's interned names now (n_qstr of qstr_info: those made since
    power-on, the firmware's own not counted)."""
    from tools.pico import faults
    out = faults.look(pico, NAMES)
    m = re.findall(r"n_qstr=(\d+)", out)
    assert m, out[-1500:]
    return int(m[-1])


@contextlib.contextmanager
def playing(flashed, tmp_path, game, players, turns):
    """The make-flash box of pico_matrix from power-on, `turns` turns into a
    game of `game` for `players` (its menus walked, its players joined)."""
    flashed("pico_matrix", tmp_path / "flash.bin")
    b = pico_box.Box(flash=str(tmp_path / "flash.bin"), board="pico_matrix", fresh=False)
    b.start()
    try:
        b.begin(game, players)
        for i in range(turns):
            b.turn(game, players, i)
        yield b
    finally:
        b.close()


def test_a_game_on_the_mpy_box_holds_only_its_own_modules(flashed, tmp_path):
    from tools.pico import faults
    with playing(flashed, tmp_path, "bataille", 2, 2) as b:
        out = faults.look(b.pico, LOOK)
    line = [ln for ln in out.splitlines() if ln.startswith("MODULES ")]
    assert line, out[-1500:]
    held = set(line[-1].split()[1:])
    assert not held & set(GONE_IN_PLAY), sorted(held & set(GONE_IN_PLAY))
    assert set(HELD_IN_PLAY) <= held, sorted(set(HELD_IN_PLAY) - held)


def test_names_a_tape_treize_for_four_brings_stay_within_the_goal(flashed, tmp_path):
    # the game of the most names (4 players: the box's seats and every
    # Tape-treize rule), from power-on through the menus and 14 turns
    with playing(flashed, tmp_path, "tape", 4, 14) as b:
        n = names(b.pico)
    print("names, Tape-treize for 4 on the make-flash box: %d" % n)
    assert 900 < n <= NAMES_GOAL, n
