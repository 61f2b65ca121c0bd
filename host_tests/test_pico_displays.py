# The display controller models of the emulator harness (tools/pico/ssd1306.py,
# ssd1680.py; issue 12): fed the traffic the host HAL records, they must give
# back the host frame buffer pixel for pixel, for every screen of the three
# games on the OLED and e-ink boards; and they follow the datasheets where our
# drivers do not go (other addressing and entry modes, remaps, partial
# refreshes against a stale previous image, deep sleep, unknown commands).
import pytest

from tools.pico.frame import Frame
from tools.pico.ssd1306 import Ssd1306
from tools.pico.ssd1680 import Ssd1680
from tools.pico import displays

SHORT = {
    "bataille": ["--length", "12"],
    "batawaf": ["--length", "12"],
    "tape": ["--rounds", "1", "--tempo", "500", "--settle", "300"],
}
BOTS = ["--bots", "300,100,0.02,0.05"]


def play_all(board, game, seed=3):
    h = displays.HostScreens(board, game, seed, BOTS + SHORT[game])
    b = h.box
    while not b.finished and not b.failed and b.clock.now < 3600e6:
        h.step(250000)
    h.step(3000000)          # the end screen, all of it sent
    assert not b.failed, b.failed
    assert b.finished
    h.close()
    return h


@pytest.mark.parametrize("board,game", [("pico_eink", "bataille"), ("pico_eink", "batawaf"),
                                        ("pico_eink", "tape"), ("pico_eink_flipped", "batawaf")])
def test_ssd1680_model_shows_every_host_screen_of_a_game_on_pico_eink(board, game):
    # pico_eink_flipped: rotate 180, the gate lines walked backwards and each
    # byte bit-reversed by the driver, the host picture turned by drivers/orient.py
    h = play_all(board, game)
    m = h.model
    assert m.problems == []
    shots = [pic for _, pic, _ in h.host_frames]
    assert len(m.frames) == len(shots) > 10
    kinds = set()
    for k, (pic, got) in enumerate(zip(shots, m.frames)):
        assert got == pic, "refresh %d (%s): %s" % (k, got.kind, got.diff(pic))
        kinds.add(got.kind)
    # partial refreshes were decoded against the previous image, full ones too
    assert kinds == {"full", "partial"}
    assert {st for st, _, _ in h.host_frames} >= {"join", "play", "end"}


@pytest.mark.parametrize("board,game", [("pico_oled", "bataille"), ("pico_oled", "batawaf"),
                                        ("pico_oled", "tape"), ("pico_sh1106", "bataille"),
                                        ("pico_sh1106", "tape"), ("pico_oled_flipped", "batawaf")])
def test_ssd1306_model_shows_every_host_screen_of_a_game_on_pico_oled(board, game):
    # pico_sh1106: the SH1106 model; pico_oled_flipped: rotate 180 done by
    # the controller's remaps, the host picture turned by drivers/orient.py
    h = play_all(board, game)
    m = h.model
    assert m.problems == []
    sent = [f for f in m.frames if f.kind == "transfer"]
    assert sent                 # the first frame went whole
    # then only the changed pages (issue 26): the bottom one seldom changes
    assert len([f for f in m.frames if f.kind == "page"]) > 10
    # each picture that went out whole is the frame buffer of the last show()
    # before it, and each show() reached the glass unless a newer one came
    # before its last page went out
    for i, f in enumerate(m.frames):
        if f.kind != "transfer":
            continue
        before = [pic for _, pic, n in h.host_frames if n <= i]
        assert before, "model frame %d before any show()" % i
        assert f == before[-1], "model frame %d: %s" % (i, f.diff(before[-1]))
    shown = 0
    for k, (_, pic, n) in enumerate(h.host_frames):
        nxt = h.host_frames[k + 1][2] if k + 1 < len(h.host_frames) else len(m.frames)
        # reached the glass by its own transfers, or the glass had it already
        # (a show() that changed nothing sends nothing)
        shown += any(m.frames[j] == pic for j in range(max(0, n - 1), nxt))
    assert shown == len(h.host_frames)
    assert {st for st, _, _ in h.host_frames} >= {"menu", "join", "play", "end"}


