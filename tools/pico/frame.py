"""A picture shown by a display, as the controller models produce it and the
tests compare it: width x height pixels, 1 = lit (OLED) or ink (e-ink).

The controller models (tools/pico/ssd1306.py, ssd1680.py) turn bus traffic
into Frames, and tools/pico/displays.py turns the host HAL's frame buffer
into one, so a test compares the two with == and, when they differ, says
where with diff().  CPython only (a tool, not firmware).
"""

# BIT[b]: a translate() table giving bit b of each byte (0 or 1)
BIT = [bytes((v >> b) & 1 for v in range(256)) for b in range(8)]
# MSB8[v]: the 8 bits of v, most significant first, one byte each
MSB8 = [bytes((v >> (7 - i)) & 1 for i in range(8)) for v in range(256)]
FLIP = bytes(v ^ 1 if v < 2 else v for v in range(256))   # 0 <-> 1


class Frame:
    """pix: bytes, row-major, one byte per pixel (0 or 1).  t_us: when it
    reached the glass (emulated time, None when the traffic had no times);
    kind: what made it ("full"/"partial" refresh, "transfer", "on"...)."""

    __slots__ = ("width", "height", "pix", "t_us", "kind")

    def __init__(self, width, height, pix, t_us=None, kind=None):
        if len(pix) != width * height:
            raise ValueError("frame %dx%d needs %d pixels, got %d" % (width, height, width * height, len(pix)))
        self.width = width
        self.height = height
        self.pix = bytes(pix)
        self.t_us = t_us
        self.kind = kind

    @classmethod
    def from_vlsb(cls, buf, width, height, t_us=None, kind=None):
        """From a MONO_VLSB buffer (framebuf's layout, the renderer's: a byte
        is 8 pixels of a column, least significant bit on top)."""
        need = (height + 7) // 8 * width
        if len(buf) < need:
            raise ValueError("MONO_VLSB %dx%d needs %d bytes, got %d" % (width, height, need, len(buf)))
        buf = bytes(buf)
        rows = []
        for y in range(height):
            p = (y >> 3) * width
            rows.append(buf[p:p + width].translate(BIT[y & 7]))
        return cls(width, height, b"".join(rows), t_us, kind)

    def at(self, x, y):
        return self.pix[y * self.width + x]

    def lit(self):
        """How many pixels are on (ink)."""
        return self.pix.count(1)

    def __eq__(self, other):
        return (isinstance(other, Frame) and self.width == other.width and self.height == other.height
                and self.pix == other.pix)

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = None

    def diff(self, other):
        """'' when equal, else one line: the size mismatch, or how many
        pixels differ, where the first one is and the bounding box."""
        if self.width != other.width or self.height != other.height:
            return "size %dx%d vs %dx%d" % (self.width, self.height, other.width, other.height)
        bad = [i for i in range(len(self.pix)) if self.pix[i] != other.pix[i]]
        if not bad:
            return ""
        xs = [i % self.width for i in bad]
        ys = [i // self.width for i in bad]
        i = bad[0]
        return "%d pixels differ, first at (%d,%d) %d vs %d, within x %d..%d y %d..%d" % (
            len(bad), i % self.width, i // self.width, self.pix[i], other.pix[i], min(xs), max(xs), min(ys), max(ys))

    def text(self, on="#", off="."):
        """The picture as lines of characters (for a failing test's output)."""
        w = self.width
        return "\n".join("".join(on if c else off for c in self.pix[y * w:(y + 1) * w]) for y in range(self.height))

    def __repr__(self):
        return "<Frame %dx%d %s lit=%d t=%s>" % (self.width, self.height, self.kind, self.lit(), self.t_us)
