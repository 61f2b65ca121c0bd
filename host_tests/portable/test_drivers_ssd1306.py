# SSD1306 OLED driver (issue 5): the init sequence and page writes on I2C and
# SPI, and a panel that does not answer.
from hal import board
from hal.host.clock import VirtualClock
from hal.host.parts import open_display
from drivers import DisplayError, blink
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
    assert len(d.wire.i2c_writes()) == 3  # one page per poll, no more
    for _ in range(10):
        d.poll()
    w = d.wire.i2c_writes(0x3C)
    assert len(w) == 8 * 3 and not d.busy() and d.frames == 1
    for p in range(8):
        assert w[3 * p] == b"\x00\x21\x00\x7f"
        assert w[3 * p + 1] == bytes([0x00, 0x22, p, p])
        assert w[3 * p + 2] == b"\x40" + bytes(d.buf[p * 128:(p + 1) * 128])
    assert w[3 * 1 + 2][1:] == b"\x02" * 128


def test_ssd1306_unpaced_show_sends_the_whole_frame():
    d, b = _oled()
    d.wire.clear()
    d.fb.fill(1)
    d.show()
    w = d.wire.i2c_writes(0x3C)
    assert len(w) == 24 and not d.busy() and w[-1] == b"\x40" + b"\xff" * 128


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
    assert cmds[5][1][:1] == b"\x01" and len(cmds[5][1]) == 128


def test_ssd1306_128x32_uses_sequential_com_pins():
    seq = dict(init_sequence(128, 32))
    assert seq[0xDA] == b"\x02" and seq[0xA8] == b"\x1f"
