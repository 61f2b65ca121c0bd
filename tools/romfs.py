"""`make flash` onto a box whose firmware has a ROMFS partition (`make uf2
ROMFS=1`): the .mpy tree goes into the partition in one write (`mpremote
romfs deploy`), where its bytecode runs in place from flash instead of
loading into the heap; main.py, the board file and the spoken words stay on
the file system, as `make flash` puts them.

  python tools/romfs.py image [--build-dir build/mpy]   -> build/romfs/box.romfs
  python tools/romfs.py deploy --board NAME [--port PORT]   the whole deploy

For tools/flash.py (its only call):
  plan(board, port, build_dir) -> [(argv, may_fail)] the mpremote commands,
                                  or None when the box has no ROMFS (the stock
                                  firmware: the file-system copy stays); the
                                  voices the box has already are not copied

Why: a box flashed with `make flash` on the stock firmware holds its code in
RAM (138.6 KB free after boot against 202.6 KB frozen); frozen code needs a
firmware build for every change.  The ROMFS route keeps the developer's
one-command loop with the code in flash.  The image holds what `make flash`
copies but main.py (MicroPython runs main.py from the file system) and the
.vox files (drivers.voice opens voice/<lang>.vox by path); the file system's
old copies of the modules are removed first: '' (the file system's root)
is before /rom in sys.path and would win.  Native (viper) code in a ROMFS
.mpy is still copied to RAM when imported (py/persistentcode.c): only
bytecode and data run in place.
"""
import argparse
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "build", "mpy")
OUT = os.path.join(ROOT, "build", "romfs")
IMAGE = os.path.join(OUT, "box.romfs")

sys.path.insert(0, os.path.join(ROOT, "tools"))
from mpy import find_tool  # noqa: E402
from digest import sha256  # noqa: E402

# on the box: its watchdog off (tools/flash.py's STAND_DOWN), the size of
# ROMFS partition 0 (0: none, the stock firmware), the sha256 of each voice
# file on the file system (one copied already is not copied again)
QUERY = ('import sys, machine, vfs, os, hashlib, binascii\n'
         '"RP2040" in sys.implementation._machine and exec("machine.mem32[0x4005b000] = 1 << 30")\n'
         'n = 0\n'
         'if hasattr(vfs, "rom_ioctl") and vfs.rom_ioctl(1) > 0:\n'
         '    n = len(memoryview(vfs.rom_ioctl(2, 0)))\n'
         'print("ROMFS", n)\n'
         'try:\n'
         '    fs = os.listdir("voice")\n'
         'except OSError:\n'
         '    fs = []\n'
         'for f in fs:\n'
         '    h = hashlib.sha256()\n'
         '    with open("voice/" + f, "rb") as fh:\n'
         '        while True:\n'
         '            b = fh.read(2048)\n'
         '            if not b:\n'
         '                break\n'
         '            h.update(b)\n'
         '    print("HAVE", "voice/" + f, binascii.hexlify(h.digest()).decode())\n')

# on the box: remove these paths (files or whole directories) if there
RM = ('import os\n'
      'def rm(p):\n'
      '    try:\n'
      '        st = os.stat(p)\n'
      '    except OSError:\n'
      '        return\n'
      '    if st[0] & 0x4000:\n'
      '        for n in os.listdir(p):\n'
      '            rm(p + "/" + n)\n'
      '        os.rmdir(p)\n'
      '    else:\n'
      '        os.remove(p)\n'
      'for p in %r:\n'
      '    rm(p)\n')


def mpremote():
    return find_tool("mpremote") or "mpremote"


def on_fs(rel):
    """What stays on the file system: main.py at the root, the voices."""
    return rel == "main.py" or rel.endswith(".vox")


def stage(build_dir, tree):
    """Copy the .mpy tree's ROMFS part to `tree`: [its top-level names]."""
    shutil.rmtree(tree, ignore_errors=True)
    for d, dirs, files in os.walk(build_dir):
        dirs.sort()
        for f in sorted(files):
            rel = os.path.relpath(os.path.join(d, f), build_dir).replace(os.sep, "/")
            if on_fs(rel) or not f.endswith((".mpy", ".py")):
                continue
            os.makedirs(os.path.dirname(os.path.join(tree, rel)), exist_ok=True)
            shutil.copy(os.path.join(d, f), os.path.join(tree, rel))
    return sorted(os.listdir(tree)) if os.path.isdir(tree) else []


