"""Heap of the real firmware on the emulated RP2040 through play (interpreter
`rp2040-emulated`; the `.mpy` build copied by `make flash`), read from the
box's own console lines `heap <tag> <mem_alloc> <mem_free>` (app.box
heap_note: after a collection at quiet moments; `heap peak` is the game's
highest live heap seen at those moments):

- Bata-waf and Bataille `court`, 2 players: peak live heap in a game;
- Bata-waf played PICO_HEAP_GAMES times in a row (default 10; "again" after
  each end, same players, a new deal): free heap after the first and after
  the last game, and the drift of the live heap between them (a leak grows
  it game after game).

The players press their pad when it lights (tools/pico/rounds.py), every
press after the board's now.  Tape-treize's peak comes from its game
through the pins (tools/pico/play.py: host_tests/pico/test_pico_play.py
prints it).  Long: minutes of wall time per game on a loaded machine.
Nothing runs without the emulator's inputs: the rows then say n/a.
"""
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

INTERP = "rp2040-emulated"
BOARD = "pico_matrix"


def _games(game, n, tmp):
    from tools.pico import images, rounds
    from tools.pico.pico import Pico
    flash = os.path.join(tmp, game + ".bin")
    images.copy_of(BOARD, flash)
    p = Pico(flash=flash, board=BOARD)
    p.start()
    try:
        return rounds.games_in_a_row(p, game, n)
    finally:
        p.close()


def bench_pico_heap_in_play():
    import host_pico
    n = int(os.environ.get("PICO_HEAP_GAMES", "10"))
    names = ["pico heap: peak live in a game, Bata-waf", "pico heap: peak live in a game, Bataille",
             "pico heap: free after the 1st Bata-waf game (end)",
             "pico heap: free after %d Bata-waf games in a row (end)" % n,
             "pico heap: live heap drift, game 1 to game %d (end)" % n,
             "pico heap: live at boot", "pico heap: live in the menu (highest)"]
    if not host_pico._ready():
        return [(f, None, "bytes", INTERP) for f in names]
    tmp = tempfile.mkdtemp(prefix="bench_pico_heap_")
    rows = []
    try:
        r = _games("batawaf", n, tmp)
        peaks = [a for tag, a, f in r.heap if tag == "peak"]
        ends = [(a, f) for tag, a, f in r.heap if tag == "end"]
        b = _games("bataille", 1, tmp)
        bpeaks = [a for tag, a, f in b.heap if tag == "peak"]
        rows.append((names[0], max(peaks) if peaks else None, "bytes", INTERP))
        rows.append((names[1], max(bpeaks) if bpeaks else None, "bytes", INTERP))
        rows.append((names[2], ends[0][1] if ends else None, "bytes", INTERP))
        rows.append((names[3], ends[-1][1] if len(ends) >= n else None, "bytes", INTERP))
        rows.append((names[4], ends[-1][0] - ends[0][0] if len(ends) >= n else None, "bytes", INTERP))
        # issue 26: the menus' share of the 40 KB (the speaker's ring is not
        # in them: it is made only while the box talks)
        boots = [a for tag, a, f in r.heap if tag == "boot"]
        menus = [a for tag, a, f in r.heap if tag == "menu"]
        rows.append((names[5], boots[0] if boots else None, "bytes", INTERP))
        rows.append((names[6], max(menus) if menus else None, "bytes", INTERP))
        sys.stderr.write("bench: %d Bata-waf games in %.0f s of wall time, %d presses; heap at each end: %s\n"
                         % (r.games, r.wall_s, r.presses, [a for a, f in ends]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return rows
