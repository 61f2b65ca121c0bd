"""Simulator figures (CPython only): how much faster than real time a
headless game runs through the whole firmware app, and what one window frame
costs to draw for each display look (the window must keep 60 frames/s)."""
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (ROOT, os.path.join(ROOT, "firmware")):
    if _p not in sys.path:
        sys.path.insert(0, _p)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _headless(board, game, extra):
    from sim import box, cli
    cfg = cli.parse(["--board", board, "--game", game, "--headless", "--seed", "2"] + extra)
    b = box.Box(box.load_board(board), cfg)
    b.add_bots(cfg.bots, cfg.seed)
    t0 = time.perf_counter()
    while not b.finished and not b.failed and b.clock.now < 3600 * 1000000:
        b.step_until(b.clock.now + 1000000)
    real = time.perf_counter() - t0
    virt = b.clock.now / 1e6
    b.close()
    return virt, real


def bench_headless_speed():
    rows = []
    for board, game, extra in (("pico_matrix", "bataille", ["--length", "court"]),
                               ("pico_matrix", "tape", ["--rounds", "1", "--players", "4"]),
                               ("pico_eink", "tape", ["--rounds", "1", "--players", "4"])):
        virt, real = _headless(board, game, extra)
        rows.append(("sim headless %s on %s: virtual s per real s" % (game, board), round(virt / real, 1), "x"))
        rows.append(("sim headless %s on %s: real time" % (game, board), round(real, 2), "s"))
    return rows


def bench_window_frame():
    import pygame
    from sim import view
    from gfx import fb
    pygame.font.init()
    rows = []
    for kind, w, h, fmt in (("ws2812", 16, 16, fb.RGB565), ("ssd1680", 296, 128, fb.MONO_VLSB),
                            ("ssd1306", 128, 64, fb.MONO_VLSB)):
        buf = bytes(fb.size(w, h, fmt))
        lay = view.Layout(kind, w, h, 4)
        surf = pygame.Surface((lay.w, lay.h))
        v = view.View(surf, lay, kind)
        n = 60
        t0 = time.perf_counter()
        for _ in range(n):
            rgb = view.frame_rgb(kind, buf, w, h, fmt)
            v.draw(rgb, [(255, 0, 0), None, None, None], [True, False, False, False], "bench")
        rows.append(("sim window frame, %s look" % kind, round((time.perf_counter() - t0) / n * 1000, 2), "ms"))
    return rows


if __name__ == "__main__":
    for r in bench_window_frame() + bench_headless_speed():
        print(r)
