# The framebuf shim: the built-in `framebuf` on MicroPython (C, fast), the
# pure-Python copy in gfx/framebuf_py.py on CPython.  Import FrameBuffer and
# the format constants from here, never `framebuf` directly, so the same
# drawing code runs in the simulator and on the board.
try:
    from framebuf import FrameBuffer, MONO_VLSB, MONO_HLSB, MONO_HMSB, RGB565, GS2_HMSB, GS4_HMSB, GS8
    NATIVE = True
except ImportError:
    from gfx.framebuf_py import FrameBuffer, MONO_VLSB, MONO_HLSB, MONO_HMSB, RGB565, GS2_HMSB, GS4_HMSB, GS8  # type: ignore
    NATIVE = False


def size(width, height, format):
    """Bytes a buffer needs for a width x height frame in this format
    (no custom stride)."""
    if format == MONO_VLSB:
        return width * ((height + 7) >> 3)
    if format == MONO_HLSB or format == MONO_HMSB:
        return ((width + 7) >> 3) * height
    if format == GS2_HMSB:
        return ((width + 3) >> 2) * height
    if format == GS4_HMSB:
        return ((width + 1) >> 1) * height
    if format == GS8:
        return width * height
    if format == RGB565:
        return 2 * width * height
    raise ValueError("unknown framebuf format %r" % (format,))


def new(width, height, format):
    """A zeroed buffer and its FrameBuffer: (buf, fb)."""
    buf = bytearray(size(width, height, format))
    return buf, FrameBuffer(buf, width, height, format)
