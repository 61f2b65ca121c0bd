# The simulator with box seats (P1, P5, P6): --box N seats after the
# --players people, --level L; the match it plays replays, and its start
# line says box and level.

import pytest

from core import log as _log
from sim import cli

from test_sim_cli import sim as _sim  # (one way to run python -m sim)


def sim(*args):
    return _sim(*args, timeout=300)      # (whole games with box seats)


def test_p1_sim_box_and_level_flags():
    c = cli.parse(["--headless", "--game", "tape", "--players", "1", "--box", "2", "--level", "3"])
    assert c.options == {"players": 1, "box": 2, "level": 3}
    r = sim("--headless", "--game", "tape", "--box", "9")
    assert r.returncode == 2 and "--box" in r.stderr and r.stderr.count("\n") == 1
    r = sim("--headless", "--game", "tape", "--level", "4")
    assert r.returncode == 2 and "--level" in r.stderr
    r = sim("--headless", "--game", "tape", "--players", "1")
    assert r.returncode != 0 and "--box" in r.stderr and r.stderr.count("\n") == 1


def test_p6_sim_tape_with_box_seats_plays_a_match_whose_log_replays(tmp_path):
    path = str(tmp_path / "t.jsonl")
    r = sim("--headless", "--game", "tape", "--players", "1", "--box", "2", "--level", "2",
            "--seed", "7", "--target", "1", "--log", path)
    assert r.returncode == 0, r.stderr
    with open(path) as f:
        lines = f.read().splitlines()
    d = _log.parse_line(lines[0])[2]
    assert d["players"] == 3 and d["options"]["box"] == [1, 2] and d["options"]["level"] == 2
    box_slaps = [s for s in lines if '"ev":"slap","p":1' in s or '"ev":"slap","p":2' in s]
    assert box_slaps
    r = sim("--replay", path, "--headless")
    assert r.returncode == 0 and r.stdout.startswith("OK"), r.stdout + r.stderr


@pytest.mark.parametrize("game", ["bataille", "batawaf"])
def test_p1_sim_a_person_alone_plays_against_the_box(tmp_path, game):
    path = str(tmp_path / "b.jsonl")
    r = sim("--headless", "--game", game, "--players", "1", "--length", "court", "--seed", "3",
            "--log", path)
    assert r.returncode == 0, r.stderr
    with open(path) as f:
        first = f.readline()
    assert '"box":[1]' in first and '"players":2' in first
    r = sim("--replay", path, "--headless")
    assert r.returncode == 0 and r.stdout.startswith("OK"), r.stdout + r.stderr
