# Replay never crashes: any damage to a real log (a byte changed, a line
# dropped, swapped or cut, a value of the wrong type) gives a verdict with
# a line number and a reason, never an exception.
import json
import os

from hypothesis import given, settings
from hypothesis import strategies as st

from core import log as _log
from games import bataille, tape
from host import bots
from sim import replay


def _bataille_text():
    lg = _log.Log()
    g = bataille.Bataille({"length": 15}, 11, lg)
    g.start(0)
    g.play(0)
    return lg.text()


def _tape_text():
    m = bots.TapeMatch({"players": 3, "rounds": 1, "tempo": 500}, 5)
    m.run()
    return m.text()


LOGS = [_bataille_text(), _tape_text()]
VALUES = [None, True, -1, 0, 3, 10 ** 12, "x", "AS", [], [[]], {}, [1, 2], ["ZZ"], 1.5]


def test_sim_replay_the_logs_used_here_are_valid():
    for text in LOGS:
        assert replay.check_text(text).status == "OK"


# 150 damaged logs in the suite; `make fuzz` (HYPOTHESIS_PROFILE=fuzz) tries 5000
@settings(max_examples=5000 if os.environ.get("HYPOTHESIS_PROFILE") == "fuzz" else 150, deadline=None)
@given(which=st.integers(0, 1), data=st.data())
def test_sim_replay_damaged_logs_get_a_verdict_never_an_exception(which, data):
    lines = LOGS[which].splitlines()
    kind = data.draw(st.sampled_from(["byte", "drop", "swap", "cut", "value", "dup"]))
    k = data.draw(st.integers(0, len(lines) - 1))
    if kind == "byte":
        s = lines[k]
        i = data.draw(st.integers(0, len(s) - 1))
        lines[k] = s[:i] + data.draw(st.sampled_from('0123456789{}[]",:aZ ')) + s[i + 1:]
    elif kind == "drop":
        del lines[k]
    elif kind == "swap":
        j = data.draw(st.integers(0, len(lines) - 1))
        lines[k], lines[j] = lines[j], lines[k]
    elif kind == "dup":
        lines.insert(k, lines[k])
    elif kind == "value":
        d = json.loads(lines[k])
        field = data.draw(st.sampled_from(sorted(d)))
        d[field] = data.draw(st.sampled_from(VALUES))
        lines[k] = json.dumps(d)
    text = "\n".join(lines) + "\n"
    if kind == "cut":
        text = text[:data.draw(st.integers(0, len(text)))]
    v = replay.check_text(text, "game.jsonl")
    assert v.status in ("OK", "TRUNCATED", "REFUSED")
    assert "\n" not in v.message
    if v.status == "REFUSED":
        assert v.message.startswith("game.jsonl")
