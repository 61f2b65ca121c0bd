# WS2812 matrix driver: PIO words for a known frame, pixel mapping from the
# board file, and the current cap (issue 5).
from drivers import ws2812
from drivers.ws2812 import Ws2812Matrix, estimate_ua
from hal.host.pio import HostStateMachine
from core.rng import Rng


def _pio_wire(words):
    """What the PIO program puts on the data line, modelled from its source:
    autopull every 24 bits, shift RIGHT (bit 0 first), each bit a pulse; the
    LED reads 8 bits MSB first per byte.  -> bytes received, in order."""
    out = []
    for w in words:
        bits = [(w >> i) & 1 for i in range(24)]
        for k in range(3):
            v = 0
            for b in bits[8 * k:8 * k + 8]:
                v = (v << 1) | b
            out.append(v)
    return bytes(out)


def _matrix(w, h, layout="serpentine", order="GRB", max_ma=5000):
    sm = HostStateMachine()
    return Ws2812Matrix(sm, w, h, layout, order, max_ma), sm


def test_ws2812_pio_words_for_a_known_frame():
    m, sm = _matrix(2, 2)
    m.fb.pixel(0, 0, 0xF800)   # red
    m.fb.pixel(1, 0, 0x001F)   # blue
    m.fb.pixel(1, 1, 0x8410)   # grey: r5=16 g6=32 b5=16 -> 132, 130, 132
    m.fb.pixel(0, 1, 0x07E0)   # green
    m.show()
    # Serpentine: row 1 runs right to left, so (1,1) is LED 2 and (0,1) LED 3.
    assert sm.last == [0x00FF00, 0xFF0000, 0x212141, 0x0000FF]
    assert _pio_wire(sm.last) == bytes([0, 255, 0,  0, 0, 255,  130, 132, 132,  255, 0, 0])
    assert ws2812.wire_bytes(sm.last[2]) == bytes([130, 132, 132])
    # Small ints only: a frame builds no big int on the board.
    assert max(sm.last) < 2 ** 24


def test_ws2812_rows_layout_and_rgb_order():
    m, sm = _matrix(3, 2, "rows", "RGB")
    m.fb.pixel(0, 1, 0xF800)
    m.show()
    assert _pio_wire(sm.last)[9:12] == bytes([255, 0, 0])  # LED 3, red first
    assert ws2812.chain_index(0, 1, 3, "rows") == 3
    assert ws2812.chain_index(0, 1, 3, "serpentine") == 5
    assert ws2812.chain_index(2, 2, 3, "serpentine") == 8


def test_ws2812_cap_brightest_frames_stay_within_budget():
    for budget in (500, 300, 1000):
        for color in (0xFFFF, 0xF800, 0x07E0, 0x001F, 0xFFE0):
            m, sm = _matrix(16, 16, max_ma=budget)
            m.fb.fill(color)
            m.show()
            assert m.last_ua <= budget * 1000, (budget, color, m.last_ua)
            assert m.uncapped_ua > budget * 1000
            # The cap takes what it must, not much more: within one value step per channel.
            lit = sum(ws2812.wire_bytes(w)[0] + ws2812.wire_bytes(w)[1] + ws2812.wire_bytes(w)[2]
                      for w in sm.last)
            assert estimate_ua(lit + 3 * 256, 256) > budget * 1000
    m, sm = _matrix(16, 16, max_ma=500)
    m.fb.fill(0xFFFF)
    m.show()
    # Uncapped, full white would draw 256 LEDs x (1 mA + 3 x 20 mA) = 15.6 A.
    assert m.uncapped_ua == 256 * 1000 + 3 * 256 * 20000 and m.last_ua <= 500000


def test_ws2812_cap_leaves_dim_frames_alone():
    m, sm = _matrix(16, 16, max_ma=500)
    m.fb.pixel(3, 3, 0xFFFF)
    m.show()
    assert m.scale == ws2812.SCALE_ONE and 0xFFFFFF in sm.last


def test_ws2812_random_frames_stay_within_budget():
    r = Rng(7)
    m, sm = _matrix(16, 16, max_ma=500)
    for _ in range(20):
        for i in range(256):
            m.buf[2 * i] = r.below(256)
            m.buf[2 * i + 1] = r.below(256)
        m.show()
        total = sum(sum(ws2812.wire_bytes(w)) for w in sm.last)
        assert estimate_ua(total, 256) <= 500 * 1000


def test_ws2812_brightness_scales_channels():
    m, sm = _matrix(1, 1)
    m.brightness = 128
    m.fb.pixel(0, 0, 0xFFFF)
    m.show()
    assert ws2812.wire_bytes(sm.last[0]) == bytes([128, 128, 128])


def test_ws2812_a_frame_on_the_wire_keeps_its_words_until_it_is_sent():
    # one word array (the frozen box's heap): show() waits while the output
    # is still busy with the previous frame before it writes the next words
    m, sm = _matrix(4, 4)
    m.show()
    sent = list(m.words)
    seen = []
    polls = [3]

    def busy():
        seen.append(list(m.words))      # what DMA would read meanwhile
        polls[0] -= 1
        return polls[0] > 0
    sm.busy = busy
    m.fb.fill(0xFFFF)
    m.show()
    assert len(seen) == 3 and all(w == sent for w in seen)   # untouched while busy
    assert max(sent) == 0 and sm.last == list(m.words) and max(m.words) > 0


def test_ws2812_viper_loops_are_the_plain_ones():
    """The board's compiled loop (drivers/ws2812_viper.py) gives the same
    words, scale and current as the plain ones, at every brightness, capped
    or not."""
    import sys
    if sys.implementation.name != "micropython":
        return   # CPython has no viper; the plain loop is the reference
    try:
        from drivers import ws2812_viper as V
    except Exception:
        return   # a port without the native emitters uses the plain loop
    rng = Rng(7)
    # 16x16: the place table a byte a LED; 24x16: past 256 LEDs, half-words
    for w, budget, br in ((16, 5000, 255), (16, 300, 255), (16, 500, 104), (16, 120, 24), (24, 900, 255)):
        a, sa = _matrix(w, 16, max_ma=budget)
        b, sb = _matrix(w, 16, max_ma=budget)
        assert len(bytes(a._place)) == w * 16 * (1 if w * 16 <= 256 else 2)
        b.pack = V.pack
        for m in (a, b):
            m.brightness = br
        for y in range(16):
            for x in range(w):
                c = rng.below(65536)
                a.fb.pixel(x, y, c)
                b.fb.pixel(x, y, c)
        a.show()
        b.show()
        assert list(sa.last) == list(sb.last), (budget, br)
        assert (a.scale, a.last_ua, a.uncapped_ua) == (b.scale, b.last_ua, b.uncapped_ua), (budget, br)


def test_ws2812_rev_table_reverses_the_bits_of_every_byte():
    # a literal (kept in flash by the frozen firmware): each entry its
    # index's bits in reverse order
    for v in range(256):
        want = 0
        for i in range(8):
            if v & (1 << i):
                want |= 1 << (7 - i)
        assert ws2812.REV[v] == want, v
    assert len(ws2812.REV) == 256
