"""Issue 8, "tried as a new maker would": the bring-up steps of
hardware/README.md section 7, in order, in the simulator with the default
board file: home menu -> self-test (every part passes, each pad pressed when
asked) -> back to the menu -> Bata-waf -> players join -> the first duels.
The presses are hardware/walkthrough.txt, the script the README tells a
maker to run (`make sim ARGS='--headless --script hardware/walkthrough.txt'`).
CPython only (the simulator)."""
import json
import os

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WALK = os.path.join(ROOT, "hardware", "walkthrough.txt")


# the script's times fit the 4-pad boards with a fast display; the e-ink's
# refreshes and the 8-pad board's extra pads need other times
@pytest.mark.parametrize("board_name", ["pico_matrix", "pico_oled", "rp2040_zero"])
def test_guide_walkthrough_reaches_a_playing_box_in_the_simulator(tmp_path, board_name):
    from sim import cli, headless, script
    from sim import box as simbox
    cfg = cli.parse(["--board", board_name, "--headless", "--script", WALK, "--max-minutes", "0.4"])
    board = simbox.load_board(cfg.board)
    presses = script.load(cfg.script, board.n_pads)
    b = simbox.Box(board, cfg, storage_dir=str(tmp_path))
    headless.run(cfg, b, presses)     # stops at --max-minutes: the game goes on
    app = b.app
    lines = app.selftest_lines
    # display, storage, leds, buzzer, the speaker if any, then each pad
    assert len(lines) == 4 + (board.speaker_pin is not None) + board.n_pads, lines
    assert all(line.startswith("OK") for line in lines), lines
    assert b.status() == "batawaf, 2 players"
    # the game log as a family would copy it (the files the box wrote), plus
    # what is still in RAM
    text = b.log_text() + app.log.text()
    events = [json.loads(line) for line in text.splitlines()]
    assert events[0]["ev"] == "start" and events[0]["game"] == "batawaf"
    assert [e for e in events if e["ev"] == "flip"], "no duel was played"
