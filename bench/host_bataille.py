"""CPython-only Bataille figures: the issue's 100,000 games, and the peak heap
of a logged game under the MicroPython unix port."""
import os
import time

from games.bataille import Bataille
from mp import run

QUICK = bool(os.environ.get("BENCH_QUICK"))


def bench_100k_games():
    """100,000 two-player games, log off, one process (must be under a
    minute on one core).  CPU time is the figure: wall time on a shared
    machine measures the neighbours.  BENCH_QUICK plays 10,000 and scales."""
    n = 10000 if QUICK else 100000
    g = Bataille(None, 1)
    duels = 0
    c0 = time.process_time()
    w0 = time.perf_counter()
    for seed in range(1, n + 1):
        g.new_game(seed)
        g.play()
        duels += g.duels
    cpu = (time.process_time() - c0) * 100000 / n
    wall = (time.perf_counter() - w0) * 100000 / n
    return [("bataille 100k 2p games, CPU time", cpu, "s"),
            ("bataille 100k 2p games, wall time", wall, "s"),
            ("bataille mean duels per 2p game", duels / float(n), "duels")]


PEAK = """
import gc
from games.bataille import Bataille
from core.log import Log
for flush in (True, False):
    best = 0
    for seed in (1, 2, 3):
        gc.collect()
        a0 = gc.mem_alloc()
        lg = Log()
        g = Bataille(None, seed, lg)
        g.start(0)
        while not g.done:
            g.step(0)
            if flush:
                lg.lines = []
            if g.duels %% 25 == 0:
                gc.collect()
                best = max(best, gc.mem_alloc() - a0)
        gc.collect()
        best = max(best, gc.mem_alloc() - a0)
        g = lg = None
    print(best)
"""


def bench_micropython_peak_heap():
    """Peak live heap of a logged 2-player game under the unix port: with the
    log written out after every step (what the box should do: Bataille has
    no slap window to protect), and with every line kept until the end."""
    flushed, kept = [int(x) for x in run(PEAK % ()).split()]
    return [("bataille peak heap, log flushed each step (micropython)", flushed, "bytes"),
            ("bataille peak heap, whole log kept in RAM (micropython)", kept, "bytes")]
