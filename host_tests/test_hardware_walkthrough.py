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
def test_guide_walkthrough_reaches_a_playing_box_in_the_simulator(tmp_path, board_name, capsys):
    from sim import cli, headless, script
    from sim import box as simbox
    cfg = cli.parse(["--board", board_name, "--headless", "--script", WALK, "--max-minutes", "0.4"])
    board = simbox.load_board(cfg.board)
    presses = script.load(cfg.script, board.n_pads)
    b = simbox.Box(board, cfg, storage_dir=str(tmp_path))
    headless.run(cfg, b, presses)     # at --max-minutes the game is left (L `stopped`, issue 28)
    app = b.app
    # the self-test's lines, as the box prints them on its console (the
    # menus that kept them left the heap when the game began, issue 41)
    lines = [l for l in capsys.readouterr().out.splitlines() if l.startswith(("OK  ", "FAIL "))]
    # display, storage, leds, buzzer, the speaker if any, then each pad
    assert len(lines) == 4 + (board.speaker_pin is not None) + board.n_pads, lines
    assert all(line.startswith("OK") for line in lines), lines
    assert b.status() == "end"
    # the game log as a family would copy it (the files the box wrote, plus
    # what is still in RAM): Bata-waf for two, duels played, then left
    text = b.log_text() + (app.play.log.text() if app.play.log is not None else "")
    events = [json.loads(line) for line in text.splitlines()]
    assert events[0]["ev"] == "start" and events[0]["game"] == "batawaf" and events[0]["players"] == 2
    assert [e for e in events if e["ev"] == "flip"], "no duel was played"
    assert events[-1]["ev"] == "end" and events[-1]["reason"] == "stopped", events[-1]
