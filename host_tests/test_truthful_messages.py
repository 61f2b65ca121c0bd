# Messages that tell the truth (issue 29, 5): each bad input found by the
# fuzzing and a new user's first hour gets one true line and an exit code
# that says what happened, tested from the outside (the commands a person
# types).  The storage and board-file cases are portable tests
# (test_storage.py, test_app.py, test_board.py: both interpreters).
import importlib.util
import io
import os
import subprocess
import sys

import pytest

from sim import cli

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
sys.path.insert(0, os.path.join(ROOT, "tools"))
import port  # noqa: E402
import selftest  # noqa: E402


def sim(*args, timeout=120):
    r = subprocess.run([sys.executable, "-m", "sim"] + list(args), cwd=ROOT, env=ENV,
                       capture_output=True, text=True, timeout=timeout)
    assert "Traceback" not in r.stderr, r.stderr
    return r


def make(*args, timeout=300):
    return subprocess.run(["make", "--no-print-directory", "-o", ".venv/.installed"] + list(args),
                          cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=timeout)


def a_log(tmp_path, game="bataille"):
    p = tmp_path / ("%s.jsonl" % game)
    r = sim("--headless", "--game", game, "--seed", "3", "--log", str(p))
    assert r.returncode == 0, r.stderr
    return p.read_text().splitlines()


# --- the command line --------------------------------------------------------

@pytest.mark.parametrize("flag", ["--log", "--audio", "--screenshots", "--storage", "--script", "--replay"])
def test_an_empty_file_or_folder_name_is_refused_in_one_line(flag):
    with pytest.raises(cli.UsageError, match="%s names .*empty name" % flag):
        cli.parse(["--headless", flag, ""])
    r = sim("--headless", flag, "")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and flag in r.stderr, r.stderr
    assert r.stdout == ""     # no game was played


@pytest.mark.parametrize("rules", ["", ",", " , ,"])
def test_t6_rules_with_no_rule_are_refused_not_a_match_without_slaps(rules):
    with pytest.raises(cli.UsageError, match="at least one slap rule"):
        cli.parse(["--game", "tape", "--rules", rules])
    r = sim("--headless", "--game", "tape", "--rules", rules)
    assert r.returncode == 2 and "at least one slap rule" in r.stderr and r.stderr.count("\n") == 1


def test_a_log_file_that_cannot_be_written_is_refused_before_the_game(tmp_path):
    # the folder is writable, the file is not: /proc/version for root (who
    # may write any plain file), a read-only file for anyone else
    if os.geteuid() == 0:
        target = "/proc/version"
        if not os.path.exists(target):
            pytest.skip("no /proc here")
    else:
        ro = tmp_path / "ro.jsonl"
        ro.write_text("kept\n")
        ro.chmod(0o444)
        target = str(ro)
    r = sim("--headless", "--game", "bataille", "--length", "court", "--log", target)
    assert r.returncode == 1 and "cannot write the log" in r.stderr and target in r.stderr, r.stderr
    assert "over after" not in r.stderr and r.stderr.count("\n") == 1   # before the game
    # a good file is still written, and a missing one made by the check is not left behind
    ok = tmp_path / "sub" / "game.jsonl"
    assert sim("--headless", "--length", "court", "--log", str(ok)).returncode == 0
    assert ok.read_text().startswith('{"t":0,"ev":"start"')


# --- the log reader (core/logread.py) through `python -m sim --replay` ---------

def test_l_a_line_of_deeply_nested_json_is_refused_with_its_number(tmp_path):
    lines = a_log(tmp_path)
    bad = tmp_path / "deep.jsonl"
    bad.write_text("\n".join(lines[:3] + ["[" * 100000 + "]" * 100000] + lines[3:]) + "\n")
    r = sim("--replay", str(bad), "--headless")
    assert r.returncode == 2 and "line 4:" in r.stderr and "unexpected" not in r.stderr, r.stderr
    assert r.stderr.count("\n") == 1
    bad.write_text("\n".join(lines[:3] + ['{"t": 5, "ev": "flip", "p": ' + "[" * 100000 + "]" * 100000 + "}"]
                             + lines[3:]) + "\n")
    r = sim("--replay", str(bad), "--headless")
    assert r.returncode == 2 and "line 4:" in r.stderr, r.stderr


@pytest.mark.parametrize("game", ["bataille", "tape"])
def test_c2_an_unknown_card_in_the_deal_is_reported_on_the_deals_line(tmp_path, game):
    lines = a_log(tmp_path, game)
    assert '"ev":"deal"' in lines[1]
    first = lines[1].split('"hands":[["', 1)[1].split('"', 1)[0]
    lines[1] = lines[1].replace('"%s"' % first, '"ZZ"', 1)
    bad = tmp_path / "card.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    r = sim("--replay", str(bad), "--headless")
    assert r.returncode == 2 and "line 2:" in r.stderr and "'ZZ'" in r.stderr, r.stderr


# --- make's exit codes ---------------------------------------------------------

