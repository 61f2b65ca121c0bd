"""make bench-pico: the emulated-board figures alone (issue 26, item 5), in
one command, writing build/bench_pico.json with the rows of `make bench`
({figure, interpreter: "rp2040-emulated", value, unit}) and printing them.

The benches (each a bench/host_*.py function, as `make bench` runs them):
  host_pico.bench_pico_boot_and_pads   power-on to first frame, pad edge to
      its stamp / LED / next frame, CPU per WS2812 frame, interrupts masked
      during a frame, heap after boot (pico_matrix);
  host_pico_feedback.bench_pico_frozen_feedback   the frozen UF2 (make uf2):
      power-on to first frame, edge to the next display frame start on
      pico_matrix, pico_oled and pico_eink, CPU per WS2812 frame;
  host_pico_stamps.bench_pico_pad_stamps   the stamp error of the PIO and
      interrupt paths, idle / busy / interrupts off, and the 2 us ordering;
  host_uf2.bench_pico_heap_per_game   the peak live heap of each game and
      the free heap after boot, the frozen UF2 and the .mpy build
      (pico_matrix: a box per build, the three games once each).
Then each figure of issue 26's table beside its goal (GOALS): "ok" or
"OVER", and the exit status 1 when one is over (a row that could not be
measured says n/a and fails too).

Two more emulated benches are `make bench`'s and run here only when asked
(BENCH_PICO_ALL=1, or by name): host_voice_pico.* (the voice's CPU per
second, the pad latency while it talks) and
host_pico_power.bench_pico_playing_cpu (the CPU's busy share in a Bata-waf
game, hardware/hours.py's figure, issue 27): some 6 minutes together, which
had taken the whole over issue 26's 20 minutes.
About 15 minutes here with the flashed image cached (the first `make flash`
onto the emulator adds 2-4 minutes).  BENCH_PICO_ONLY=name,... runs some.
"""
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, ROOT)

BENCHES = (
    ("host_pico", "bench_pico_boot_and_pads"),
    ("host_pico_feedback", "bench_pico_frozen_feedback"),
    ("host_pico_stamps", "bench_pico_pad_stamps"),
    ("host_uf2", "bench_pico_heap_per_game"),
)
EXTRA = (
    ("host_voice_pico", "bench_voice_on_the_emulated_pico"),
    ("host_voice_pico", "bench_voice_pad_latency_on_the_emulated_pico"),
    ("host_pico_power", "bench_pico_playing_cpu"),
)
KB = 1024
# Issue 26's table: (figure, the most it may be, or the value it must have
# with exact=True).  The heap's: the frozen box's goal (40 KB a game), the
# .mpy build's must (128 KB, docs/app.md Memory).
GOALS = [("pico frozen UF2 boot: power-on to first frame", 500, False),
         ("pico frozen UF2 ws2812 frame: CPU render + show (max)", 8000, False),
         ("pico pad stamp: PIO path, CPU idle (max |stamp - edge|)", 1, False),
         ("pico pad stamp: PIO path, CPU busy, interrupts on (max |stamp - edge|)", 1, False),
         ("pico pad stamp: PIO path, interrupts off 5 ms (max |stamp - edge|)", 1, False),
         ("pico pads 2 us apart, interrupts off 5 ms: PIO path orders them right", 1, True)]
for b in ("pico_matrix", "pico_oled", "pico_eink"):
    GOALS += [("pico frozen UF2 %s: edge to next display frame start (max)" % b, 20, False),
              ("pico frozen UF2 %s: edge to its LED lit (max)" % b, 10, False)]
GOALS += [("box memory: %s peak live heap, %s" % (g, build), most, False)
          for g in ("Bata-waf court", "Bataille court", "Tape-treize 4 players")
          for build, most in (("frozen UF2", 40 * KB), (".mpy on flash", 128 * KB))]
# Issue 41's goals for the .mpy route (make flash onto the stock firmware),
# each display board: first frame 800 ms, each game 96 KB, 1,100 names
# (the frozen route's own figures no worse than its goals above)
for b in ("pico_matrix", "pico_oled", "pico_eink"):
    on = "" if b == "pico_matrix" else ", " + b
    GOALS += [("box boot: power-on to first frame, .mpy on flash, %s" % b, 800, False),
              ("box names: interned after 3 games in a row, .mpy on flash, %s" % b, 1100, False)]
    GOALS += [("box memory: %s peak live heap, .mpy on flash%s" % (g, on), 96 * KB, False)
              for g in ("Bata-waf court", "Bataille court", "Tape-treize 4 players")]


def shown(v):
    """A row's value as the table prints it."""
    return "n/a" if v is None else (("%.2f" % v) if isinstance(v, float) else str(v))


def verdicts(rows):
    """[(figure, value, goal text, ok)] for each figure of GOALS."""
    got = {r["figure"]: r["value"] for r in rows}
    out = []
    for figure, goal, exact in GOALS:
        v = got.get(figure)
        ok = v is not None and (v == goal if exact else v <= goal)
        out.append((figure, v, ("= %s" if exact else "<= %s") % goal, ok))
    return out


def main():
    only = [x for x in os.environ.get("BENCH_PICO_ONLY", "").split(",") if x]
    rows = []
    failed = []
    t00 = time.monotonic()
    every = BENCHES + EXTRA if os.environ.get("BENCH_PICO_ALL") or only else BENCHES
    for mod, fn in every:
        if only and fn not in only and mod not in only:
            continue
        t0 = time.monotonic()
        sys.stderr.write("bench-pico: %s.%s ...\n" % (mod, fn))
        try:
            got = getattr(__import__(mod), fn)()
        except Exception as e:      # the others' rows still count: say which failed
            failed.append("%s.%s: %s" % (mod, fn, e))
            got = []
        for row in got:
            figure, value, unit = row[:3]
            interp = row[3] if len(row) > 3 else "cpython"
            rows.append({"figure": figure, "interpreter": interp, "value": value, "unit": unit})
        sys.stderr.write("bench-pico: %s.%s took %.0f s\n" % (mod, fn, time.monotonic() - t0))
    rows.sort(key=lambda r: r["figure"])
    w = max([len(r["figure"]) for r in rows] + [6])
    print("%-*s  %14s  %s" % (w, "figure", "value", "unit"))
    for r in rows:
        print("%-*s  %14s  %s" % (w, r["figure"], shown(r["value"]), r["unit"]))
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    out = os.path.join(ROOT, "build", "bench_pico.json")
    with open(out, "w") as f:
        json.dump(rows, f, indent=1)
    print("wrote %s (%.0f s)" % (os.path.relpath(out, ROOT), time.monotonic() - t00))
    for f in failed:
        print("bench-pico: FAILED %s" % f)
    over = []
    if not only:
        print("\nissue 26's goals:")
        for figure, v, goal, ok in verdicts(rows):
            print("%-*s  %14s  %-10s %s" % (w, figure, shown(v), goal, "ok" if ok else "OVER"))
            if not ok:
                over.append(figure)
        print("%d of %d within their goal" % (len(GOALS) - len(over), len(GOALS)))
    if failed or over:
        sys.exit(1)


if __name__ == "__main__":
    main()
