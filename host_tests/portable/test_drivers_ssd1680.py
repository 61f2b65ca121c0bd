# SSD1680 e-ink driver (issue 5): the command sequences on the SPI wire, the
# full-every-N schedule, and waiting on BUSY without ever blocking; a panel
# mounted turned (board file rotate 180 / mirror, issue 28): where a pixel
# of the picture lands on the glass, walked from the RAM addressing sent.
from tinytest import raises
from hal import board
from hal.host.clock import VirtualClock
from hal.host.parts import open_display
from drivers.ssd1680 import FULL_US, PARTIAL_US
from drivers import DisplayError, blink

BOARDS = __file__.rsplit("/", 2)[0] + "/../boards"


def _eink(stuck=False, full_every=None, rotate=0, mirror=False):
    b = board.load(BOARDS + "/pico_eink.json")
    if full_every is not None:
        b.display.full_every = full_every
    if rotate or mirror:
        import json
        with open(BOARDS + "/pico_eink.json") as f:
            dd = json.load(f)
        dd["display"]["rotate"] = rotate
        dd["display"]["mirror"] = mirror
        b = board.validate(dd)
    clock = VirtualClock(5000000)
    d = open_display(b, clock, busy_stuck=stuck)
    return d, clock, b


def _run(d, clock, us, step=10000):
    """Poll every `step` us for `us` us, as the main loop would."""
    end = clock.now + us
    while clock.now < end:
        t = clock.now
        d.poll()
        assert clock.now == t  # poll() never sleeps
        clock.advance(step)


def _cmds(d, b):
    return d.wire.commands(b.display.dc, b.display.cs)


def test_ssd1680_init_sequence():
    d, clock, b = _eink()
    _run(d, clock, 100000)
    assert d.ready and not d.busy()
    pins = [ev[1:] for ev in d.wire.events if ev[0] == "pin" and ev[1] == b.display.rst]
    assert pins == [(12, 0), (12, 1)]  # hardware reset pulse first
    assert _cmds(d, b) == [
        (0x12, b""),                       # software reset
        (0x01, bytes([0x27, 0x01, 0x00])),  # 296 gate lines
        (0x11, b"\x06"),                   # Y first, X down: the MONO_VLSB order
        (0x44, bytes([15, 0])),            # RAM X: byte 15 down to 0 (128 sources)
        (0x45, bytes([0, 0, 0x27, 0x01])),  # RAM Y: line 0 to 295
        (0x3C, b"\x05"),
        (0x21, b"\x88\x80"),               # 1 = ink
        (0x18, b"\x80"),
    ]


def test_ssd1680_full_refresh_sends_the_frame_buffer_and_waits_without_blocking():
    d, clock, b = _eink()
    _run(d, clock, 100000)
    d.wire.clear()
    d.fb.fill(0)
    d.fb.rect(10, 10, 50, 30, 1)
    d.show()
    d.poll()
    c = _cmds(d, b)
    assert [x[0] for x in c] == [0x44, 0x4E, 0x4F, 0x24, 0x44, 0x4E, 0x4F, 0x26, 0x22, 0x20]
    assert c[0][1] == bytes([15, 0]) and c[4][1] == bytes([15, 0])    # every page
    assert c[3][1] == bytes(d.buf) and len(c[3][1]) == 296 * 128 // 8
    assert c[8][1] == b"\xf7"
    # Busy for the refresh: the loop goes on, nothing more is sent.
    _run(d, clock, FULL_US - 20000)
    assert d.busy() and len(_cmds(d, b)) == 10
    _run(d, clock, 40000)
    assert not d.busy() and d.refreshes == ["full"]


