"""The box's memory where it runs (issue 13): the frozen UF2 (`make uf2`) and
the .mpy files on flash (`make flash` onto the stock MicroPython), on the
emulated RP2040 (interpreter `rp2040-emulated`), and beside them the same
runs on the 32-bit MicroPython unix port built from the same v1.28.0
sources (`mp-unix-32`: .mpy tree, or the box frozen into the port).

Figures: free heap after boot, peak live heap of each game (the box's own
`heap peak` line: sampled after a collection at quiet moments), and a soak:
games in a row in one box (the three games in turn, on pico_matrix and
pico_oled), no MemoryError, the live heap in the menu after each game
against the one after the first.  The goals: frozen <= 64 KB peak (40 KB
hoped), .mpy <= 128 KB (96 KB hoped).

On the emulator the soak's first three games are the per-game figures (one
box per build and board: a soak job); the jobs run BENCH_EMU_JOBS at a time
(default 2), each in its own process, and every row is also appended to
build/bench_uf2.jsonl as soon as it is measured (a run cut short keeps what
it measured).  Slow: a game is 2-4 minutes of emulation, 40-250 s of wall
time, so the four 30-game soaks (BENCH_SOAK_GAMES, default 30) take about
40 minutes with BENCH_EMU_JOBS=4 on two idle cores, twice that with 2;
BENCH_QUICK skips the emulator, and nothing runs without the MicroPython
sources or the emulator's inputs (a row says why).

    python bench/host_uf2.py                    # every row, as make bench
    python bench/host_uf2.py --job frozen pico_matrix 3   # one soak job
"""
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "host_tests"))
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)
import app_heap  # noqa: E402

EMU = "rp2040-emulated"
UNIX = "mp-unix-32"
BUILDS = (("frozen", "frozen UF2"), ("mpy", ".mpy on flash"))
LABEL = dict(BUILDS)
NAMES = {"batawaf": "Bata-waf", "bataille": "Bataille court", "tape": "Tape-treize 4 players"}
EMU_NAMES = dict(NAMES, batawaf="Bata-waf court")     # soak_games(emulated=True)
SOAK_BOARDS = ("pico_matrix", "pico_oled")
PEAK_BOARD = "pico_matrix"
# issue 41, item 5: each display board's power-on to first frame, each
# game's peak and the names interned, beside the matrix's
BOARDS = ("pico_matrix", "pico_oled", "pico_eink")
JSONL = os.path.join(ROOT, "build", "bench_uf2.jsonl")
PICO_HEAP = 240 * 1024


def soak_games(n, emulated=False):
    """n games: the three games in turn, with their players and options;
    emulated: Bata-waf in its short length (court), as Bataille.  A whole
    deck of Bata-waf is a game of War: some last a thousand duels, over
    15 minutes of play at the pace of the emulator's players (0.6 s a
    press, 1.2 s a duel shown): the soak's second one never ended within
    pico_box's 900 s.  The host's bots play in virtual time: any length."""
    games = [(g, p, ({"length": "court"} if emulated and g == "batawaf" else o))
             for g, p, o in app_heap.GAMES]
    return [games[i % len(games)] for i in range(n)]


def n_soak():
    return int(os.environ.get("BENCH_SOAK_GAMES", 30))


def unix_rows():
    rows = []
    n = n_soak()
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
                ok, peak, out = app_heap.run_game(t, game, players, PICO_HEAP, exe=exe)
                lines = app_heap.heap_lines(out)
                p = [a for tag, a, f in lines if tag == "peak"]
                rows.append(("box memory: %s peak live heap, %s" % (NAMES[game], label),
                             p[0] if ok and p else None, "bytes", UNIX))
            for board in SOAK_BOARDS:
                games = [(g, p) for g, p, o in soak_games(n)]
                bpath = os.path.join(ROOT, "boards", board + ".json")
                ok, out = app_heap.soak(t, games, PICO_HEAP, board=bpath, exe=exe, timeout=3600)
                rows += soak_rows(ok, app_heap.heap_lines(out), n, board, label, UNIX)
    return rows


def soak_rows(ok, lines, n, board, label, interp):
    """The soak's rows from its heap lines: games completed, the most the
    heap in the menu after a game rose above the first one's, the highest
    peak."""
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


def emulator_ready():
    """None when the emulator can run, else a row saying why not."""
    from tools.pico import pico as P
    why = P.not_ready()
    return None if why is None else ("box memory: emulated RP2040 not run (%s)" % why, None, "", EMU)


def make_box(build, board, d):
    """The box of a build on an emulated Pico: the UF2 from a blank flash,
    or the stock MicroPython with the .mpy files `make flash` copies."""
    import pico_box
    flash = os.path.join(d, "flash-%s-%s.bin" % (build, board))
    if build == "frozen":
        uf2 = os.path.join(d, "box-%s.uf2" % board)
        r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "uf2.py"), "firmware",
                            "--board", board, "--out", uf2], capture_output=True, text=True, cwd=ROOT)
        if r.returncode:
            raise RuntimeError("tools/uf2.py firmware --board %s failed:\n%s" % (board, r.stderr[-2000:]))
        return pico_box.Box(uf2=uf2, flash=flash, board=board, fresh=True)
    from tools.pico import images
    images.copy_of(board, flash)
    return pico_box.Box(flash=flash, board=board, fresh=False)