def test_make_replay_says_the_replays_own_exit_code(tmp_path):
    text = "\n".join(a_log(tmp_path)) + "\n"
    cut = tmp_path / "cut.jsonl"
    cut.write_text(text[:len(text) // 2])
    r = make("-s", "replay", "LOG=%s" % cut, "ARGS=--headless")
    assert r.stdout.startswith("TRUNCATED")
    # GNU make can only exit 2; the replay's 3 is said in words before it
    assert r.returncode == 2 and "the replay exited 3" in r.stderr and "stops before the end" in r.stderr
    r = make("-s", "replay", "LOG=%s" % (tmp_path / "none.jsonl"), "ARGS=--headless")
    assert "the replay exited 1" in r.stderr
    good = tmp_path / "good.jsonl"
    good.write_text(text)
    r = make("-s", "replay", "LOG=%s" % good, "ARGS=--headless")
    assert r.returncode == 0 and "exited" not in r.stderr


def fake_mpremote(tmp_path, body):
    exe = tmp_path / "mpremote"
    exe.write_text("#!/bin/sh\n" + body)
    exe.chmod(0o755)
    return str(exe)


def test_selftest_exits_non_zero_on_a_fail(tmp_path, monkeypatch):
    def run(body):
        monkeypatch.setattr(selftest, "mpremote", lambda: fake_mpremote(tmp_path, body))
        out = io.StringIO()
        return selftest.main([], out), out.getvalue()
    rc, said = run('echo "OK   display: 16x16"\necho "FAIL pad 3: no press in 10 s"\n'
                   'echo "FAIL buzzer: no tone"\nexit 0\n')
    assert rc == 1 and "FAIL pad 3" in said and said.splitlines()[-1] == "selftest: 2 check(s) FAILED: pad 3, buzzer"
    rc, said = run('echo "OK   display: 16x16"\necho "OK   pads: 4"\nexit 0\n')
    assert rc == 0 and "FAILED" not in said
    rc, said = run('echo "mpremote: no device found" >&2\nexit 1\n')
    assert rc == 1 and "no device found" in said and "did not all run" in said


# --- serial ports ----------------------------------------------------------------

def test_a_serial_port_that_does_not_exist_is_said_so_not_in_use(tmp_path):
    why = port.port_answers("/dev/ttyACM_nope")
    assert why.startswith("no serial port /dev/ttyACM_nope on this PC") and "in use" not in why
    assert port.port_answers("/dev/null") is None        # it exists: mpremote's message is true
    assert port.port_answers("") is None and port.port_answers("a0") is None   # mpremote finds it
    r = subprocess.run([sys.executable, "tools/port.py", "/dev/ttyACM_nope"], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 1 and r.stdout.count("\n") == 1
    r = make("-s", "repl", "PORT=/dev/ttyACM_nope")
    assert "no serial port /dev/ttyACM_nope" in r.stdout + r.stderr and "Traceback" not in r.stderr
    assert r.returncode != 0


# --- make stats GAME=tape ----------------------------------------------------------

def _stats():
    spec = importlib.util.spec_from_file_location("stats_tool_29", os.path.join(ROOT, "tools", "stats.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _stats_rows(monkeypatch, args, counts, n, seed, limit_min):
    """stats.main(args) on Tape-treize, checked against the matches it
    played (one_match spied): a row per player count of counts, each the
    figures of its n matches (seeds seed..), all ended within limit_min."""
    stats = _stats()
    import stats_tape
    played = {}     # (players, seed) -> the match's figures, as the rows were made from them
    one_match = stats_tape.one_match

    def spy(opts, s):
        played[opts["players"], s] = got = one_match(opts, s)
        return got
    monkeypatch.setattr(stats_tape, "one_match", spy)
    rows = stats.main(["--game", "tape", "--players", "%d-%d" % (counts[0], counts[-1]), "-n", str(n),
                       "--seed", str(seed), "--head-n", "0"] + args)
    assert [r["players"] for r in rows] == list(counts)
    assert sorted(played) == [(p, seed + i) for p in counts for i in range(n)]
    for r in rows:
        runs = [played[r["players"], seed + i] for i in range(n)]
        assert r["minutes"][0] == pytest.approx(sum(x[0] for x in runs) / n)
        assert r["turns"][0] == pytest.approx(sum(x[1] for x in runs) / n)
        assert r["rounds"][1] == min(x[2] for x in runs) >= 1
        assert r["limit"] == pytest.approx(sum(1 for x in runs if x[3]) / float(n))
        # the time limit (T12) bounds every match
        assert 0 < r["minutes"][3] <= limit_min + 0.1 and r["turns"][2] > 13
    return stats, rows


# Whole bot matches of the box run to T12's 30 minutes of game time (some
# 10 s of CPU each): the suite plays them to a 2-minute limit, where the
# table is made the same way, and checks that a run without --length deals
# engines with the 30-minute limit; test_tape_match_ends.py shows that
# limit ending whole matches.  The 30-minute run itself: make fuzz.
def test_t12_stats_of_tape_give_match_length_turns_and_rounds_per_player_count(capsys, monkeypatch):
    stats, rows = _stats_rows(monkeypatch, ["--length", "2min"], (2, 3), 3, 5, 2)
    out = capsys.readouterr().out
    assert "minutes" in out and "rounds" in out
    assert any(r["limit"] for r in rows)       # the limit, not the target, ended some
    with pytest.raises(SystemExit):
        stats.main(["--game", "tape", "--players", "9"])
    with pytest.raises(SystemExit):
        stats.main(["--game", "tape", "--ace", "low"])
    # without --length: every match's engine has the default limit, 30 minutes
    from host import bots
    limits = []

    class Dealt(bots.TapeMatch):
        def run(self, max_us=None):
            g = self.deal()
            limits.append(g.limit_ms)
            return g
    monkeypatch.setattr(bots, "TapeMatch", Dealt)
    stats.main(["--game", "tape", "--players", "2-3", "-n", "1", "--head-n", "0"])
    assert limits == [30 * 60000] * 2


@pytest.mark.fuzz
def test_t12_stats_of_tape_whole_matches_to_the_default_limit(capsys, monkeypatch):
    _stats_rows(monkeypatch, [], (2, 3), 3, 5, 30)
    assert "minutes" in capsys.readouterr().out
    # a shorter limit gives shorter matches
    _stats_rows(monkeypatch, ["--length", "5min"], (4,), 2, 1, 5)
