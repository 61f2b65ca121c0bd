# Whole Tape-treize matches played by bots on the box (its App, driven off
# the board as everywhere: host.bots.TapeMatch) through the fake pads
# and the real capture path; the log replays (L); windows across the tick
# wrap (S4).
# Portable: pytest and the MicroPython unix port.  The seeds are chosen for
# short matches (a few hundred log lines) to keep the unix port's heap small.
from tinytest import raises, MICROPYTHON
from core import log
from games import tape
from games import tape_replay
from host.bots import Bot, TapeMatch
from tape_helpers import cards_conserved

WRAP = 1 << 30


def play(opts, seed=1, start_us=0, max_us=4 * 3600 * 1000000, **kw):
    m = TapeMatch(opts, seed, start_us=start_us, **kw)
    g = m.run(max_us=max_us)
    return m, g


# The log of a match several tests read whole (issue 39: each played it
# again); only its lines are kept, not the box that played it, so a test's
# heap is still its own on the unix port.
_LINES = {}


def match_lines(players, rounds, seed, start_us=0):
    k = (players, rounds, seed, start_us)
    if k not in _LINES:
        _LINES[k] = play({"players": players, "rounds": rounds}, seed=seed, start_us=start_us)[0].lines()
    return list(_LINES[k])


def test_t12_bot_match_ends_with_cards_conserved_tempo_and_turns():
    for mode in ("tempo", "turns"):
        m, g = play({"players": 3, "mode": mode, "rounds": 1}, seed=12)
        assert g.done and g.reason == "rounds" and g.round == 1
        assert cards_conserved(g)
        assert m.capture.overflow == 0
        # Bots pressed through the pads: slaps were logged with their times.
        assert m.presses_fed > 0
        kinds = set([log.parse_line(ln)[1] for ln in m.lines()])
        for ev in ("start", "deal", "count", "flip", "slap", "verdict", "take", "round", "end"):
            assert ev in kinds, (mode, ev)


def test_l_bot_match_log_replays_to_the_same_state():
    for mode in ("tempo", "turns"):
        m, g = play({"players": 2, "mode": mode, "rounds": 1,
                     "rules": ["match", "double", "sandwich", "ten"]}, seed=11)
        entries = log.read(m.lines())
        r = tape_replay.replay(entries)
        assert r.done and not r.truncated
        assert r.points == g.points and r.counts() == g.counts() and r.winners == g.winners


def test_l_a_log_from_before_the_time_limit_replays_with_no_limit():
    # A box flashed before T12's time limit logged no `length`: its matches
    # had none, and their logs still replay so; the same lines read with
    # today's 30-minute default would end the match early.
    m, g = play({"players": 3, "rounds": 1, "length": "all"}, seed=12)
    lines = [ln.replace(',"length":"all"', "").replace('"length":"all",', "") for ln in m.lines()]
    assert '"length"' not in lines[0]
    r = tape_replay.replay(log.read(lines))
    assert r.done and not r.truncated and r.points == g.points and r.counts() == g.counts()
    assert r.options["length"] == "all"


def test_l_replay_names_the_first_line_that_differs():
    # The first minute of the match holds what this needs (a slap judged
    # good, the deal): the replay of a log cut there reads it line by line
    # as it reads a whole one, and stops at the first line that differs
    # (the whole 4-player match, played before, cost minutes on the port).
    m, g = play({"players": 4, "rounds": 1}, seed=12, max_us=60 * 1000000)
    lines = m.lines()
    # Move one slap 400 ms later: the verdict or the order must differ.
    for i in range(len(lines)):
        t, ev, d = log.parse_line(lines[i])
        if ev == "verdict" and d["rule"] != "false":
            break
    j = i - 1
    t, ev, d = log.parse_line(lines[j])
    assert ev == "slap"
    lines[j] = log.line(t, "take", [d["p"], []])
    e = raises(log.LogError, tape_replay.replay, log.read(lines))
    assert e.lineno == j + 1
    # Another dealer in the deal line.
    lines = m.lines()
    t, ev, d = log.parse_line(lines[1])
    lines[1] = log.line(t, "deal", [1, d["hands"]])
    assert raises(log.LogError, tape_replay.replay, log.read(lines)).lineno == 2
    # A Bataille log is refused on its first line.
    bad = ['{"t":0,"ev":"start","game":"bataille","players":2,"seed":1,"options":{}}']
    assert raises(log.LogError, tape_replay.replay, log.read(bad)).lineno == 1


def test_l_truncated_log_replays_up_to_its_end():
    lines = match_lines(3, 1, 12)
    cut = len(lines) * 2 // 3
    r = tape_replay.replay(log.read(lines[:cut]))
    assert r.truncated and not r.done
    # The log goes on after the end of the match: refused.
    extra = lines + [log.line(999999999, "slap", [0, 999999999000])]
    assert raises(log.LogError, tape_replay.replay, log.read(extra)).lineno == len(extra)


def test_s4_a_match_across_the_tick_wrap_is_the_same_match():
    # The same bots and seed, the clock starting far from or just before the
    # 2**30 wrap: the logs (times since the start) are byte for byte equal.
    a = match_lines(3, 1, 12)
    b = match_lines(3, 1, 12, start_us=WRAP - 20 * 1000000)
    c = match_lines(3, 1, 12, start_us=3 * WRAP - 7777)
    assert a == b == c
    assert a[-1].find('"end"') > 0


def test_t7_all_pads_at_the_same_instant_tie_whatever_the_dispatch_latency():
    # Every bot reacts in exactly 300 ms; the pads' interrupts are dispatched
    # 2..90 us apart, yet all presses carry one timestamp and the generator
    # decides, so the order logged varies with the seed.
    orders = set()
    for seed in range(1, 6 if MICROPYTHON else 12):
        bots = [Bot(300, 0, 0, 0, seed=p + 1) for p in range(4)]
        m = TapeMatch({"players": 4, "rounds": 1}, seed, bots, latency_us=[90, 2, 45, 20])
        m.run(max_us=30 * 1000000)
        lines = m.lines()
        for ln in lines:
            t, ev, d = log.parse_line(ln)
            if ev == "verdict" and d["rule"] != "false":
                orders.add(tuple(d["order"]))
        slaps = [log.parse_line(ln)[2] for ln in lines if '"slap"' in ln]
        by_t = {}
        for s in slaps:
            by_t.setdefault(s["t_us"], []).append(s["p"])
        for t in by_t:
            assert sorted(by_t[t]) == [0, 1, 2, 3]
    assert len(orders) >= 3