def emit(row):
    """One row: to stdout (the parent reads it) and to build/bench_uf2.jsonl."""
    line = json.dumps(list(row))
    print(line, flush=True)
    os.makedirs(os.path.dirname(JSONL), exist_ok=True)
    with open(JSONL, "a") as f:
        f.write(json.dumps({"t": time.strftime("%Y-%m-%d %H:%M:%S"), "row": list(row)}) + "\n")


def boot_row(label, board, b):
    """Power-on to the first frame on the display's pins (emulated ms): its
    first WS2812 frame, the OLED's first write, the e-ink's first update
    (host_pico_feedback.starts, the frozen box's figure)."""
    from tools.pico import play as PL
    from host_pico_feedback import first_start
    return ("box boot: power-on to first frame, %s, %s" % (label, board),
            first_start(b.pico, board, 0, PL.BOOT_LIMIT_US) / 1000.0, "ms emulated", EMU)


def names_row(label, board, b, games):
    """The names MicroPython interned, from its own qstr_info at the REPL
    after the games (the box stands down for it: the job's last look)."""
    from tools.pico import faults
    out = faults.look(b.pico, "import micropython\nmicropython.qstr_info()\n")
    return ("box names: interned after %d games in a row, %s, %s" % (games, label, board),
            app_heap.qstr_count(out), "names", EMU)


def job(build, board, n):
    """One soak job on the emulator: boot, n games in a row; on PEAK_BOARD
    the free heap after boot and each game's peak (its first time) too,
    elsewhere each game's peak named by the board; the first frame and the
    names interned at the end on every board.  Rows go out as they are
    measured."""
    label = LABEL[build]
    seen = set()
    ok = True
    with tempfile.TemporaryDirectory(prefix="box_emu_") as d:
        b = make_box(build, board, d)
        try:
            b.start()
            emit(boot_row(label, board, b))
            if board == PEAK_BOARD:
                boot = [f for t, a, f in b.lines() if t == "boot"]
                emit(("box memory: free heap after boot, %s" % label, boot[0] if boot else None, "bytes", EMU))
            for i, (game, players, opts) in enumerate(soak_games(n, emulated=True)):
                t0 = time.time()
                lines = b.play(game, players, opts)
                p = [a for t, a, f in lines if t == "peak"]
                print("  [emulated %s on %s, game %d/%d %s: peak %s, %.0f s wall]"
                      % (label, board, i + 1, n, game, p[0] if p else "?", time.time() - t0),
                      file=sys.stderr, flush=True)
                if game not in seen:
                    seen.add(game)
                    on = "" if board == PEAK_BOARD else ", " + board
                    emit(("box memory: %s peak live heap, %s%s" % (EMU_NAMES[game], label, on),
                          p[0] if p else None, "bytes", EMU))
            emit(names_row(label, board, b, n))
        except Exception as e:     # the soak's rows say how far it went
            print("  [soak %s on %s stopped: %s]" % (label, board, e), file=sys.stderr, flush=True)
            ok = False
        finally:
            lines = b.lines()
            b.close()
    for row in soak_rows(ok, lines, n, board, label, EMU):
        emit(row)
    return ok


def emulator_rows(boards=SOAK_BOARDS, n=None):
    """The soak jobs of both builds on each board (n games each, default
    BENCH_SOAK_GAMES), BENCH_EMU_JOBS at a time: their rows."""
    why = emulator_ready()
    if why is not None:
        return [why]
    n = n or n_soak()
    jobs = [(build, board) for build, _ in BUILDS for board in boards]
    width = max(1, int(os.environ.get("BENCH_EMU_JOBS", 2)))
    rows = []
    running = []
    while jobs or running:
        while jobs and len(running) < width:
            build, board = jobs.pop(0)
            p = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--job", build, board, str(n)],
                                 stdout=subprocess.PIPE, text=True, cwd=ROOT)
            running.append((build, board, p))
        time.sleep(2)
        for item in list(running):
            build, board, p = item
            if p.poll() is None:
                continue
            running.remove(item)
            got = [tuple(json.loads(ln)) for ln in p.stdout.read().splitlines() if ln.startswith("[")]
            if not got:
                got = [("box memory: soak on %s, %s: the job failed (exit %d)" % (board, LABEL[build], p.returncode),
                        None, "", EMU)]
            rows += got
    return rows


def bench_pico_heap_per_game():
    """make bench-pico's heap rows (issue 26, item 5): the peak live heap
    of each game and the free heap after boot, both builds, pico_matrix on
    the emulated RP2040: one box per build playing the three games once
    (the soak jobs of make bench, 3 games: some 5 minutes of wall time,
    the two builds side by side), on each display board (BOARDS): with
    each box's power-on to first frame and its names after the three."""
    return emulator_rows(BOARDS, 3)


def bench_box_memory_where_it_runs():
    rows = unix_rows()
    if not os.environ.get("BENCH_QUICK"):
        rows += emulator_rows()
    return rows


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--job":
        sys.exit(0 if job(sys.argv[2], sys.argv[3], int(sys.argv[4])) else 1)
    for row in bench_box_memory_where_it_runs():
        print(row)
