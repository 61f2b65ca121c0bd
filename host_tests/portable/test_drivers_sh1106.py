# SH1106 OLED driver and the board file's rotate/mirror (issue 28 item 3):
# the SH1106's init, its page addressing with the 2-column offset, a wrong
# kind/rotate/mirror refused with the key and the values allowed, and the
# turn applied below the renderer (drivers/orient.py) on the matrix and the
# OLEDs.
from hal import board
from hal.host.clock import VirtualClock
from hal.host.parts import open_display
from drivers import orient
from drivers.sh1106 import init_sequence

BOARDS = __file__.rsplit("/", 2)[0] + "/../boards"


def _refused(d):
    try:
        board.validate(d)
    except board.BoardError as e:
        return str(e)
    raise AssertionError("accepted: %r" % (d,))


def _with_display(path, **keys):
    import json
    with open(path) as f:
        d = json.load(f)
    for k, v in keys.items():
        d["display"][k] = v
    return d


def _sh1106(**keys):
    b = board.validate(_with_display(BOARDS + "/pico_sh1106.json", **keys))
    return open_display(b, VirtualClock()), b


def test_sh1106_board_file_loads_as_an_oled_with_the_sh1106_layout():
    b = board.load(BOARDS + "/pico_sh1106.json")
    assert b.display.kind == "ssd1306" and b.display.layout == "sh1106"
    assert b.display.freq == 400000
    assert board.load(BOARDS + "/pico_oled.json").display.layout == "ssd1306"


def test_sh1106_init_turns_its_dc_dc_on_and_sends_no_ssd1306_only_command():
    d, b = _sh1106()
    assert d.ready and d.error is None and d.chip == "SH1106"
    w = d.wire.i2c_writes(0x3C)
    sent = [x[1] for x in w if x[:1] == b"\x00"]
    assert sent[0] == 0xAE and sent[-1] == 0xAF
    assert b"\x00\xad\x8b" in w                     # DC-DC on
    # memory mode, column/page windows and the charge pump are SSD1306 commands
    assert not [x for x in w if x[:1] == b"\x00" and x[1] in (0x20, 0x21, 0x22, 0x8D)]


def test_sh1106_pages_start_at_ram_column_2():
    d, b = _sh1106()
    d.wire.clear()
    d.fb.fill(0)
    d.fb.pixel(0, 0, 1)
    d.show_now()
    w = d.wire.i2c_writes(0x3C)
    assert len(w) == 16
    for p in range(8):
        assert w[2 * p] == bytes([0x00, 0xB0 | p, 0x02, 0x10])   # page p, column 2
        assert len(w[2 * p + 1]) == 129
    d.wire.clear()
    d.fb.pixel(127, 63, 1)                                      # page 7, glass column 127
    d.show_now()
    w = d.wire.i2c_writes(0x3C)
    # its run of 16 columns, 112-127: from RAM column 114 = 0x72, so the
    # lit one lands in RAM column 129
    assert w == [bytes([0x00, 0xB7, 0x02, 0x17]), b"\x40" + bytes(15) + b"\x80"]


def test_sh1106_silent_panel_names_the_sh1106():
    b = board.load(BOARDS + "/pico_sh1106.json")
    d = open_display(b, VirtualClock(), answers=False)
    assert "the SH1106 does not answer" in str(d.error)


def test_board_refuses_an_unknown_display_kind_naming_the_sh1106():
    e = _refused(_with_display(BOARDS + "/pico_sh1106.json", kind="sh1107"))
    assert "display.kind 'sh1107' is unknown" in e and "sh1106" in e


def test_board_refuses_a_rotate_that_is_not_a_quarter_turn():
    for bad in (45, "90", True, -90):
        e = _refused(_with_display(BOARDS + "/pico_matrix.json", rotate=bad))
        assert "display.rotate" in e and "0, 90, 180 or 270" in e, e


