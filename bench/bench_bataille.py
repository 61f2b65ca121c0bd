# Bataille speed and memory on whichever interpreter runs this (bench/run.py
# runs it on CPython and on the MicroPython unix port).
import gc
from benchlib import now_us, elapsed_us, MICROPYTHON
from core.log import Log
from games.bataille import Bataille

try:
    import os
    QUICK = bool(os.getenv("BENCH_QUICK"))
except (ImportError, AttributeError):
    QUICK = False

GAMES = 40 if QUICK else 300


def _games(n, logged, stepped):
    """(games, duels, elapsed us) for n two-player games, seeds 1..n.  A
    logged game encodes every line; the lines are dropped every few steps,
    as the box flushes them to flash between rounds."""
    g = Bataille(None, 1)
    duels = 0
    t0 = now_us()
    for seed in range(1, n + 1):
        g.new_game(seed)
        lg = None
        if logged:
            lg = g.log = Log()
        g.start(0)
        if stepped:
            t = 0
            while not g.done:
                g.step(t)
                t += 1000
                if lg is not None and len(lg.lines) > 64:
                    lg.lines = []
        else:
            g.play(0)
        duels += g.duels
        g.log = None
    return n, duels, elapsed_us(t0)


def bench_bataille_speed():
    rows = []
    for label, logged, stepped, n in (("play, log off", False, False, GAMES),
                                      ("step, log off", False, True, GAMES // 2),
                                      ("step, log on", True, True, GAMES // 4)):
        games, duels, us = _games(n, logged, stepped)
        rows.append(("bataille 2p games/s (%s)" % label, games * 1000000.0 / us, "games/s"))
        rows.append(("bataille 2p per duel (%s)" % label, us / float(duels), "us"))
    return rows


def _alloc(logged, fast, duels_each):
    """Bytes the heap grows (gc disabled) per duel over duels_each duels in
    the middle of three games, after each game's own buffers exist; with
    fast, whole games through play() (its end event included).  None on
    CPython."""
    if not MICROPYTHON:
        return None
    Bataille(None, 2).play()  # loads games.bataille_fast outside the count
    total = 0
    duels = 0
    for seed in (3, 4, 5):
        lg = Log() if logged else None
        g = Bataille(None, seed, lg)
        g.start(0)
        g.step(0)
        g.step(0)
        if lg is not None:
            lg.lines = []
        gc.collect()
        gc.disable()
        try:
            a0 = gc.mem_alloc()
            d0 = g.duels
            if fast:
                g.play(0)
            else:
                while not g.done and g.duels < d0 + duels_each:
                    g.step(0)
            total += gc.mem_alloc() - a0
            duels += g.duels - d0
        finally:
            gc.enable()
    return total / float(duels)


def bench_bataille_alloc():
    return [("bataille alloc per duel (step, log off)", _alloc(False, False, 40), "bytes"),
            ("bataille alloc per duel (play whole game, log off)", _alloc(False, True, 0), "bytes"),
            ("bataille alloc per duel (step, log on)", _alloc(True, False, 20), "bytes")]


def bench_bataille_footprint():
    """Heap held by a started engine (buffers, piles, cycle watch)."""
    if not MICROPYTHON:
        return [("bataille engine heap (2p, ordered)", None, "bytes")]
    gc.collect()
    a0 = gc.mem_alloc()
    g = Bataille({"pickup": "ordered"}, 1)
    g.start(0)
    gc.collect()
    return [("bataille engine heap (2p, ordered)", gc.mem_alloc() - a0, "bytes")]
