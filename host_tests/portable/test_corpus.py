# Issue 22's proof of "unchanged": every game of the corpus (host_tests/corpus,
# made by tools/corpus.py before the redesign) replayed from its recorded pad
# edges writes the same log, byte for byte, on both interpreters.
import corpus_replay


def test_corpus_every_game_replays_to_the_same_log():
    names = corpus_replay.names()
    assert len(names) >= 15
    games = set()
    for name in names:
        case = corpus_replay.load(name)
        games.add(case["game"])
        got = corpus_replay.replay(case)
        assert got == corpus_replay.expected(case), "%s: the log differs from the corpus's" % name
    assert games == set(["bataille", "batawaf", "tape"])
