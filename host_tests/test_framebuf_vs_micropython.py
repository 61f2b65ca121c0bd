# The pure-Python framebuf (gfx/framebuf_py.py) against MicroPython's real
# built-in framebuf (unix port): the same drawing calls must leave the same
# bytes in the buffer, for every format, odd sizes, strides and clipping.
import random

from mp import run

FORMATS = ("MONO_VLSB", "MONO_HLSB", "MONO_HMSB", "RGB565", "GS8", "GS2_HMSB", "GS4_HMSB")
MAXCOL = {"MONO_VLSB": 3, "MONO_HLSB": 3, "MONO_HMSB": 3, "RGB565": 0x1FFFF,
          "GS8": 0x1FF, "GS2_HMSB": 7, "GS4_HMSB": 31}
SIZES = ((16, 16, None), (13, 11, None), (29, 9, 35), (8, 20, None), (1, 1, None), (70, 37, 75))


def _bufsize(fmt, w, h, stride):
    s = stride or w
    bits = {"RGB565": 16, "GS8": 8, "GS2_HMSB": 2, "GS4_HMSB": 4}.get(fmt, 1)
    if fmt == "MONO_VLSB":
        return s * ((h + 7) // 8)
    return ((s + 7) * bits // 8 + 2) * h


def _calls(r, fmt, w, h):
    """A random drawing program: about 25 calls, coordinates running off
    every edge so clipping is exercised."""
    c = lambda: r.randrange(0, MAXCOL[fmt] + 1)  # noqa: E731
    X = lambda: r.randrange(-w // 2 - 2, w + w // 2 + 2)  # noqa: E731
    Y = lambda: r.randrange(-h // 2 - 2, h + h // 2 + 2)  # noqa: E731
    n = lambda m: r.randrange(-2, m + 3)  # noqa: E731
    out = ["fb.fill(%d)" % c()]
    for _ in range(25):
        k = r.randrange(12)
        if k == 0:
            out.append("fb.pixel(%d, %d, %d)" % (X(), Y(), c()))
        elif k == 1:
            out.append("fb.hline(%d, %d, %d, %d)" % (X(), Y(), n(w), c()))
        elif k == 2:
            out.append("fb.vline(%d, %d, %d, %d)" % (X(), Y(), n(h), c()))
        elif k == 3:
            out.append("fb.line(%d, %d, %d, %d, %d)" % (X(), Y(), X(), Y(), c()))
        elif k == 4:
            out.append("fb.rect(%d, %d, %d, %d, %d)" % (X(), Y(), n(w), n(h), c()))
        elif k == 5:
            out.append("fb.rect(%d, %d, %d, %d, %d, True)" % (X(), Y(), n(w), n(h), c()))
        elif k == 6:
            out.append("fb.fill_rect(%d, %d, %d, %d, %d)" % (X(), Y(), n(w), n(h), c()))
        elif k == 7:
            out.append("fb.ellipse(%d, %d, %d, %d, %d, %r, %d)" % (X(), Y(), r.randrange(0, w), r.randrange(0, h), c(),
                                                                 r.random() < 0.5, r.randrange(16)))
        elif k == 8:
            out.append("fb.ellipse(%d, %d, %d, %d, %d)" % (X(), Y(), r.randrange(0, w), r.randrange(0, h), c()))
        elif k == 9:
            out.append("fb.scroll(%d, %d)" % (r.randrange(-w + 1, w), r.randrange(-h + 1, h)))
        elif k == 10:
            out.append("fb.blit(src, %d, %d, %d)" % (X(), Y(), r.choice((-1, 0, 1, c()))))
        else:
            out.append("fb.blit(src, %d, %d, -1, pal)" % (X(), Y()))
        out.append("got.append(fb.pixel(%d, %d))" % (X(), Y()))
    return out


def _program(seed):
    r = random.Random(seed)
    lines = ["import binascii", "res = []"]
    for fmt in FORMATS:
        for w, h, stride in SIZES:
            args = "buf, %d, %d, F.%s" % (w, h, fmt) + (", %d" % stride if stride else "")
            lines.append("buf = bytearray(%d)" % _bufsize(fmt, w, h, stride))
            lines.append("fb = F.FrameBuffer(%s)" % args)
            lines.append("got = []")
            # A mono source with a pattern, and a GS8 palette mapping 0/1 to colours.
            lines.append("sb = bytearray(%d)" % (7 * 2))
            lines.append("src = F.FrameBuffer(sb, 7, 5, F.MONO_HLSB)")
            lines.append("src.line(0, 0, 6, 4, 1); src.pixel(3, 0, 1); src.rect(1, 1, 3, 3, 1)")
            lines.append("pb = bytearray(2); pal = F.FrameBuffer(pb, 2, 1, F.GS8)")
            lines.append("pal.pixel(0, 0, %d); pal.pixel(1, 0, %d)" % (r.randrange(256), r.randrange(256)))
            lines += _calls(r, fmt, w, h)
            lines.append("res.append('%s %dx%d ' + binascii.hexlify(buf).decode() + ' ' + repr(got))" % (fmt, w, h))
    lines.append("print('\\n'.join(res))")
    return "\n".join(lines) + "\n"


def _cpython(code):
    import io
    import contextlib
    from gfx import framebuf_py
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, {"F": framebuf_py})
    return out.getvalue()


def test_framebuf_py_matches_micropython_byte_for_byte():
    for seed in (1, 2, 3):
        code = _program(seed)
        mp_out = run("import framebuf as F\n" + code).splitlines()
        py_out = _cpython(code).splitlines()
        assert len(mp_out) == len(FORMATS) * len(SIZES)
        for a, b in zip(mp_out, py_out):
            assert a == b, "framebuf_py differs from MicroPython:\n mp %s\n py %s" % (a, b)


def test_framebuf_py_refuses_a_small_buffer_like_micropython():
    from gfx import framebuf_py as F
    for fmt, need in (("MONO_VLSB", 16 * 2), ("MONO_HLSB", 2 * 16), ("RGB565", 512), ("GS8", 256)):
        try:
            F.FrameBuffer(bytearray(need - 1), 16, 16, getattr(F, fmt))
        except ValueError:
            pass
        else:
            raise AssertionError(fmt + " accepted a buffer one byte short")
        F.FrameBuffer(bytearray(need), 16, 16, getattr(F, fmt))
    out = run("import framebuf as F\ntry:\n F.FrameBuffer(bytearray(31), 16, 16, F.MONO_VLSB)\nexcept ValueError:\n print('refused')\n")
    assert out.strip() == "refused"
