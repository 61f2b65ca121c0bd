# SSD1306 OLED driver (issue 5): the init sequence and page writes on I2C and
# SPI, and a panel that does not answer.
import sys

from hal import board
from hal.host.clock import VirtualClock
from hal.host.parts import open_display
from drivers import DisplayError, blink
from drivers import ssd1306
from drivers.ssd1306 import init_sequence

BOARDS = __file__.rsplit("/", 2)[0] + "/../boards"

INIT_128x64 = [b"\x00\xae", b"\x00\x20\x00", b"\x00\x40", b"\x00\xa1", b"\x00\xa8\x3f", b"\x00\xc8",
               b"\x00\xd3\x00", b"\x00\xda\x12", b"\x00\xd5\x80", b"\x00\xd9\xf1", b"\x00\xdb\x30",
               b"\x00\x81\xff", b"\x00\xa4", b"\x00\xa6", b"\x00\x8d\x14", b"\x00\xaf"]


def _oled(answers=True, spi=False):
    b = board.load(BOARDS + "/pico_oled.json")
    if spi:
        b = board.validate({"name": "spi oled", "module": "pico",
                            "pads": [{"pin": 2}, {"pin": 3}],
                            "display": {"kind": "ssd1306", "width": 128, "height": 64, "bus": "spi", "spi": 0,
                                        "sck": 18, "mosi": 19, "cs": 17, "dc": 20, "rst": 21}})
    clock = VirtualClock()
    return open_display(b, clock, answers=answers), b


def glass(writes, ram=None):
    """The controller's RAM (128x64, horizontal addressing) after these I2C
    writes: its column and page windows (21h, 22h) and the data they take."""
    ram = bytearray(1024) if ram is None else ram
    c0 = col = 0
    c1 = 127
    page = 0
    for w in writes:
        if w[0] == 0x00 and len(w) == 7 and w[1] == 0x21 and w[4] == 0x22:
            c0 = col = w[2]
            c1 = w[3]
            page = w[5]
        elif w[0] == 0x40:
            for x in w[1:]:
                ram[page * 128 + col] = x
                col += 1
                if col > c1:
                    col = c0
                    page += 1
    return ram


def test_ssd1306_i2c_init_sequence():
    d, b = _oled()
    assert d.ready and d.error is None
    assert d.wire.i2c_writes(0x3C) == INIT_128x64


def test_ssd1306_i2c_page_writes_one_per_poll():
    d, b = _oled()
    d.paced = True   # the loop polls (Hal.poll sets it)
    d.wire.clear()
    d.fb.fill(0)
    d.fb.hline(0, 9, 128, 1)   # page 1, bit 1
    d.show()
    assert d.busy()
    d.poll()
    assert len(d.wire.i2c_writes()) == 2  # one page per poll, no more: its window, its bytes
    for _ in range(10):
        d.poll()
    w = d.wire.i2c_writes(0x3C)
    # the first frame goes whole: the controller's RAM holds noise at power-on
    assert len(w) == 8 * 2 and not d.busy() and d.frames == 1
    for p in range(8):
        assert w[2 * p] == bytes([0x00, 0x21, 0x00, 0x7F, 0x22, p, p])
        assert w[2 * p + 1] == b"\x40" + bytes(d.buf[p * 128:(p + 1) * 128])
    assert w[2 * 1 + 1][1:] == b"\x02" * 128


def test_ssd1306_sends_only_the_changed_pages_and_columns():
    # issue 26: a frame that changes a few columns of one page sends the
    # runs of 16 columns that hold them, of that page, nothing else
    d, b = _oled()
    d.fb.fill(0)
    d.show()
    assert d.frames == 1
    d.wire.clear()
    d.fb.fill_rect(40, 20, 8, 3, 1)   # rows 20-22: page 2, columns 40-47 (run 32-47)
    d.fb.pixel(90, 23, 1)             # page 2 too, column 90 (run 80-95)
    d.show()
    w = d.wire.i2c_writes(0x3C)
    assert w == [bytes([0x00, 0x21, 32, 95, 0x22, 2, 2]), b"\x40" + bytes(d.buf[2 * 128 + 32:2 * 128 + 96])]
    assert d.frames == 2
    d.wire.clear()
    d.show()                          # nothing changed: nothing sent, still a frame
    assert d.wire.i2c_writes() == [] and d.frames == 3 and not d.busy()
    d.fb.pixel(127, 63, 1)            # the last run of the last page
    d.fb.pixel(0, 0, 1)               # the first of the first
    d.show()
    w = d.wire.i2c_writes(0x3C)
    assert w == [bytes([0x00, 0x21, 0, 15, 0x22, 0, 0]), b"\x40" + bytes(d.buf[0:16]),
                 bytes([0x00, 0x21, 112, 127, 0x22, 7, 7]), b"\x40" + bytes(d.buf[7 * 128 + 112:1024])]


