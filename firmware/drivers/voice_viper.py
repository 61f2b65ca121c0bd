# The voice driver's widening loop (drivers.voice.expand) compiled by the
# viper emitter: the board widens 8,000 samples a second, and the bytecode
# loop would take a tenth of the CPU for it (bench/bench_voice.py).  Same
# result as the plain one (host_tests/portable/test_voice.py checks it under
# the MicroPython unix port).  MicroPython only; mpy-cross needs
# -march=armv6m for it (tools/mpy.py passes it).
import micropython


@micropython.viper
def expand(src, n: int, ring, pos: int, mask: int, vol: int):
    s = ptr8(src)
    d = ptr16(ring)
    i = 0
    while i < n:
        d[(pos + i) & mask] = 128 + (((s[i] - 128) * vol) >> 8)
        i += 1
