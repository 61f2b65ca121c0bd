"""The box's memory where it runs (issue 13): the frozen UF2 (`make uf2`) and
the .mpy files on flash (`make flash` onto the stock MicroPython), on the
emulated RP2040 (interpreter `rp2040-emulated`), and beside them the same
runs on the 32-bit MicroPython unix port built from the same v1.28.0
sources (`mp-unix-32`: .mpy tree, or the box frozen into the port).

Figures: free heap after boot, peak live heap of each game (the box's own
`heap peak` line: sampled after a collection at quiet moments), and a soak:
games in a row in one box (all three games, on pico_matrix and pico_oled),
no MemoryError, the live heap in the menu after each game against the one
after the first.  The goals: frozen <= 64 KB peak (40 KB hoped), .mpy
<= 128 KB (96 KB hoped).

Slow on the emulator (a game takes minutes of wall time): BENCH_SOAK_GAMES
(default 30) sets the soak's length, BENCH_QUICK skips the emulator, and
nothing runs without the MicroPython sources or the emulator's inputs (a
row says why)."""
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "host_tests"))
sys.path.insert(0, ROOT)
import app_heap  # noqa: E402

EMU = "rp2040-emulated"
UNIX = "mp-unix-32"
BUILDS = (("frozen", "frozen UF2"), ("mpy", ".mpy on flash"))
NAMES = {"batawaf": "Bata-waf", "bataille": "Bataille court", "tape": "Tape-treize 4 players"}
SOAK_BOARDS = ("pico_matrix", "pico_oled")


def soak_games(n):
    """n games: the three games in turn, with their players."""
    games = [(g, p, o) for g, p, o in app_heap.GAMES]
    return [games[i % len(games)] for i in range(n)]


def unix_rows():
    rows = []
    n = int(os.environ.get("BENCH_SOAK_GAMES", 30))
    ports = {}
    try:
        ports["mpy"] = app_heap.micropython32()
        ports["frozen"] = app_heap.micropython32_frozen()
    except RuntimeError as e:
        return [("box memory: 32-bit unix port not built (%s)" % str(e).splitlines()[0], None, "", UNIX)]
    with tempfile.TemporaryDirectory(prefix="box_mpy_") as tree:
        app_heap.build_tree(tree)
        for build, label in BUILDS:
            t = tree if build == "mpy" else None
            exe = ports[build]
            for game, players, _ in app_heap.GAMES:
                ok, peak, out = app_heap.run_game(t, game, players, 240 * 1024, exe=exe)
                lines = app_heap.heap_lines(out)
                p = [a for tag, a, f in lines if tag == "peak"]
                rows.append(("box memory: %s peak live heap, %s" % (NAMES[game], label),
                             p[0] if ok and p else None, "bytes", UNIX))
            for board in SOAK_BOARDS:
                games = [(g, p) for g, p, o in soak_games(n)]
                bpath = os.path.join(ROOT, "boards", board + ".json")
                ok, out = app_heap.soak(t, games, 240 * 1024, board=bpath, exe=exe, timeout=3600)
                rows += soak_rows(ok, app_heap.heap_lines(out), n, board, label, UNIX)
    return rows


def soak_rows(ok, lines, n, board, label, interp):
    after = app_heap.menu_after_each_game(lines)
    peaks = [a for t, a, f in lines if t == "peak"]
    rows = [("box memory: soak on %s, %s: games completed of %d (no MemoryError)" % (board, label, n),
             len(after) if ok or after else 0, "games", interp)]
    if after:
        rows.append(("box memory: soak on %s, %s: live heap after each game, most above the first"
                     % (board, label), max(after) - after[0], "bytes", interp))
        rows.append(("box memory: soak on %s, %s: highest peak live heap" % (board, label),
                     max(peaks) if peaks else None, "bytes", interp))
    return rows


def emulator_rows():
    from tools.pico import pico as P
    import pico_box
    try:
        P.find_input(P.BOOTROM_NAME, env="PICO_BOOTROM")
        P.find_input(P.UF2_NAME, env="PICO_UF2")
    except P.MissingInput as e:
        return [("box memory: emulated RP2040 not run (%s)" % e, None, "", EMU)]
    if not P.node_ready():
        return [("box memory: emulated RP2040 not run (make pico-deps)", None, "", EMU)]
    import subprocess
    rows = []
    n = int(os.environ.get("BENCH_SOAK_GAMES", 30))
    with tempfile.TemporaryDirectory(prefix="box_emu_") as d:
        def box(build, board):
            flash = os.path.join(d, "flash-%s-%s.bin" % (build, board))
            if build == "frozen":
                uf2 = os.path.join(d, "box-%s.uf2" % board)
                r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "uf2.py"), "firmware",
                                    "--board", board, "--out", uf2], capture_output=True, text=True, cwd=ROOT)
                if r.returncode:
                    raise RuntimeError(r.stderr[-2000:])
                return pico_box.Box(uf2=uf2, flash=flash, board=board, fresh=True)
            from tools.pico import images
            images.copy_of(board, flash)
            return pico_box.Box(flash=flash, board=board, fresh=False)

        for build, label in BUILDS:
            b = box(build, "pico_matrix")
            try:
                b.start()
                boot = [f for t, a, f in b.lines() if t == "boot"]
                rows.append(("box memory: free heap after boot, %s" % label, boot[0] if boot else None,
                             "bytes", EMU))
                for game, players, opts in app_heap.GAMES:
                    t0 = time.time()
                    lines = b.play(game, players, opts)
                    p = [a for t, a, f in lines if t == "peak"]
                    rows.append(("box memory: %s peak live heap, %s" % (NAMES[game], label),
                                 p[0] if p else None, "bytes", EMU))
                    print("  [emulated %s, %s: %.0f s wall]" % (label, game, time.time() - t0), file=sys.stderr)
            finally:
                b.close()
        for build, label in BUILDS:
            for board in SOAK_BOARDS:
                b = box(build, board)
                ok = True
                try:
                    b.start()
                    for game, players, opts in soak_games(n):
                        b.play(game, players, opts)
                except Exception as e:     # the soak row says how far it went
                    print("  [soak %s %s stopped: %s]" % (label, board, e), file=sys.stderr)
                    ok = False
                finally:
                    lines = b.lines()
                    b.close()
                rows += soak_rows(ok, lines, n, board, label, EMU)
    return rows


def bench_box_memory_where_it_runs():
    rows = unix_rows()
    if not os.environ.get("BENCH_QUICK"):
        rows += emulator_rows()
    return rows


if __name__ == "__main__":
    for row in bench_box_memory_where_it_runs():
        print(row)