@pytest.mark.parametrize("board", ["pico_oled", "pico_eink"])
def test_host_frame_is_the_home_menu_the_model_decodes(board):
    pic = displays.host_frame(board, "menu")
    h = displays.HostScreens(board)
    h.step(2000000)
    st, first, _ = h.host_frames[0]
    assert st == "menu" and first == pic
    sent = [f for f in h.model.frames if f.kind in ("transfer", "full")]
    assert sent[0] == pic
    assert 0.05 < pic.lit() / float(pic.width * pic.height) < 0.8
    # nobody pressed: the home menu's selection is the default game's, as on
    # a board that just booted (the simulator's bots would have moved it)
    from app import settings
    a = h.box.app
    assert (a.menus.menu_name, a.menus.sel) == ("home", settings.GAME_NAMES.index(settings.defaults()["game"]))
    assert h.box.pads.levels == 0
    h.close()


def test_host_frame_names_the_states_it_saw_when_the_state_never_comes():
    with pytest.raises(LookupError, match="menu"):
        displays.host_frame("pico_oled", "play", within_us=1000000)


def test_ssd1306_model_over_spi_matches_the_driver():
    from hal import board
    from hal.host.clock import VirtualClock
    from hal.host.parts import open_display
    b = board.validate({"name": "spi oled", "module": "pico", "pads": [{"pin": 2}, {"pin": 3}],
                        "display": {"kind": "ssd1306", "width": 128, "height": 64, "bus": "spi", "spi": 0,
                                    "sck": 18, "mosi": 19, "cs": 17, "dc": 20, "rst": 21}})
    d = open_display(b, VirtualClock())
    m, tap = displays.for_board(b)
    d.fb.fill(0)
    d.fb.rect(3, 5, 20, 9, 1)
    d.fb.line(0, 63, 127, 0, 1)
    d.show_now()
    displays.feed_wire(tap, d.wire.events)
    want = Frame.from_vlsb(d.buf, 128, 64)
    assert m.problems == [] and m.frames[-1] == want and want.lit() > 150
    # CS high: the controller ignores what goes by
    tap.pin(b.display.cs, 1)
    tap.spi(b"\xae")
    assert m.on and tap.ignored == 1


def test_ssd1680_model_catches_a_driver_that_forgets_the_previous_image():
    # Drop the red-RAM writes (26h and its data) from the host traffic: the
    # partial refreshes then compare against a stale image and the model's
    # glass goes wrong, as a real panel's would.
    h = displays.HostScreens("pico_eink", "batawaf", 3, BOTS + SHORT["batawaf"])
    b = h.box
    m = Ssd1680(296, 128)
    tap = displays.SpiTap(m, b.board.display.dc, b.board.display.cs, b.board.display.rst)
    dc = b.board.display.dc
    events = []
    orig = h.tap

    class Both:
        def pin(self, g, v, t=None):
            events.append(("pin", g, v))
            orig.pin(g, v)

        def spi(self, data, t=None):
            events.append(("spi", 0, data))
            orig.spi(data)

        def i2c(self, a, data, t=None):
            pass
    h.tap = Both()
    while not b.finished and b.clock.now < 600e6:
        h.step(250000)
    h.close()
    skip = False
    level = 0
    for ev in events:
        if ev[0] == "pin" and ev[1] == dc:
            level = ev[2]
        if ev[0] == "spi":
            if level == 0:
                skip = ev[2] == b"\x26"
            if skip:
                continue
        displays.feed_wire(tap, [ev])
    shots = [pic for _, pic, _ in h.host_frames]
    assert len(m.frames) == len(shots)
    wrong = [k for k, (f, pic) in enumerate(zip(m.frames, shots)) if f != pic]
    assert wrong and all(m.frames[k].kind == "partial" for k in wrong)


# ---- SSD1306, against the datasheet -------------------------------------

def oled():
    m = Ssd1306(128, 64)
    for c in (0xAE, 0x20, 0x00, 0xA1, 0xA8, 0x3F, 0xC8, 0xDA, 0x12, 0x8D, 0x14, 0xAF):
        m.i2c_write(bytes([0x00, c]))
    return m


def test_ssd1306_model_vertical_addressing_fills_columns_down_the_pages():
    m = oled()
    m.i2c_write(b"\x00\x20\x01\x21\x04\x05\x22\x02\x03")
    m.i2c_write(b"\x40" + bytes([1, 2, 3, 4]))
    r = m.ram
    assert (r[2 * 128 + 4], r[3 * 128 + 4], r[2 * 128 + 5], r[3 * 128 + 5]) == (1, 2, 3, 4)
    m.i2c_write(b"\x40\x05")
    assert r[2 * 128 + 4] == 5 and m.problems == []     # the window wrapped to its start


