"""How fast the emulated RP2040 runs (tools/pico, docs/pico.md): emulated
microseconds per wall microsecond, and per microsecond of the emulator
process's CPU (steadier on a shared machine: another session's load slows
the wall figure, not this one), in two stretches of the real firmware
flashed by `make flash` on pico_matrix:

- idle menu: the home menu, nobody pressing, 5 s emulated after its first
  frame (the box's loop ticks every 4 ms; its CPU mostly waits);
- busy game: Tape-treize with 4 players (tools/pico/scenarios.py "tape",
  its menus and joins pressed), 10 s emulated of its deal and play, a card
  laid every second and no one slapping.

Each twice: with the emulator's own fast step (tools/pico/lib/fastcore.mjs,
what every run uses) and with rp2040js's step (config fastCore false, the
emulator before it): the rows "(rp2040js step)" are the before of the same
run, on the same machine.

Interpreter `rp2040-emulated`.  Without the emulator's inputs the rows say
n/a (the reason on stderr).
"""
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

INTERP = "rp2040-emulated"
BOARD = "pico_matrix"
UNIT = "emulated us per us"
IDLE_US = 5000000
BUSY_US = 10000000


def cpu_s(pid):
    """User + system CPU seconds of a process so far (Linux /proc), or None."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def stretch(p, us):
    """Run `us` emulated: (emulated per wall us, emulated per CPU us or None)."""
    pid = p._proc.pid
    c0, w0, e0 = cpu_s(pid), time.monotonic(), p.now_us
    p.run_for(us)
    c1, w1 = cpu_s(pid), time.monotonic()
    emu = p.now_us - e0
    per_cpu = emu / ((c1 - c0) * 1e6) if c0 is not None and c1 is not None and c1 > c0 else None
    return emu / ((w1 - w0) * 1e6), per_cpu


def measure(config=None):
    """{'idle': (wall, cpu), 'busy': (wall, cpu)}; config: Pico's (fastCore)."""
    from tools.pico import images
    from tools.pico import play as PL
    from tools.pico import scenarios as S
    from tools.pico.pico import Pico
    tmp = tempfile.mkdtemp(prefix="bench_pico_speed_")
    try:
        flash = os.path.join(tmp, "flash.bin")
        images.copy_of(BOARD, flash)
        scn = S.SCENARIOS["tape"]
        with Pico(flash=flash, board=BOARD, config=config) as p:
            p.start()
            first = PL.first_frame(p)
            out = {"idle": stretch(p, IDLE_US)}
            t0 = (int(p.now_us) // 1000) * 1000 + PL.SETTLE_US
            pre = scn.prefix()
            PL.press_all(p, scn.pins(), t0, pre)
            p.run_until(t0 + pre[-1][0] + 3000000)
            if S.seed_of_console(p.serial_text(), scn.game) is None:
                raise RuntimeError("the board never dealt Tape-treize (first frame at %.0f us)" % first)
            out["busy"] = stretch(p, BUSY_US)
            return out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def bench_pico_speed():
    from tools.pico import pico as P
    why = P.not_ready()
    rows = [("pico emulator idle menu: speed (wall)", "idle", 0), ("pico emulator idle menu: speed (its CPU)", "idle", 1),
            ("pico emulator busy game: speed (wall)", "busy", 0), ("pico emulator busy game: speed (its CPU)", "busy", 1)]
    ref = [(name.replace(": speed", " (rp2040js step): speed"), k, i) for name, k, i in rows]
    if why:
        sys.stderr.write("bench: no emulated RP2040: %s\n" % why)
        return [(name, None, UNIT, INTERP) for name, _, _ in rows + ref]
    m = measure()
    r = measure({"fastCore": False})
    return ([(name, m[k][i], UNIT, INTERP) for name, k, i in rows]
            + [(name, r[k][i], UNIT, INTERP) for name, k, i in ref])


if __name__ == "__main__":
    for row in bench_pico_speed():
        print("%-45s %s %s" % (row[0], "n/a" if row[1] is None else "%.3f" % row[1], row[2]))
