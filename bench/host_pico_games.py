"""Heap figures of the real firmware on the emulated RP2040 over whole
games played through its pins (interpreter `rp2040-emulated`; see
bench/host_pico.py for the rest): the live heap after each game (and its
peak, from the box's `heap <tag> <alloc> <free>` console lines when it
prints them), and the free heap after PICO_BENCH_GAMES (default 10)
Tape-treize games in a row on one box (no leak).  Long: a game is one to
three emulated minutes.
"""
import os
import shutil
import tempfile

from host_pico import INTERP, BOARD, _ready, _image

_HEAP = "import gc\ngc.collect()\nprint('HEAP', gc.mem_free(), gc.mem_alloc())\n"


def _heap_now(p):
    from tools.pico import faults
    for line in faults.look(p, _HEAP).splitlines():
        if line.startswith("HEAP "):
            f = line.split()
            return int(f[1]), int(f[2])
    return None, None


def bench_pico_games():
    """Each game through the pins once (its live heap at the end, its peak
    from the box's heap lines), then PICO_BENCH_GAMES games of Tape-treize
    in a row on one box (free heap after them: no leak)."""
    if not _ready():
        return [("pico heap: free after games in a row", None, "bytes", INTERP)]
    from tools.pico import play as PL
    from tools.pico import scenarios as S
    from tools.pico.pico import Pico
    rows = []
    tmp = tempfile.mkdtemp(prefix="bench_pico_games_")
    try:
        for name in ("batawaf", "bataille", "tape"):
            scn = S.SCENARIOS[name]
            p = Pico(flash=_image(tmp), board=BOARD)
            p.start()
            try:
                g = PL.play(scn, None, os.path.join(tmp, "logs"), pico=p)
                peak = [a for tag, a, f in PL.heap_lines(g.console)]
                if peak:
                    rows.append(("pico heap: peak live in %s (heap lines)" % name, max(peak), "bytes", INTERP))
                free, alloc = _heap_now(p)
                rows.append(("pico heap: live after %s, collected" % name, alloc, "bytes", INTERP))
                rows.append(("pico game: %s through the pins, emulated" % name,
                             (g.game_end_us - g.t0) / 1e6, "s emulated", INTERP))
            finally:
                p.close()
        n = int(os.environ.get("PICO_BENCH_GAMES", "10"))
        p = Pico(flash=_image(tmp), board=BOARD)
        p.start()
        try:
            PL.play_many(S.SCENARIOS["tape"], None, n, pico=p)
            free, alloc = _heap_now(p)
            rows.append(("pico heap: free after %d Tape-treize games in a row" % n, free, "bytes", INTERP))
            rows.append(("pico heap: live after %d Tape-treize games in a row" % n, alloc, "bytes", INTERP))
            peak = [a for tag, a, f in PL.heap_lines(p.serial_text())]
            if peak:
                rows.append(("pico heap: peak live over %d games (heap lines)" % n, max(peak), "bytes", INTERP))
        finally:
            p.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return rows