def test_board_refuses_a_mirror_that_is_not_true_or_false():
    for bad in (1, "yes", "x"):
        e = _refused(_with_display(BOARDS + "/pico_oled.json", mirror=bad))
        assert "display.mirror" in e and "true" in e and "false" in e, e


def test_board_refuses_a_quarter_turn_of_a_mono_panel_with_its_reason():
    e = _refused(_with_display(BOARDS + "/pico_oled.json", rotate=90))
    assert "display.rotate 90" in e and "0 or 180" in e and "mirror" in e


def test_orient_place_is_a_turn_then_a_mirror():
    # the picture's top-left pixel on the glass, for the eight ways up
    w, h = 4, 2
    corners = {}
    for r in (0, 90, 180, 270):
        for m in (False, True):
            gw, gh = orient.size(w, h, r)
            seen = set()
            for y in range(h):
                for x in range(w):
                    gx, gy = orient.place(x, y, w, h, r, m)
                    assert 0 <= gx < gw and 0 <= gy < gh
                    seen.add((gx, gy))
            assert len(seen) == w * h           # a permutation of the pixels
            corners[(r, m)] = orient.place(0, 0, w, h, r, m)
    assert corners[(0, False)] == (0, 0)
    assert corners[(90, False)] == (1, 0)       # turned clockwise: top-left goes top-right
    assert corners[(180, False)] == (3, 1)
    assert corners[(270, False)] == (0, 3)
    assert corners[(0, True)] == (3, 0)
    assert corners[(180, True)] == (0, 1)


def test_orient_flips_are_the_turn_as_two_mirrors():
    assert [orient.flips(r, m) for r in (0, 180) for m in (False, True)] == [0, 1, 3, 2]


def _matrix(rotate, mirror, layout="rows", w=16, h=16):
    d = {"name": "m", "module": "pico", "pads": [{"pin": 2}, {"pin": 3}],
         "display": {"kind": "ws2812", "width": w, "height": h, "pin": 22, "layout": layout,
                     "rotate": rotate, "mirror": mirror}}
    return open_display(board.validate(d), VirtualClock())


def test_matrix_turn_is_folded_into_its_chain_table():
    from drivers.ws2812 import chain_index
    for r in (0, 90, 180, 270):
        for m in (False, True):
            d = _matrix(r, m, "serpentine", 8, 4)
            w, h = d.width, d.height
            assert (w, h) == orient.size(8, 4, r)   # the renderer draws the picture's size
            for i in range(d.n):
                gx, gy = orient.place(i % w, i // w, w, h, r, m)
                assert d._place[i] == chain_index(gx, gy, 8, "serpentine")


def test_matrix_rotated_sends_the_red_corner_where_the_turn_puts_it():
    d = _matrix(90, False)
    d.fb.fill(0)
    d.fb.pixel(0, 0, 0xF800)                   # the self-test's red block corner
    d.show()
    lit = [i for i, v in enumerate(d.words) if v]
    assert lit == [15]                         # rows layout: glass (15, 0)


def test_oled_turned_180_or_mirrored_sets_the_controller_remaps():
    for r, m, seg, com in ((0, False, 0xA1, 0xC8), (180, False, 0xA0, 0xC0),
                           (0, True, 0xA0, 0xC8), (180, True, 0xA1, 0xC0)):
        for path in ("/pico_oled.json", "/pico_sh1106.json"):
            b = board.validate(_with_display(BOARDS + path, rotate=r, mirror=m))
            d = open_display(b, VirtualClock())
            cmds = [x[1] for x in d.wire.i2c_writes(0x3C) if len(x) == 2]
            assert seg in cmds and (seg ^ 1) not in cmds, (path, r, m)
            assert com in cmds and (com ^ 8) not in cmds, (path, r, m)
            assert d.flip == orient.flips(r, m)


def test_sh1106_init_flips_match_the_ssd1306_ones():
    seq = dict(init_sequence(128, 64, False, 3))
    assert 0xA0 in seq and 0xC0 in seq and seq[0xA8] == b"\x3f"
