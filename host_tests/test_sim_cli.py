# The simulator's command line, press scripts and replay verdicts: a bad
# input of any kind is one clear line and an exit code, never a traceback.
import os
import subprocess
import sys

import pytest

from core import log as _log
from games import bataille
from sim import cli, replay, script

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


def sim(*args, timeout=120):
    r = subprocess.run([sys.executable, "-m", "sim"] + list(args), cwd=ROOT, env=ENV,
                       capture_output=True, text=True, timeout=timeout)
    assert "Traceback" not in r.stderr, r.stderr
    return r


def bataille_log(**opts):
    lg = _log.Log()
    g = bataille.Bataille(dict({"length": "court"}, **opts), 3, lg)
    g.start(0)
    g.play(0)
    return lg.text()


# --- command line ------------------------------------------------------------

def test_sim_cli_options_reach_the_game_only_when_given():
    c = cli.parse(["--game", "tape", "--players", "4", "--mode", "turns", "--rules", "match,ten",
                   "--hidden-count", "--target", "2", "--headless"])
    assert c.game == "tape"
    assert c.options == {"players": 4, "mode": "turns", "rules": ["match", "ten"],
                         "hidden_count": True, "target": 2}
    assert c.bots is not None       # a headless game needs players
    c = cli.parse(["--ace", "low", "--down", "1", "--pickup", "ordered", "--length", "court", "--addition"])
    assert c.game == "bataille"
    assert c.options == {"ace": "low", "down": 1, "pickup": "ordered", "length": "court", "addition": True}
    assert cli.parse(["--length", "12"]).options == {"length": 12}
    assert cli.parse(["--game", "batawaf", "--short", "lose"]).options == {"short": "lose"}
    assert cli.parse(["--game", "tape", "--length", "10min"]).options == {"length": "10min"}
    assert cli.parse(["--length", "5min"]).options == {"length": "5min"}


def test_sim_cli_refuses_an_option_of_another_game():
    with pytest.raises(cli.UsageError, match="--ace is an option of bataille"):
        cli.parse(["--game", "tape", "--ace", "low"])
    with pytest.raises(cli.UsageError, match="--tempo is an option of tape"):
        cli.parse(["--game", "batawaf", "--tempo", "900"])
    with pytest.raises(cli.UsageError, match="--replay takes the game"):
        cli.parse(["--replay", "x.jsonl", "--game", "tape"])


def test_sim_cli_bots_spec():
    b = cli.parse_bots("300,50,0.1,0.2")
    assert (b.mean_ms, b.spread_ms, b.false_rate, b.miss_rate) == (300, 50, 0.1, 0.2)
    b = cli.parse_bots("miss=0.5,mean=200")
    assert (b.mean_ms, b.miss_rate) == (200, 0.5)
    for bad in ("1,2,3,4,5", "fast=1", "mean=x", "300,10,2"):
        with pytest.raises(cli.UsageError):
            cli.parse_bots(bad)


def test_s7_sim_cli_head_start_and_bots_per_player():
    c = cli.parse(["--headless", "--game", "tape", "--players", "3", "--head-start", "auto",
                   "--bots", "250,80,0,0/450,80,0,0/700,80,0,0"])
    assert c.options == {"players": 3, "head_start": "auto"}
    assert [(b.mean_ms, b.spread_ms, b.false_rate, b.miss_rate) for b in c.bots] == [
        (250, 80, 0, 0), (450, 80, 0, 0), (700, 80, 0, 0)]
    c = cli.parse(["--game", "tape", "--players", "2", "--head-start", "0,250", "--headless"])
    assert c.options["head_start"] == [0, 250] and c.bots.mean_ms == 450   # one for all, as before
    with pytest.raises(cli.UsageError, match="one per player"):
        cli.parse(["--headless", "--game", "tape", "--players", "3", "--bots", "250/450"])
    with pytest.raises(cli.UsageError, match="none empty"):
        cli.parse(["--headless", "--game", "tape", "--players", "2", "--bots", "250/"])
    with pytest.raises(cli.UsageError, match="--head-start is an option of tape"):
        cli.parse(["--game", "bataille", "--head-start", "auto"])
    import argparse
    for bad in ("fast", "0,601", "-1,0", "0,,1", ""):
        with pytest.raises(argparse.ArgumentTypeError, match="600"):
            cli.parse_head_start(bad)
    r = sim("--headless", "--game", "tape", "--head-start=0,601")
    assert r.returncode == 2 and "--head-start" in r.stderr and "600" in r.stderr, r.stderr


def test_s7_sim_headless_with_head_starts_writes_a_log_that_replays(tmp_path):
    f = str(tmp_path / "hs.jsonl")
    r = sim("--headless", "--game", "tape", "--players", "2", "--head-start", "0,300",
            "--bots", "300,50,0,0/600,50,0,0", "--length", "3min", "--log", f)
    assert r.returncode == 0, r.stderr
    with open(f) as fh:
        lines = fh.read().splitlines()
    assert '"head_start":[0,300]' in lines[0]
    from games import tape_replay
    g = tape_replay.replay(_log.read(lines))
    assert g.done and g.head_ms == [0, 300]
    v = replay.check_text("\n".join(lines) + "\n")
    assert v.status == "OK" and "head starts P2:300 ms" in v.message, v


