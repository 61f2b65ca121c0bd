# The light first command for real (issue 29, 1, "in CI"): a copy of the
# clone with no .venv, the README's `make sim` in it, so the Makefile makes
# a fresh .venv from requirements-sim.txt alone (pygame and numpy from PyPI,
# as on a maker's PC), and that venv plays a headless game of each kind and
# replays the Tape-treize log it wrote.  test_light_path.py proves the same
# closure without a download, on every run; this one proves the install
# itself: the venv holds nothing but what requirements-sim.txt pins (and
# pip's own), and the games run on it.  About a minute, most of it pip.
import json
import os
import re
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

RUNS = (
    "--headless --game bataille --length court --seed 2",
    "--headless --game batawaf --length court --seed 2 --board pico_oled",
    "--headless --game tape --players 3 --target 1 --seed 2 --board pico_eink --log tape.jsonl",
    "--replay tape.jsonl --headless",
)


def clone_files():
    """What a fresh clone has: the tracked files (and the new ones git would
    add), nothing under build/ or .venv."""
    r = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                       capture_output=True)
    if r.returncode:
        pytest.skip("not a git checkout: %s" % r.stderr.decode(errors="replace").strip())
    return [p for p in r.stdout.decode().split("\0") if p and os.path.isfile(os.path.join(ROOT, p))]


def pinned(path):
    with open(path) as f:
        return {re.split(r"[=<>;\s]", ln.strip(), 1)[0].lower()
                for ln in f if ln.strip() and not ln.startswith(("#", "-r"))}


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    if shutil.which("make") is None:
        pytest.skip("no make on this machine")
    if sys.platform == "win32":
        pytest.skip("the copy runs the POSIX make; Windows' layout is checked by make -n in test_light_path")
    dest = tmp_path_factory.mktemp("clone")
    for p in clone_files():
        os.makedirs(os.path.join(dest, os.path.dirname(p)), exist_ok=True)
        shutil.copy2(os.path.join(ROOT, p), os.path.join(dest, p))
    assert not os.path.exists(os.path.join(dest, ".venv"))
    return str(dest)


def make_sim(dest, args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    for k in ("VIRTUAL_ENV", "PYTHONPATH", "MAKEFLAGS", "MFLAGS", "MAKELEVEL"):
        env.pop(k, None)
    # the interpreter that runs this test makes the venv (python3 elsewhere)
    return subprocess.run(["make", "--no-print-directory", "sim", "ARGS=" + args, "PY=" + sys.executable],
                          cwd=dest, env=env, capture_output=True, text=True, timeout=900)


def test_make_sim_in_a_fresh_clone_installs_only_the_sims_requirements_and_plays_each_game(fresh):
    said, outs = [], []
    for args in RUNS:
        r = make_sim(fresh, args)
        said.append((args, r.returncode, r.stderr[-600:]))
        assert r.returncode == 0, said
        outs.append((r.stdout + r.stderr).strip())
    venv = os.path.join(fresh, ".venv")
    # the light stamp only: nothing of requirements.txt or -flash.txt came
    assert os.path.exists(os.path.join(venv, ".installed-sim"))
    assert not os.path.exists(os.path.join(venv, ".installed"))
    assert not os.path.exists(os.path.join(venv, ".installed-flash"))
    r = subprocess.run([os.path.join(venv, "bin", "python"), "-m", "pip", "list", "--format=json"],
                       capture_output=True, text=True, cwd=fresh)
    assert r.returncode == 0, r.stderr
    have = {d["name"].lower() for d in json.loads(r.stdout)}
    wanted = pinned(os.path.join(fresh, "requirements-sim.txt"))
    assert wanted <= have, have
    assert have - wanted <= {"pip", "setuptools", "wheel"}, have - wanted
    # each game ran to its end; the Tape-treize one wrote its log (L), whose
    # last line is the end, and the replay found every line by the rules
    for args, out in zip(RUNS, outs):
        if args.startswith("--replay"):
            assert "agree with the rules" in out, out
        else:
            assert " over after " in out, (args, out)
    with open(os.path.join(fresh, "tape.jsonl")) as f:
        lines = [json.loads(ln) for ln in f if ln.strip()]
    assert lines[-1]["ev"] == "end" and lines[-1]["reason"] == "target", lines[-1]
