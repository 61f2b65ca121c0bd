# Issue 22's proof of "unchanged", through the simulator's box: every game of
# the corpus (host_tests/corpus, made by tools/corpus.py before the redesign)
# replayed from its recorded pad edges, no bots, writes the same log byte for
# byte.  The portable replay (host_tests/portable/test_corpus.py) runs under
# pytest and the MicroPython unix port.
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import corpus  # noqa: E402
import corpus_replay  # noqa: E402  (host_tests/portable, on the path by conftest)


@pytest.mark.parametrize("name", corpus.names())
def test_corpus_replays_through_the_simulator(name):
    case = corpus.load(name)
    assert corpus.replay_sim(case) == corpus_replay.expected(case)


def test_corpus_covers_every_game_and_2_to_8_players():
    cases = [corpus.load(n) for n in corpus.names()]
    assert set(c["game"] for c in cases) == {"bataille", "batawaf", "tape"}
    assert {c["options"]["players"] for c in cases} == set(range(2, 9))
    # every recorded case is one of tools/corpus.py's, so `make` remakes it
    assert sorted(c["name"] for c in cases) == sorted(n for n, _, _ in corpus.CASES)
