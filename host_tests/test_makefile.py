# The two commands and the help a newcomer relies on (issue 2).
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def makefile():
    with open(os.path.join(ROOT, "Makefile")) as f:
        return f.read()


def test_make_help_lists_every_target_in_one_line():
    text = makefile()
    phony = set(re.search(r"^\.PHONY:(.*)$", text, re.M).group(1).split())
    out = subprocess.run(["make", "-s", "help"], cwd=ROOT, capture_output=True, text=True).stdout
    listed = set(re.findall(r"^\s+make (\S+)", out, re.M))
    assert {"test", "sim", "flash", "mpy", "bench", "stats", "fuzz", "replay", "diagrams", "repl"} <= listed
    assert phony - {"venv"} <= listed | {"venv"}, phony - listed


def test_readme_shows_the_two_commands_first():
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    first = text.index("```")
    block = text[first:text.index("```", first + 3)]
    assert "make sim" in block and "make test" in block


def test_ci_runs_the_readme_test_command():
    with open(os.path.join(ROOT, ".ci", "run")) as f:
        assert "make test" in f.read()
