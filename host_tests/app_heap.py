# Running the box from the .mpy build under the MicroPython unix port with a
# small heap: the tree (tools/mpy.py build, plus the host port compiled the
# same way, since the board build leaves it out), one game per process.
# Shared by host_tests/test_app_heap.py and bench/host_app.py.
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from mp import micropython_bin  # noqa: E402
import mpy_tree  # noqa: E402
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
# the box's `heap <tag> <alloc> <free>` lines, parsed as the emulator's runs do
from tools.pico.play import heap_lines  # noqa: E402,F401

BOARD = os.path.join(ROOT, "boards", "pico_matrix.json")
GAMES = (("batawaf", 2, None), ("bataille", 2, {"length": "court"}),
         ("tape", 4, {"target": 1, "tempo": 1000}))

SCRIPT = """
import gc, sys, time
import main    # the box's boot settings first, as on the board (gc threshold)
from host import headless
game, players, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
opts = %r[game]
r = headless.play(%r, game, players, seed, opts, heap_every=%d, heap_lines=True)
print("OK", r.app.play.view.winners, r.peak_heap, r.ticks)
"""

# Several games in a row in one box (the bots go back to the home menu and
# choose the next game), the box printing its heap lines: what the
# emulated RP2040's soak does, on the unix port.
SOAK_SCRIPT = """
import sys
import main
from host import headless
opts = %r
games = %r
r = headless.play(%r, games[0][0], games[0][1], 3, opts[games[0][0]], heap_lines=True)
for g, n in games[1:]:
    r.game, r.players = g, n
    o = r.app.settings["opts"][g]
    for k in (opts[g] or {}):
        o[k] = opts[g][k]
    r.run(3600, until="end")
    if r.app.state != "end":
        print("box stopped in", r.app.state, r.app.error_text)
        sys.exit(1)
    r.press(0, 1600000)
    r.run(60, until="menu")
print("OK", len(games))
"""


def _path(tree):
    """(environment, working directory) that import the box from tree, or
    from the port's frozen modules when tree is None (a port built by
    `tools/uf2.py unix --frozen`).  The tree is the working directory and
    the path is '' as on the Pico (sys.path ['', '.frozen', '/lib']): a
    module's __file__ is "app/box.mpy", the name its .mpy gives itself
    (tools/mpy.py), one interned name, not a path of this machine too."""
    if tree is None:
        return dict(os.environ, MICROPYPATH=".frozen"), BLANK
    return dict(os.environ, MICROPYPATH=""), tree


def _run_box(args, timeout, env=None, cwd=None):
    """MicroPython run with args (its CompletedProcess, text): the box's files
    (hal.host.parts.default_dir, under TMPDIR) in a directory removed after."""
    with tempfile.TemporaryDirectory(prefix="box_heap_") as scratch:
        env = dict(env or os.environ, TMPDIR=scratch)
        return subprocess.run(args, capture_output=True, text=True, timeout=timeout, env=env, cwd=cwd)


BLANK = os.path.join(ROOT, "build", "blank")
os.makedirs(BLANK, exist_ok=True)


def micropython32_frozen():
    """The 32-bit unix port with the box (and its host HAL) frozen in."""
    return uf2_built(["unix", "--frozen"], "frozen 32-bit MicroPython unix port")


def soak(tree, games, heap=None, board=BOARD, exe=None, timeout=900, qstrs=False):
    """(ok, output) of the games [(game, players)] played in a row by one box
    (qstrs: the output ends with the port's qstr pool figures)."""
    opts = {}
    for g, _, o in GAMES:
        opts[g] = o
    args = [exe or micropython_bin()]
    if heap:
        args += ["-X", "heapsize=%d" % heap]
    args += ["-c", SOAK_SCRIPT % (opts, list(games), board) + (QSTRS if qstrs else "")]
    r = _run_box(args, timeout, *_path(tree))
    out = (r.stdout + r.stderr).strip()
    return r.returncode == 0 and "\nOK " in "\n" + out, out


def menu_after_each_game(lines):
    """The live heap of the first menu after each game (from heap_lines)."""
    out = []
    after_end = False
    for tag, a, f in lines:
        if tag == "end":
            after_end = True
        elif tag == "menu" and after_end:
            out.append(a)
            after_end = False
    return out


# The unix port prints its qstr pools; the next pool it allocates (at about
# 1250 qstrs in all) would take some 17 KB of heap at once.
QSTRS = """
import micropython
micropython.qstr_info()
"""


class NoSources(RuntimeError):
    """tools/uf2.py found no MicroPython sources (it says where to get them)."""


def micropython32():
    """The 32-bit MicroPython unix port (the RP2040's word size and 16-byte
    collector blocks): built once from the MicroPython sources by
    tools/uf2.py (cached under build/mp/), its path."""
    return uf2_built(["unix"], "32-bit MicroPython unix port")


def uf2_built(args, what):
    """The path `tools/uf2.py ARGS` prints last (what it built, or found
    built); NoSources without the MicroPython sources, else RuntimeError
    naming `what` with the tool's own words."""
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "uf2.py")] + args,
                       capture_output=True, text=True, cwd=ROOT)
    if r.returncode == 2:
        raise NoSources(r.stderr.strip())
    if r.returncode:
        raise RuntimeError("no %s:\n" % what + r.stderr[-3000:])
    return r.stdout.strip().splitlines()[-1]


