# gfx.fb: the same FrameBuffer API on both interpreters (built-in framebuf on
# MicroPython, gfx/framebuf_py.py on CPython).
from gfx import fb


def test_fb_new_sizes_the_buffer_for_each_format():
    assert fb.size(296, 128, fb.MONO_HLSB) == 37 * 128
    assert fb.size(128, 64, fb.MONO_VLSB) == 128 * 8
    assert fb.size(16, 16, fb.RGB565) == 512
    assert fb.size(13, 3, fb.GS4_HMSB) == 7 * 3
    buf, f = fb.new(16, 16, fb.RGB565)
    f.pixel(1, 0, 0xF800)
    assert buf[2] == 0x00 and buf[3] == 0xF8  # little-endian, like the board


def test_fb_mono_hlsb_bit_order():
    buf, f = fb.new(16, 2, fb.MONO_HLSB)
    f.pixel(0, 0, 1)
    f.pixel(9, 1, 1)
    assert buf[0] == 0x80 and buf[3] == 0x40
    assert f.pixel(0, 0) == 1 and f.pixel(1, 0) == 0 and f.pixel(99, 0) is None


def test_fb_blit_with_key_leaves_key_pixels():
    _, dst = fb.new(4, 4, fb.GS8)
    dst.fill(7)
    sb, src = fb.new(2, 2, fb.GS8)
    src.pixel(0, 0, 5)
    dst.blit(src, 1, 1, 0)
    assert dst.pixel(1, 1) == 5 and dst.pixel(2, 1) == 7 and dst.pixel(2, 2) == 7
