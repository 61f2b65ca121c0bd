# WS2812 LED matrix: an RGB565 frame buffer in, PIO words out.
#
# The renderer draws into `fb` (gfx.fb FrameBuffer, RGB565, x right, y down);
# show() maps each pixel to its place on the chain (serpentine or rows, from
# the board file), applies the brightness and the current cap, and hands one
# 32-bit word per LED to the output: an rp2 StateMachine running the PIO
# program of hal/rp2/ws2812.py (or its host recorder).  Never neopixel.write
# or machine.bitstream: they mask interrupts for the whole strip (~7.7 ms for
# 256 LEDs) and every slap timestamp taken meanwhile would be late.
#
# Word layout: 24 bits per LED, in the order they go on the wire, bit 0
# first: the PIO program shifts right and pulls every 24 bits.  So for GRB
# the word is rev(G) | rev(R) << 8 | rev(B) << 16, rev() reversing a byte's
# bits (the LED wants each byte MSB first).  Words stay below 2**24: small
# ints, nothing allocated per frame on the board, and DMA can send the array
# as is.
#
# Current model (WS2812B, 5 V): each LED draws IDLE_UA even when dark, plus
# up to MA_PER_CHANNEL mA per colour channel, linear in its 0..255 value.
# A frame's estimate is n * IDLE_UA + sum(channel values) * MA_PER_CHANNEL/255.
# show() scales every channel by the same factor when the estimate would pass
# the budget (board file display.max_ma), rounding down, so no frame sent can
# draw more than the budget by this model.
from array import array
from gfx import fb as gfb
from core.compat import const

IDLE_UA = const(1000)
MA_PER_CHANNEL = const(20)
# The brightness setting (1..5) -> channel scale: roughly even steps to the
# eye (perceived brightness grows about as the cube root of the light):
# (24, 56, 104, 168, 255), in set_brightness (a literal, no interned name).

# A byte's bits in reverse order, per byte value: a literal, so the frozen
# firmware keeps it in flash (built at import it was 272 B of the heap,
# issue 26); host_tests/portable/test_drivers_ws2812.py checks it.
REV = (
    b"\x00\x80\x40\xc0\x20\xa0\x60\xe0\x10\x90\x50\xd0\x30\xb0\x70\xf0"
    b"\x08\x88\x48\xc8\x28\xa8\x68\xe8\x18\x98\x58\xd8\x38\xb8\x78\xf8"
    b"\x04\x84\x44\xc4\x24\xa4\x64\xe4\x14\x94\x54\xd4\x34\xb4\x74\xf4"
    b"\x0c\x8c\x4c\xcc\x2c\xac\x6c\xec\x1c\x9c\x5c\xdc\x3c\xbc\x7c\xfc"
    b"\x02\x82\x42\xc2\x22\xa2\x62\xe2\x12\x92\x52\xd2\x32\xb2\x72\xf2"
    b"\x0a\x8a\x4a\xca\x2a\xaa\x6a\xea\x1a\x9a\x5a\xda\x3a\xba\x7a\xfa"
    b"\x06\x86\x46\xc6\x26\xa6\x66\xe6\x16\x96\x56\xd6\x36\xb6\x76\xf6"
    b"\x0e\x8e\x4e\xce\x2e\xae\x6e\xee\x1e\x9e\x5e\xde\x3e\xbe\x7e\xfe"
    b"\x01\x81\x41\xc1\x21\xa1\x61\xe1\x11\x91\x51\xd1\x31\xb1\x71\xf1"
    b"\x09\x89\x49\xc9\x29\xa9\x69\xe9\x19\x99\x59\xd9\x39\xb9\x79\xf9"
    b"\x05\x85\x45\xc5\x25\xa5\x65\xe5\x15\x95\x55\xd5\x35\xb5\x75\xf5"
    b"\x0d\x8d\x4d\xcd\x2d\xad\x6d\xed\x1d\x9d\x5d\xdd\x3d\xbd\x7d\xfd"
    b"\x03\x83\x43\xc3\x23\xa3\x63\xe3\x13\x93\x53\xd3\x33\xb3\x73\xf3"
    b"\x0b\x8b\x4b\xcb\x2b\xab\x6b\xeb\x1b\x9b\x5b\xdb\x3b\xbb\x7b\xfb"
    b"\x07\x87\x47\xc7\x27\xa7\x67\xe7\x17\x97\x57\xd7\x37\xb7\x77\xf7"
    b"\x0f\x8f\x4f\xcf\x2f\xaf\x6f\xef\x1f\x9f\x5f\xdf\x3f\xbf\x7f\xff")


def wire_bytes(word):
    """The three bytes an LED receives for a FIFO word (tests, docs)."""
    return bytes([REV[word & 255], REV[(word >> 8) & 255], REV[(word >> 16) & 255]])


def chain_index(x, y, width, layout):
    """Position on the LED chain of pixel (x, y).  `rows`: every row runs left
    to right; `serpentine`: odd rows run right to left (the usual wiring of
    flexible 16x16 panels)."""
    if layout == "serpentine" and (y & 1):
        return y * width + (width - 1 - x)
    return y * width + x


def estimate_ua(channel_sum, n_leds):
    """Current of a frame by the model above, in microamps."""
    return n_leds * IDLE_UA + channel_sum * MA_PER_CHANNEL * 1000 // 255


