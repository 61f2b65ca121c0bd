# The host half of the emulated-RP2040 games (tools/pico/scenarios.py): the
# scenarios play to the end on the host HAL, and a game's log depends on the
# press times only, never on how fast the box's loop runs or how long the
# interrupt takes to come: that is what lets the emulated board's log be
# compared byte for byte with the host's.
import json

import pytest

from tools.pico import play as P
from tools.pico import scenarios as S

SEED = 4242


@pytest.fixture(scope="module")
def runs():
    return {name: S.host_run(S.SCENARIOS[name], SEED) for name in S.SCENARIOS}


def _events(text):
    return [json.loads(line) for line in text.splitlines()]


@pytest.mark.parametrize("name", sorted(S.SCENARIOS))
def test_scenario_plays_to_the_end(runs, name):
    r = runs[name]
    ev = _events(r.log)
    assert ev[0]["ev"] == "start" and ev[0]["seed"] == SEED
    assert ev[-1]["ev"] == "end"
    assert S.seed_of_log(r.log) == SEED
    if name == "tape":
        assert ev[0]["players"] == 4 and ev[0]["options"]["tempo"] == 1000
        kinds = set([e["rule"] for e in ev if e["ev"] == "verdict"])
        assert "false" in kinds and len(kinds) >= 2, kinds
        # S7 by hand through the menus: the start line holds the head
        # starts, and some windows are ordered by them, not by the press
        assert ev[0]["options"]["head_start"] == [300, 300, 0, 0]
        assert P.head_starts_turned(r.log) >= 1
    elif name == "tape_duo":
        # 2 players to 1 point (the match a cut test plays to its end):
        # windows the slow one takes, and her false slaps
        assert ev[0]["players"] == 2 and ev[0]["options"]["target"] == 1
        kinds = set([e["rule"] for e in ev if e["ev"] == "verdict"])
        assert "false" in kinds and len(kinds) >= 2, kinds
        assert ev[-1]["reason"] == "target"
    elif name == "tape_box":
        # P1, P6: two people and the box's seat after them, at level 2; P3,
        # P5: its slaps are in the log as a pad's, and win piles
        o = ev[0]["options"]
        assert ev[0]["players"] == 3 and o["box"] == [2] and o["level"] == 2
        assert any(e["ev"] == "slap" and e["p"] == 2 for e in ev)
        assert any(e["ev"] == "verdict" and e["rule"] != "false" and e["order"][0] == 2 for e in ev)
    else:
        assert ev[0]["players"] == 2 and ev[0]["options"]["length"] == 80
        assert any(e["ev"] == "battle" for e in ev)
        if name == "bataille_box":
            # a child alone: the box plays the other seat (P1), flipping
            # as the child flips (P4)
            assert ev[0]["options"]["box"] == [1]
            assert any(e["ev"] == "flip" and e["p"] == 1 for e in ev)


def test_menu_presses_set_the_choices():
    # Bataille court from a box with default settings: options, Bataille,
    # length (all -> court), back, back, Bataille
    seq = S.menu_presses("bataille", {"length": "court"})
    assert seq.count(S.CHOOSE) == 6
    assert S.menu_presses("batawaf", {}) == [S.CHOOSE]
    # S7 by hand: options, Tape-treize, head start off -> auto -> by hand,
    # seat 2's 0 -> 200, back, back, Tape-treize
    seq = S.menu_presses("tape", {"head_start": "hand", "hand": [0, 200, 0, 0, 0, 0, 0, 0]})
    assert seq.count(S.CHOOSE) == 2 + 2 + 2 + 2 + 1, seq
    with pytest.raises(ValueError, match="150"):
        S.menu_presses("tape", {"head_start": "hand", "hand": [0, 150, 0, 0, 0, 0, 0, 0]})


@pytest.mark.parametrize("name", sorted(S.SCENARIOS))
def test_log_depends_on_press_times_only(runs, name):
    """The same presses, the loop ticking every 2 ms or every 23 ms, the
    interrupt 0 or 17 us after the edge: the same log, byte for byte (the
    box steps Bataille at the times its steps were due, begins a game at
    the press or the end of the wait that began it).  A game left from its
    pause (scenario.stop) is the one exception: the pause begins at the
    first loop tick past the hold's 2 s, so its `end` `stopped` line's t
    may part by one tick of the slower loop (tools/pico/play.compare_logs);
    every other line, its winners and cards too, byte for byte."""
    from tools.pico import play as P
    r = runs[name]
    scn = S.SCENARIOS[name]
    slow = S.host_replay(scn, SEED, r.presses, loop_us=23000, latency_us=17)
    if scn.stop is None:
        assert slow == r.log
    else:
        assert P.compare_logs(r.log, slow, jitter_us=0, stop_ms=23) is None, P.first_difference(r.log, slow)
        assert '"reason":"stopped"' in r.log.splitlines()[-1]


def test_console_seed_line():
    assert S.seed_of_console("MPY: soft reboot\ngame tape 123\n", "tape") == 123
    assert S.seed_of_console("game tape 123\n", "bataille") is None


def test_main_keeps_the_box_for_the_repl():
    # the emulator's tests read the pad counters with `mpremote resume exec`
    import hal
    import main
    app = main.main(S.SCENARIOS["tape"].board_path(), open_hal=hal.open_host, run=False)
    assert main.BOX is app and app.cap.overflow == 0


def test_compare_logs_allows_only_the_interrupt_jitter():
    from tools.pico import play as P
    host = '{"t":5,"ev":"slap","p":0,"t_us":5330500}\n{"t":9,"ev":"take","p":1,"cards":["AS"]}\n'
    assert P.compare_logs(host, host) is None
    assert P.compare_logs(host, host.replace("5330500", "5330498")) is None
    assert P.compare_logs(host, host.replace("5330500", "5330510"))[0] == 1
    assert P.compare_logs(host, host.replace('"p":0', '"p":2'))[0] == 1
    assert P.compare_logs(host, host.replace('"AS"', '"KS"'))[0] == 2
    assert P.compare_logs(host, host.splitlines()[0] + "\n")[0] == 2


def test_p3_a_box_seats_slap_enters_before_a_later_press_however_late_the_loop():
    # P3: a box seat acts at its moment on the game clock.  Seed 27281839 of
    # the Tape-treize box-seat game has a person's slap 4.5 ms after the
    # seat's: a loop pass late by 11 ms took the press first and logged the
    # seat's slap after it, stamped with the press's time (the emulated
    # board's log parted from the host's at line 35).  The seats due before
    # a press now go first (box.take_presses -> play.due(until)).
    from tools.pico import play as P
    scn = S.SCENARIOS["tape_box"]
    r = S.host_run(scn, 27281839)
    late = S.host_replay(scn, 27281839, r.presses, loop_us=11000, latency_us=17)
    assert P.compare_logs(r.log, late, jitter_us=0, stop_ms=12) is None, P.first_difference(r.log, late)
