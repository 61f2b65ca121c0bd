# booting.load (main.py's boot): the seed and options a flash's start file fixes (the web
# page's links and log replays write it, docs/web.md); a missing or bad file
# leaves the box dealing from the moment of the last join.
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
import booting  # noqa: E402


def test_start_file_gives_the_seed_and_each_games_options(tmp_path):
    p = tmp_path / "start"
    p.write_text(json.dumps({"seed": 42, "options": {"tape": {"rounds": 1, "players": 3}}}))
    seed, options_of = booting.load(str(p))
    assert seed == 42
    assert options_of("tape") == {"rounds": 1, "players": 3}
    assert options_of("bataille") == {}


def test_start_file_missing_or_bad_changes_nothing(tmp_path):
    assert booting.load(str(tmp_path / "none.json")) == (None, None)
    for text in ("{not json", "[1, 2]", '"seed"'):
        p = tmp_path / "start"
        p.write_text(text)
        assert booting.load(str(p)) == (None, None), text
    p.write_text(json.dumps({"seed": "12"}))
    assert booting.load(str(p)) == (None, None)
