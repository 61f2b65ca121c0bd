# Tape-treize engine figures on both interpreters: turns per second of pure
# engine work (no log lines kept, presses scripted), and heap bytes
# allocated per turn (MicroPython), with and without the log lines.
from benchlib import now_us, elapsed_us, alloc_bytes
from core.log import Log
from games.tape import Tape, WINDOW

SLAP_US = (120000, 260000, 330000, 410000)


def _drive(g, turns):
    """Run g for `turns` more turns: poll each deadline; when a slap window
    opens, every player slaps at a fixed delay (the last one takes)."""
    goal = g.turn_no + turns
    while g.turn_no < goal and not g.done:
        due = g.next_deadline_us()
        g.advance_us(due)
        if g.phase == WINDOW:
            w = g.window_open_us
            for p in range(g.n):
                g.press_us(p, w + SLAP_US[p % 4] + p)


def _new(keep):
    g = Tape({"players": 4, "target": 99}, 7, Log(keep=keep))
    g.start(0)
    return g


def bench_tape_turns():
    g = _new(False)
    _drive(g, 50)
    n = 2000
    t0 = now_us()
    _drive(g, n)
    us = elapsed_us(t0)
    rows = [("tape turns/s (engine, no log lines)", n * 1000000 // max(us, 1), "turns/s")]
    g = _new(False)
    _drive(g, 50)
    b = alloc_bytes(_drive, g, 200)
    rows.append(("tape alloc per turn (no log lines)", None if b is None else b // 200, "bytes"))
    g = _new(True)
    _drive(g, 50)
    b = alloc_bytes(_drive, g, 200)
    rows.append(("tape alloc per turn (log lines kept)", None if b is None else b // 200, "bytes"))
    return rows
