"""The pad stamps of both timing paths on the emulated RP2040 (issue 26):
interpreter `rp2040-emulated`, the box flashed by `make flash` (pico_matrix),
the scenario of tools/pico/stamps.py (pad 2 then pad 1 2 us later, 2 ms
into a 5 ms window where the CPU is idle, busy with interrupts on, or holds
interrupts off), at three phases of the microsecond.  Rows: the largest
|stamp - edge| of each path and load, and whether the two pads came out in
the order they were pressed (1) or not (0: a tie or reversed).
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

INTERP = "rp2040-emulated"
BOARD = "pico_matrix"
PHASES = (0.0, 0.25, 0.5, 0.75)
LOADS = {"idle": "CPU idle", "busy": "CPU busy, interrupts on", "off": "interrupts off 5 ms"}
PATHS = {"pio": "PIO", "irq": "interrupt"}


def rows_of(runs):
    """make bench rows from stamps.measure() results (all phases merged)."""
    from tools.pico import stamps
    rows = []
    for timing in ("pio", "irq"):
        for mode in stamps.MODES:
            rs = [r for r in runs if r["asked"] == timing and r["mode"] == mode]
            err = max(abs(e) for r in rs for e in r["errors"]) if rs else None
            rows.append(("pico pad stamp: %s path, %s (max |stamp - edge|)" % (PATHS[timing], LOADS[mode]),
                         err, "us emulated", INTERP))
        rs = [r for r in runs if r["asked"] == timing and r["mode"] == "off"]
        rows.append(("pico pads 2 us apart, interrupts off 5 ms: %s path orders them right" % PATHS[timing],
                     int(bool(rs) and all(stamps.ordered_right(r) for r in rs)), "1 = yes", INTERP))
    return rows


def bench_pico_pad_stamps():
    from tools.pico import pico as P
    why = P.not_ready()
    if why:
        sys.stderr.write("bench: no emulated RP2040: %s\n" % why)
        return rows_of([])
    from tools.pico import images, stamps
    from tools.pico import play as PL
    tmp = tempfile.mkdtemp(prefix="bench_stamps_")
    try:
        flash = os.path.join(tmp, "flash.bin")
        images.copy_of(BOARD, flash)
        p = P.Pico(flash=flash, board=BOARD)
        p.start()
        try:
            PL.first_frame(p)
            runs = stamps.measure(p, runs=stamps.RUNS * len(PHASES),
                                  phases_us=tuple(ph for ph in PHASES for _ in stamps.RUNS))
        finally:
            p.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return rows_of(runs)


if __name__ == "__main__":
    for r in bench_pico_pad_stamps():
        print(r)
