"""The box's feedback and boot with the frozen UF2 (`make uf2`, what a
parent drags onto the Pico), on the emulated RP2040 (issue 26, items 1 and
3).  Shared by make bench-pico's rows and the tests that hold the figures
(host_tests/pico/test_pico_feedback.py, test_pico_boot.py).

  uf2(board, dest)                   the board's one-file firmware (tools/uf2.py, cached)
  booted(uf2_path, flash, board)     a fresh emulated Pico run to its first frame: (pico, its time)
  presses(p, board, t0, rounds=5)    home menu: next and choose at phases spread over the
                                     menu's redraws; {"frame": [us], "led": [us]} from each
                                     edge to the next display frame start / the chosen pad's LED

"Next display frame start", by display: the WS2812 pin's first frame after
the edge (its data on the wire); the OLED's first I2C write to the display
after the edge; the e-ink's first refresh started after the edge (the
SSD1680's master activation, 20h with D/C low: the panel's 0.3-0.4 s are
the panel's).

Today (issue 26, the box of 1 December 2026, evening): matrix 6.6-7.8 ms;
OLED 8.3-12.1 ms for pad 1 (next), 7.3-11.2 ms for the join screen; e-ink
10.5-11.9 ms for pad 1, 13.6-19.6 ms for the join screen, its first pass
the slowest (goal 20 ms; held by test_pico_feedback at 20 / 20 / 24 ms).
A WS2812 frame's CPU (render + show, the options menu): 5.0 ms median,
5.5 ms at most over 24 frames (9.3 ms at most before the menus' frames
stopped allocating and their collection went after every 4th frame).
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def board_json(board):
    with open(os.path.join(ROOT, "boards", board + ".json")) as f:
        return json.load(f)


def uf2(board, dest):
    """Build (or copy from tools/uf2.py's cache) the board's UF2 at dest;
    RuntimeError with the reason if it cannot."""
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "uf2.py"), "firmware", "--board", board,
                        "--out", dest], capture_output=True, text=True, cwd=ROOT)
    if r.returncode:
        raise RuntimeError("no UF2 for %s (exit %d): %s" % (board, r.returncode, (r.stderr or r.stdout)[-800:]))
    return dest


def booted(uf2_path, flash, board):
    from tools.pico import play as PL
    from tools.pico.pico import Pico
    p = Pico(uf2=uf2_path, flash=flash, fresh=True, board=board)
    p.start()
    return p, first_start(p, board, 0, PL.BOOT_LIMIT_US)


def starts(p, board):
    """Times (emulated us) at which the display started a frame."""
    kind = board_json(board)["display"]["kind"]
    if kind == "ws2812":
        return [e["t"] for e in p.events("ws2812")]
    if kind == "ssd1680":
        return [e["t"] for e in p.events("spi") if e["dc"] == 0 and e["data"][:2].lower() == "20"]
    addr = board_json(board)["display"].get("addr", 60)
    return [e["t"] for e in p.events("i2c") if e.get("addr") == addr and not e.get("read")]


def first_start(p, board, after_us, limit_us, step_us=20000):
    while p.now_us < limit_us:
        p.run_for(step_us)
        got = [t for t in starts(p, board) if t >= after_us]
        if got:
            return got[0]
    raise RuntimeError("no frame on %s's display within %.1f s; console:\n%s"
                       % (board, limit_us / 1e6, p.serial_text()[-1500:]))


def presses(p, board, t0, rounds=5):
    b = board_json(board)
    pins = [pd["pin"] for pd in b["pads"]]
    led4 = b["pads"][3]["led"]
    menu = b["menu_button"]["pin"]
    # an e-ink full refresh (home, join: a new kind of screen) takes its
    # seconds: the presses come after it, not into the panel's own time
    gap = 3000000 if b["display"]["kind"] == "ssd1680" else 1000000
    nexts, chooses = [], []
    t = t0
    for k in range(rounds):
        # home: the label holds still 900 ms, then moves a pixel every
        # 110 ms (a redraw each, on the matrix): pad 1 (next) and pad 4
        # (choose: the join screen, pad 4 dark until then) at phases among
        # them; the menu button goes back home
        p.press(menu, t, 100000)
        t += gap + 37000 * k + 1300 * k
        p.press(pins[0], t, 60000)
        nexts.append(t)
        t += gap + 41000 * k + 700 * k
        p.press(pins[3], t, 60000)
        chooses.append(t)
        t += 400000
    p.run_until(t + 600000)
    fr = starts(p, board)
    lit = [e["t"] for e in p.events("gpio") if e["gpio"] == led4 and e["level"] == 1]
    if p.state()["resets"]:
        raise RuntimeError("the box reset itself: %s" % p.events("reset"))

    def after(times, e):
        return min([x for x in times if x >= e] or [10 ** 12]) - e
    return {"frame": [after(fr, e) for e in nexts + chooses], "led": [after(lit, e) for e in chooses]}


INTERP = "rp2040-emulated"

# render + show of the screen shown (the options menu the presses left
# open), the previous frame's transfer over first (the wait for it is
# the wire's 7.7 ms, not this frame's CPU), and between frames what the box
# does once one is sent (app.screens.after_frame: the menus' collection),
# 24 frames: the collector's turn comes every few
_FRAME_CPU = ("import time\n"
              "from app import screens\n"
              "d = BOX.disp.d\n"
              "r = []\n"
              "for i in range(24):\n"
              "    while d.out.busy():\n"
              "        pass\n"
              "    t = time.ticks_us()\n"
              "    BOX.dirty = True\n"
              "    BOX.draw()\n"
              "    r.append(time.ticks_diff(time.ticks_us(), t))\n"
              "    screens.after_frame(BOX)\n"
              "r.sort()\n"
              "print('CPU', r[len(r) // 2], r[-1])\n")


def bench_pico_frozen_feedback():
    """Frozen UF2 rows: boot (pico_matrix), WS2812 frame CPU, and edge to
    the next display frame start on the three display boards."""
    import shutil
    import tempfile
    from tools.pico import faults
    rows = []
    tmp = tempfile.mkdtemp(prefix="bench_pico_fb_")
    try:
        for board in ("pico_matrix", "pico_oled", "pico_eink"):
            u = uf2(board, os.path.join(tmp, board + ".uf2"))
            p, first = booted(u, os.path.join(tmp, board + ".bin"), board)
            try:
                if board == "pico_matrix":
                    rows.append(("pico frozen UF2 boot: power-on to first frame", first / 1000.0,
                                 "ms emulated", INTERP))
                got = presses(p, board, first + 3000000)
                rows.append(("pico frozen UF2 %s: edge to next display frame start (max)" % board,
                             max(got["frame"]) / 1000.0, "ms emulated", INTERP))
                rows.append(("pico frozen UF2 %s: edge to its LED lit (max)" % board,
                             max(got["led"]) / 1000.0, "ms emulated", INTERP))
                if board == "pico_matrix":
                    for line in faults.look(p, _FRAME_CPU).splitlines():
                        if line.startswith("CPU "):
                            med, top = line.split()[1:3]
                            rows.append(("pico frozen UF2 ws2812 frame: CPU render + show (median)", int(med),
                                         "us emulated", INTERP))
                            rows.append(("pico frozen UF2 ws2812 frame: CPU render + show (max)", int(top),
                                         "us emulated", INTERP))
            finally:
                p.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return rows
