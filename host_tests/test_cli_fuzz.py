# Every command line a person types, fuzzed (issue 14): each flag of the
# simulator and of the tools given a wrong type, a negative, zero, a huge
# value, nan, an empty string.  None may end in a traceback; each ends with
# exit 0 (it ran) or 2 (refused, in one line naming what to change).
#
# The one exit 1 allowed is the simulator's documented one for a file or
# folder the command line names that cannot be read or made (docs/sim.md:
# "1 a file cannot be read"), and only with a one-line message.
#
# The quick grid runs in `make test` (in-process, the fast cases); the whole
# grid as real processes, plus random pairs of flags, under `make fuzz`.
import contextlib
import io
import os
import random
import re
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

VALUES = ("abc", "-5", "0", "99999999999999999999999", "1e400", "nan", "")
QUICK = ("abc", "-5", "0", "99999999999999999999999")


def tiny_tree(tmp):
    """A stand-in for build/mpy: flash --dry-run --no-build lists it."""
    d = os.path.join(tmp, "mpy")
    os.makedirs(os.path.join(d, "app"), exist_ok=True)
    with open(os.path.join(d, "main.py"), "w") as f:
        f.write("import app\n")
    return d


# tool -> (argv prefix, base arguments that keep a valid run short and
# inside the test's folder, flags not to fuzz and why)
def tools(tmp):
    py = [sys.executable]
    return {
        "sim": (py + ["-m", "sim"], ["--headless", "--game", "bataille", "--length", "3"], {
            "--help": "prints help"}),
        # a match cut at one minute of game time (T12's limit, --length):
        # some 100 cards at tempo 500 and the slaps on them, where a bad
        # value the parser let through breaks the game, and the end by the
        # limit.  Played to its target (3 virtual minutes), each of the ~57
        # runs the parser accepts took some 3 s of CPU, 0.7 s now: most of
        # this file's time (issue 39).  A round's end and the match's at
        # its target: test_newcomer, test_fresh_sim_venv.
        "sim-tape": (py + ["-m", "sim"], ["--headless", "--game", "tape", "--players", "2", "--target", "1",
                                          "--tempo", "500", "--length", "1min"], {"--help": "prints help"}),
        "flash": (py + [os.path.join(ROOT, "tools", "flash.py")],
                  ["--board", "pico_matrix", "--dry-run", "--no-build", "--build-dir", tiny_tree(tmp)], {
                      "--help": "prints help",
                      "--package-json": "rewrites the clone's package.json (what it is for)"}),
        "stats": (py + [os.path.join(ROOT, "tools", "stats.py")], ["-n", "5", "--png",
                                                                   os.path.join(tmp, "h.png")],
                  {"--help": "prints help"}),
        "diagrams": (py + [os.path.join(ROOT, "hardware", "diagrams.py")], ["--check"], {"--help": "prints help"}),
    }


