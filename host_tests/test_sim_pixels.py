# The window reads the firmware's frame buffer itself: its decoding of every
# framebuf format must agree with MicroPython's own framebuf, pixel by pixel.
import json

import numpy as np
import pytest

from mp import run
from sim import pixels

W, H = 21, 13   # odd sizes catch stride and padding mistakes

DRAW = """
import framebuf, json
fmt = %d
bpp = {0: 1, 3: 1, 4: 1, 1: 16, 6: 8, 2: 4, 5: 2}[fmt]
if fmt == 0:
    size = ((%d + 7) // 8) * %d
else:
    size = (%d * bpp + 7) // 8 * %d
buf = bytearray(size)
fb = framebuf.FrameBuffer(buf, %d, %d, fmt)
top = (1 << bpp) - 1
fb.fill(0)
fb.line(0, 0, %d, %d, top)
fb.rect(2, 3, 9, 6, top // 2 if top > 1 else 1)
fb.pixel(%d - 1, %d - 1, top)
fb.pixel(5, 11, 1)
vals = [[fb.pixel(x, y) for x in range(%d)] for y in range(%d)]
print(json.dumps({"buf": list(buf), "vals": vals}))
"""


@pytest.mark.parametrize("fmt", [pixels.MONO_VLSB, pixels.MONO_HLSB, pixels.MONO_HMSB,
                                 pixels.RGB565, pixels.GS8, pixels.GS4_HMSB, pixels.GS2_HMSB])
def test_sim_pixels_match_micropython_framebuf(fmt):
    out = json.loads(run(DRAW % (fmt, H, W, W, H, W, H, W - 1, H - 1, W, H, W, H)))
    got = pixels.values(bytes(out["buf"]), W, H, fmt)
    assert got.tolist() == out["vals"]
    assert got.max() > 0


def test_sim_pixels_rgb565_colours():
    buf = np.array([0xF800, 0x07E0, 0x001F, 0xFFFF], dtype="<u2").tobytes()
    col = pixels.rgb(pixels.values(buf, 4, 1, pixels.RGB565), pixels.RGB565)
    assert col[0].tolist() == [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]


def test_sim_pixels_too_small_buffer_is_a_clear_error():
    with pytest.raises(ValueError, match="too small"):
        pixels.values(bytes(3), 16, 16, pixels.RGB565)