SCALE_ONE = const(1) << 16  # scales are 16-bit fractions: fine enough that a capped
                     # frame loses less than one value step per channel


def cap_scale(channel_sum, n_leds, budget_ma):
    """Scale (0..SCALE_ONE, SCALE_ONE = unchanged) that keeps a frame within
    budget_ma."""
    room = budget_ma * 1000 - n_leds * IDLE_UA
    if room <= 0:
        return 0
    need = channel_sum * MA_PER_CHANNEL * 1000 // 255
    if need <= room:
        return SCALE_ONE
    # Largest s with estimate(sum * s / SCALE_ONE) <= budget: the division
    # rounds down and so does every scaled channel, so the bound holds.
    # (One big-int product per frame on the board, none per pixel.)
    return room * 255 * SCALE_ONE // (channel_sum * MA_PER_CHANNEL * 1000)


class Ws2812Matrix:
    kind = "ws2812"

    def __init__(self, out, width, height, layout="serpentine", order="GRB", max_ma=500, brightness=255):
        self.out = out
        self.width = width
        self.height = height
        self.n = width * height
        self.layout = layout
        # (order only makes _sh below: 23 attributes fit a 23-slot table)
        self.max_ma = max_ma
        self.brightness = brightness
        self.format = gfb.RGB565
        self.buf, self.fb = gfb.new(width, height, gfb.RGB565)
        # One word array (1 KB for 256 LEDs): DMA streams the frame from it,
        # so show() waits for the previous frame to be off the wire (7.7 ms
        # after its start at most) before writing the next one's words.
        # The frozen matrix box's heap (issue 26: 40 KB per game) has no
        # room for a second array.
        self.words = array("I", [0] * self.n)
        # Where each pixel's word goes on the chain, computed once; a byte
        # each up to 256 LEDs (the 16x16 boards: 256 B of the frozen box's
        # 40 KB a game, issue 26), a half-word past that.
        self._place = array("B" if self.n <= 256 else "H", [chain_index(i % width, i // width, width, layout) for i in range(self.n)])
        # Bit position of R, G and B in the word (the first byte sent is at 0).
        self._sh = [8 * order.index(ch) for ch in "RGB"]
        self._tr = bytearray(32)
        self._tg = bytearray(64)
        self._tab_br = -1
        # prepare()'s per-pixel loop compiled, when the port can
        # (hal/rp2/parts.py plugs in drivers/ws2812_viper.py's)
        self.pack = None
        self.scale = SCALE_ONE
        self.frames = 0
        self.error = None
        self.last_ua = 0     # estimate of the last frame sent
        self.uncapped_ua = 0  # what it would have drawn without the cap

    # The same interface as the other displays (see hal/__init__.py).
    def busy(self):
        return False

    def set_brightness(self, level):
        """The box's brightness setting, 1 (dim) to 5 (full); the current
        cap still applies on top."""
        self.brightness = (24, 56, 104, 168, 255)[min(5, max(1, level)) - 1]

    def show(self, full=None):
        """Send the frame buffer now (hal/rp2/ws2812.Ws2812Out: through
        DMA it returns at once; interrupts stay on either way)."""
        while self.out.busy():
            pass        # the previous frame still on the wire: its words stay
        self.prepare()
        self.out.put(self.words)
        self.frames += 1

    def poll(self, now_ms=0):
        pass

    def prepare(self):
        """Frame buffer -> self.words, with brightness and the current cap."""
        br = self.brightness
        if br != self._tab_br:
            # the brightness folded into the RGB565 -> 8-bit tables: a
            # lookup per channel instead of a multiply and a division;
            # RGB565 -> 8-bit channel replicates the high bits into the
            # low ones so 31 maps to 255 and 0 to 0
            for v in range(32):
                self._tr[v] = ((v << 3) | (v >> 2)) * br // 255
            for v in range(64):
                self._tg[v] = ((v << 2) | (v >> 4)) * br // 255
            self._tab_br = br
        # One pass from the frame buffer to the words at full scale; a
        # second one, scaled, only for a frame over the current budget
        # (rare: a menu or a duel is mostly dark).  Nothing in between: the
        # words are the frame DMA streams from (issue 26: 1 ms a frame less
        # than through an RGB copy).
        sr, sg, sb = self._sh
        buf, words, place, n = self.buf, self.words, self._place, self.n
        tr, tg, rev = self._tr, self._tg, REV
        s = SCALE_ONE
        while True:
            if self.pack is not None:
                total = self.pack(buf, words, place, n, s, tr, tg, rev, sr, sg, sb)
            else:
                # (the loop drivers/ws2812_viper.py compiles; its locals are
                # no interned names, a function's arguments would be)
                total = 0
                for i in range(n):
                    c = buf[2 * i] | (buf[2 * i + 1] << 8)
                    r = tr[c >> 11] * s >> 16
                    g = tg[(c >> 5) & 63] * s >> 16
                    b = tr[c & 31] * s >> 16
                    total += r + g + b
                    words[place[i]] = (rev[r] << sr) | (rev[g] << sg) | (rev[b] << sb)
            if s != SCALE_ONE:
                break
            s = cap_scale(total, n, self.max_ma)
            self.scale = s
            self.uncapped_ua = estimate_ua(total, n)
            if s == SCALE_ONE:
                break
        self.last_ua = estimate_ua(total, self.n)
        return self.words

    def off(self):
        self.fb.fill(0)
        self.show()
