# CPython-only Tape-treize figures: whole headless matches played by bots
# through the fake pads and the real capture path (host.bots).
import time
from host.bots import TapeMatch


def bench_bot_matches():
    t0 = time.perf_counter()
    virt = 0
    lines = 0
    presses = 0
    for seed in (3, 12, 23):
        m = TapeMatch({"players": 4, "rounds": 1}, seed)
        g = m.run()
        virt += m.clock.now - m.start_us
        lines += len(m.lines())
        presses += m.presses_fed
    dt = time.perf_counter() - t0
    return [("tape bot match speed (the box, capture path)", virt / 1e6 / dt, "virtual s/s"),
            ("tape bot match log lines", lines / dt, "lines/s"),
            ("tape bot match pad presses", presses / dt, "presses/s")]