def test_sim_cli_bad_flags_exit_2_with_one_line():
    r = sim("--game", "tape", "--pickup", "ordered", "--headless")
    assert r.returncode == 2
    assert r.stderr.strip().count("\n") == 0 and "--pickup is an option of bataille" in r.stderr


# --- press scripts -----------------------------------------------------------

def test_sim_script_format():
    presses = script.parse("# two presses\n1500 2\n\n 200 1 300  # a long one\n", 4)
    assert presses == [(200, 0, 300), (1500, 1, script.DEFAULT_HOLD_MS)]
    edges = script.press_events(presses)
    assert edges == [(200000, 0, True), (500000, 0, False), (1500000, 1, True), (1580000, 1, False)]


def test_sim_script_a_press_on_a_held_pad_releases_it_first():
    edges = script.press_events(script.parse("0 1 500\n100 1\n", 2))
    assert edges == [(0, 0, True), (99000, 0, False), (100000, 0, True), (180000, 0, False)]


@pytest.mark.parametrize("text, where", [("100\n", "line 1"), ("0 1\nabc 2\n", "line 2"),
                                         ("0 9\n", "pad 9 does not exist"), ("0 0\n", "line 1"),
                                         ("5 1 0\n", "hold time")])
def test_sim_script_bad_lines_are_named(text, where):
    with pytest.raises(script.ScriptError) as e:
        script.parse(text, 4)
    assert where in str(e.value)


# --- replay verdicts ---------------------------------------------------------

def test_sim_replay_a_whole_log_is_ok():
    v = replay.check_text(bataille_log())
    assert v.status == "OK" and v.code == 0
    assert v.engine.done


def test_sim_replay_a_rule_breaking_line_is_refused_with_its_number():
    lines = bataille_log().splitlines()
    k = next(i for i, s in enumerate(lines) if '"ev":"take"' in s)
    lines[k] = lines[k].replace('"p":0', '"p":9') if '"p":0' in lines[k] else lines[k].replace('"p":1', '"p":0')
    v = replay.check_text("\n".join(lines) + "\n")
    assert v.status == "REFUSED" and v.code == 2
    assert ("line %d:" % (k + 1)) in v.message


def test_sim_replay_malformed_and_foreign_logs_are_refused():
    good = bataille_log().splitlines()
    v = replay.check_text("\n".join(good[:5] + ["{not json"] + good[5:]) + "\n")
    assert v.status == "REFUSED" and "line 6: not valid JSON" in v.message
    v = replay.check_text("hello\n")
    assert v.status == "REFUSED" and "line 1" in v.message
    v = replay.check_text("")
    assert v.status == "REFUSED"
    v = replay.check_text("\n".join(good[1:]) + "\n")
    assert v.status == "REFUSED" and "begin with a start" in v.message


def test_sim_replay_a_truncated_log_replays_up_to_its_cut():
    lines = bataille_log().splitlines()
    v = replay.check_text("\n".join(lines[:30]) + "\n")
    assert v.status == "TRUNCATED" and v.code == 3 and "30 lines agree" in v.message
    # the box lost power in the middle of writing line 31
    v = replay.check_text("\n".join(lines[:30]) + "\n" + lines[30][:12])
    assert v.status == "TRUNCATED" and "line 31 is cut short" in v.message


