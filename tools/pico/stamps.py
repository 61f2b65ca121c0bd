"""The pad stamps of both timing paths on the emulated RP2040 (issue 26,
item 2), for host_tests/pico/test_pico_pads_pio.py and `make bench-pico`
(bench/host_pico_bench.py): the same scenario for both.

    p = Pico(board="pico_matrix", flash=copy)   # flashed by `make flash`
    p.start(); play.first_frame(p)
    runs = measure(p)       # [{timing, mode, presses: [(pad, edge_us)],
                            #   stamps: [(pad, ticks)], errors: [us]}]

Each run makes a fresh `Rp2Pads(PINS, timing=...)` on the board (the box's
own pads released first), waits for its start time T and, 2 ms into a 5 ms
window, pad 2 (GP3) is pressed and pad 1 (GP2) 2 us after it.  During the
window the CPU is idle (`sleep_ms`), busy (a Python loop, interrupts on) or
holds interrupts off (`machine.disable_irq()` and a busy loop: a critical
section, as a flash write makes).  The stamps are read from the capture's
ring afterwards.  The board's ticks_us is the emulated time (it was never
reset), so each stamp's error is stamp - edge in emulated microseconds.
"""
from tools.pico import faults
from tools.pico.pico import PicoError

PINS = (2, 3, 4, 5)          # boards/pico_matrix.json, pads 1..4
FIRST, SECOND = 3, 2         # GP3 (pad 2) first, GP2 (pad 1) 2 us later
APART_US = 2
INTO_US = 2000               # the presses, this far into the window
WINDOW_US = 5000
HOLD_US = 50000
RUN_US = 400000              # one run's slot
LEAD_US = 4000000            # the first run starts this long after now
MODES = ("idle", "busy", "off")
RUNS = tuple((timing, mode) for mode in MODES for timing in ("pio", "irq"))

SCRIPT = """
import time, machine
from hal.rp2.pads import Rp2Pads
try:
    BOX.hal.pads.deinit()
except Exception as e:
    print('NODEINIT', repr(e))
print('START', time.ticks_us())
def window(T, mode):
    while time.ticks_diff(T, time.ticks_us()) > 3000:
        time.sleep_ms(1)
    while time.ticks_diff(T, time.ticks_us()) > 0:
        pass
    end = time.ticks_add(T, %(window)d)
    if mode == 'off':
        s = machine.disable_irq()
        while time.ticks_diff(end, time.ticks_us()) > 0:
            pass
        machine.enable_irq(s)
    elif mode == 'busy':
        n = 0
        while time.ticks_diff(end, time.ticks_us()) > 0:
            n += 1
    else:
        time.sleep_us(%(window)d)
for i, (timing, mode) in enumerate(%(runs)r):
    T = time.ticks_add(%(t0)d, i * %(run)d)
    if time.ticks_diff(T, time.ticks_us()) < 100000:
        print('LATE', timing, mode, time.ticks_us(), T)
    pads = Rp2Pads(%(pins)r, timing=timing)
    cap = pads.capture
    window(T, mode)
    time.sleep_ms(20)
    ev = []
    k = cap.next_event()
    while k >= 0:
        ev.append((k, cap.ev_t))
        k = cap.next_event()
    print('EV', pads.timing, mode, ev)
    pads.deinit()
    time.sleep_ms(%(hold)d + 60)
"""


def measure(p, runs=RUNS, phases_us=(0,)):
    """Every run of `runs` on the paused board `p`: [dict] (module doc).
    Run i's first press is phases_us[i % len] (a fraction of a us) later:
    edges at every phase of the microsecond and of the PIO's sample."""
    if p.state()["resets"]:
        raise PicoError("the board was reset: its ticks no longer read the emulated time")
    t0 = int(p.now_us) + LEAD_US
    presses = []
    for i in range(len(runs)):
        t = t0 + i * RUN_US + INTO_US + phases_us[i % len(phases_us)]
        p.press(FIRST, t, HOLD_US)
        p.press(SECOND, t + APART_US, HOLD_US)
        presses.append([(PINS.index(FIRST), t), (PINS.index(SECOND), t + APART_US)])
    code = SCRIPT % {"window": WINDOW_US, "runs": tuple(runs), "t0": t0 & (2 ** 30 - 1),
                     "run": RUN_US, "pins": list(PINS), "hold": HOLD_US // 1000}
    text = faults.look(p, code)
    if "LATE" in text or "EV" not in text:
        raise PicoError("the stamp runs did not go as planned: %r" % text[-800:])
    lines = [ln for ln in text.splitlines() if ln.startswith("EV ")]
    if len(lines) != len(runs):
        raise PicoError("%d runs, %d results: %r" % (len(runs), len(lines), text[-800:]))
    out = []
    for (timing, mode), line, pr in zip(runs, lines, presses):
        _, got_timing, got_mode, rest = line.split(" ", 3)
        stamps = [tuple(int(v) for v in x.strip(" ()").split(",")) for x in rest.strip("[] ").split("), (")
                  if x.strip()]
        edge = dict(pr)
        errors = [t - (edge[k] - (int(edge[k]) >> 30 << 30)) for k, t in stamps if k in edge]
        out.append({"timing": got_timing, "mode": got_mode, "asked": timing, "presses": pr,
                    "stamps": stamps, "errors": errors})
    return out


def ordered_right(run):
    """True when the first pad pressed has the strictly earlier stamp."""
    st = dict(run["stamps"])
    a, b = run["presses"][0][0], run["presses"][1][0]
    return a in st and b in st and st[a] < st[b]
