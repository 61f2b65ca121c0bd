"""`make shots`: the gallery of every screen on every display.

Each screen of the box (menus, joining, each step of each game, pause,
error, end, self-test) is drawn by the firmware's own renderer
(gfx.render) from the firmware's own view (app.view, fed log events as a
game emits them) onto each display's resolution, for 2, 3 and 4 players,
and saved as a small PNG in docs/screens/; docs/screens.md shows them side
by side with what a child sees and does at each step.

    python -m sim.gallery [--out docs] [--lang fr|en]

Pictures are the display's pixels in its look (round LEDs on black, ink on
paper, blue on black glass), scaled modestly: the repository stays small.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "firmware"), ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from gfx import render, fb  # noqa: E402
from app import view as _view, strings as _strings  # noqa: E402
from core import cards as _cards  # noqa: E402

# (board file, display kind, width, height)
DISPLAYS = (("pico_matrix", "ws2812", 16, 16), ("pico_eink", "ssd1680", 296, 128),
            ("pico_oled", "ssd1306", 128, 64))
PAPER = (221, 219, 206)
INK = (34, 34, 44)
OLED_ON = (150, 220, 255)
OLED_OFF = (6, 8, 12)


def image(kind, w, h, colour, f):
    """A pygame Surface of the frame f in the display's look."""
    import pygame
    if kind == "ws2812":
        cell = 10
        surf = pygame.Surface((w * cell + 4, h * cell + 4))
        surf.fill((10, 10, 12))
        for y in range(h):
            for x in range(w):
                c = f.pixel(x, y)
                rgb = (((c >> 11) & 31) * 255 // 31, ((c >> 5) & 63) * 255 // 63, (c & 31) * 255 // 31)
                if rgb == (0, 0, 0):
                    rgb = (34, 34, 38)
                pygame.draw.circle(surf, rgb, (2 + x * cell + cell // 2, 2 + y * cell + cell // 2), cell // 2 - 1)
        return surf
    s = 2 if w <= 128 else 1
    on, off = (INK, PAPER) if kind == "ssd1680" else (OLED_ON, OLED_OFF)
    surf = pygame.Surface((w * s, h * s))
    surf.fill(off)
    for y in range(h):
        for x in range(w):
            if f.pixel(x, y):
                surf.fill(on, (x * s, y * s, s, s))
    return surf


def canvas(kind, w, h):
    colour = kind == "ws2812"
    buf, f = fb.new(w, h, fb.RGB565 if colour else fb.MONO_HLSB)
    return f, render.Canvas(f, w, h, colour)
