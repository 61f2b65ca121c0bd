"""The developers' route with the code in flash (issue 25): `make uf2 ROMFS=1`
(MicroPython with a ROMFS partition, no box frozen in) on an emulated Pico,
then `make flash` onto it (tools/romfs.py: the .mpy tree deployed into the
partition, its bytecode run in place), beside the stock route (`make flash`
onto micropython.org's UF2: the .mpy files on the file system, loaded into
RAM).  Figures: the wall time of `make flash` onto a fresh box and again
onto the running box (the developer's loop), the free heap after boot, the
peak live heap of each game (the box's own `heap peak` line, pico_matrix,
the games of bench/host_uf2.py).  Slow: minutes of emulation a game.

    python bench/host_romfs.py            # both routes, rows to stdout and build/bench_romfs.jsonl
    python bench/host_romfs.py romfs      # one route
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
import host_uf2  # noqa: E402

BOARD = "pico_matrix"
JSONL = os.path.join(ROOT, "build", "bench_romfs.jsonl")
EMU = "rp2040-emulated"
LABEL = {"romfs": ".mpy in ROMFS", "mpy": ".mpy on flash"}


def emit(row):
    print(json.dumps(list(row)), flush=True)
    os.makedirs(os.path.dirname(JSONL), exist_ok=True)
    with open(JSONL, "a") as f:
        f.write(json.dumps({"t": time.strftime("%Y-%m-%d %H:%M:%S"), "row": list(row)}) + "\n")


def make_flash(p):
    from tools.pico import images
    with images.make_flash_lock():      # (build/mpy is rebuilt: not while a soak job's image is made)
        t0 = time.monotonic()
        r = subprocess.run(["make", "--no-print-directory", "flash", "BOARD=" + BOARD,
                            "PORT=socket://127.0.0.1:%d" % p.port], cwd=ROOT, capture_output=True, text=True,
                           timeout=900)
    if r.returncode:
        raise RuntimeError("make flash failed:\n" + (r.stdout + r.stderr)[-3000:])
    return time.monotonic() - t0, r.stdout


def route(kind, d):
    import pico_box
    from tools.pico.pico import Pico
    uf2 = None
    if kind == "romfs":
        uf2 = os.path.join(d, "romfs.uf2")
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "uf2.py"), "firmware", "--romfs",
                        "--board", BOARD, "--out", uf2], check=True, cwd=ROOT, capture_output=True)
    flash = os.path.join(d, "flash-%s.bin" % kind)
    label = LABEL[kind]
    with Pico(uf2=uf2, flash=flash, fresh=True, board=BOARD) as p:
        p.start()
        p.run_free()
        secs, out = make_flash(p)
        assert ("ROMFS" in out) == (kind == "romfs"), out[-2000:]
        emit(("make flash onto a fresh box, %s" % label, round(secs, 1), "s wall", EMU))
        time.sleep(15)       # the box boots and runs its menu
        secs, out = make_flash(p)
        emit(("make flash onto the running box, %s" % label, round(secs, 1), "s wall", EMU))
        p.pause()
    b = pico_box.Box(uf2=uf2, flash=flash, board=BOARD, fresh=False)
    try:
        b.start()
        boot = [f for t, a, f in b.lines() if t == "boot"]
        emit(("box memory: free heap after boot, %s" % label, boot[0] if boot else None, "bytes", EMU))
        for game, players, opts in host_uf2.soak_games(3, emulated=True):
            t0 = time.time()
            lines = b.play(game, players, opts)
            peak = [a for t, a, f in lines if t == "peak"]
            emit(("box memory: %s peak live heap, %s" % (host_uf2.EMU_NAMES[game], label),
                  peak[0] if peak else None, "bytes", EMU))
            print("  [%s %s: %.0f s wall]" % (label, game, time.time() - t0), file=sys.stderr, flush=True)
    finally:
        b.close()


def main(argv):
    from tools.pico.pico import not_ready
    why = not_ready()
    if why:
        print("host_romfs: " + why)
        return 0
    for kind in (argv or ["romfs", "mpy"]):
        with tempfile.TemporaryDirectory(prefix="box_romfs_") as d:
            route(kind, d)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
