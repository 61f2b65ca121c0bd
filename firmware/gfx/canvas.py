# The drawing surface under every screen: the Canvas over a framebuf-like
# target (fill, fill_rect, blit), its palette at a brightness level, and its
# counts of what was drawn.  Its Regions (a rectangle turned by quarter turns:
# rectangles, text and bitmaps of gfx.glyphs) are gfx.region's, named here
# too; so are the palette and the small layout helpers the screens share
# (text_width, scroll_offset, rank_label, suit_pip), gfx.style's.
#
#   cv = Canvas(target, width, height, colour, level=5)
#   cv.rows: (y0, y1), the rows drawn since clear() (gfx.menu narrows it when
#   it draws only a menu's changed rows again; the e-ink then sends those)
#   rg = Region(cv, x, y, w, h, rot=0); rg.rect/frame/fill/bitmap/pic/text
#
# The Canvas
#   - counts every draw that reaches outside the display (`oob`), so a test
#     can check that every screen fits every resolution;
#   - counts the font glyphs drawn (`font_glyphs`), so a test can check that
#     no Bata-waf screen shows a digit or a letter (W6);
#   - counts the texts cut short for want of room (`cut`): none may be.
# Colours on the matrix cost current (drivers/ws2812 dims a frame past the
# board's budget): a mark filling a part of the screen is a dim colour
# (WON, BATTLE: under a third of a channel), never a bright one.
#
# Why apart from gfx.render: the screen modules (gfx.faces, menu, table,
# tape), loaded late behind the Renderer, take their shared names from here,
# below both, instead of reaching back into the module that loads them.
from gfx import fb as _fb
from core.compat import viper

# The palette and the small helpers, gfx.style's, are the screens' names
# from here too (`from gfx.canvas import BG, INK`)
from gfx.style import (BG, INK, RED, BLACKSUIT, WON, BATTLE, DOG, DIM, WARN, OK, PLAYER0,  # noqa: F401
                       RGB, player_rgb, rgb565, fold, scroll_offset, text_width, rank_label, suit_pip)
# (and the Region, drawn through a Canvas: `canvas.Region(cv, ...)`)
from gfx.region import Region  # noqa: F401


