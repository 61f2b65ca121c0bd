# The WS2812 driver's two per-pixel loops (drivers.ws2812.channels and
# pack) compiled by the viper emitter.  In bytecode they cost the board
# ~25 ms a frame on the emulated RP2040, half the 50 ms in which a press
# must show on the display; compiled, about a millisecond (bench/host_pico.py).
# Same results as the plain ones (host_tests/portable/test_drivers_ws2812.py
# checks it under the MicroPython unix port).  MicroPython only; mpy-cross
# needs -march=armv6m for it (tools/mpy.py passes it).  hal/rp2/parts.py
# hands them to the driver.
import micropython


@micropython.viper
def channels(buf, rgb, n: int, tr, tg) -> int:
    s = ptr8(buf)
    d = ptr8(rgb)
    r5 = ptr8(tr)
    g6 = ptr8(tg)
    total = 0
    i = 0
    while i < n:
        c = s[2 * i] | (s[2 * i + 1] << 8)
        r = r5[c >> 11]
        g = g6[(c >> 5) & 63]
        b = r5[c & 31]
        d[3 * i] = r
        d[3 * i + 1] = g
        d[3 * i + 2] = b
        total += r + g + b
        i += 1
    return total


@micropython.viper
def pack(rgb, words, place, n: int, s: int, rev, sr: int, sg: int, sb: int) -> int:
    src = ptr8(rgb)
    w = ptr32(words)
    pl = ptr16(place)
    rv = ptr8(rev)
    total = 0
    i = 0
    while i < n:
        r = (src[3 * i] * s) >> 16
        g = (src[3 * i + 1] * s) >> 16
        b = (src[3 * i + 2] * s) >> 16
        total += r + g + b
        w[pl[i]] = (rv[r] << sr) | (rv[g] << sg) | (rv[b] << sb)
        i += 1
    return total


# Run once at import: a port whose viper decorator does nothing fails here
# (no ptr8), so core.compat.viper keeps the plain loops (hal/rp2/parts.py).
channels(bytes(2), bytearray(3), 1, bytes(32), bytes(64))
