# A pure-Python copy of MicroPython's built-in `framebuf`, for CPython (the
# simulator and the tests).  It writes the same bytes as the real module for
# the same calls (host_tests/test_framebuf_vs_micropython.py checks it against
# the unix port's framebuf for every format), so a screen drawn on the PC is
# the screen the board shows.  Not used on the board: gfx.fb picks the
# built-in there.  text() is left out: the screens draw the project's own
# bitmaps, and a font of ours would not match the built-in one byte for byte.
# This module keeps the pixels (each format's layout, the fills, blit,
# scroll); the shapes drawn from them are gfx.framebuf_shapes'.

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

# line() and ellipse(): MicroPython's own algorithms, pixel by pixel over
# this class's _set (gfx.framebuf_shapes)
from gfx import framebuf_shapes as _shapes


class FrameBuffer:
    def __init__(self, buf, width, height, format, stride=None):
        if stride is None:
            stride = width
        if width < 1 or height < 1 or width > 0xFFFF or height > 0xFFFF or stride > 0xFFFF or stride < width:
            raise ValueError("bad framebuffer size: %dx%d stride %d" % (width, height, stride))
        bpp = 1
        height_required = height
        width_required = width
        strides_required = height - 1
        if format == MONO_VLSB:
            height_required = (height + 7) & ~7
            strides_required = height_required - 8
        elif format == MONO_HLSB or format == MONO_HMSB:
            stride = (stride + 7) & ~7
            width_required = (width + 7) & ~7
        elif format == GS2_HMSB:
            stride = (stride + 3) & ~3
            width_required = (width + 3) & ~3
            bpp = 2
        elif format == GS4_HMSB:
            stride = (stride + 1) & ~1
            width_required = (width + 1) & ~1
            bpp = 4
        elif format == GS8:
            bpp = 8
        elif format == RGB565:
            bpp = 16
        else:
            raise ValueError("invalid format")
        need = (strides_required * stride + (height_required - strides_required) * width_required) * bpp // 8
        if need > len(buf):
            raise ValueError("buffer too small: %d bytes for %d" % (len(buf), need))
        self.buf = memoryview(buf)
        self.width = width
        self.height = height
        self.format = format
        self.stride = stride

    # -- one pixel, no clipping (callers clip) --

    def _set(self, x, y, c):
        f = self.format
        b = self.buf
        if f == MONO_VLSB:
            i = (y >> 3) * self.stride + x
            o = y & 7
            b[i] = (b[i] & ~(1 << o) & 0xFF) | ((1 if c else 0) << o)
        elif f == MONO_HLSB or f == MONO_HMSB:
            i = (x + y * self.stride) >> 3
            o = (x & 7) if f == MONO_HMSB else 7 - (x & 7)
            b[i] = (b[i] & ~(1 << o) & 0xFF) | ((1 if c else 0) << o)
        elif f == GS8:
            b[x + y * self.stride] = c & 0xFF
        elif f == RGB565:
            i = (x + y * self.stride) * 2
            b[i] = c & 0xFF
            b[i + 1] = (c >> 8) & 0xFF
        elif f == GS2_HMSB:
            i = (x + y * self.stride) >> 2
            s = (x & 3) << 1
            b[i] = (b[i] & ~(3 << s) & 0xFF) | ((c & 3) << s)
        else:  # GS4_HMSB
            i = (x + y * self.stride) >> 1
            if x & 1:
                b[i] = (c & 0x0F) | (b[i] & 0xF0)
            else:
                b[i] = ((c & 0x0F) << 4) | (b[i] & 0x0F)

    def _get(self, x, y):
        f = self.format
        b = self.buf
        if f == MONO_VLSB:
            return (b[(y >> 3) * self.stride + x] >> (y & 7)) & 1
        if f == MONO_HLSB or f == MONO_HMSB:
            o = (x & 7) if f == MONO_HMSB else 7 - (x & 7)
            return (b[(x + y * self.stride) >> 3] >> o) & 1
        if f == GS8:
            return b[x + y * self.stride]
        if f == RGB565:
            i = (x + y * self.stride) * 2
            return b[i] | (b[i + 1] << 8)
        if f == GS2_HMSB:
            return (b[(x + y * self.stride) >> 2] >> ((x & 3) << 1)) & 3
        i = (x + y * self.stride) >> 1
        return (b[i] & 0x0F) if x & 1 else (b[i] >> 4)

    def _set_checked(self, x, y, c, mask):
        if mask and 0 <= x < self.width and 0 <= y < self.height:
            self._set(x, y, c)

    # -- the public methods of framebuf.FrameBuffer --

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        if c is None:
            return self._get(x, y)
        self._set(x, y, c)
        return None

    def fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self.height or x >= self.width:
            return
        xend = min(self.width, x + w)
        yend = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        f = self.format
        if f == GS8:
            # One slice per row: a full-screen clear must not take 40k calls.
            v = bytes([c & 0xFF]) * (xend - x)
            for yy in range(y, yend):
                i = yy * self.stride
                self.buf[i + x:i + xend] = v
            return
        if f == RGB565:
            v = bytes([c & 0xFF, (c >> 8) & 0xFF]) * (xend - x)
            for yy in range(y, yend):
                i = yy * self.stride * 2
                self.buf[i + 2 * x:i + 2 * xend] = v
            return
        if f == MONO_VLSB:
            # A page byte at a time, whole bytes by slice: the e-ink clear
            # is 4736 slice bytes instead of 37888 pixel calls.
            b = self.buf
            st = self.stride
            for p in range(y >> 3, ((yend - 1) >> 3) + 1):
                lo = max(y, p * 8) - p * 8
                hi = min(yend, p * 8 + 8) - p * 8
                mask = ((1 << hi) - 1) & ~((1 << lo) - 1)
                base = p * st
                if mask == 0xFF:
                    b[base + x:base + xend] = (b"\xff" if c else b"\x00") * (xend - x)
                else:
                    setv = mask if c else 0
                    keep = ~mask & 0xFF
                    for i in range(base + x, base + xend):
                        b[i] = (b[i] & keep) | setv
            return
        s = self._set
        if f == MONO_HLSB or f == MONO_HMSB:
            fill = b"\xff" if c else b"\x00"
            for yy in range(y, yend):
                xa = x
                while xa < xend and (xa & 7):
                    s(xa, yy, c)
                    xa += 1
                nb = (xend - xa) >> 3
                if nb:
                    i = (yy * self.stride + xa) >> 3
                    self.buf[i:i + nb] = fill * nb
                    xa += nb * 8
                while xa < xend:
                    s(xa, yy, c)
                    xa += 1
            return
        for yy in range(y, yend):
            for xx in range(x, xend):
                s(xx, yy, c)

    def fill(self, c):
        self.fill_rect(0, 0, self.width, self.height, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        _shapes.line(self, x1, y1, x2, y2, c)

    def ellipse(self, cx, cy, xr, yr, c, f=False, m=None):
        _shapes.ellipse(self, cx, cy, xr, yr, c, f, m)

    def blit(self, src, x, y, key=-1, palette=None):
        if x >= self.width or y >= self.height or -x >= src.width or -y >= src.height:
            return
        # The C code compares against (uint32_t)key: -1 never matches a colour.
        key &= 0xFFFFFFFF
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self.width, x + src.width)
        y0end = min(self.height, y + src.height)
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = src._get(cx1, y1)
                if palette is not None:
                    col = palette._get(col, 0)
                if col != key:
                    self._set(cx0, y0, col)
                cx1 += 1
            y1 += 1
            y0 += 1

    def scroll(self, xstep, ystep):
        w = self.width
        h = self.height
        if xstep < 0:
            if -xstep >= w:
                return
            sx = 0
            xend = w + xstep
            dx = 1
        else:
            if xstep >= w:
                return
            sx = w - 1
            xend = xstep - 1
            dx = -1
        if ystep < 0:
            if -ystep >= h:
                return
            y = 0
            yend = h + ystep
            dy = 1
        else:
            if ystep >= h:
                return
            y = h - 1
            yend = ystep - 1
            dy = -1
        while y != yend:
            x = sx
            while x != xend:
                self._set(x, y, self._get(x - xstep, y - ystep))
                x += dx
            y += dy
