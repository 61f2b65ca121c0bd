# S7 head starts in Tape-treize, on stacked deals with presses at chosen us
# (engine level: times are us since the game started).  Portable: pytest
# and the MicroPython unix port.
from tinytest import raises, heap_locked
from core import log
from core.rng import Rng
from games import tape_head, tape_replay
from games.tape import Tape
from test_tape_rules import stack, events, last, MS, TEMPO

W = 4 * TEMPO      # the window of duel(): a 4 on the count of 4, at 6.0 s


def duel(head_start=None, seed=1, **opts):
    """Two players; the 4th card (player 0's 4C on the count of 4) opens a
    match window at W."""
    opts["players"] = 2
    if head_start is not None:
        opts["head_start"] = head_start
    g = Tape(opts, seed, hands=stack(2, ["9S", "8H", "QD", "4C"]))
    g.start(0)
    g.advance_us(W)
    assert g.window_open and g.window_rule == "match"
    return g


def verdict_of(head_start, t0, t1, seed=1):
    g = duel(head_start, seed)
    g.press_us(0, W + t0 * MS)
    g.press_us(1, W + t1 * MS)
    return g, last(g, "verdict")


def test_s7_a_250ms_head_start_turns_a_200ms_late_press_into_the_earlier_one():
    g, v = verdict_of(None, 300, 500)
    assert v["order"] == [0, 1] and v["taker"] == 1          # T6: the last takes
    g, v = verdict_of([0, 250], 300, 500)
    assert v["order"] == [1, 0] and v["taker"] == 0
    # the slap lines keep the raw times (S7)
    assert [d["t_us"] for _, _, d in events(g, "slap")] == [W + 300 * MS, W + 500 * MS]


def test_s7_a_300ms_late_press_stays_later_with_250ms():
    g, v = verdict_of([0, 250], 300, 600)
    assert v["order"] == [0, 1] and v["taker"] == 1


def test_s7_ties_on_adjusted_times_are_drawn_as_t7():
    # 300 ms and 550 ms less 250: equal adjusted times.  They are drawn by
    # the game's generator exactly as presses at the same raw time are.
    takers = []
    for seed in range(1, 31):
        g, v = verdict_of([0, 250], 300, 550, seed)
        g2, v2 = verdict_of(None, 300, 300, seed)
        assert v["order"] == v2["order"] and v["taker"] == v2["taker"]
        takers.append(v["taker"])
    assert 5 <= takers.count(0) <= 25, takers


def test_s7_a_head_start_never_moves_a_press_before_the_card():
    # Player 1's 600 ms would put its press at 100 ms 500 ms before the
    # card: it counts at the card, a tie with player 0 pressing there.
    takers = []
    for seed in range(1, 31):
        g, v = verdict_of([0, 600], 0, 100, seed)
        g2, v2 = verdict_of(None, 0, 0, seed)
        assert v["order"] == v2["order"]
        takers.append(v["taker"])
    assert set(takers) == {0, 1}


def test_s7_a_head_start_never_makes_a_false_slap_valid():
    # Player 1 presses 100 ms before the card that makes a match, with a
    # 600 ms head start: a false slap (T8), player 1 takes the pile.
    g = Tape({"players": 2, "head_start": [0, 600]}, 1, hands=stack(2, ["9S", "8H", "QD", "4C"]))
    g.start(0)
    g.press_us(1, W - 100 * MS)
    g.advance_us(W - 100 * MS + 300 * MS)
    v = last(g, "verdict")
    assert v["rule"] == "false" and v["taker"] == 1 and events(g, "take")[0][2]["p"] == 1


def test_s7_head_starts_of_zero_decide_as_none():
    for seed in (1, 2, 3):
        for t in ((300, 500), (500, 300), (400, 400)):
            a = duel(None, seed)
            b = duel([0, 0], seed)
            for g in (a, b):
                g.press_us(0, W + t[0] * MS)
                g.press_us(1, W + t[1] * MS)
            assert a.log.lines == b.log.lines


def test_s7_option_values_and_the_start_line():
    for bad in ([0], [0, 601], [0, -1], ["0", 0], [0, True], "fast", 250):
        e = raises(ValueError, Tape, {"players": 2, "head_start": bad})
        assert "head_start" in str(e) and "600" in str(e), str(e)
    e = raises(ValueError, Tape, {"players": 3, "box": [2], "head_start": [0, 0, 100]})
    assert "box" in str(e) and "head_start" in str(e)
    for hs, logged in (("off", None), ([0, 0], None), ([0, 250], [0, 250]), ("auto", "auto")):
        g = Tape({"players": 2, "head_start": hs})
        g.start(0)
        o = events(g, "start")[0][2]["options"]
        assert o.get("head_start") == logged
    # nobody has one in the first round of auto
    assert Tape({"players": 3, "head_start": "auto"}).head_ms == [0, 0, 0]