def need(make):
    """make() -> a port or UF2 built from the MicroPython sources; without
    the sources the test is skipped with the reason, except in CI (CI=true),
    where it fails: a CI that cannot build them must not pass."""
    import pytest
    try:
        return make()
    except NoSources as e:
        if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
            raise
        pytest.skip("no MicroPython sources: " + str(e).splitlines()[0])


def build_tree(dst):
    """The .mpy tree the board gets, plus the PC-only files compiled the
    same way (tools/firmware_files.py: the host HAL, the bots and the
    headless runner that play the box here), built in dst: its size in
    bytes (the board's part only).  The tests share one tree per
    content instead (mpy_tree.tree(with_host=True))."""
    py = sys.executable
    r = subprocess.run([py, os.path.join(ROOT, "tools", "mpy.py"), "build", dst],
                       capture_output=True, text=True, cwd=ROOT)
    if r.returncode:
        raise RuntimeError("mpy build failed:\n" + r.stdout + r.stderr)
    size = tree_size(dst)
    mpy_tree.compile_host_port(dst)
    return size


# The same game with the tree in a ROM filesystem (vfs.VfsRom over an image
# read into the heap): bytecode then runs in place, as from the Pico's flash
# (a ROMFS partition, or frozen code); the image itself is subtracted.
ROM_SCRIPT = """
import gc, sys, vfs
f = open(%r, "rb")
img = f.read()
f.close()
gc.collect()
base = gc.mem_alloc()
vfs.mount(vfs.VfsRom(img), "/rom")
sys.path.insert(0, "/rom")
import main
from host import headless
opts = %r[sys.argv[1]]
r = headless.play(%r, sys.argv[1], int(sys.argv[2]), 3, opts, heap_every=16)
print("OK", r.peak_heap - base)
"""


def build_romfs(tree, image):
    """A ROM filesystem image of the .mpy tree (mpremote romfs build): its
    size, or None if mpremote cannot make one."""
    exe = os.path.join(os.path.dirname(sys.executable), "mpremote")
    try:
        r = subprocess.run([exe, "romfs", "--no-mpy", "-o", image, "build", tree],
                           capture_output=True, text=True, timeout=120)
    except OSError:
        return None
    if r.returncode or not os.path.exists(image):
        return None
    return os.path.getsize(image)


def rom_peak(image, game, players, board=BOARD):
    """Peak live heap (bytes) of one game with the code in ROM, or None."""
    opts = {}
    for g, _, o in GAMES:
        opts[g] = o
    r = _run_box([micropython_bin(), "-c", ROM_SCRIPT % (image, opts, board), game, str(players)], 300)
    ok = [ln for ln in r.stdout.splitlines() if ln.startswith("OK ")]
    return int(ok[-1].split()[1]) if r.returncode == 0 and ok else None


def tree_size(d):
    n = 0
    for dd, _, fs in os.walk(d):
        for f in fs:
            n += os.path.getsize(os.path.join(dd, f))
    return n


def run_game(tree, game, players, heap, seed=3, board=BOARD, heap_every=0, timeout=300, qstrs=False, exe=None):
    """(ok, peak live heap or None, output) of one game in its own process
    (qstrs: the output ends with the unix port's qstr pool figures; exe: the
    MicroPython to run, default the 64-bit one of .venv)."""
    opts = {}
    for g, _, o in GAMES:
        opts[g] = o
    code = SCRIPT % (opts, board, heap_every) + (QSTRS if qstrs else "")
    args = [exe or micropython_bin()]
    if heap:
        args += ["-X", "heapsize=%d" % heap]
    args += ["-c", code, game, str(players), str(seed)]
    r = _run_box(args, timeout, *_path(tree))
    out = (r.stdout + r.stderr).strip()
    lines = out.splitlines()
    ok_line = [ln for ln in lines if ln.startswith("OK ")]
    ok = r.returncode == 0 and bool(ok_line)
    peak = int(ok_line[-1].split()[-2]) if ok else None
    return ok, peak, out


def qstr_pools(out):
    """The number of qstr pools in the heap, from the qstr_info line, or None."""
    for ln in out.splitlines():
        if "n_pool=" in ln:
            return int(ln.split("n_pool=")[1].split(",")[0])
    return None


def qstr_count(out):
    """The number of qstrs interned, from the qstr_info line of run_game's
    output (qstrs=True), or None."""
    for ln in out.splitlines():
        if "n_qstr=" in ln:
            return int(ln.split("n_qstr=")[1].split(",")[0])
    return None


def smallest_heap(tree, game, players, lo=32 * 1024, hi=1024 * 1024, step=4096, board=BOARD):
    """The smallest heap (to `step` bytes) the game completes in, or None
    if it fails even at hi; lo if it completes in lo."""
    if not run_game(tree, game, players, hi, board=board)[0]:
        return None
    if run_game(tree, game, players, lo, board=board)[0]:
        return lo
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if run_game(tree, game, players, mid, board=board)[0]:
            hi = mid
        else:
            lo = mid
    return hi