def test_sim_replay_command_exit_codes(tmp_path):
    text = bataille_log()
    good = tmp_path / "good.jsonl"
    good.write_text(text)
    r = sim("--replay", str(good), "--headless")
    assert r.returncode == 0 and r.stdout.startswith("OK ")
    bad = tmp_path / "bad.jsonl"
    lines = text.splitlines()
    lines[3] = lines[3].replace('"up":true', '"up":false')
    bad.write_text("\n".join(lines) + "\n")
    r = sim("--replay", str(bad), "--headless")
    assert r.returncode == 2 and "line 4:" in r.stderr and r.stderr.count("\n") == 1
    cut = tmp_path / "cut.jsonl"
    cut.write_text(text[:len(text) // 2])
    r = sim("--replay", str(cut), "--headless")
    assert r.returncode == 3 and r.stdout.startswith("TRUNCATED")
    r = sim("--replay", str(tmp_path / "missing.jsonl"), "--headless")
    assert r.returncode == 1 and "no such file" in r.stderr
    r = sim("--replay", str(tmp_path), "--headless")
    assert r.returncode == 1 and "directory" in r.stderr
    binary = tmp_path / "bin.jsonl"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    r = sim("--replay", str(binary), "--headless")
    assert r.returncode == 1 and "not a text log" in r.stderr


# --- headless games from the command line -----------------------------------

def test_sim_headless_log_to_stdout_replays_and_screenshots_are_written(tmp_path):
    shots = tmp_path / "shots"
    r = sim("--headless", "--game", "batawaf", "--length", "4", "--seed", "9", "--log", "-",
            "--screenshots", str(shots))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith('{"t":0,"ev":"start","game":"batawaf"')
    v = replay.check_text(r.stdout)
    assert v.status == "OK", v.message
    pngs = sorted(os.listdir(shots))
    # the menu, the join screen, four duels and their takes, the end at least
    assert len(pngs) >= 8 and pngs[0].startswith("0000_t") and pngs[-1].endswith(".png")
    assert "batawaf over after" in r.stderr and r.stderr.count("\n") == 1


def test_sim_headless_same_seed_same_log():
    a = sim("--headless", "--game", "tape", "--players", "2", "--rounds", "1", "--seed", "4", "--log", "-")
    b = sim("--headless", "--game", "tape", "--players", "2", "--rounds", "1", "--seed", "4", "--log", "-")
    assert a.returncode == 0 and a.stdout == b.stdout and '"ev":"slap"' in a.stdout


def test_sim_headless_scripted_presses_play_a_game(tmp_path):
    # Bata-waf is the first item of the home menu: pad 2 chooses it, pads
    # 1 and 2 join (their first flip), then both flip every 3 s
    lines = ["500 2", "1000 1", "1200 2"]
    for k in range(12):
        lines += ["%d 1" % (6000 + 3000 * k), "%d 2" % (6100 + 3000 * k)]
    s = tmp_path / "presses.txt"
    s.write_text("\n".join(lines) + "\n")
    log = tmp_path / "game.jsonl"
    r = sim("--headless", "--game", "batawaf", "--length", "3", "--script", str(s), "--log", str(log))
    assert r.returncode == 0, r.stderr
    v = replay.check_file(str(log))
    assert v.status == "OK" and sum(1 for e in v.entries if e[2] == "flip") >= 6


@pytest.mark.parametrize("args, words", [
    (["--board", "nope"], "no board 'nope'"),
    (["--game", "tape", "--players", "6"], "6 players need 6 pads"),
    (["--game", "tape", "--tempo", "100"], "'tempo'"),
    (["--game", "tape", "--rules", "match,bogus"], "'bogus'"),
    (["--script", "/nonexistent/presses.txt"], "cannot read the press script"),
])
def test_sim_headless_bad_setups_are_one_line(args, words):
    r = sim("--headless", *args)
    assert r.returncode in (1, 2)
    assert words in r.stderr and r.stderr.count("\n") == 1, r.stderr


def test_sim_headless_time_limit_stops_with_the_log_so_far(tmp_path):
    log = tmp_path / "cut.jsonl"
    r = sim("--headless", "--game", "bataille", "--max-minutes", "0.5", "--log", str(log))
    assert r.returncode == 1 and "not finished" in r.stderr
    # the box left the game as the menu button does (issue 28): L `stopped`
    v = replay.check_file(str(log))
    assert v.status == "OK" and v.engine.reason == "stopped", v.message


def test_sim_replay_window_opens_and_closes(tmp_path):
    good = tmp_path / "good.jsonl"
    good.write_text(bataille_log())
    r = subprocess.run([sys.executable, "-m", "sim", "--replay", str(good), "--speed", "50"], cwd=ROOT,
                       env=dict(ENV, SIM_QUIT_AFTER="1.5"), capture_output=True, text=True, timeout=60)
    assert "Traceback" not in r.stderr and r.returncode == 0


def test_sim_storage_keeps_the_box_files_between_runs_and_logs_only_this_run(tmp_path):
    box_fs = tmp_path / "box"
    a = sim("--headless", "--game", "bataille", "--length", "3", "--storage", str(box_fs), "--log", "-")
    b = sim("--headless", "--game", "bataille", "--length", "3", "--seed", "2", "--storage", str(box_fs),
            "--log", "-")
    assert a.returncode == 0 and b.returncode == 0
    assert a.stdout.count('"ev":"start"') == 1 and b.stdout.count('"ev":"start"') == 1
    assert a.stdout != b.stdout
    logs = sorted(os.listdir(box_fs / "logs"))
    assert len([f for f in logs if f.endswith(".jsonl")]) == 2


def test_sim_replay_a_log_of_several_games():
    one = bataille_log()
    two = bataille_log(ace="low")
    v = replay.check_text(one + two)
    assert v.status == "OK" and "2 games" in v.message
    n1 = len(one.splitlines())
    # the first game cut short before the second starts: refused, named
    cut = "\n".join(one.splitlines()[:n1 - 3]) + "\n"
    v = replay.check_text(cut + two)
    assert v.status == "REFUSED" and ("line %d: a new game starts" % (n1 - 2)) in v.message
