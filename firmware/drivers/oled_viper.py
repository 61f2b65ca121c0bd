# The OLED driver's change finder (drivers.ssd1306.changed) compiled by the
# viper emitter: a page's 128 bytes hashed in 16-byte runs each pass the
# driver looks for what changed, machine code instead of ~1,000 bytecode
# steps a frame.  Same results as the plain one
# (host_tests/portable/test_drivers_ssd1306.py checks it under the
# MicroPython unix port).  MicroPython only; mpy-cross needs -march=armv6m
# for it (tools/mpy.py passes it).
import micropython
from array import array


@micropython.viper
def changed(buf, a: int, w: int, sums, k: int, every: int) -> int:
    # (32-bit FNV-1a; its offset and the mask are built from halves: the
    # freezer miscompiles large viper literals, see pads/capture_viper.py.
    # The mask matters on a 64-bit port only: on the RP2040 it is all ones)
    src = ptr8(buf)
    s = ptr32(sums)
    m = 0xFFFF
    m = (m << 16) | 0xFFFF
    basis = 0x811C
    basis = (basis << 16) | 0x9DC5
    first = -1
    last = 0
    j = 0
    c = 0
    while c < w:
        e = c + 16
        if e > w:
            e = w
        h = basis
        i = a + c
        while i < a + e:
            h = ((h ^ src[i]) * 16777619) & m
            i += 1
        if every or (s[k + j] & m) != h:
            if first < 0:
                first = j
            last = j
            s[k + j] = h
        j += 1
        c = e
    if first < 0:
        return -1
    return first | (last << 8)


# Run once at import, as the other viper modules: a port whose viper
# decorator does nothing (CPython, a test's stand-in micropython) fails
# here (no ptr8), so core.compat.viper keeps the plain code (drivers.ssd1306)
changed(bytearray(16), 0, 16, array("I", [0]), 0, 1)
