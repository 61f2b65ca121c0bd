# One game played through the pins of the emulated Pico and checked, for the
# test_pico_play*.py files (a file a game or two: make test's xdist workers
# take whole files, so the five games are five units of work and the two
# workers share them, instead of one worker playing three games while the
# other has finished).  What is checked: test_pico_play.py's header.
import json
import os

import pytest

from tools.pico import play as P
from tools.pico import scenarios as S

OUT = os.path.join(S.ROOT, "build", "pico", "play")
# a game known to fail on the board, with why (none today): xfail, not strict
KNOWN_BAD = {}


def chosen(env, mine):
    """The games of `mine` to play, as parameters: all of them, or those
    named in $env (PICO_PLAY=tape,bataille: only those)."""
    want = os.environ.get(env)
    names = list(mine) if want is None else [g for g in want.split(",") if g]
    return [param(g) for g in mine if g in names]


def param(name):
    if name in KNOWN_BAD:
        return pytest.param(name, marks=pytest.mark.xfail(reason=KNOWN_BAD[name], strict=False))
    return name


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
    if scn.stop is not None:
        # left from the pause through the pins (a pad held, then `leave`)
        assert json.loads(g.log.splitlines()[-1]).get("reason") == "stopped", g.log[-600:]
    if name.endswith("_box"):
        assert box_acted(g.log), g.log[:600]
    hand = scn.choices.get("hand")
    if scn.choices.get("head_start") == "hand":
        # S7 on the board: set in its menus through the pins, decided from
        # the PIO stamps: the start line has them, some windows went by them
        start = json.loads(g.log.splitlines()[0])
        assert start["options"]["head_start"] == hand[:start["players"]], start
        assert P.head_starts_turned(g.log) >= 1, g.log[:2000]


def box_acted(text):
    """The log's box seats (its start line, P6), and that they played: a
    flip of theirs (Bataille, P4) or a slap (Tape-treize, P5)."""
    lines = [json.loads(ln) for ln in text.splitlines() if ln.strip()]
    seats = lines[0]["options"].get("box") or []
    if not seats:
        return False
    ev = "slap" if lines[0]["game"] == "tape" else "flip"
    return any(d["ev"] == ev and d["p"] in seats for d in lines)
