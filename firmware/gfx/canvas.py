# The drawing surface under every screen: the Canvas over a framebuf-like
# target (fill, fill_rect, blit) and its Regions (a rectangle turned by
# quarter turns), text and bitmaps of gfx.glyphs.  The palette and the small
# layout helpers the screens share (text_width, scroll_offset, rank_label,
# suit_pip) are gfx.style's, named here too.
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
from gfx import glyphs
from gfx import fb as _fb
from core.compat import viper

# The palette and the small helpers, gfx.style's, are the screens' names
# from here too (`from gfx.canvas import BG, INK`)
from gfx.style import (BG, INK, RED, BLACKSUIT, WON, BATTLE, DOG, DIM, WARN, OK, PLAYER0,  # noqa: F401
                       RGB, player_rgb, rgb565, fold, scroll_offset, text_width, rank_label, suit_pip)


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
        for r, g, b in RGB:
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


class Region:
    """A rectangle of the canvas with its own coordinates, turned by rot
    quarter turns clockwise (w, h are the size before turning)."""

    def __init__(self, cv, x, y, w, h, rot=0):
        self.cv = cv
        self.x = x
        self.y = y
        self.w = w
        self.h = h
        self.rot = rot

    def rect(self, x, y, w, h, col):
        r = self.rot
        cv = self.cv
        if r == 0 and cv.fill is not None and w > 0 and h > 0:
            # (Canvas.rect's work without its call: a frame over 11 words,
            # allocated, 0.13 ms on the Pico; issue 26)
            x += self.x
            y += self.y
            if x < 0 or y < 0 or x + w > cv.w or y + h > cv.h:
                cv.oob += 1
            cv.fill(cv.t, x, y, w, h, cv.pal[col] << 10 | cv.h << 12 | cv.w << 21)
        elif r == 0:
            cv.rect(self.x + x, self.y + y, w, h, col)
        elif r == 2:
            self.cv.rect(self.x + self.w - x - w, self.y + self.h - y - h, w, h, col)
        elif r == 1:
            self.cv.rect(self.x + self.h - y - h, self.y + x, h, w, col)
        else:
            self.cv.rect(self.x + y, self.y + self.w - x - w, h, w, col)

    def frame(self, col):
        self.rect(0, 0, self.w, 1, col)
        self.rect(0, self.h - 1, self.w, 1, col)
        self.rect(0, 1, 1, self.h - 2, col)
        self.rect(self.w - 1, 1, 1, self.h - 2, col)

    def fill(self, col):
        self.rect(0, 0, self.w, self.h, col)

    def bitmap(self, data, off, bw, bh, x, y, s, col, x0=-9999, x1=9999):
        """Draw a bitmap; only its columns between x0 and x1 (region
        coordinates) are drawn: a label scrolling through a window."""
        if self.rot == 0 and s <= 2 and self.cv.blit(data, off, bw, bh, self.x + x, self.y + y, col,
                                                     self.x + x0, self.x + x1, s):
            return
        wide = bw > 8     # two bytes a row (gfx.glyphs.row)
        for r in range(bh):
            row = (data[off + 2 * r] << 8) | data[off + 2 * r + 1] if wide else data[off + r]
            c = 0
            while c < bw:
                if (row >> (bw - 1 - c)) & 1:
                    c0 = c
                    while c < bw and (row >> (bw - 1 - c)) & 1:
                        c += 1
                    a = max(x + c0 * s, x0)
                    b = min(x + c * s, x1)
                    self.rect(a, y + r * s, b - a, s, col)
                else:
                    c += 1

    def pic(self, name, x, y, s, col):
        """A picture by name, or by the offset of its record (gfx.glyphs:
        DOG, DOGW, FACE)."""
        if isinstance(name, int):
            d = glyphs.PIC_DATA
            w, h, off = d[name], d[name + 1], name + 2
        else:
            # (glyphs.pic's lookup without its tuple: one allocation less a
            # picture, a first-fit search of the Pico's heap; the names'
            # tuple searched in C, ~40 compares, no dict in the heap)
            d = glyphs.PIC_DATA
            off = glyphs.PIC_OFFS[glyphs.PIC_NAMES.index(name)]
            w, h, off = d[off], d[off + 1], off + 2
        cv = self.cv
        cv.pictures += 1
        x += self.x
        y += self.y
        if (cv.put is not None and self.rot == 0 and s <= 2 and w <= 8 and h * s <= 24 and x >= 0 and y >= 0
                and x + w * s <= cv.w and y + h * s <= cv.h):
            # (what bitmap and Canvas.blit would do, without their calls)
            cv.put(cv.t, glyphs.PIC_DATA, off | x << 12 | y << 21,
                   w | h << 4 | (s - 1) << 9 | cv.pal[col] << 10 | cv.h << 12 | cv.w << 21)
            return
        if self.rot == 0 and s <= 2 and cv.blit(glyphs.PIC_DATA, off, w, h, x, y, col, -9999, 9999, s):
            return      # (Region.bitmap's first step, without its call: a frame over 11 words)
        self.bitmap(glyphs.PIC_DATA, off, w, h, x - self.x, y - self.y, s, col)

    def text(self, s, x, y, scale, col, small=False, maxw=0):
        """Draw s; stop before a glyph that would pass maxw pixels (0: the
        region's right edge).  Returns the width drawn."""
        if small:
            chars, data, gw, gh = glyphs.SMALL_CHARS, glyphs.FONT3X5, 3, 5
        else:
            chars, data, gw, gh = glyphs.FONT_CHARS, glyphs.FONT5X7, 5, 7
        limit = (maxw or (self.w - x)) + x
        adv = (gw + 1) * scale
        cv = self.cv
        ax = self.x
        ay = self.y + y
        # Upright at scale 1 or 2 with every glyph inside the display: on a
        # MONO_VLSB frame each glyph is written straight into its bytes
        # (gfx/text_viper.py, Canvas.put); otherwise each glyph's rows are
        # copied (doubled at scale 2) into the canvas's scratch `buf` and
        # blitted through one framebuf of their size over it, the palette
        # set once: nothing is allocated a glyph (on the
        # Pico an allocation is a first-fit search of the heap, and a call
        # with a frame over 11 words is one: 0.26 -> 0.1 ms a glyph at
        # scale 1, issue 26).  Otherwise glyph by glyph through bitmap.
        # The letters are found in one upper() of the whole text, an
        # accented one folded (fold, by its small letter: upper() differs
        # between the ports).
        f = put = None
        if (self.rot == 0 and scale <= 2 and cv.fast and ax + x >= 0 and ay >= 0 and ay + gh * scale <= cv.h
                and ax + min(limit, x + len(s) * adv) <= cv.w):
            t = cv.t
            put = cv.put
            if put is not None:
                # a mono frame: each glyph straight into its bytes (Canvas.put;
                # the big font's by its character code: no find a glyph), an
                # ASCII text of the big font all at once (Canvas.line)
                k = gw | gh << 4 | (scale - 1) << 9 | cv.pal[col] << 10 | (0 if small else 2048) | cv.h << 12 | cv.w << 21
                if not small and cv.line is not None and ax + x <= cv.w:
                    n = cv.line(t, s, (ax + x) | ay << 9 | min(ax + limit, cv.w) << 18, k)
                    if n >= 0:
                        cv.font_glyphs += (n >> 10) & 1023
                        cv.cut += n >> 20
                        return n & 1023
                oy = ay << 21
            else:
                # (each row left-aligned in its bytes, the framebuf as wide
                # as the glyph: the blit's C walks only the glyph's own pixels)
                b = cv.buf
                st = (gw * scale + 7) >> 3
                sh = 8 * st - gw * scale
                k = gw * scale << 6 | gh * scale
                f = cv.frames.get(k)
                if f is None:
                    f = cv.frames[k] = _fb.FrameBuffer(b, gw * scale, gh * scale, _fb.MONO_HLSB)
                key = cv.ink(col)
                pal = cv._pal
        cx = x
        for ch in s.upper():
            if cx + gw * scale > limit:
                cv.cut += 1
                break
            if put is not None and not small:
                if ch != " ":
                    cv.font_glyphs += 1
                    i = ord(ch)
                    if i > 127:
                        i = ord(fold(ch.lower(), "?"))
                    put(t, data, i | (ax + cx) << 12 | oy, k)
                cx += adv
                continue
            i = chars.find(ch)
            if i < 0:
                i = chars.find(fold(ch.lower(), "?"))
            if ch != " ":
                cv.font_glyphs += 1
                if put is not None:
                    put(t, data, i * gh | (ax + cx) << 12 | oy, k)
                elif f is None:
                    self.bitmap(data, i * gh, gw, gh, cx, y, scale, col)
                else:
                    o = i * gh
                    if scale == 1:
                        for r in range(gh):
                            b[r] = data[o + r] << sh
                    else:
                        # each row's bits doubled (abcde -> aabbccddee), each row twice
                        for r in range(gh):
                            v = data[o + r]
                            v = (v | (v << 4)) & 0x0F0F
                            v = (v | (v << 2)) & 0x3333
                            v = (v | (v << 1)) & 0x5555
                            v = (v | (v << 1)) << sh
                            if st == 1:
                                b[2 * r] = b[2 * r + 1] = v
                            else:
                                b[4 * r] = b[4 * r + 2] = v >> 8
                                b[4 * r + 1] = b[4 * r + 3] = v & 0xFF
                    t.blit(f, ax + cx, ay, key, pal)
            cx += adv
        return cx - x


# A label wider than the matrix scrolls: it stands still _SCROLL_HOLD_MS at
# each end and moves a pixel every _SCROLL_STEP_MS in between.
