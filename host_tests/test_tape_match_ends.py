# Every match ends (issue 15): children slap falsely all the time, and bots
# that do (a false slap on one card in five) never finish a round: the time
# limit (`length`, default 30 minutes of game time) ends the match with the
# points as they stand, and the log says so (end, reason "limit").
import pytest

from core import log
from games import tape
from games import tape_replay
from host.bots import Bot, TapeMatch

MIN = 60 * 1000000


def slappers(n, seed):
    return [Bot(450, 150, 0.2, 0.03, seed=seed * 16 + p) for p in range(n)]


@pytest.mark.parametrize("n", [3, 5, 8])
def test_t12_false_slapping_bots_match_ends_by_the_time_limit(n):
    m = TapeMatch({"players": n}, 7, slappers(n, 7))
    g = m.run(max_us=6 * 60 * MIN)
    assert g.done and g.reason == "limit"
    t, ev, d = log.parse_line(m.lines()[-1])
    assert ev == "end" and d["reason"] == "limit"
    assert 30 * 60000 <= t <= 30 * 60000 + 5000
    assert d["points"] == g.points and d["winners"] == [p for p in range(n)
                                                        if g.points[p] == max(g.points)]
    assert d["cards"] == g.counts()
    r = tape_replay.replay(log.read(m.lines()))
    assert r.done and r.reason == "limit" and r.points == g.points


def test_t12_without_the_limit_the_false_slapping_bots_never_finish():
    # the same match with no time limit: still in its first round after
    # 45 minutes (so the limit is what ends the match above)
    m = TapeMatch({"players": 3, "length": "all"}, 7, slappers(3, 7))
    g = m.run(max_us=45 * MIN)
    assert not g.done and g.round == 1 and g.now_us > 44 * MIN


def test_t12_a_shorter_limit_in_turns_mode():
    m = TapeMatch({"players": 4, "mode": "turns", "length": "5min"}, 3, slappers(4, 3))
    g = m.run(max_us=60 * MIN)
    t, ev, d = log.parse_line(m.lines()[-1])
    assert g.reason == "limit" and 5 * 60000 <= t <= 5 * 60000 + 5000
