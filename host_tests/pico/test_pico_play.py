# The three games played to the end through the pins of the emulated Pico,
# from a flash filled by `make flash` (issue 12, item 2): Bata-waf and
# Bataille `court` with 2 players, Tape-treize with 4, the players pressing,
# forgetting, pressing together, too early, late and falsely
# (tools/pico/scenarios.py); with the box in a seat: test_pico_play_box.py.
# Each log is copied off the board with
# `mpremote fs cp`, accepted by `make replay`, and equal byte for byte to the
# log of the same presses at the same times on the host HAL (but for each
# slap's t_us, within the interrupt latency's jitter: tools/pico/play.py).
import json
import os

import pytest

from tools.pico import play as P
from tools.pico import scenarios as S

OUT = os.path.join(S.ROOT, "build", "pico", "play")
# PICO_PLAY=tape,bataille: only those (each game is 1.5-3 emulated minutes);
# the games with a box seat are test_pico_play_box.py's (a file of their own:
# make test's two workers take a file each)
GAMES = [g for g in os.environ.get("PICO_PLAY", "tape,bataille,batawaf").split(",") if g]


# a game known to fail on the board, with why (none today): xfail, not strict
KNOWN_BAD = {}


def _param(name):
    if name in KNOWN_BAD:
        return pytest.param(name, marks=pytest.mark.xfail(reason=KNOWN_BAD[name], strict=False))
    return name


@pytest.mark.parametrize("name", [_param(g) for g in GAMES])
def test_game_through_the_pins(flashed, tmp_path, name):
    play_through_the_pins(flashed, tmp_path, name)


def play_through_the_pins(flashed, tmp_path, name):
    scn = S.SCENARIOS[name]
    flash = tmp_path / "flash.bin"
    flashed(scn.board, flash)
    g = P.play(scn, str(flash), OUT)
    assert not P.tracebacks(g.console), g.console[-3000:]
    # no register the emulator does not model was read (it would part from the chip)
    assert not P.unmodelled(g.warnings), P.unmodelled(g.warnings)
    code, out = P.replay_ok(g.log_path)
    assert code == 0, out
    diff = P.compare_logs(g.host.log, g.log)
    assert diff is None, "line %d: host %s\n        board %s" % diff
    if name.endswith("_box"):
        assert box_acted(g.log), g.log[:600]


def box_acted(text):
    """The log's box seats (its start line, P6), and that they played: a
    flip of theirs (Bataille, P4) or a slap (Tape-treize, P5)."""
    lines = [json.loads(ln) for ln in text.splitlines() if ln.strip()]
    seats = lines[0]["options"].get("box") or []
    if not seats:
        return False
    ev = "slap" if lines[0]["game"] == "tape" else "flip"
    return any(d["ev"] == ev and d["p"] in seats for d in lines)
