"""The box's memory and start-up figures (CPython drives the MicroPython
unix port): peak live heap of each game played through the app, the
smallest heap each completes in (bisected in 4 KB steps), whether it
completes in the issue's 96 KB (the stretch goal is 64 KB), the qstrs it
interns, the peak with the code in a ROM filesystem (the way to the goal on
the board), the floor (what the code a game cannot run without takes once
imported), the smallest heap on the OLED and e-ink boards, the time from
the start of main to the first frame, and the size of the .mpy tree.
About 25 s."""
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "host_tests"))
import app_heap  # noqa: E402
from mp import micropython_bin  # noqa: E402

FIRST_FRAME = """
import time
t0 = time.ticks_us() if hasattr(time, "ticks_us") else int(time.perf_counter() * 1e6)
import hal
import main
app = main.main(%r, hal.open_host, run=False)
while not app.frames:
    app.tick()
t1 = time.ticks_us() if hasattr(time, "ticks_us") else int(time.perf_counter() * 1e6)
print(t1 - t0)
"""


def _run_int(cmd, env, cwd):
    """The integer a script prints on its last line."""
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd, timeout=120)
    if r.returncode:
        raise RuntimeError(r.stdout + r.stderr)
    return int(r.stdout.strip().splitlines()[-1])


# The floor: what the modules a game cannot run without take once imported
# (its engine, the renderer, the matrix/storage/buzzer/LED drivers, the pad
# capture and core), before any object is made, no app and no HAL.  Set
# against the 96 KB goal: on this 64-bit port it is most of it.
FLOOR = """
import gc
gc.collect()
a = gc.mem_alloc()
import main
import core.log, core.cards, core.rng, core.ticks, core.pile, core.options
import %s
import gfx.render
import drivers.ws2812, drivers.storage, drivers.buzzer, drivers.button, drivers.blink, pads.capture
import hal.boarddata
gc.collect()
print(gc.mem_alloc() - a)
"""
FLOOR_ENGINES = (("Bataille / Bata-waf", "games.bataille"), ("Tape-treize", "games.tape"))

GOAL = 96 * 1024   # issue 6; the stretch goal is 64 KB
STEP = 4 * 1024


def bench_app_memory_and_start():
    rows = []
    quick = os.environ.get("BENCH_QUICK")
    with tempfile.TemporaryDirectory(prefix="box_mpy_") as tree:
        size = app_heap.build_tree(tree)
        rows.append(("app: .mpy tree for the board", size, "bytes"))
        for game, players, _ in app_heap.GAMES:
            ok, peak, out = app_heap.run_game(tree, game, players, None, heap_every=64, qstrs=True)
            if not ok:
                raise RuntimeError("%s did not complete:\n%s" % (game, out[-2000:]))
            rows.append(("app: %s peak live heap (mp unix, .mpy, %d players)" % (game, players),
                         peak, "bytes"))
            rows.append(("app: %s qstrs interned at the end (next pool at ~1250: +17 KB)" % game,
                         app_heap.qstr_count(out), "qstrs"))
            if not quick:
                # coarse bisection from the live peak (no heap below it can
                # do); the goal is one run of its own
                lo = peak // STEP * STEP
                small = app_heap.smallest_heap(tree, game, players, lo=lo, hi=lo + 32 * 1024, step=STEP)
                rows.append(("app: %s smallest heap (mp unix, .mpy, %d KB steps)" % (game, STEP // 1024),
                             small, "bytes"))
                if small is not None and small > GOAL + STEP:
                    fits = 0    # far over it (one run less)
                else:
                    fits = 1 if app_heap.run_game(tree, game, players, GOAL)[0] else 0
                # a figure reads as what it means: "yes"/"no", not 1/0
                rows.append(("app: %s completes in a 96 KB heap (the goal)" % game,
                             "yes" if fits else "no", ""))
        image = os.path.join(tree, "..", os.path.basename(tree) + ".romfs")
        if app_heap.build_romfs(tree, image):
            try:
                for game, players, _ in app_heap.GAMES:
                    rows.append(("app: %s peak live heap, code in ROM (VfsRom, image not counted)" % game,
                                 app_heap.rom_peak(image, game, players), "bytes"))
            finally:
                os.remove(image)
        if not quick:
            for bname in ("pico_oled", "pico_eink"):
                board = os.path.join(ROOT, "boards", bname + ".json")
                for game, players, _ in app_heap.GAMES[2:]:   # Tape-treize needs the most
                    ok, peak, out = app_heap.run_game(tree, game, players, None, board=board, heap_every=64)
                    lo = peak // STEP * STEP
                    rows.append(("app: %s smallest heap on %s (mp unix, .mpy, %d KB steps)"
                                 % (game, bname, STEP // 1024),
                                 app_heap.smallest_heap(tree, game, players, lo=lo, hi=lo + 16 * 1024,
                                                        step=STEP, board=board), "bytes"))
        env = dict(os.environ, MICROPYPATH=tree)
        for label, engine in FLOOR_ENGINES:
            rows.append(("app: floor, %s: its engine, renderer, drivers, capture, core imported "
                         "(no app, no HAL; mp unix, .mpy)" % label,
                         _run_int([micropython_bin(), "-c", FLOOR % engine], env, tree), "bytes"))
        code = FIRST_FRAME % app_heap.BOARD
        env = dict(os.environ, MICROPYPATH=tree)
        rows.append(("app: main to first frame (.mpy on the unix port, .py on CPython)",
                     _run_int([micropython_bin(), "-c", code], env, tree) / 1000.0, "ms"))
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "firmware"))
    # every figure above but this one is the MicroPython unix port's
    rows = [r + ("micropython",) for r in rows]
    rows.append(("app: main to first frame (.mpy on the unix port, .py on CPython)",
                 _run_int([sys.executable, "-c", code], env, ROOT) / 1000.0, "ms", "cpython"))
    return rows


if __name__ == "__main__":
    t = time.time()
    for row in bench_app_memory_and_start():
        print(row)
    print("%.1f s" % (time.time() - t))
