"""Where this machine keeps what the project builds from but does not hold:
the MicroPython sources tarball (tools/uf2.py), the emulator's bootrom and
MicroPython UF2 (tools/pico).  One finder for all of them.

    dirs()                  the folders looked in, in order
    find(name, given=None, env=None) -> the file's path, or None
    SHARED                  ../shared/pico beside the clone (where to put them)

The folders: $PICO_INPUTS if set, build/pico-inputs (where CI copies the
inputs), ../shared/pico beside the clone and, in a git worktree, beside the
main checkout.  No other module of the project is imported (tools/uf2.py
runs before anything is built).
"""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "pico")


def main_checkout():
    """In a git worktree, the main checkout (its ../shared is the one)."""
    try:
        with open(os.path.join(ROOT, ".git")) as f:
            line = f.read().strip()
    except OSError:
        line = ""       # a directory (a plain clone) or no git at all
    if line.startswith("gitdir:") and "/.git/" in line:
        return line.split(":", 1)[1].strip().split("/.git/")[0]
    try:
        common = subprocess.run(["git", "rev-parse", "--git-common-dir"], cwd=ROOT,
                                capture_output=True, text=True).stdout.strip()
    except OSError:
        return None
    if common:
        main = os.path.dirname(os.path.abspath(os.path.join(ROOT, common)))
        if main != ROOT:
            return main
    return None


def dirs():
    """The folders the inputs are looked for in, in order, each once."""
    out = []
    if os.environ.get("PICO_INPUTS"):
        out.append(os.environ["PICO_INPUTS"])
    out += [os.path.join(ROOT, "build", "pico-inputs"), SHARED]
    main = main_checkout()
    if main:
        out.append(os.path.join(os.path.dirname(main), "shared", "pico"))
    seen = []
    for d in out:
        if d not in seen:
            seen.append(d)
    return seen


def find(name, given=None, env=None):
    """The path of input `name`: `given` (or $env) if it names one, else the
    first of dirs() that holds it; None if none does (given or $env naming
    no file is None too: the caller says what it was given)."""
    given = given or (os.environ.get(env) if env else None)
    if given:
        return given if os.path.exists(given) else None
    for d in dirs():
        p = os.path.join(d, name)
        if os.path.isfile(p):
            return p
    return None
