# The box's loop and screens: cost of one app.tick() while a game runs, heap
# allocated by a tick with nothing to do, and the time to draw a game screen
# on each display (the board's framebuf is C; the host's is pure Python).
from benchlib import per_call_us, alloc_bytes, MICROPYTHON
from gfx import fb, render
from app import view, strings
from host import headless
import hal as _hal

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
BOARD = HERE + "/../boards/pico_matrix.json"


def _playing():
    h = _hal.open_host(BOARD)
    r = headless.Runner(h, "bataille", 2, seed=5, options={"length": 200})
    r.run(60, until="play")
    app = r.app
    # on to a moment where the box waits for both pads (between duels)
    for _ in range(2000):
        h.pads.advance(5000)
        app.tick()
        if app.play.next_step is None and app.play.waiting:
            break
    return h, app


def bench_app_tick():
    h, app = _playing()
    us = per_call_us(app.tick, 2000)
    out = [("app tick while waiting for flips", us, "us")]
    if MICROPYTHON:
        app.tick()
        out.append(("app tick alloc (idle pass)", alloc_bytes(app.tick), "bytes"))
    return out


def _screen(w, h, colour):
    buf, f = fb.new(w, h, fb.RGB565 if colour else fb.MONO_VLSB)
    cv = render.Canvas(f, w, h, colour)
    r = render.Renderer(cv, strings.table("fr"))
    v = view.View("bataille", 4)
    v.event(0, "deal", (3, [["KS", "2C"], ["QH", "3C"], ["10D", "4C"], ["AC", "5C"]]))
    for p, c in ((0, "KS"), (1, "QH"), (2, "10D"), (3, "AC")):
        v.event(1, "flip", (p, c, True))
    return r, v


def bench_render():
    out = []
    for w, h, colour, name in ((16, 16, True, "matrix 16x16"), (128, 64, False, "oled 128x64"),
                               (296, 128, False, "e-ink 296x128")):
        r, v = _screen(w, h, colour)
        out.append(("render 4-player Bataille screen, " + name, per_call_us(r.game, 20, v) / 1000.0, "ms"))
    return out
