"""Frame buffer bytes -> pixels, for the window.

The window shows the firmware's own frame buffer, so it must read every
framebuf format the renderer may use, with framebuf's exact bit layout
(the same one the board's display drivers send).  Format numbers are
MicroPython's (framebuf.MONO_VLSB == 0, ...), taken from the firmware's gfx
shim, which reuses them.
"""
import numpy as np

from gfx.framebuf_py import MONO_VLSB, RGB565, GS4_HMSB, MONO_HLSB, MONO_HMSB, GS2_HMSB, GS8

RGB888 = 100   # not a framebuf format: a plain r,g,b byte triple per pixel

NAMES = {MONO_VLSB: "MONO_VLSB", RGB565: "RGB565", GS4_HMSB: "GS4_HMSB", MONO_HLSB: "MONO_HLSB",
         MONO_HMSB: "MONO_HMSB", GS2_HMSB: "GS2_HMSB", GS8: "GS8", RGB888: "RGB888"}


def _stride_rows(raw, rows, row_bytes, what):
    need = rows * row_bytes
    if raw.size < need:
        raise ValueError("%s frame buffer too small: %d bytes, %d needed" % (what, raw.size, need))
    return raw[:need].reshape(rows, row_bytes)


def values(buf, w, h, fmt, stride=None):
    """The pixel values of a frame buffer as an (h, w) integer array: 0/1 for
    the mono formats, 0..15 for GS4, 0..255 for GS8, the 16-bit colour for
    RGB565, 0xRRGGBB for RGB888."""
    raw = np.frombuffer(bytes(buf), dtype=np.uint8)
    stride = w if stride is None else stride
    name = NAMES.get(fmt, str(fmt))
    if fmt == MONO_VLSB:
        pages = (h + 7) // 8
        rows = _stride_rows(raw, pages, stride, name)[:, :w]
        bits = np.unpackbits(rows[:, np.newaxis, :], axis=1, bitorder="little")
        return bits.reshape(pages * 8, w)[:h].astype(np.int32)
    if fmt in (MONO_HLSB, MONO_HMSB):
        row_bytes = (stride + 7) // 8
        rows = _stride_rows(raw, h, row_bytes, name)
        order = "big" if fmt == MONO_HLSB else "little"
        return np.unpackbits(rows, axis=1, bitorder=order)[:, :w].astype(np.int32)
    if fmt == RGB565:
        rows = _stride_rows(raw, h, stride * 2, name)
        return rows.view("<u2")[:, :w].astype(np.int32)
    if fmt == GS8:
        return _stride_rows(raw, h, stride, name)[:, :w].astype(np.int32)
    if fmt == GS4_HMSB:
        rows = _stride_rows(raw, h, (stride + 1) // 2, name)
        out = np.empty((h, rows.shape[1] * 2), dtype=np.int32)
        out[:, 0::2] = rows >> 4
        out[:, 1::2] = rows & 15
        return out[:, :w]
    if fmt == GS2_HMSB:
        rows = _stride_rows(raw, h, (stride + 3) // 4, name)
        out = np.empty((h, rows.shape[1] * 4), dtype=np.int32)
        for k in range(4):
            out[:, k::4] = (rows >> (2 * k)) & 3
        return out[:, :w]
    if fmt == RGB888:
        rows = _stride_rows(raw, h, stride * 3, name)[:, :w * 3].reshape(h, w, 3).astype(np.int32)
        return (rows[:, :, 0] << 16) | (rows[:, :, 1] << 8) | rows[:, :, 2]
    raise ValueError("the simulator cannot show frame buffer format %r" % (fmt,))


def rgb(vals, fmt, ink=(0, 0, 0), paper=(255, 255, 255)):
    """(h, w, 3) uint8 colours for the values of values(): mono and grey
    formats between `paper` (0) and `ink` (full), colour formats as they are."""
    h, w = vals.shape
    if fmt == RGB565:
        r = (vals >> 11) & 31
        g = (vals >> 5) & 63
        b = vals & 31
        out = np.stack([(r * 255 + 15) // 31, (g * 255 + 31) // 63, (b * 255 + 15) // 31], axis=-1)
        return out.astype(np.uint8)
    if fmt == RGB888:
        return np.stack([(vals >> 16) & 255, (vals >> 8) & 255, vals & 255], axis=-1).astype(np.uint8)
    top = {MONO_VLSB: 1, MONO_HLSB: 1, MONO_HMSB: 1, GS2_HMSB: 3, GS4_HMSB: 15, GS8: 255}[fmt]
    f = (vals.astype(np.float32) / top)[:, :, np.newaxis]
    ink = np.array(ink, dtype=np.float32)
    paper = np.array(paper, dtype=np.float32)
    return (paper + (ink - paper) * f).round().astype(np.uint8)