def test_ssd1306_model_page_addressing_wraps_within_the_page():
    m = oled()
    m.i2c_write(b"\x00\x20\x02\xb3\x0e\x17")              # page 3, column 0x7E
    m.i2c_write(b"\x40\x11\x22\x33")
    r = m.ram
    assert (r[3 * 128 + 126], r[3 * 128 + 127], r[3 * 128 + 0]) == (0x11, 0x22, 0x33)
    assert r[4 * 128] == 0


def test_ssd1306_model_horizontal_transfer_to_the_last_byte_is_a_frame():
    m = oled()
    n = len(m.frames)
    m.i2c_write(b"\x00\x21\x00\x7f\x22\x00\x07")
    m.i2c_write(b"\x40" + b"\x01" * 1023)
    assert [f.kind for f in m.frames[n:]] == ["page"]      # one byte short of the picture
    m.i2c_write(b"\x40\x80")
    assert [f.kind for f in m.frames[n:]] == ["page", "transfer"]
    f = m.frames[-1]
    assert f.at(0, 0) == 1 and f.at(0, 1) == 0 and f.at(127, 63) == 1 and f.at(127, 56) == 0 and f.at(126, 56) == 1


def test_ssd1306_model_continuation_bit_takes_one_byte_per_control_byte():
    m = Ssd1306()
    m.i2c_write(b"\x80\x8d\x80\x14\x80\xaf\xc0\x5a")
    assert m.pump and m.on and m.ram[0] == 0x5A and m.problems == []


def test_ssd1306_model_remap_scan_inverse_and_power_change_the_picture():
    m = oled()
    m.i2c_write(b"\x00\x21\x00\x7f\x22\x00\x07")
    m.i2c_write(b"\x40" + b"\x01" + bytes(1023))          # one pixel: column 0, row 0
    assert m.picture().at(0, 0) == 1
    m.i2c_write(b"\x00\xa0")
    assert m.picture().at(127, 0) == 1                     # segments not remapped: mirrored
    m.i2c_write(b"\x00\xa1\xc0")
    assert m.picture().at(0, 63) == 1                      # COM scan up: upside down
    m.i2c_write(b"\x00\xc8\xa7")
    p = m.picture()
    assert p.at(0, 0) == 0 and p.lit() == 128 * 64 - 1     # inverse
    m.i2c_write(b"\x00\xa6\xa5")
    assert m.picture().lit() == 128 * 64                   # entire display on
    m.i2c_write(b"\x00\xa4\x8d\x10")
    assert m.picture().lit() == 0                          # no charge pump: dark
    m.i2c_write(b"\x00\x8d\x14\xae")
    assert m.picture().lit() == 0
    m.i2c_write(b"\x00\xaf\x41")
    assert m.picture().at(0, 63) == 1                      # start line 1: row 0 wraps to the bottom
    assert m.ram_frame().at(0, 0) == 1


def test_ssd1306_model_reports_what_it_does_not_model():
    m = oled()
    m.i2c_write(b"\x00\x26\x00\x00\x00\x07\x00\xff\x2f")
    m.i2c_write(b"\x00\xda\x02")
    m.i2c_write(b"\x00\x99")
    m.i2c_write(b"\x00\x81")                               # contrast, its argument missing
    m.i2c_write(b"\x40\x00")
    text = "\n".join(m.problems)
    assert "26h" in text and "2Fh" in text and "COM pins 0x02" in text
    assert "unknown command 0x99" in text and "0x81 waits" in text


def test_ssd1306_model_refuses_a_panel_the_controller_cannot_drive():
    with pytest.raises(ValueError, match="does not fit"):
        Ssd1306(128, 65)


# ---- SH1106, against the datasheet -------------------------------------

def sh1106():
    from tools.pico.sh1106 import Sh1106
    m = Sh1106(128, 64)
    for c in (0xAE, 0xA1, 0xA8, 0x3F, 0xC8, 0xDA, 0x12, 0xAD, 0x8B, 0xAF):
        m.i2c_write(bytes([0x00, c]))
    return m


def test_sh1106_model_page_addressing_over_132_columns():
    m = sh1106()
    m.i2c_write(b"\x00\xb3\x02\x18")                      # page 3, column 0x82 = 130
    m.i2c_write(b"\x40\x11\x22")
    assert (m.ram[3 * 132 + 130], m.ram[3 * 132 + 131]) == (0x11, 0x22) and m.problems == []
    m.i2c_write(b"\x40\x33")                               # past column 131
    assert "past column 131" in m.problems[-1]


