# S7 `auto` with bots of known speeds (CPython): medians of 250, 450 and
# 700 ms give head starts of about 0, 200 and 450 ms after the first round,
# and the piles, which the slowest takes nearly all of without head starts,
# are shared about evenly (the chi-square statistic of equal shares, as
# the fairness test's, falls 20-fold; each share 24-42 %).  The short version of `make stats GAME=tape`'s head-start table
# (tools/stats_head.py): the engine fed each bot's reaction (fast), then
# one match through the box's App and the real pad capture.
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import stats_head  # noqa: E402
from games import tape_head  # noqa: E402

MEDIANS = (250, 450, 700)
WANT = (0, 200, 450)
N = 30


def problems(off, auto):
    """What is wrong with the rows of head starts off and auto (empty: S7
    auto works)."""
    out = []
    first = auto["after"][0]
    if first is None:
        return ["auto set no head start"]
    for p in range(3):
        if abs(first[p] - WANT[p]) > 25:
            out.append("player %d: %.0f ms after round 1, not about %d" % (p, first[p], WANT[p]))
    if off["p"] > 1e-6 or off["piles"][2] < 0.9 * sum(off["piles"]):
        out.append("without head starts the slowest should take nearly every pile: %r" % off)
    # Evened out, not exact thirds (tools/stats_head.py says why): the
    # chi-square statistic of equal shares falls 20-fold or more and every
    # share is within 24-42 %.
    tot = float(sum(auto["piles"]))
    if (auto["chi2"] * 20 > off["chi2"] or max(auto["piles"]) > 0.42 * tot
            or min(auto["piles"]) < 0.24 * tot):
        out.append("auto's piles are not evened out: %r (chi2 %.1f, off %.1f)"
                   % (auto["piles"], auto["chi2"], off["chi2"]))
    return out


def rows():
    return [stats_head.row(MEDIANS, hs, N, 1, stats_head.engine_match) for hs in ("off", "auto")]


def test_s7_auto_evens_out_bots_of_250_450_700_ms():
    off, auto = rows()
    assert not problems(off, auto), problems(off, auto)
    assert sum(auto["piles"]) > 200          # enough piles for the test to mean something


def test_s7_the_short_stats_test_fails_when_auto_is_broken(monkeypatch):
    # auto that never changes the head starts, or gets the sign wrong
    monkeypatch.setattr(tape_head.Learner, "head_starts", lambda self, head: list(head))
    assert problems(*rows())
    real = tape_head.Learner.__dict__["median_us"]
    monkeypatch.undo()
    monkeypatch.setattr(tape_head.Learner, "median_us", lambda self, p: (
        None if real(self, p) is None else 1000000 - real(self, p)))
    assert problems(*rows())


@pytest.mark.parametrize("seed", [3])
def test_s7_auto_through_the_box_and_its_pads(seed):
    piles, heads = stats_head.tally(stats_head.box_match(MEDIANS, "auto", seed, "4min"), 3)
    assert heads, "auto set no head start in 4 minutes"
    for p in range(3):
        assert abs(heads[0][p] - WANT[p]) <= 70, heads


def test_s7_stats_head_start_flags_are_checked(capsys):
    import importlib.util
    spec = importlib.util.spec_from_file_location("stats_tool_s7", os.path.join(ROOT, "tools", "stats.py"))
    stats = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(stats)
    for argv in (["--game", "tape", "--head-bots", "abc"], ["--game", "tape", "--head-bots", "250"],
                 ["--game", "tape", "--head-n", "-1"], ["--game", "bataille", "--head-n", "3"]):
        with pytest.raises(SystemExit) as e:
            stats.main(argv)
        assert e.value.code == 2
        assert "--head-" in capsys.readouterr().err
