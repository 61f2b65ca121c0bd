# CPython-only display figures (issue 5): the pure-Python framebuf's speed,
# which bounds how fast the simulator can draw.
import time

from gfx import framebuf_py as F


def _time(fn, n):
    t0 = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t0) * 1e6 / n


def bench_framebuf_py():
    out = []
    for name, w, h, fmt in (("matrix RGB565 16x16", 16, 16, F.RGB565),
                            ("oled MONO_VLSB 128x64", 128, 64, F.MONO_VLSB),
                            ("eink MONO_VLSB 296x128", 296, 128, F.MONO_VLSB)):
        buf = bytearray(w * h * 2)
        fb = F.FrameBuffer(buf, w, h, fmt)
        out.append(("framebuf_py fill %s" % name, round(_time(lambda: fb.fill(1), 5), 1), "us"))
        out.append(("framebuf_py line %s" % name, round(_time(lambda: fb.line(0, 0, w - 1, h - 1, 1), 20), 1), "us"))
    return out