def flags(prefix):
    """[(flag, takes a value)] read from the tool's own --help."""
    r = subprocess.run(prefix + ["--help"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    usage = r.stdout.split("\n\n")[0]
    out = []
    for m in re.finditer(r"\[(-{1,2}[a-zA-Z][\w-]*)( [A-Z_,.]+)?\]?", usage):
        if m.group(1) not in ("-h", "--help"):
            out.append((m.group(1), bool(m.group(2))))
    assert out, usage
    return out


def cases(tool, values, tmp):
    prefix, base, skip = tools(tmp)[tool]
    out = []
    for flag, takes in flags(prefix):
        if flag in skip:
            continue
        if takes:
            out += [(tool, base + [flag, v]) for v in values]
        else:
            out += [(tool, base + [flag]), (tool, base + [flag, values[0]])]
    out += [(tool, base + ["--no-such-flag"]), (tool, base + ["stray"])]
    return out


FILE_FLAGS = ("--replay", "--script", "--log", "--screenshots", "--storage", "--audio")


def judge(tool, argv, code, out, err):
    said = (out + err)
    assert "Traceback" not in said, (tool, argv, said[-2000:])
    if code == 1 and tool.startswith("sim"):
        # a named file or folder that cannot be read or made, or a game
        # longer than --max-minutes allows: documented, one line
        used = [f for f in FILE_FLAGS + ("--max-minutes",) if f in argv]
        assert used and len(err.strip().splitlines()) == 1, (tool, argv, err)
        return
    assert code in (0, 2), (tool, argv, code, said[-2000:])
    if code == 2:
        lines = [ln for ln in (err.strip() or out.strip()).splitlines() if ln.strip()]
        # argparse's own refusal is its usage then one line; ours one line
        assert lines and len(lines[-1]) < 400, (tool, argv, out, err)


# ---- in process: the quick grid of `make test` ----

def _sim(argv):
    from sim.__main__ import main
    return main(argv)


def _flash(argv):
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import flash
    return flash.main(argv)


def _stats(argv):
    import importlib.util
    spec = importlib.util.spec_from_file_location("stats_fuzz", os.path.join(ROOT, "tools", "stats.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.main(argv)
    return 0


IN_PROCESS = {"sim": _sim, "sim-tape": _sim, "flash": _flash, "stats": _stats}


def run_in_process(tool, argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = IN_PROCESS[tool](argv) or 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
            if not isinstance(e.code, (int, type(None))):
                err.write(str(e.code) + "\n")
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("tool", sorted(IN_PROCESS))
def test_cli_fuzz_quick_every_flag_refused_or_run_never_a_traceback(tool, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)     # a --log or --png fuzz value lands here
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.delenv("SIM_DEBUG", raising=False)
    done = cases(tool, QUICK, str(tmp_path))
    assert len(done) > 10
    for t, argv in done:
        code, out, err = run_in_process(t, argv)
        judge(t, argv, code, out, err)


def test_cli_fuzz_quick_tools_without_options_refuse_a_stray_argument():
    for script in (["tools/lint.py", "--quick"], ["bench/run.py", "0"], ["tools/mpy.py", "build", ""],
                   ["tools/mpy.py", "check", "-5"], ["tools/mpy.py", "abc"], ["tools/port.py"],
                   ["tools/port.py", "a", "b"]):
        r = subprocess.run([sys.executable] + script, capture_output=True, text=True, cwd=ROOT, timeout=300)
        assert r.returncode == 2 and "Traceback" not in r.stderr, (script, r.stdout, r.stderr)


def test_cli_fuzz_quick_diagrams_flags(tmp_path):
    prefix = tools(str(tmp_path))["diagrams"][0]
    for argv in (["--boards", "abc", "--check"], ["--boards", "", "--check"], ["--out", ""],
                 ["--check", "0"], ["--no-such-flag"]):
        r = subprocess.run(prefix + argv, capture_output=True, text=True, cwd=str(tmp_path), timeout=300)
        judge("diagrams", argv, r.returncode, r.stdout, r.stderr)
        assert r.returncode == 2, (argv, r.stderr)


# ---- real processes, the whole grid: make fuzz ----

@pytest.mark.fuzz
@pytest.mark.parametrize("tool", ["sim", "sim-tape", "flash", "stats", "diagrams"])
def test_cli_fuzz_every_flag_every_value_as_a_process(tool, tmp_path):
    prefix = tools(str(tmp_path))[tool][0]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("SIM_DEBUG", None)
    env["PYTHONPATH"] = ROOT
    for t, argv in cases(tool, VALUES, str(tmp_path)):
        if t == "diagrams" and "--out" in argv:
            argv = [a for a in argv if a != "--check"]
        r = subprocess.run(prefix + argv, capture_output=True, text=True, cwd=str(tmp_path), env=env,
                           timeout=600)
        judge(t, argv, r.returncode, r.stdout, r.stderr)


@pytest.mark.fuzz
@pytest.mark.parametrize("tool", ["sim", "sim-tape", "flash", "stats"])
def test_cli_fuzz_random_pairs_of_flags(tool, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.delenv("SIM_DEBUG", raising=False)
    prefix, base, skip = tools(str(tmp_path))[tool]
    fl = [f for f in flags(prefix) if f[0] not in skip]
    rnd = random.Random(int(os.environ.get("FUZZ_SEED", "14")))
    pool = VALUES + ("1", "2", "3", "7", "500", "court", "10min", "tape", "high", "ordered", "-1e9",
                     "0.5", "inf", "-0", " ", "\u00e9")
    for _ in range(int(os.environ.get("FUZZ_N", "150"))):
        argv = list(base)
        for flag, takes in rnd.sample(fl, 2):
            argv += [flag] + ([rnd.choice(pool)] if takes else [])
        code, out, err = run_in_process(tool, argv)
        judge(tool, argv, code, out, err)