def test_sh1106_model_glass_shows_ram_columns_2_to_129():
    m = sh1106()
    m.i2c_write(b"\x00\xb0\x00\x10")
    m.i2c_write(b"\x40\x01\x01\x01")                      # columns 0, 1, 2, row 0
    f = m.picture()
    assert f.lit() == 1 and f.at(0, 0) == 1                # columns 0 and 1 are off the glass
    m.i2c_write(b"\x00\xa0")                               # ADC normal: mirrored, same two hidden
    f = m.picture()
    assert f.lit() == 1 and f.at(127, 0) == 1
    # the last byte of the glass's area (page 7, column 129) ends a picture
    m.i2c_write(b"\x00\xb7\x01\x18\xa1")
    n = len(m.frames)
    m.i2c_write(b"\x40\x80")
    assert m.frames[n].kind == "transfer" and m.frames[n].at(127, 63) == 1


def test_sh1106_model_reports_ssd1306_commands_and_a_dark_dc_dc():
    m = sh1106()
    m.i2c_write(b"\x00\x20\x00")
    m.i2c_write(b"\x00\x8d\x14")
    text = "\n".join(m.problems)
    assert "20h: the SSD1306's memory addressing mode is not an SH1106 command" in text
    assert "8Dh" in text
    m.i2c_write(b"\x00\xb0\x02\x10\x40")
    m.i2c_write(b"\x40\xff")
    assert m.picture().lit() == 8
    m.i2c_write(b"\x00\xad\x8a")                          # DC-DC off: dark
    assert m.picture().lit() == 0


# ---- SSD1680, against the datasheet -------------------------------------

def eink(entry=0x03):
    m = Ssd1680(296, 128)
    cmd = lambda c, *d: (m.spi_write(0, bytes([c])), m.spi_write(1, bytes(d)) if d else None)  # noqa: E731
    cmd(0x12)
    cmd(0x01, 0x27, 0x01, 0x00)
    cmd(0x11, entry)
    return m, cmd


def test_ssd1680_model_x_first_entry_fills_gate_lines_across():
    m, cmd = eink(0x03)
    cmd(0x44, 0, 15)
    cmd(0x45, 0, 0, 0x27, 0x01)
    cmd(0x4E, 14)
    cmd(0x4F, 0, 0)
    cmd(0x24, 0x00, 0x7F, 0xAA)
    assert m.bw[14] == 0x00 and m.bw[15] == 0x7F and m.bw[22 + 0] == 0xAA   # X wrapped, Y moved on
    cmd(0x22, 0xF7)
    cmd(0x20)
    f = m.frames[-1]
    assert f.kind == "full" and m.problems == []
    # RAM X 14 bits: sources 112..119 -> y = 127 - s; gate 0 -> x = 0
    assert all(f.at(0, 127 - s) == 1 for s in range(112, 120))
    assert f.at(0, 127 - 120) == 1 and f.at(0, 127 - 121) == 0   # 0x7F: bit 7 black, the rest white
    assert f.at(1, 127 - 0) == 0 and f.at(1, 127 - 1) == 1       # 0xAA on gate 1
    assert f.lit() == 8 + 1 + 4


def test_ssd1680_model_decrementing_windows_wrap_at_their_end():
    m, cmd = eink(0x04)                    # Y first, X and Y counting down
    cmd(0x44, 2, 1)
    cmd(0x45, 5, 0, 3, 0)
    cmd(0x4E, 2)
    cmd(0x4F, 5, 0)
    cmd(0x24, 1, 2, 3, 4, 5, 6, 7)
    b = m.bw
    at = lambda x, y: b[y * 22 + x]        # noqa: E731
    assert [at(2, 5), at(2, 4), at(2, 3), at(1, 5), at(1, 4), at(1, 3), at(2, 5)] == [7, 2, 3, 4, 5, 6, 7]
    assert m.problems == []