def image(build_dir=BUILD, out=None):
    """Build the ROMFS image from the .mpy tree (mpremote romfs build, the
    files as they are: already .mpy, viper for armv6m): its top-level names."""
    out = out or IMAGE
    tree = os.path.join(os.path.dirname(out), "tree")
    names = stage(build_dir, tree)
    if not names:
        raise SystemExit("romfs: %s holds no .mpy tree: run `make mpy` first" % build_dir)
    r = subprocess.run([mpremote(), "romfs", "--no-mpy", "--output", out, "build", tree],
                       capture_output=True, text=True)
    if r.returncode:
        raise SystemExit("romfs: `mpremote romfs build` failed: %s" % (r.stdout + r.stderr).strip()[-500:])
    return names


def query(port):
    """(the box's ROMFS partition size in bytes, 0: none, None: the box did
    not answer; {path on the box: sha256 hex} of its voice files)."""
    base = [mpremote()] + (["connect", port] if port else [])
    r = subprocess.run(base + ["exec", QUERY], capture_output=True, text=True)
    size, have = None, {}
    for ln in r.stdout.splitlines():
        w = ln.split()
        if len(w) == 2 and w[0] == "ROMFS" and w[1].isdigit():
            size = int(w[1])
        elif len(w) == 3 and w[0] == "HAVE":
            have[w[1]] = w[2]
    return size, have




def plan(board, port, build_dir=BUILD, board_file=None):
    """The deploy's mpremote commands, or None when the box has no ROMFS."""
    size, have = query(port)
    if not size:
        return None
    names = image(build_dir, IMAGE)
    if os.path.getsize(IMAGE) > size:
        raise SystemExit("romfs: the image (%d KB) does not fit the box's ROMFS partition (%d KB)"
                         % (os.path.getsize(IMAGE) // 1024, size // 1024))
    base = [mpremote()] + (["connect", port] if port else [])
    rel = lambda p: os.path.relpath(p, ROOT)   # noqa: E731
    # (and the stale manifest of a file-system flash: firmware/flashcheck.py
    # would find its files gone and refuse to start)
    cmds = [(base + ["exec", RM % (names + ["manifest.txt", "flashed.txt"],)], False),
            (base + ["romfs", "deploy", rel(IMAGE)], False)]
    voices = []
    for d, dirs, files in os.walk(build_dir):
        for f in sorted(files):
            v = os.path.join(d, f)
            box_path = os.path.relpath(v, build_dir).replace(os.sep, "/")
            if f.endswith(".vox") and have.get(box_path) != sha256(v):
                voices.append(v)
    dirs = sorted({os.path.relpath(os.path.dirname(v), build_dir).replace(os.sep, "/") for v in voices})
    for d in dirs:
        if d != ".":
            cmds.append((base + ["fs", "mkdir", ":" + d], True))
            cmds.append((base + ["fs", "cp"] + [rel(v) for v in voices
                                                 if os.path.dirname(v) == os.path.join(build_dir, d)]
                         + [":" + d + "/"], False))
    path = board_file or os.path.join(ROOT, "boards", board + ".json")
    # one mpremote session for the last steps (each session enters the raw REPL anew)
    cmds.append((base + ["fs", "cp", rel(os.path.join(build_dir, "main.py")), ":main.py", "+",
                         "fs", "cp", rel(path) if path.startswith(ROOT) else path, ":board.json", "+",
                         "reset"], False))
    return cmds


def run(cmds, show=lambda argv: " ".join(argv)):
    """Run the plan's commands, each printed first: 0, or 1 with one line."""
    for argv_, may_fail in cmds:
        print(show(argv_))
        r = subprocess.run(argv_, cwd=ROOT, capture_output=may_fail)
        if r.returncode and not may_fail:
            print("flash: `%s` failed (exit %d); run make flash again" % (" ".join(argv_[1:5]), r.returncode))
            return 1
    print("deployed to the ROMFS partition: the box restarts")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("image", "deploy"))
    ap.add_argument("--board", default="pico_matrix")
    ap.add_argument("--port", default="")
    ap.add_argument("--build-dir", default=BUILD)
    a = ap.parse_args(argv)
    if a.what == "image":
        image(a.build_dir)
        print("%s (%d KB)" % (os.path.relpath(IMAGE, ROOT), os.path.getsize(IMAGE) // 1024))
        return 0
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "mpy.py"), "build", a.build_dir], check=True)
    cmds = plan(a.board, a.port, a.build_dir)
    if cmds is None:
        print("romfs: the box has no ROMFS partition (flash it with `make uf2 ROMFS=1`'s UF2), or did not answer")
        return 1
    return run(cmds)


if __name__ == "__main__":
    sys.exit(main())
