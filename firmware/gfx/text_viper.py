# A font glyph (or a one-byte-a-row bitmap) written straight into a
# MONO_VLSB frame buffer (the OLEDs' and the e-ink's: drivers/ssd1306.py,
# ssd1680.py), compiled by MicroPython's viper emitter.  gfx.canvas plugs it
# in (core.compat.viper) on a canvas over a native MONO_VLSB framebuf and
# calls it for an upright glyph wholly inside the display, where it draws
# exactly what the framebuf blit through the canvas's scratch draws
# (host_tests/portable/test_render.py checks it under the unix port); the
# rest (a colour canvas, CPython's framebuf, a turned region, a glyph across
# an edge) keeps that path.  Loaded only on a mono display: its names cost
# the matrix box nothing.
#
#   put(fb, data, o, x, y, k)
#     fb: the MONO_VLSB FrameBuffer (its bytes, by the buffer protocol)
#     data, o: the bitmap's rows from data[o], one byte each, the picture
#       in their low gw bits (the leftmost pixel the highest)
#     x, y: the canvas pixel of its top-left corner
#     k: gw | gh << 4 | s << 9 | ink << 11 | height << 12 | width << 21:
#       gw the columns (1-8), gh the rows (1-16), s the scale (1 or 2), ink
#       the pixel value of the set bits (1: set, 0: cleared; unset bits
#       leave the frame alone), the frame's height and width (its bytes a
#       page; both up to 400, board.py); gfx.canvas packs it once a text
#
# Why: framebuf's blit walks every pixel of the source through the palette
# (MicroPython's C, getpixel/setpixel a pixel): a scale-2 glyph, 140
# pixels, took ~0.35 ms on the emulated RP2040, and a menu row of the
# e-ink 24 of them (issue 26: a press to the e-ink's refresh started within
# 20 ms).  Here each of the glyph's columns is made once (its rows' bits,
# each twice at scale 2), shifted to the row in its page and OR-ed (or
# cleared) into the 2-3 bytes of each of the s frame columns it covers.
# Nothing allocated, no large literal (ARMv6-M loads one from a word
# beside the code: see pads/capture_viper.py).  A glyph outside the frame
# (which the canvas never passes) is not drawn rather than written past it.
import micropython


@micropython.viper
def put(fb, data, o: int, x: int, y: int, k: int):
    buf = ptr8(fb)
    src = ptr8(data)
    gw = k & 15
    gh = (k >> 4) & 31
    s = (k >> 9) & 3
    ink = (k >> 11) & 1
    w = k >> 21
    h = (k >> 12) ^ (w << 9)     # (not & 511: a literal word)
    if x < 0 or y < 0 or x + gw * s > w or y + gh * s > h:
        return
    sh = y & 7
    at = (y >> 3) * w + x
    c = 0
    while c < gw:
        bit = 1 << (gw - 1 - c)
        col = 0
        r = 0
        while r < gh:
            if src[o + r] & bit:
                if s == 2:
                    col |= 3 << (2 * r)
                else:
                    col |= 1 << r
            r += 1
        if col:
            col <<= sh
            j = 0
            while j < s:
                i = at + c * s + j
                v = col
                while v:
                    if ink:
                        buf[i] = buf[i] | (v & 255)
                    else:
                        buf[i] = buf[i] & ((v & 255) ^ 255)
                    v >>= 8
                    i += w
                j += 1
        c += 1
