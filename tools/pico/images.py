"""Flash images with the box on them, made the way a user makes one: a fresh
emulated Pico (the UF2 only) and `make flash BOARD=... PORT=socket://...`.
A flash takes a minute or more of emulation, so the image is kept in
build/pico/flashed-<board>.bin with a key (sha256 of the firmware sources,
the board file, the flash tools and the UF2) and made again only when one
of those changed.  Tests copy it before booting it (a run writes to flash).

Every board's image but BASE's is made from BASE's, the way a maker moves a
box to another board: `make flash BOARD=<board>` onto it copies only what
differs (the board file and the manifest, by the box's manifest: seconds,
not the minutes of copying the whole tree again).
"""
import fcntl
import hashlib
import os
import shutil
import subprocess
import time

from tools.pico.pico import Pico, PicoError, ROOT, UF2_NAME, board_path, find_input

CACHE = os.path.join(ROOT, "build", "pico")
BASE = "pico_matrix"


def source_key(board, uf2):
    """What the image depends on: every file under firmware/ (code and
    data), the board file, the tools that build and copy it, the UF2."""
    h = hashlib.sha256()
    files = []
    for d, dirs, names in os.walk(os.path.join(ROOT, "firmware")):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        files += [os.path.join(d, n) for n in sorted(names) if not n.endswith((".pyc", ".mpy"))]
    tools = os.path.join(ROOT, "tools")
    files += [os.path.join(tools, n) for n in sorted(os.listdir(tools)) if n.endswith(".py")]
    files += [board_path(board), os.path.join(ROOT, "Makefile"),
              os.path.join(ROOT, "requirements.txt"), uf2]
    for f in files:
        h.update(os.path.relpath(f, ROOT).encode())
        with open(f, "rb") as fh:
            h.update(fh.read())
    return h.hexdigest()


def flashed_image(board, uf2=None, bootrom=None, log=None, timeout=900):
    """The path of a 2 MiB flash image holding the box for `board`, made by
    `make flash` onto an emulated Pico if not cached.  Returns (path, info)
    with info: {'cached': bool, 'seconds': wall time of the flash, 'output':
    make's output}."""
    uf2 = find_input(UF2_NAME, uf2, "PICO_UF2")
    path = os.path.join(CACHE, "flashed-%s.bin" % board)
    # one maker at a time, whatever the board: tests of several processes
    # may want the same image
    with make_flash_lock():
        return _flashed(board, uf2, bootrom, log, timeout, path)


class make_flash_lock:
    """`with make_flash_lock(): ... make flash ...`: every `make flash`
    rebuilds the one build/mpy tree it copies, so two at once (tests on
    two workers) remove each other's files mid-copy; whoever runs it in a
    test holds this lock (a file lock: across processes)."""

    def __enter__(self):
        os.makedirs(CACHE, exist_ok=True)
        self.f = open(os.path.join(CACHE, "flash.lock"), "w")
        fcntl.flock(self.f, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc):
        self.f.close()      # (the lock goes with the file)
        return False


def _flashed(board, uf2, bootrom, log, timeout, path):
    key = source_key(board, uf2)
    base = None
    if board != BASE and os.path.exists(board_path(BASE)):
        key += "+" + source_key(BASE, uf2)
        base = _flashed(BASE, uf2, bootrom, log, timeout, os.path.join(CACHE, "flashed-%s.bin" % BASE))[0]
    try:
        with open(path + ".key") as f:
            if f.read().strip() == key and os.path.getsize(path) == 2 * 1024 * 1024:
                return path, {"cached": True, "seconds": 0.0, "output": ""}
    except OSError:
        pass
    work = path + ".work"
    t0 = time.monotonic()
    if base is not None:
        shutil.copyfile(base, work)     # BASE's box, running: the flash copies what differs
    with Pico(uf2=uf2, bootrom=bootrom, flash=work, fresh=base is None, board=BASE if base else board) as p:
        p.start()
        if base is not None:
            p.run_for(3000000)          # booted into its menu, as a box on a desk
        p.run_free()
        cmd = ["make", "--no-print-directory", "flash", "BOARD=" + board,
               "PORT=socket://127.0.0.1:%d" % p.port]
        r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
        out = r.stdout + r.stderr
        if log:
            log(out)
        p.pause()
        if r.returncode:
            raise PicoError("`%s` failed (exit %d):\n%s" % (" ".join(cmd[:5]), r.returncode, out[-3000:]))
    os.replace(work, path)
    with open(path + ".key", "w") as f:
        f.write(key)
    return path, {"cached": False, "seconds": time.monotonic() - t0, "output": out}


def copy_of(board, dest, **kw):
    """A private copy of the flashed image at `dest` (a run writes to it)."""
    src, info = flashed_image(board, **kw)
    shutil.copyfile(src, dest)
    return info
