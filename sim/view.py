"""Drawing the box seen from above: the display in the middle, the pads
around it with their LEDs, a status line.

The view only reads what reached the (host) hardware: the display's frame
buffer as the driver last sent it, each pad LED's colour, which pads are
down.  It knows nothing of the games.  The look of the display follows the
board file's display kind:

- ws2812: a matrix of round LEDs on black;
- ssd1680 (e-ink): ink on paper grey; a refresh takes its real time, a full
  refresh flashes black and white first (see EinkPanel);
- ssd1306 (OLED): light blue pixels on black glass.

Around a square display, player 1's pad is at the bottom and the others
follow clockwise as seen from above (bottom, left, top, right for four),
which is how the renderer puts each player's card in the quadrant facing
them.  In front of a wide display, the pads are in a row, player 1 on the
left, under the renderer's columns.
"""
import math

import numpy as np
import pygame

from sim import pixels
from drivers.ssd1680 import FULL_US as EINK_FULL_US, PARTIAL_US as EINK_PARTIAL_US

KEYS_DIGITS = "12345678"
KEYS_LETTERS = "QWERTYUI"

BG = (38, 44, 52)
BOX = (92, 64, 44)
BOX_EDGE = (60, 40, 28)
BEZEL = (20, 20, 22)
TEXT = (230, 230, 230)
DIM = (150, 150, 150)
PAPER = (221, 219, 206)
INK = (34, 34, 44)
OLED_ON = (150, 220, 255)
OLED_OFF = (6, 8, 12)
LED_OFF = (28, 28, 30)

# e-ink timings (DESIGN.md: about 1.6 s full, 0.3-0.5 s partial): the one
# set, beside the panel's driver (EINK_FULL_US, EINK_PARTIAL_US, imported above)


def pad_keys(k):
    """The two keyboard keys of pad k (0-based): its digit and its letter."""
    return KEYS_DIGITS[k], KEYS_LETTERS[k]


def key_to_pad(key_name, n_pads):
    """pygame key name -> pad index, or None."""
    if not key_name:
        return None
    c = key_name.upper()
    if c.startswith("[") and c.endswith("]"):   # keypad digits: "[1]"
        c = c[1:-1]
    for k in range(n_pads):
        if c in pad_keys(k):
            return k
    return None


class EinkPanel:
    """What an e-ink panel shows while the firmware refreshes it.

    A new frame appears only when its refresh has taken its time; a full
    refresh first flashes the panel black and white (as a real SSD1680 does
    to clear ghosting).  Times are virtual microseconds."""

    def __init__(self, full_every=5):
        self.full_every = max(1, full_every)
        self.shown = None        # rgb array on the panel now
        self.pending = None      # (rgb, start_us, end_us, full)
        self.partials = 0
        self.refreshes = 0

    def refresh(self, rgb, now_us, full=None):
        """The driver sent a frame and started a refresh at now_us.  `full`
        None means: decide as the driver does, a full one every full_every."""
        if full is None:
            full = self.refreshes == 0 or self.partials + 1 >= self.full_every
        if full:
            self.partials = 0
        else:
            self.partials += 1
        dur = EINK_FULL_US if full else EINK_PARTIAL_US
        if self.pending is not None:
            # the panel was still busy: the previous frame lands first
            self.shown = self.pending[0]
        self.pending = (rgb, now_us, now_us + dur, full)
        self.refreshes += 1

    def busy(self, now_us):
        return self.pending is not None and now_us < self.pending[2]

    def frame(self, now_us):
        """The rgb array to draw at now_us."""
        if self.pending is None:
            return self.shown
        rgb, t0, t1, full = self.pending
        if now_us >= t1:
            self.shown = rgb
            self.pending = None
            return rgb
        f = (now_us - t0) / float(t1 - t0)
        if full and f < 0.6:
            # black, white, black, white: the full-refresh flash
            phase = int(f / 0.15)
            col = INK if phase % 2 == 0 else PAPER
            out = np.empty_like(rgb)
            out[:, :] = col
            return out
        if self.shown is None:
            return rgb
        # a partial refresh: the new image darkens in over the old one
        g = (f - 0.6) / 0.4 if full else f
        return (self.shown * (1 - g) + rgb * g).astype(np.uint8)


