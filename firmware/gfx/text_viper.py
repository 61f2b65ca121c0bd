# Font glyphs, small bitmaps and filled rectangles written straight into a
# MONO_VLSB frame buffer (the OLEDs' and the e-ink's: drivers/ssd1306.py,
# ssd1680.py), compiled by MicroPython's viper emitter.  gfx.canvas plugs
# them in (core.compat.viper) on a canvas over a native MONO_VLSB framebuf
# (Canvas.put, Canvas.fill), where they draw exactly what framebuf's blit
# and fill_rect draw (host_tests/portable/test_render.py checks it under the
# unix port); the rest (a colour canvas, CPython's framebuf, a turned
# region, a glyph across an edge) keeps those.  Loaded only on a mono
# display: its names cost the matrix box nothing.
#
#   put(fb, data, p, k)   one glyph or bitmap, wholly inside the frame
#     fb: the MONO_VLSB FrameBuffer (its bytes, by the buffer protocol)
#     p: o | x << 12 | y << 21, (x, y) its top-left pixel; o the offset of
#       its rows in data (one byte a row, the picture in their low gw bits,
#       the leftmost pixel the highest), or with k's bit 11 the character
#       code (under 128) of a glyph of FONT5X7 (data unused: its columns
#       come from _COLS, made once, an unknown one is "?")
#     k: gw | gh << 4 | (s - 1) << 9 | ink << 10 | char << 11 | height << 12
#       | width << 21: gw the columns (1-8), gh the rows, s the scale (1 or
#       2; gh * s at most 24), ink the pixel value of the set bits (1: set,
#       0: cleared; unset bits leave the frame alone), the frame's height and
#       width (both up to 400, hal/board.py; width bytes a page)
#   line(fb, s, p, k) -> width | glyphs << 10 | cut << 20, or -1
#     Region.text's loop for a text s in FONT5X7, wholly inside the frame:
#     p = x | y << 9 | limit << 18 (frame pixels: its start, its row, the
#     column no glyph may pass), k as put's; each character drawn (its
#     capital), a space skipped, the first glyph that would pass the limit
#     and the rest not (cut 1); -1 and nothing drawn if s has a character
#     outside ASCII (an accent: Region.text folds it)
#   fill(fb, x, y, w, h, k)   fill_rect(x, y, w, h, ink), clipped to the
#     frame; k as put's (ink, height, width)
#
# Why: framebuf's blit walks every pixel of the source through the palette
# and fill_rect sets pixel by pixel (MicroPython's C): a scale-2 glyph took
# ~0.35 ms on the emulated RP2040, a clear of the e-ink's frame 3.7 ms
# (issue 26: a press to the e-ink's refresh started within 20 ms).  Here a
# glyph's columns are its rows' bits (each twice at scale 2), shifted to the
# row in its page and OR-ed (or cleared) into the 1-4 bytes of each frame
# column they cover; a rectangle a byte a column and page, four at a
# time.  The loops are
# few and short (a viper loop's turn costs ~0.6 us there).  Nothing
# allocated; no literal over 255 (ARMv6-M loads one from a word beside the
# code: pads/capture_viper.py); gh * s + 7 bits fit a 32-bit word.
import micropython
from gfx import glyphs


# the font's tables, constants of gfx.glyphs (in flash on the board)
_IX = glyphs.FONT_IX
_COLS = glyphs.FONT5X7_COLS


