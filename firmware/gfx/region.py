# A Region: a rectangle of a Canvas (gfx.canvas) with its own coordinates,
# turned by quarter turns, and what the screens draw in it: rectangles and
# frames, bitmaps and pictures of gfx.glyphs, and text in the two fonts.
#
#   rg = Region(cv, x, y, w, h, rot=0); rg.rect/frame/fill/bitmap/pic/text
#
# Apart from the Canvas: the surface (its target, palette and counts) is one
# job, laying marks out in a turned rectangle another.  Each draw goes the
# fastest way the Canvas offers (its viper put/fill/line on a mono frame,
# its framebuf blit, else rectangle by rectangle) and counts on it (oob,
# font_glyphs, pictures, cut), so every route is checked the same.
from gfx import glyphs
from gfx import fb as _fb
from gfx.style import codes


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
            data, gw, gh = glyphs.FONT3X5, 3, 5
        else:
            data, gw, gh = glyphs.FONT5X7, 5, 7
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
        # The letters by their codes (gfx.style.codes: no name interned a
        # letter), each one's glyph at FONT_IX[code] (small letters: their
        # capitals'; the two fonts have the same characters).
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
        ix = glyphs.FONT_IX
        for c in codes(s):
            if cx + gw * scale > limit:
                cv.cut += 1
                break
            if put is not None and not small:
                if c != 32:
                    cv.font_glyphs += 1
                    put(t, data, c | (ax + cx) << 12 | oy, k)
                cx += adv
                continue
            i = ix[c]
            if c != 32:
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