def test_s7_the_windows_decision_allocates_nothing():
    order = [2, 0, 1, 3]
    t = [W + 300 * MS, W + 100 * MS, W + 300 * MS, W + 900 * MS]
    head = [0, 0, 200, 600]
    adj = [0, 0, 0, 0]
    rng = Rng(5)
    heap_locked(lambda: tape_head.decide(order, 4, t, head, W, adj, rng))
    assert adj == [W + 300 * MS, W + 100 * MS, W + 100 * MS, W + 300 * MS]
    # 1 and 2 tie (drawn), then 0 and 3 tie (drawn)
    assert sorted(order[:2]) == [1, 2] and sorted(order[2:]) == [0, 3]
    learner = tape_head.Learner(4, [])
    heap_locked(lambda: learner.note(1, 250 * MS))
    assert learner.median_us(1) == 250 * MS


def test_s7_auto_medians_of_the_last_8_valid_slaps():
    lr = tape_head.Learner(4, [3])
    for ms in (900, 900, 900, 250, 260, 240, 250, 250, 250, 250, 250):   # the 900s drop out
        lr.note(0, ms * MS)
    for ms in (450, 470):
        lr.note(1, ms * MS)
    for ms in (100, 100, 100):
        lr.note(3, ms * MS)         # the box's seat: fastest, but gets none
    assert lr.median_us(0) == 250 * MS and lr.median_us(1) == 460 * MS
    assert lr.median_us(2) is None
    # medians less the fastest (the box's 100 ms); player 2 keeps its 70
    assert lr.head_starts([0, 0, 70, 0]) == [150, 360, 70, 0]
    lr.note(2, 2000 * MS)
    assert lr.head_starts([0, 0, 70, 0])[2] == 600          # capped


def auto_match(seed=1):
    """Three players, two rounds, auto.  Round 1: one window where the
    players react in 250, 450 and 700 ms; round 2 a window at W2."""
    hands1 = stack(3, ["9S", "8H", "QD", "4C"], [1, 2, 49])
    hands2 = stack(3, ["9S", "2H"], [1, 1, 50], first=2)
    g = Tape({"players": 3, "head_start": "auto", "rounds": 2}, seed, hands=hands1)
    g.deal_source = lambda rnd: hands2
    g.start(0)
    g.advance_us(W)
    for p, ms in ((0, 250), (1, 450), (2, 700)):
        g.press_us(p, W + ms * MS)
    return g


def auto_round2():
    g = auto_match()
    g.advance_us(W + 700 * MS + 3000 * MS)      # the round's pause, then the deal
    kinds = [e[1] for e in events(g)]
    i = kinds.index("head_start")
    assert kinds[i - 1] == "round" and kinds[i + 1] == "deal"    # between rounds
    assert "flip" not in kinds[i:] and kinds.count("head_start") == 1
    assert events(g, "head_start")[0][2]["ms"] == [0, 200, 450]
    # round 2: 2H on the count of 2, the players' 100, 500 and 600 ms
    # count 100, 300 and 150: player 1 is last (raw: player 2 would be)
    w2 = events(g, "deal")[1][0] * MS + 2 * TEMPO
    g.advance_us(w2)
    assert g.window_open
    for p, ms in ((0, 100), (1, 500), (2, 600)):
        g.press_us(p, w2 + ms * MS)
    v = last(g, "verdict")
    assert v["order"] == [0, 2, 1] and v["taker"] == 1
    return g


def test_s7_auto_sets_head_starts_between_rounds_and_logs_them():
    auto_round2()


def test_s7_replay_checks_head_starts_and_the_option():
    g = auto_round2()
    lines = list(g.log.lines)
    r = tape_replay.replay(log.read(lines))
    assert r.head_ms == [0, 200, 450] and r.counts() == g.counts()
    i = [k for k in range(len(lines)) if '"head_start"' in lines[k] and '"ev":"head_start"' in lines[k]][0]
    bad = list(lines)
    bad[i] = bad[i].replace("[0,200,450]", "[0,200,400]")
    e = raises(log.LogError, tape_replay.replay, log.read(bad))
    assert e.lineno == i + 1
    # a fixed list replays, and the start line must hold it
    g2, v = verdict_of([0, 250], 300, 500)
    r2 = tape_replay.replay(log.read(g2.log.lines))
    assert r2.head_ms == [0, 250]
    bad = [g2.log.lines[0].replace('"head_start":[0,250]', '"head_start":[0,0]')] + g2.log.lines[1:]
    raises(log.LogError, tape_replay.replay, log.read(bad))
    bad = [g2.log.lines[0].replace('"head_start":[0,250]', '"head_start":[0,700]')] + g2.log.lines[1:]
    e = raises(log.LogError, tape_replay.replay, log.read(bad))
    assert e.lineno == 1 and "head_start" in e.reason
