"""Copy the firmware and a board file to a Pico running MicroPython.

  python tools/flash.py --board pico_matrix [--port PORT] [--dry-run]
  python tools/flash.py --board ./mybox.json ...   a board file by its path
  python tools/flash.py --package-json     rewrite package.json (mip)

Before anything is copied: the board file is checked by the firmware's own
checker (hal.board: the one-line message the box and the simulator give),
the tools are found (beside this Python, else in the clone's .venv: any
Python 3.11 runs this), and a socket:// PORT must answer (tools/port.py).

Steps, each printed before it runs:
  1. python tools/mpy.py build build/mpy   the .mpy tree (main.py stays .py)
  1b. mpremote [connect PORT] exec STAND_DOWN
                                            the box stands down: mpremote's
                                            Ctrl-C stops its loop, and this
                                            turns its watchdog off, so that a
                                            copy longer than the watchdog's
                                            5 s is not cut by a reset (the
                                            box's own main.py does the same on
                                            Ctrl-C; this line also covers a
                                            box flashed before it did)
  2. mpremote [connect PORT] fs mkdir :DIR  every package directory (one that
                                            exists already is fine)
  3. mpremote [connect PORT] fs cp FILES... :DIR/   the files of each directory
  4. mpremote [connect PORT] fs cp boards/NAME.json :board.json
  5. mpremote [connect PORT] reset          the box starts

PORT is anything `mpremote connect` takes: a serial device (/dev/ttyACM0,
COM3), a shortcut (a0, u0), `id:SERIAL`, or a `socket://host:port` URL.
Without --port, mpremote finds the board itself (the first USB serial port).
--dry-run prints the commands without running them (no board needed).
"""
import argparse
import os
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = os.path.join(ROOT, "boards")
BUILD = os.path.join(ROOT, "build", "mpy")


sys.path.insert(0, os.path.join(ROOT, "tools"))
from mpy import find_tool, MISSING  # noqa: E402
from port import port_answers  # noqa: E402
from boardcheck import board_problem  # noqa: E402


def mpremote():
    return find_tool("mpremote") or "mpremote"


def board_names():
    return sorted(f[:-5] for f in os.listdir(BOARDS) if f.endswith(".json"))


def _runs(exe):
    import shutil
    return os.path.isfile(exe) or shutil.which(exe) is not None


def board_path(board):
    """boards/NAME.json for a name, or the path itself (`--board ./mybox.json`),
    as the simulator takes it."""
    if board.endswith(".json") or "/" in board or os.sep in board:
        return board
    return os.path.join(BOARDS, board + ".json")


def check_board(board):
    """None if the board file is good, else the one-line refusal: the board
    file checker of the firmware itself (hal.board, what the box runs at
    boot and the simulator shows), so the message is the same everywhere."""
    path = board_path(board)
    if not os.path.exists(path):
        if path != board:
            return "no board %r; choose one of: %s (or a path to a board file)" % (
                board, ", ".join(board_names()))
        return "%s: no such board file" % board
    return board_problem(path)


def tree(root):
    """[(remote dir, [local files])], parents before children, sorted."""
    out = []
    for d, dirs, files in os.walk(root):
        dirs.sort()
        rel = os.path.relpath(d, root)
        rel = "" if rel == "." else rel.replace(os.sep, "/")
        fs = sorted(os.path.join(d, f) for f in files if f.endswith((".mpy", ".py", ".vox")))
        out.append((rel, fs))
    out.sort(key=lambda x: (x[0].count("/"), x[0]))
    return out


VERSION = "0.1.0"


def board_sources():
    """Every firmware file the board runs, as paths under firmware/ (the
    host port and the host-only helpers left out)."""
    out = []
    fw = os.path.join(ROOT, "firmware")
    for d, dirs, files in os.walk(fw):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        rel = os.path.relpath(d, fw).replace(os.sep, "/")
        rel = "" if rel == "." else rel
        if rel == "hal/host" or rel.startswith("hal/host/"):
            continue
        for f in sorted(files):
            name = (rel + "/" + f) if rel else f
            if f.endswith(".py") and name not in HOST_ONLY:
                out.append(name)
    return sorted(out)


def data_files():
    """The data files the board reads (the spoken words of make voices), as
    paths under firmware/."""
    d = os.path.join(ROOT, "firmware", "voice")
    return ["voice/" + f for f in sorted(os.listdir(d)) if f.endswith(".vox")] if os.path.isdir(d) else []


# On the PC only: the pure-Python framebuf (the board has the built-in one)
# and the headless bot runner of the tests.
HOST_ONLY = ("gfx/framebuf_py.py", "app/headless.py")


def package_json():
    """package.json for `mpremote mip install`: sources by relative URL, so
    it works from a checkout and from the repository alike."""
    import json
    rows = [json.dumps([f, "firmware/" + f]) for f in board_sources() + data_files()]
    return '{\n "urls": [\n  ' + ",\n  ".join(rows) + '\n ],\n "version": "%s"\n}\n' % VERSION


