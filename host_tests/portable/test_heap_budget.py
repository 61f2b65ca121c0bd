# What the box does to fit a small heap (docs/app.md, Memory), checked for
# behaviour: the host recorders stay bounded yet keep what tests read back,
# the board checker can leave the heap without the HAL noticing, and a log
# line is the same text as ever.
import sys

import hal
from core import log
from hal.host.bus import Wire, HostSPI
from hal.host.pio import HostStateMachine, KEEP

BOARDS = __file__.rsplit("/", 2)[0] + "/../boards"


def test_pio_keeps_the_last_frames_and_counts_every_put():
    sm = HostStateMachine()
    for k in range(KEEP + 5):
        sm.put([k, k + 1, k + 2], 8)
    assert sm.puts == KEEP + 5
    assert len(sm.frames) == KEEP
    assert sm.last == [(KEEP + 4) << 8, (KEEP + 5) << 8, (KEEP + 6) << 8]
    assert sm.frames[0] == [5 << 8, 6 << 8, 7 << 8]      # the oldest kept: put number 5
    # a frame of another length is a list of its own, never a reused one cut short
    sm.put([1, 2], 0)
    assert sm.last == [1, 2] and len(sm.frames) == KEEP
    sm.put(7, 1)
    assert sm.last == [14] and sm.puts == KEEP + 7


def test_pio_frame_already_read_is_not_overwritten_by_the_next_put():
    sm = HostStateMachine()
    sm.put([1, 2, 3])
    first = sm.last
    for _ in range(KEEP - 1):
        sm.put([4, 5, 6])
    assert first == [1, 2, 3]     # reused only KEEP puts later


def test_wire_copies_transfers_whole_unless_told_to_cut():
    w = Wire()
    spi = HostSPI(w, 0)
    buf = bytearray(range(200))
    spi.write(buf)
    buf[0] = 99
    assert w.events[-1] == ("spi", 0, bytes(range(200)))   # a copy, not a view
    w.max_copy = 16
    spi.write(buf)
    assert w.events[-1] == ("spi", 0, bytes([99]) + bytes(range(1, 16)))
    spi.write(b"\x01\x02")
    assert w.events[-1] == ("spi", 0, b"\x01\x02")       # short ones whole


def test_forget_board_checks_leaves_a_working_hal_and_reloads_on_demand():
    h = hal.open_host(BOARDS + "/pico_matrix.json")
    saved = sys.modules.get("hal.board")
    try:
        hal.forget_board_checks()
        assert "hal.board" not in sys.modules
        # the Board the checker made is plain data: the HAL goes on
        assert h.board.n_pads >= 2 and h.board.pad_pins() and h.board.uses()
        h.display.fb.fill(1)
        h.display.show()
        h.clock.advance(100000)
        h.poll()
        assert h.display.error is None
        # an import loads the checker again
        from hal import board as again
        b = again.load(BOARDS + "/pico_oled.json")
        assert b.display.kind == "ssd1306"
    finally:
        # put back the module the other tests of this process imported
        if saved is not None:
            sys.modules["hal.board"] = saved
            hal.board = saved


def test_l_log_lines_are_built_the_same_without_fragment_tables():
    assert log.line(12, "flip", (1, "10H", True)) == '{"t":12,"ev":"flip","p":1,"card":"10H","up":true}'
    assert log.line(0, "end", ([0], "last", [52, 0], None)) == \
        '{"t":0,"ev":"end","winners":[0],"reason":"last","cards":[52,0]}'
    assert log.line(3, "take", (0, ['a"b', "c\\d", "e\nf"])) == \
        '{"t":3,"ev":"take","p":0,"cards":["a\\"b","c\\\\d","e\\u000af"]}'