def test_ssd1306_the_glass_holds_the_frame_after_many_changes():
    # every frame's changes, whatever they are, leave the controller's RAM
    # equal to the frame buffer (replayed from what went over the wire)
    d, b = _oled()
    d.paced = True
    ram = bytearray(1024)
    seed = 12345
    for frame in range(40):
        for _ in range(frame % 7):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            d.fb.fill_rect(seed % 128, (seed >> 8) % 64, 1 + (seed >> 16) % 20, 1 + (seed >> 20) % 9,
                           (seed >> 24) & 1)
        d.wire.clear()
        d.show()
        if frame % 3:
            d.poll()                  # a show before the last went out: sent from where it is
            d.show()
        while d.busy():
            d.poll()
        glass(d.wire.i2c_writes(0x3C), ram)
        assert ram == d.buf, frame


def test_ssd1306_changed_is_the_plain_one_on_the_board():
    # drivers.oled_viper.changed (the board's) finds and hashes as the plain
    # code does; the plain one alone on CPython (no viper)
    from array import array
    try:
        from drivers.oled_viper import changed as vchanged
    except Exception:
        vchanged = None
    if sys.implementation.name == "micropython":
        assert vchanged is not None and ssd1306.changed is vchanged   # the unix port runs viper
    buf = bytearray(256)
    for i in range(256):
        buf[i] = (i * 37 + 11) & 0xFF
    for w in (128, 64, 72, 8):
        a = array("I", range(16))
        b = array("I", range(16))
        r = ssd1306.changed_plain(buf, 100, w, a, 2, 0)
        assert r == ((w + 15) // 16 - 1) << 8, (w, r)                      # all differ from 0..15
        assert ssd1306.changed_plain(buf, 100, w, a, 2, 0) == -1         # as sent: none
        assert ssd1306.changed_plain(buf, 100, w, a, 2, 1) == r          # every: all
        if vchanged is not None:
            assert vchanged(buf, 100, w, b, 2, 0) == r, w
            assert list(a) == list(b), w
            assert vchanged(buf, 100, w, b, 2, 0) == -1
        buf[100 + w - 1] ^= 1                                               # its last byte
        assert ssd1306.changed_plain(buf, 100, w, a, 2, 0) == ((w - 1) // 16) * 257
        if vchanged is not None:
            assert vchanged(buf, 100, w, b, 2, 0) == ((w - 1) // 16) * 257
            assert list(a) == list(b)
    assert a[0] == 0 and a[1] == 1        # before k: not touched


def test_ssd1306_a_show_while_pages_are_pending_sends_what_the_glass_lacks():
    d, b = _oled()
    d.paced = True
    d.fb.fill(0)
    d.show_now()
    d.fb.fill_rect(0, 0, 4, 64, 1)    # every page, columns 0-3
    d.show()
    d.poll()
    d.poll()                          # pages 0 and 1 out
    d.fb.fill_rect(0, 0, 4, 64, 0)    # drawn back before the rest went out
    before = d.wire.i2c_writes(0x3C)
    d.wire.clear()
    d.show_now()
    w = d.wire.i2c_writes(0x3C)
    # pages 0 and 1 go back to dark, pages 2-7 never left the controller's RAM
    assert [x[5] for x in w[0::2]] == [0, 1]
    assert glass(before + w) == d.buf


def test_ssd1306_unpaced_show_sends_the_whole_frame():
    d, b = _oled()
    d.wire.clear()
    d.fb.fill(1)
    d.show()
    w = d.wire.i2c_writes(0x3C)
    assert len(w) == 16 and not d.busy() and w[-1] == b"\x40" + b"\xff" * 128


def test_ssd1306_no_answer_gives_a_clear_error_and_blink_code():
    d, b = _oled(answers=False)
    e = d.error
    assert isinstance(e, DisplayError) and e.code == blink.DISPLAY_NO_ANSWER
    assert "0x3C" in str(e) and "GP26" in str(e) and "does not answer" in str(e)
    d.show()
    d.poll()   # given up: no exception, nothing sent
    assert d.wire.i2c_writes() == []


def test_ssd1306_spi_init_and_frame():
    d, b = _oled(spi=True)
    cmds = d.wire.commands(b.display.dc, b.display.cs)
    want = []
    for c, data in init_sequence(128, 64):
        want.append((c, b""))
        for x in data or b"":
            want.append((x, b""))   # over SPI, arguments are command bytes too (D/C low)
    assert cmds == want
    d.wire.clear()
    d.fb.pixel(0, 0, 1)
    d.show_now()
    cmds = d.wire.commands(b.display.dc, b.display.cs)
    assert cmds[:5] == [(0x21, b""), (0, b""), (127, b""), (0x22, b""), (0, b"")]
    assert cmds[5][0] == 0 and cmds[5][1][:1] == b"\x01" and len(cmds[5][1]) == 128   # page 0 to 0, then data


def test_ssd1306_128x32_uses_sequential_com_pins():
    seq = dict(init_sequence(128, 32))
    assert seq[0xDA] == b"\x02" and seq[0xA8] == b"\x1f"