def test_ssd1680_model_partial_refresh_drives_only_what_changed_from_the_red_ram():
    m, cmd = eink(0x03)
    cmd(0x21, 0x00, 0x80)
    cmd(0x4E, 0)
    cmd(0x4F, 0, 0)
    cmd(0x24, 0x00)                        # gate 0, sources 0..7 black
    cmd(0x22, 0xF7)
    cmd(0x20)
    assert m.frames[-1].lit() == 8
    # partial: white again in black/white RAM, but the red RAM (the image
    # before) says white too, so these pixels are not driven: still black
    cmd(0x4E, 0)
    cmd(0x4F, 0, 0)
    cmd(0x24, 0xFF)
    cmd(0x4E, 0)
    cmd(0x4F, 0, 0)
    cmd(0x26, 0xFF)
    cmd(0x22, 0xFF)
    cmd(0x20)
    assert m.frames[-1].kind == "partial" and m.frames[-1].lit() == 8
    assert m.ram_frame().lit() == 0
    # with the previous image in the red RAM, the partial refresh clears them
    cmd(0x4E, 0)
    cmd(0x4F, 0, 0)
    cmd(0x26, 0x00)
    cmd(0x20)
    assert m.frames[-1].lit() == 0


def test_ssd1680_model_update_control_1_inverts_and_bypasses_ram():
    m, cmd = eink(0x03)
    cmd(0x21, 0x88, 0x80)                  # both RAMs read inverted: 1 = black, as our driver sets
    cmd(0x24, 0x80)
    cmd(0x22, 0xF7)
    cmd(0x20)
    # 0x80 inverted: source 0 black, 1..7 white; the rest of the RAM, white
    # at power-on (0xFF), reads black once inverted
    f = m.frames[-1]
    assert f.at(0, 127) == 1 and f.at(0, 126) == 0 and f.lit() == 296 * 128 - 7
    cmd(0x21, 0x04, 0x80)                  # black/white RAM bypassed as 0: all black
    cmd(0x20)
    assert m.frames[-1].lit() == 296 * 128


def test_ssd1680_model_needs_clock_analog_and_a_waveform_to_refresh():
    m, cmd = eink(0x03)
    cmd(0x22, 0x04)                        # display only: clock and analog never enabled
    cmd(0x20)
    assert m.frames == [] and "clock or analog" in m.problems[-1]
    cmd(0x22, 0xC4)                        # enabled, but no waveform loaded (no 10h bit, no 32h)
    cmd(0x20)
    assert m.frames == [] and "no waveform" in m.problems[-1]
    cmd(0x22, 0xF7)
    cmd(0x20)
    assert len(m.frames) == 1


def test_ssd1680_model_deep_sleep_ignores_commands_until_reset():
    m, cmd = eink(0x03)
    cmd(0x24, 0x00)
    cmd(0x10, 0x01)                        # mode 1: RAM kept
    cmd(0x22, 0xF7)
    assert "deep sleep" in m.problems[-1]
    m.reset()
    assert m.bw[0] == 0x00 and m.entry == 0x03
    cmd(0x10, 0x03)                        # mode 2: RAM lost
    m.reset()
    assert m.bw[0] == 0x00 and not any(m.bw)


def test_ssd1680_model_software_reset_keeps_ram_and_restores_registers():
    m, cmd = eink(0x06)
    cmd(0x4E, 3)
    cmd(0x24, 0x12)
    cmd(0x12)
    assert m.bw[3] == 0x12 and m.entry == 0x03 and (m.x, m.y) == (0, 0) and m.busy_us() > 0


def test_ssd1680_model_gate_scan_from_the_last_gate_mirrors_the_picture():
    m, cmd = eink(0x03)
    cmd(0x01, 0x27, 0x01, 0x04)            # TB: scan from G295
    cmd(0x21, 0x00, 0x80)
    cmd(0x24, 0x7F)
    cmd(0x22, 0xF7)
    cmd(0x20)
    assert m.frames[-1].at(295, 127) == 1 and m.frames[-1].at(0, 127) == 0


def test_ssd1680_model_reports_unknown_commands_and_wrong_parameter_counts():
    m, cmd = eink(0x03)
    cmd(0x99, 1, 2)
    cmd(0x44, 0)                           # one of its two bytes
    cmd(0x11, 3, 3)                        # one too many
    m.spi_write(1, b"\x00")
    text = "\n".join(m.problems)
    assert "unknown command 0x99" in text
    assert "0x44 got 1 parameter" in text
    assert "past the 1 it takes" in text


def test_ssd1680_model_refuses_a_panel_the_controller_cannot_drive():
    with pytest.raises(ValueError, match="does not fit"):
        Ssd1680(300, 128)
