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
  host_voice_pico.*   the voice's CPU per second and the pad latency while
      it talks;
  host_pico_power.bench_pico_playing_cpu   the CPU's busy share in a
      Bata-waf game (hardware/hours.py's figure, issue 27);
  host_uf2.bench_pico_heap_per_game   the peak live heap of each game and
      the free heap after boot, the frozen UF2 and the .mpy build
      (pico_matrix: a box per build, the three games once each).
About 10 minutes here with the flashed image cached (the first `make flash`
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
    ("host_voice_pico", "bench_voice_on_the_emulated_pico"),
    ("host_voice_pico", "bench_voice_pad_latency_on_the_emulated_pico"),
    ("host_pico_power", "bench_pico_playing_cpu"),
    ("host_uf2", "bench_pico_heap_per_game"),
)


def main():
    only = [x for x in os.environ.get("BENCH_PICO_ONLY", "").split(",") if x]
    rows = []
    failed = []
    t00 = time.monotonic()
    for mod, fn in BENCHES:
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
        v = r["value"]
        v = "n/a" if v is None else (("%.2f" % v) if isinstance(v, float) else str(v))
        print("%-*s  %14s  %s" % (w, r["figure"], v, r["unit"]))
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    out = os.path.join(ROOT, "build", "bench_pico.json")
    with open(out, "w") as f:
        json.dump(rows, f, indent=1)
    print("wrote %s (%.0f s)" % (os.path.relpath(out, ROOT), time.monotonic() - t00))
    for f in failed:
        print("bench-pico: FAILED %s" % f)
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