@micropython.viper
def put(fb, data, p: int, k: int):
    buf = ptr8(fb)
    y = p >> 21
    x = (p >> 12) ^ (y << 9)
    o = p ^ ((p >> 12) << 12)
    gw = k & 15
    gh = (k >> 4) & 31
    s = ((k >> 9) & 1) + 1
    nb = 255 * (((k >> 10) & 1) ^ 1)    # ink 0: (v | b) ^ b clears b's bits
    w = k >> 21
    if x + gw * s > w or y + gh * s > (k >> 12) ^ (w << 9):
        return
    cm = (k >> 11) & 1
    if cm:
        o = 5 * int(ptr8(_IX)[o & 127])
    cols = ptr8(_COLS)
    src = ptr8(data)
    sh = y & 7
    i = (y >> 3) * w + x
    c = 0
    while c < gw:
        if cm:
            col = cols[o + c]
            if s == 2:
                col = ((col & 1) * 3 | (col & 2) * 6 | (col & 4) * 12 | (col & 8) * 24 | (col & 16) * 48
                       | (col & 32) * 96 | (col & 64) * 192)
        else:
            bit = 1 << (gw - 1 - c)
            col = 0
            m = s + s - 1       # 1, or 3 at scale 2
            r = o
            e = o + gh
            while r < e:
                if src[r] & bit:
                    col |= m
                m <<= s
                r += 1
        col <<= sh
        j = i
        while col:
            b = col & 255
            if b:
                buf[j] = (buf[j] | b) ^ (b & nb)
                if s == 2:
                    buf[j + 1] = (buf[j + 1] | b) ^ (b & nb)
            col >>= 8
            j += w
        i += s
        c += 1


@micropython.viper
def line(fb, s, p: int, k: int) -> int:
    t = ptr8(s)
    n = int(len(s))
    i = 0
    while i < n:
        if t[i] > 127:
            return -1
        i += 1
    buf = ptr8(fb)
    cols = ptr8(_COLS)
    ix = ptr8(_IX)
    y = p >> 9
    x = p ^ (y << 9)
    lim = p >> 18
    y ^= lim << 9
    s2 = (k >> 9) & 1
    sc = s2 + 1
    nb = 255 * (((k >> 10) & 1) ^ 1)
    w = k >> 21
    if y + 7 * sc > (k >> 12) ^ (w << 9):
        return -1
    sh = y & 7
    row = (y >> 3) * w
    cx = x
    g = 0
    cut = 0
    i = 0
    while i < n:
        if cx + 5 * sc > lim or cx + 5 * sc > w:
            cut = 1
            break
        c = t[i]
        if c != 32:
            g += 1
            o = 5 * ix[c]
            a = row + cx
            e = o + 5
            while o < e:
                col = cols[o]
                if s2:
                    col = ((col & 1) * 3 | (col & 2) * 6 | (col & 4) * 12 | (col & 8) * 24 | (col & 16) * 48
                           | (col & 32) * 96 | (col & 64) * 192)
                col <<= sh
                j = a
                while col:
                    b = col & 255
                    if b:
                        buf[j] = (buf[j] | b) ^ (b & nb)
                        if s2:
                            buf[j + 1] = (buf[j + 1] | b) ^ (b & nb)
                    col >>= 8
                    j += w
                a += sc
                o += 1
        cx += 6 * sc
        i += 1
    return (cx - x) | (g << 10) | (cut << 20)


@micropython.viper
def fill(fb, x: int, y: int, w: int, h: int, k: int):
    buf = ptr8(fb)
    fw = k >> 21
    fh = (k >> 12) ^ (fw << 9)
    if x < 0:
        w += x
        x = 0
    if y < 0:
        h += y
        y = 0
    if x + w > fw:
        w = fw - x
    if y + h > fh:
        h = fh - y
    if w <= 0 or h <= 0:
        return
    nb = 255 * (((k >> 10) & 1) ^ 1)
    # four bytes at a time where the frame's bytes are word-aligned (a
    # bytearray's are: the heap's blocks), the odd ones before and after
    al = (int(buf) & 3) == 0
    q = ptr32(fb)
    y1 = y + h
    while y < y1:
        e = (y | 7) + 1
        if e > y1:
            e = y1
        b = ((1 << (e - y)) - 1) << (y & 7)     # this page's rows
        c = b & nb
        i = (y >> 3) * fw + x
        n = i + w
        while i < n and (i & 3):
            buf[i] = (buf[i] | b) ^ c
            i += 1
        if al:
            v = b | (b << 8)
            v |= v << 16
            vc = c | (c << 8)
            vc |= vc << 16
            j = i >> 2
            m = n >> 2
            while j < m:
                q[j] = (q[j] | v) ^ vc
                j += 1
            if i < m << 2:
                i = m << 2
        while i < n:
            buf[i] = (buf[i] | b) ^ c
            i += 1
        y = e
