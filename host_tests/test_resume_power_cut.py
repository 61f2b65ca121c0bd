# Issue 40: `make sim ARGS='--headless --game G --seed S --power-cut N --log F'`
# (sim.power_cut): the game cut once its N-th log line reaches flash, the
# box started again from its files, the same bots going on.  Its log is
# the uncut game's, line for line, with one `resumed` line more (so the
# same `end`), and it replays (`make replay`).  Every game, any N
# (hypothesis), and every N of one short game.
import functools
import os

from hypothesis import HealthCheck, given, settings, strategies as st

from sim import replay
from sim.__main__ import main

ARGS = {"bataille": ["--length", "8"], "batawaf": ["--length", "8"], "tape": ["--target", "1"]}


def _run(tmp, game, seed, cut=None, more=()):
    path = os.path.join(tmp, "%s_%d_%s.jsonl" % (game, seed, cut))
    argv = ["--headless", "--game", game, "--seed", str(seed), "--log", path] + ARGS[game] + list(more)
    if cut is not None:
        argv += ["--power-cut", str(cut)]
    assert main(argv) == 0
    with open(path) as f:
        return f.read()


@functools.lru_cache(maxsize=None)
def _uncut(game, seed, more=()):
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        return _run(d, game, seed, None, more)


def _check(tmp, game, seed, n, more=()):
    whole = _uncut(game, seed, more)
    text = _run(tmp, game, seed, n, more)
    lines = text.split("\n")
    resumed = [s for s in lines if '"resumed"' in s]
    n_lines = len(whole.split("\n")) - 1
    if n < n_lines:
        assert len(resumed) == 1 or n == n_lines - 1, (game, seed, n)
    assert "\n".join([s for s in lines if '"resumed"' not in s]) == whole, (game, seed, n)
    v = replay.check_text(text)
    assert v.status == "OK", v.message


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game=st.sampled_from(sorted(ARGS)), seed=st.integers(0, 40), frac=st.floats(0, 1))
def test_l_resumed_power_cut_at_any_line_ends_as_the_uncut_game(tmp_path, game, seed, frac):
    n_lines = len(_uncut(game, seed).split("\n")) - 1
    _check(str(tmp_path), game, seed, 1 + int(frac * (n_lines - 1)))


def test_l_resumed_power_cut_at_every_line_of_a_short_game(tmp_path):
    n_lines = len(_uncut("batawaf", 4).split("\n")) - 1
    for n in range(1, n_lines + 1):
        _check(str(tmp_path), "batawaf", 4, n)


def test_l_resumed_power_cut_at_every_line_of_a_short_tape_match(tmp_path):
    whole = _uncut("tape", 2)
    n_lines = len(whole.split("\n")) - 1
    step = max(1, n_lines // 16)
    for n in range(1, n_lines + 1, step):
        _check(str(tmp_path), "tape", 2, n)


def test_l_resumed_power_cut_box_seats_play_on_as_they_would_have(tmp_path):
    # P1-P5: one person and a box seat; the seat's generator is rebuilt
    # from the log (it draws at the events it hears), so it plays the same
    more = ("--players", "1", "--box", "1")
    for game in ("bataille", "tape"):
        n_lines = len(_uncut(game, 4, more).split("\n")) - 1
        for n in (2, n_lines // 3, 2 * n_lines // 3):
            _check(str(tmp_path), game, 4, n, more)


def test_l_resumed_power_cut_needs_a_headless_bots_game():
    assert main(["--game", "tape", "--power-cut", "3"]) == 2