# Clear WATCHDOG CTRL.ENABLE through the register's atomic-clear alias (RP2040
# only: other chips have their watchdog elsewhere).
STAND_DOWN = ('import sys, machine; "RP2040" in sys.implementation._machine '
              'and exec("machine.mem32[0x4005b000] = 1 << 30")')


def commands(board, port, build_dir):
    """The mpremote command lines, each as (argv, may_fail)."""
    base = [mpremote()] + (["connect", port] if port else [])
    cmds = [(base + ["exec", STAND_DOWN], True)]
    layout = tree(build_dir)
    for rel, _ in layout:
        if rel:
            cmds.append((base + ["fs", "mkdir", ":" + rel], True))
    for rel, files in layout:
        if files:
            dest = ":" + (rel + "/" if rel else "")
            cmds.append((base + ["fs", "cp"] + [os.path.relpath(f, ROOT) for f in files] + [dest], False))
    path = board_path(board)
    shown = os.path.relpath(path, ROOT) if os.path.abspath(path).startswith(ROOT + os.sep) else path
    cmds.append((base + ["fs", "cp", shown, ":board.json"], False))
    cmds.append((base + ["reset"], False))
    return cmds


def show(argv):
    """The command as a person would type it (tool names without the
    virtualenv's path)."""
    words = [os.path.basename(argv[0]) if argv[0] in (sys.executable, mpremote()) else argv[0]]
    if words[0].startswith("python"):
        words[0] = "python"
    return " ".join(shlex.quote(a) for a in words + list(argv[1:]))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    ap.add_argument("--board", help="a board file name from boards/ (without .json), or a path to one")
    ap.add_argument("--port", default="", help="passed to `mpremote connect` (default: auto-detect)")
    ap.add_argument("--dry-run", action="store_true", help="print the commands, run none")
    ap.add_argument("--no-build", action="store_true", help="copy build/mpy as it is")
    ap.add_argument("--build-dir", default=BUILD, help=argparse.SUPPRESS)
    ap.add_argument("--package-json", action="store_true",
                    help="rewrite package.json from the firmware files and exit")
    a = ap.parse_args(argv)
    if a.package_json:
        with open(os.path.join(ROOT, "package.json"), "w") as f:
            f.write(package_json())
        print("wrote package.json (%d files)" % len(board_sources()))
        return 0
    if not a.board:
        print("flash: say which board: --board NAME, one of: %s" % ", ".join(board_names()))
        return 2
    bad = check_board(a.board)
    if bad:
        print("flash: %s; nothing copied" % bad)
        return 2
    missing = [] if _runs(mpremote()) else ["mpremote"]
    if not a.no_build and find_tool("mpy-cross") is None:
        missing.append("mpy-cross")
    if missing and not a.dry_run:
        print("flash: " + MISSING % " and ".join(missing))
        return 1
    if not a.dry_run:
        why = port_answers(a.port)
        if why:
            print("flash: %s; nothing copied" % why)
            return 1
    build = [sys.executable, os.path.join("tools", "mpy.py"), "build", os.path.relpath(a.build_dir, ROOT)]
    if not a.no_build and a.dry_run and find_tool("mpy-cross") is None:
        # the commands alone, no tools needed to show them
        print(show(build) + "    # needs mpy-cross: " + MISSING % "mpy-cross")
    elif not a.no_build:
        print(show(build))
        r = subprocess.run(build, cwd=ROOT, stdout=subprocess.DEVNULL if a.dry_run else None)
        if r.returncode:
            print("flash: the .mpy build failed (see above); nothing copied")
            return 1
    elif not os.path.isdir(a.build_dir):
        print("flash: %s does not exist: run `make mpy` first" % os.path.relpath(a.build_dir, ROOT))
        return 1
    # a box whose firmware has a ROMFS partition (make uf2 ROMFS=1): the code goes there
    import romfs
    plan = None if a.dry_run else romfs.plan(a.board, a.port, a.build_dir, board_path(a.board))
    for argv_, may_fail in plan or commands(a.board, a.port, a.build_dir):
        print(show(argv_))
        if a.dry_run:
            continue
        if may_fail:
            # `fs mkdir` of a directory already there fails: that is fine;
            # any other failure (no board found, port busy) is not
            r = subprocess.run(argv_, cwd=ROOT, capture_output=True, text=True)
            said = (r.stdout + r.stderr).strip()
            if r.returncode and "exist" not in said.lower():
                print(said)
            else:
                continue
        else:
            r = subprocess.run(argv_, cwd=ROOT)
        if r.returncode:
            print("flash: `%s` failed (exit %d). Is the board plugged in and running "
                  "MicroPython? Is another program (a REPL, Thonny) holding the port?"
                  % (show(argv_)[:100], r.returncode))
            return 1
    if not a.dry_run:
        print("flashed %s: the box restarts" % a.board)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:     # `... --dry-run | head`: the reader left
        sys.stdout = open(os.devnull, "w")
        sys.exit(0)
