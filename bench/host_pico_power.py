"""The CPU's busy share while playing, on the emulated RP2040 (issue 27):
the figure hardware/hours.py turns into hours of play (its measure_pico(),
also `python hardware/hours.py --pico`, which writes it to
hardware/power_figures.json).  A Bata-waf game through the pins of
pico_matrix (tools/pico/play.py), from the deal to its end: the share of
emulated time the core was not idle (the emulator's idle time: WFE/WFI, the
box's time.sleep_ms), and the instructions it ran a second.

Some minutes of emulation: BENCH_QUICK skips it, and nothing runs without
the emulator's inputs (../shared/pico) and node: the rows then say n/a.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for _p in (ROOT, os.path.join(ROOT, "hardware")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

INTERP = "rp2040-emulated"
NAMES = ("pico playing CPU busy (batawaf, pico_matrix)", "pico playing instructions a second (batawaf)")


def bench_pico_playing_cpu():
    from tools.pico import pico as P
    why = "BENCH_QUICK" if os.environ.get("BENCH_QUICK") else P.not_ready()
    if why:
        sys.stderr.write("bench: no emulated RP2040: %s\n" % why)
        return [(NAMES[0], None, "%", INTERP), (NAMES[1], None, "M/s", INTERP)]
    import hours
    m = hours.measure_pico()
    return [(NAMES[0], round(100 * m["busy"], 1), "%", INTERP),
            (NAMES[1], round(m["instructions_per_s"] / 1e6, 2), "M/s", INTERP)]


if __name__ == "__main__":
    for row in bench_pico_playing_cpu():
        print("%-50s %10s %s" % row[:3])
