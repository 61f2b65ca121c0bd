# `make flash` builds the .mpy tree without line tables unless the maker
# asks for them with MPY_LINES=1 (docs/app.md: ~4 KB more RAM).  The knob
# was named LINES once: terminals set LINES (readline and curses put it in
# a process's environment; pytest's children had LINES=24), and every such
# `make flash` built the heavier tree unasked.
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def build_line(**env):
    e = dict(os.environ, **env)
    r = subprocess.run(["make", "-n", "-o", ".venv/.installed-flash", "-o", ".venv/.installed", "mpy"],
                       cwd=ROOT, env=e, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return [ln for ln in r.stdout.splitlines() if "tools/mpy.py build" in ln][0]


def test_make_mpy_has_no_line_tables_whatever_the_terminal_says():
    assert not build_line(LINES="24", COLUMNS="80").endswith("--lines")


def test_make_mpy_keeps_line_tables_when_asked():
    assert build_line(MPY_LINES="1").endswith("--lines")