class Layout:
    """Where everything goes in the window."""

    def __init__(self, kind, dw, dh, n_pads, scale=1.0, menu=False):
        self.kind = kind
        self.dw, self.dh = dw, dh
        self.n_pads = n_pads
        # the display's pixels, scaled to a comfortable size on a PC screen
        target = 440.0 if kind == "ws2812" else 600.0
        self.cell = max(1, int(min(target / dw, (target * 0.75) / dh) * scale))
        if kind != "ws2812":
            self.cell = max(1, int(min(target / dw, 300.0 / dh) * scale))
        self.disp_w = dw * self.cell
        self.disp_h = dh * self.cell
        self.pad_r = int(58 * scale)
        margin = int(40 * scale)
        status_h = int(34 * scale)
        # a square display puts each player's card in the quadrant facing
        # them: pads around it; a wide one has a column per player, left to
        # right: pads in a row in front of it, under their columns
        self.around = dw == dh
        if self.around:
            self.rx = self.disp_w // 2 + self.pad_r + margin
            self.ry = self.disp_h // 2 + self.pad_r + margin
            self.w = 2 * (self.rx + self.pad_r) + 2 * margin
            self.h = 2 * (self.ry + self.pad_r) + 2 * margin + status_h
            self.cx = self.w // 2
            self.cy = (self.h - status_h) // 2
        else:
            gap = 2 * self.pad_r + int(24 * scale)
            row_w = gap * n_pads
            self.w = max(self.disp_w, row_w) + 4 * margin
            self.h = self.disp_h + 2 * self.pad_r + 5 * margin + status_h
            self.cx = self.w // 2
            self.cy = 2 * margin + self.disp_h // 2
            self.rx = max(self.disp_w, row_w) // 2 + margin
            self.ry = self.disp_h // 2 + 2 * margin + self.pad_r
        self.disp_rect = pygame.Rect(self.cx - self.disp_w // 2, self.cy - self.disp_h // 2,
                                     self.disp_w, self.disp_h)
        self.pads = []
        for k in range(n_pads):
            if self.around:
                # clockwise from the bottom, on the rectangle rx, ry around the
                # display (not an ellipse: a pad between two sides, such as
                # pads 2, 4, 6 and 8 of an 8-pad box, would cover its corner)
                a = math.pi / 2 + 2 * math.pi * k / n_pads
                c, s = math.cos(a), math.sin(a)
                t = min(self.rx / abs(c) if abs(c) > 1e-9 else 1e9, self.ry / abs(s) if abs(s) > 1e-9 else 1e9)
                self.pads.append((int(round(self.cx + t * c)), int(round(self.cy + t * s))))
            else:
                col_w = max(self.disp_w // n_pads, gap)
                x0 = self.cx - col_w * n_pads // 2
                self.pads.append((x0 + col_w * k + col_w // 2,
                                  self.disp_rect.bottom + 2 * margin + self.pad_r))
        self.status_y = self.h - int(28 * scale)
        self.scale = scale
        self.menu_rect = None
        if menu:
            # the menu button: a small square in the box's bottom right corner
            m = int(44 * scale)
            self.menu_rect = pygame.Rect(self.w - m - int(40 * scale), self.status_y - m - int(34 * scale), m, m)
            # slid left along the bottom edge until clear of every pad and
            # its name (a pad in the corner: the 8-pad box)
            clear = self.pad_r + int(24 * scale)
            while self.around and self.menu_rect.x > self.cx and any(
                    (px - min(max(px, self.menu_rect.left), self.menu_rect.right)) ** 2
                    + (py - min(max(py, self.menu_rect.top), self.menu_rect.bottom)) ** 2 <= clear ** 2
                    for px, py in self.pads):
                self.menu_rect.x -= 4

    def pad_at(self, x, y):
        """The pad under window point (x, y), or None."""
        for k, (px, py) in enumerate(self.pads):
            if (x - px) ** 2 + (y - py) ** 2 <= self.pad_r ** 2:
                return k
        return None


def _font(size):
    pygame.font.init()
    return pygame.font.Font(None, size)


class View:
    def __init__(self, surface, layout, board_name=""):
        self.surface = surface
        self.layout = layout
        self.board_name = board_name
        s = layout.scale
        self.f_pad = _font(int(30 * s))
        self.f_small = _font(int(22 * s))
        self._matrix_cache = None

    def draw(self, rgb, leds, down, status):
        """rgb: (h, w, 3) display colours or None (blank); leds: per pad an
        (r, g, b) or None; down: per pad True while pressed; status: text."""
        L = self.layout
        surf = self.surface
        surf.fill(BG)
        if L.around:
            box = pygame.Rect(0, 0, 2 * L.rx + 2 * L.pad_r + 30, 2 * L.ry + 2 * L.pad_r + 30)
            box.center = (L.cx, L.cy)
        else:
            m = int(20 * L.scale)
            box = pygame.Rect(m, m, L.w - 2 * m, L.status_y - 2 * m)
        pygame.draw.rect(surf, BOX_EDGE, box.inflate(10, 10), border_radius=int(48 * L.scale))
        pygame.draw.rect(surf, BOX, box, border_radius=int(44 * L.scale))
        self._draw_display(rgb)
        for k in range(L.n_pads):
            self._draw_pad(k, leds[k] if k < len(leds) else None, bool(down[k]) if k < len(down) else False)
        if L.menu_rect is not None:
            pygame.draw.rect(surf, (30, 30, 30), L.menu_rect, border_radius=int(6 * L.scale))
            t = self.f_small.render("M", True, TEXT)
            surf.blit(t, t.get_rect(center=L.menu_rect.center))
        txt = self.f_small.render(status, True, DIM)
        surf.blit(txt, (12, L.status_y))

    def _draw_display(self, rgb):
        L = self.layout
        surf = self.surface
        r = L.disp_rect
        pygame.draw.rect(surf, BEZEL, r.inflate(int(24 * L.scale), int(24 * L.scale)),
                         border_radius=int(10 * L.scale))
        if L.kind == "ws2812":
            pygame.draw.rect(surf, (0, 0, 0), r)
            rad = max(1, int(L.cell * 0.38))
            for y in range(L.dh):
                for x in range(L.dw):
                    c = LED_OFF
                    if rgb is not None:
                        p = rgb[y, x]
                        if p[0] or p[1] or p[2]:
                            c = (int(p[0]), int(p[1]), int(p[2]))
                    pygame.draw.circle(surf, c, (r.x + x * L.cell + L.cell // 2, r.y + y * L.cell + L.cell // 2), rad)
            return
        if rgb is None:
            surf.fill(PAPER if L.kind == "ssd1680" else OLED_OFF, r)
            return
        img = np.repeat(np.repeat(rgb, L.cell, axis=0), L.cell, axis=1)
        if L.kind == "ssd1306" and L.cell >= 3:
            # the dark grid between OLED pixels
            img = img.copy()
            img[L.cell - 1::L.cell, :, :] = (img[L.cell - 1::L.cell, :, :] * 0.35).astype(np.uint8)
            img[:, L.cell - 1::L.cell, :] = (img[:, L.cell - 1::L.cell, :] * 0.35).astype(np.uint8)
        surf.blit(pygame.surfarray.make_surface(np.ascontiguousarray(img.transpose(1, 0, 2))), r)

    def _draw_pad(self, k, led, down):
        L = self.layout
        surf = self.surface
        x, y = L.pads[k]
        rad = L.pad_r
        lit = led is not None and (led[0] or led[1] or led[2])
        pygame.draw.circle(surf, (25, 25, 25), (x + 3, y + 5), rad)            # shadow
        pygame.draw.circle(surf, (200, 200, 200) if not down else (120, 120, 120), (x, y), rad)
        cap = (70, 70, 74)
        if lit:
            # the LED glows through a translucent cap: never fully dark, never white
            cap = tuple(int(40 + 0.84 * c) for c in led)
        inner = rad - int(8 * L.scale) - (int(5 * L.scale) if down else 0)
        if down:
            # pushed in: a dark gap around the cap, the cap lower and darker
            pygame.draw.circle(surf, (35, 35, 35), (x, y), inner + int(4 * L.scale))
            cap = tuple(int(c * 0.8) for c in cap)
            y += int(2 * L.scale)
        pygame.draw.circle(surf, cap, (x, y), inner)
        if not down:
            pygame.draw.circle(surf, tuple(min(255, c + 40) for c in cap), (x - inner // 4, y - inner // 4),
                               max(2, inner // 4))
        digit, letter = pad_keys(k)
        label = self.f_pad.render("%s/%s" % (digit, letter), True, (10, 10, 10) if lit and sum(cap) > 380 else TEXT)
        surf.blit(label, label.get_rect(center=(x, y)))
        who = self.f_small.render("pad %d" % (k + 1), True, TEXT)
        # the pad's name just outside it, away from the display (under it
        # for a side pad, so that it stays inside the window)
        dx, dy = x - L.cx, y - L.cy
        if not L.around or abs(dx) > abs(dy):
            dx, dy = 0, 1
        d = math.hypot(dx, dy) or 1.0
        off = rad + int(14 * L.scale)
        surf.blit(who, who.get_rect(center=(int(x + dx / d * off), int(y + dy / d * off))))


def frame_rgb(kind, buf, w, h, fmt):
    """Display colours for the frame buffer, in the board's look."""
    vals = pixels.values(buf, w, h, fmt)
    if kind == "ssd1680":
        return pixels.rgb(vals, fmt, ink=INK, paper=PAPER)
    if kind == "ssd1306":
        return pixels.rgb(vals, fmt, ink=OLED_ON, paper=OLED_OFF)
    if fmt in (pixels.RGB565, pixels.RGB888):
        return pixels.rgb(vals, fmt)
    return pixels.rgb(vals, fmt, ink=(255, 255, 255), paper=(0, 0, 0))