def test_ssd1680_partial_refreshes_then_a_full_one_every_n():
    d, clock, b = _eink(full_every=3)
    _run(d, clock, 100000)
    for _ in range(9):
        d.show()
        _run(d, clock, FULL_US + 20000)
    assert d.refreshes == ["full", "partial", "partial", "partial", "full", "partial", "partial", "partial", "full"]
    seqs = [x[1] for x in _cmds(d, b) if x[0] == 0x22]
    assert seqs == [b"\xf7", b"\xff", b"\xff", b"\xff", b"\xf7", b"\xff", b"\xff", b"\xff", b"\xf7"]
    assert [a[1] for a in d.panel.activations] == d.refreshes


def test_ssd1680_partial_refresh_keeps_the_old_image_in_red_ram_after():
    d, clock, b = _eink()
    _run(d, clock, 100000)
    d.show()
    _run(d, clock, FULL_US + 20000)
    d.wire.clear()
    d.fb.pixel(5, 5, 1)
    d.show()
    _run(d, clock, PARTIAL_US + 20000)
    c = _cmds(d, b)
    assert [x[0] for x in c] == [0x44, 0x4E, 0x4F, 0x24, 0x22, 0x20, 0x44, 0x4E, 0x4F, 0x26]
    assert c[4][1] == b"\xff" and c[9][1] == bytes(d.buf)


def test_ssd1680_partial_refresh_of_some_rows_sends_only_their_pages():
    # issue 26: a menu's two changed rows (gfx.canvas cv.rows) go out as
    # the pages that hold them, in an X window of the RAM, before 20h; the
    # red RAM gets the same pages after; a second show while busy merges
    d, clock, b = _eink()
    _run(d, clock, 100000)
    d.show()
    _run(d, clock, FULL_US + 20000)
    d.wire.clear()
    d.fb.fill_rect(0, 18, 296, 16, 1)
    d.dirty = (18, 34)
    d.show()
    _run(d, clock, PARTIAL_US + 20000)
    c = _cmds(d, b)
    assert [x[0] for x in c] == [0x44, 0x4E, 0x4F, 0x24, 0x22, 0x20, 0x44, 0x4E, 0x4F, 0x26]
    assert c[0][1] == bytes([13, 11]) and c[1][1] == bytes([13])     # pages 2-4: X bytes 13 down to 11
    assert c[3][1] == bytes(d.buf[2 * 296:5 * 296]) and c[9][1] == c[3][1]
    d.wire.clear()
    for rows in ((0, 4), (100, 110), (60, 70)):     # busy after the first: queued, merged
        d.dirty = rows
        d.show()
    _run(d, clock, 2 * PARTIAL_US + 40000)
    w = [x[1] for x in _cmds(d, b) if x[0] == 0x44]
    assert w == [bytes([15, 15]), bytes([15, 15]), bytes([8, 2]), bytes([8, 2])]


def test_ssd1680_show_while_busy_is_queued_and_merged():
    d, clock, b = _eink()
    _run(d, clock, 100000)
    d.show()
    d.poll()
    d.show()
    d.show(full=True)
    d.show()
    _run(d, clock, 2 * FULL_US + 100000)
    assert d.refreshes == ["full", "full"]


def test_ssd1680_busy_never_released_gives_a_clear_error():
    d, clock, b = _eink(stuck=True)
    _run(d, clock, 1900000)
    assert d.error is None  # still within the init timeout
    _run(d, clock, 200000)
    e = d.error
    assert isinstance(e, DisplayError) and e.code == blink.DISPLAY_BUSY_STUCK
    assert "BUSY (GP13)" in str(e) and "stayed high" in str(e)
    d.show()   # given up: no traffic, no exception
    d.poll()


def test_ssd1680_refuses_a_height_not_in_bytes():
    from drivers.ssd1680 import Ssd1680
    assert "multiple of 8" in str(raises(ValueError, Ssd1680, None, None, None, None, 296, 100))