class Canvas:
    """A clip-checking, glyph-counting surface over a framebuf-like target.

    colour: True for an RGB565 target (the LED matrix), False for mono
    (pixel value 1 = ink).  level 1..5 dims colours (LED brightness)."""

    def __init__(self, target, width, height, colour, level=5, format=None):
        self.t = target
        self.w = width
        self.h = height
        self.colour = colour
        self.oob = 0
        self.font_glyphs = 0
        self.pictures = 0
        self.cut = 0       # texts cut short for want of room
        self.shown = None
        self.rows = (0, height)
        self.set_level(level)
        # MicroPython's framebuf (C) blits a glyph through a two-colour
        # palette in one call, ~4x faster than a rect per run of pixels:
        # on the LED matrix a menu frame is drawn in a third of the time,
        # and a press shows within the 50 ms (docs/pico.md, feedback).
        # The pure-Python framebuf of the PC draws run by run (faster there).
        # At scale 2 (the e-ink's text) a glyph is doubled into `buf` (made
        # once) and blitted the same way: 5 ms a glyph run by run on the
        # emulated RP2040, 0.5 ms so (issue 26: the e-ink's press to frame).
        self.fast = _fb.NATIVE and hasattr(target, "blit")
        if self.fast:
            self._pal = _fb.FrameBuffer(bytearray(4), 2, 1, _fb.RGB565)
            self.buf = bytearray(64)
            self.frames = {}    # framebufs over buf by width << 6 | height (Region.text)
            self.key = -1       # the palette's key (its unset colour) now
        # Over a MONO_VLSB frame (the OLEDs' and the e-ink's, `format` as
        # the driver says): glyphs, small bitmaps and rectangles written
        # straight into its bytes by gfx/text_viper.py (put, fill: a scale-2
        # glyph 0.35 -> 0.06 ms on the emulated RP2040, the e-ink's clear
        # 3.7 -> 0.7 ms, issue 26; line: a whole text of the big font in one
        # call, no upper() and no loop in bytecode); None where viper is not
        # there
        self.put = self.fill = self.line = None
        if self.fast and format == _fb.MONO_VLSB:
            self.put = viper("gfx.text_viper", "put", None)
            self.fill = viper("gfx.text_viper", "fill", None)
            self.line = viper("gfx.text_viper", "line", None)

    def set_level(self, level):
        self.level = level
        pal = []
        for i in range(0, len(RGB), 3):
            r, g, b = RGB[i], RGB[i + 1], RGB[i + 2]
            if self.colour:
                pal.append(rgb565(r * level // 5, g * level // 5, b * level // 5))
            else:
                pal.append(1 if (r or g or b) else 0)
        self.pal = pal

    def reset_counts(self):
        self.oob = 0
        self.font_glyphs = 0
        self.pictures = 0
        self.cut = 0

    def clear(self, col=BG):
        if self.fill is not None:
            self.fill(self.t, 0, 0, self.w, self.h, self.pal[col] << 10 | self.h << 12 | self.w << 21)
        else:
            self.t.fill(self.pal[col])
        self.shown = None           # (gfx.menu: the menu it held)
        self.rows = (0, self.h)     # the rows drawn since the frame was sent: all

    def rect(self, x, y, w, h, col):
        if w <= 0 or h <= 0:
            return
        if x < 0 or y < 0 or x + w > self.w or y + h > self.h:
            self.oob += 1
        if self.fill is not None:
            self.fill(self.t, x, y, w, h, self.pal[col] << 10 | self.h << 12 | self.w << 21)
        else:
            self.t.fill_rect(x, y, w, h, self.pal[col])

    def ink(self, col):
        """The blit's key for ink col (its unset bits' colour: one that is
        not the ink), the 2-colour palette set for it; set again only when
        the ink changes (most glyphs in a row share it).  Canvas.blit's,
        Region.text's and gfx.menu.scroll_text's."""
        ink = self.pal[col]
        if ink ^ 1 != self.key:
            self.key = ink ^ 1
            self._pal.pixel(0, 0, ink ^ 1)
            self._pal.pixel(1, 0, ink)
        return ink ^ 1

    def glyph(self, data, off, k):
        """The framebuf of a bitmap's rows copied into the scratch `buf`,
        k = its width (8 or 16 bits) << 6 | its height: one framebuf a
        size, made once (the same size the same framebuf, Region.text's
        too).  (Few locals: a frame within the C stack's 11 words.)"""
        b = self.buf
        i = (k >> 9) * (k & 63)
        while i:
            i -= 1
            b[i] = data[off + i]
        f = self.frames.get(k)
        return f if f is not None else self.new_frame(k)

    def new_frame(self, k):
        """glyph's framebuf of size k, the first time."""
        f = self.frames[k] = _fb.FrameBuffer(self.buf, k >> 6, k & 63, _fb.MONO_HLSB)
        return f

    def blit(self, data, off, bw, bh, x, y, col, x0, x1, s=1):
        """A bitmap of gfx.glyphs (rows of one byte, or two high byte first,
        the picture in their low bw bits) at canvas (x, y), scale s (1, or 2
        for one byte a row and up to 16 rows), only its columns from x0 to
        x1: in one framebuf blit if that draws exactly what Region.bitmap
        would (nothing cut by x0/x1 inside the display, nothing outside it).
        False: not done, draw it run by run."""
        w = bw * s
        lo = x if x > x0 else x0
        hi = x + w if x + w < x1 else x1
        if (not self.fast or lo < 0 or hi > self.w or y < 0 or y + bh * s > self.h
                or lo != (x if x > 0 else 0) or hi != (x + w if x + w < self.w else self.w)):
            return False
        if self.put is not None and bw <= 8 and bh * s <= 24 and lo == x and hi == x + w:
            # (wholly inside: straight into the frame's bytes)
            self.put(self.t, data, off | x << 12 | y << 21,
                     bw | bh << 4 | (s - 1) << 9 | self.pal[col] << 10 | self.h << 12 | self.w << 21)
            return True
        if s == 1:
            # the rows copied into the scratch `buf`, blitted through a
            # framebuf of their size over it (glyph): nothing allocated a
            # glyph, where a memoryview and a tuple were two first-fit
            # searches of the Pico's heap (issue 26)
            bits = 16 if bw > 8 else 8
            src = self.glyph(data, off, bits << 6 | bh)
        elif s == 2 and bw <= 8 and bh <= 16:
            # each row's bits doubled (abcd -> aabbccdd), each row twice
            bits = 16
            b = self.buf
            for r in range(bh):
                v = data[off + r]
                v = (v | (v << 4)) & 0x0F0F
                v = (v | (v << 2)) & 0x3333
                v = (v | (v << 1)) & 0x5555
                v |= v << 1
                i = 4 * r
                b[i] = b[i + 2] = v >> 8
                b[i + 1] = b[i + 3] = v & 0xFF
            k = 16 << 6 | 2 * bh
            src = self.frames.get(k)
            if src is None:
                src = self.frames[k] = _fb.FrameBuffer(b, 16, 2 * bh, _fb.MONO_HLSB)
        else:
            return False
        self.t.blit(src, x - (bits - w), y, self.ink(col), self._pal)
        return True