def _glass_ink(cmds, w=296, h=128):
    """The glass pixels (x = gate, y = h-1-source: the upright panel's
    picture) a full refresh inks, walked from the commands as the SSD1680
    takes them: data entry mode (11h, Y first), the windows (44h, 45h), the
    counters (4Eh, 4Fh), then the black/white RAM's bytes (24h), RAM X byte
    k bit 7 being source 8k."""
    last = {}
    for c, data in cmds:
        last[c] = data
    entry = last[0x11][0]
    assert entry & 4, "Y first"
    xs, ys = last[0x4E][0], last[0x4F][0] | (last[0x4F][1] << 8)
    xw, yw = last[0x44], last[0x45]
    assert (xw[0], yw[0] | (yw[1] << 8)) == (xs, ys)   # the counters start the windows
    assert abs(xw[1] - xw[0]) == h // 8 - 1 and abs((yw[2] | (yw[3] << 8)) - ys) == w - 1
    data = last[0x24]
    assert len(data) == w * h // 8
    ink = set()
    for i in range(len(data)):
        v = data[i]
        if not v:
            continue
        g = ys + (i % w) if entry & 2 else ys - (i % w)
        k = xs + (i // w) if entry & 1 else xs - (i // w)
        for j in range(8):
            if v & (0x80 >> j):
                ink.add((g, h - 1 - (8 * k + j)))
    return ink


# picture pixels: corners, one off every byte boundary, one in the middle
DOTS = [(0, 0), (295, 0), (0, 127), (3, 5), (200, 77), (17, 8), (150, 63)]


def _shown(rotate, mirror):
    d, clock, b = _eink(rotate=rotate, mirror=mirror)
    _run(d, clock, 100000)
    d.fb.fill(0)
    for x, y in DOTS:
        d.fb.pixel(x, y, 1)
    d.show()
    d.poll()
    return d, b, _cmds(d, b)


def test_ssd1680_upright_puts_each_pixel_where_the_picture_has_it():
    d, b, c = _shown(0, False)
    assert _glass_ink(c) == set(DOTS)


def test_ssd1680_turned_180_shows_the_picture_upside_down_on_the_glass():
    d, b, c = _shown(180, False)
    assert d.flip == 3
    assert _glass_ink(c) == set([(295 - x, 127 - y) for x, y in DOTS])


def test_ssd1680_mirrored_swaps_left_and_right_by_its_gate_order_alone():
    d, b, c = _shown(0, True)
    assert _glass_ink(c) == set([(295 - x, y) for x, y in DOTS])
    # the columns only: the frame buffer goes out as it is, in one write
    assert [x[1] for x in c if x[0] == 0x24] == [bytes(d.buf)]


def test_ssd1680_turned_180_and_mirrored_is_upside_down_only():
    d, b, c = _shown(180, True)
    assert _glass_ink(c) == set([(x, 127 - y) for x, y in DOTS])


def test_ssd1680_flipped_rows_go_out_a_page_at_a_time_through_one_row_buffer():
    d, clock, b = _eink(rotate=180)
    _run(d, clock, 100000)
    row = d._row
    assert len(row) == 296          # one page, not a second frame buffer
    for n in range(3):              # a full refresh, then partial ones
        d.wire.clear()
        d.fb.pixel(10 + n, 20, 1)
        d.show()
        _run(d, clock, FULL_US + 20000)
        assert d._row is row
        sent = [ev for ev in d.wire.events if ev[0] == "spi"]
        pages = [ev for ev in sent if len(ev[2]) == 296]
        assert len(pages) == 2 * 16                # both RAMs, 16 pages each
    assert d.refreshes == ["full", "partial", "partial"]
    # the frame buffer itself is left as the renderer drew it
    assert d.fb.pixel(12, 20) == 1 and d.fb.pixel(283, 107) == 0


def test_board_takes_an_eink_turned_180_or_mirrored_but_not_a_quarter_turn():
    d, clock, b = _eink(rotate=180, mirror=True)
    assert (b.display.rotate, b.display.mirror) == (180, True)
    import json
    with open(BOARDS + "/pico_eink.json") as f:
        dd = json.load(f)
    dd["display"]["rotate"] = 270
    e = str(raises(board.BoardError, board.validate, dd))
    assert "display.rotate 270" in e and "ssd1680" in e and "0 or 180" in e
