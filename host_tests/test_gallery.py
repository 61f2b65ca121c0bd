# `make shots` (sim/gallery.py): every screen on every display, for 2, 3 and
# 4 players, drawn by the firmware's renderer; docs/screens.md shows them.
import os

from sim import gallery

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_gallery_has_every_step_of_every_game_on_every_display(tmp_path):
    files = gallery.render_all(str(tmp_path), "fr")
    shots = tmp_path / "screens"
    for game in gallery.GAMES:
        for n in (2, 3, 4):
            for step, sees, does in gallery.STEPS[game]:
                if step == "out" and n == 2:
                    continue     # (nobody is out while two still play)
                for d in ("matrix", "eink", "oled"):
                    assert (("%s_%s_%dp" % (game, step, n)), d) in files, (game, step, n, d)
    # the sections of signs, the box's seats and the card faces (issue 28)
    keys = [key for _, _, rows in gallery.SECTIONS for key, _, _ in rows]
    for key in ("sign_tape_taker", "sign_tape_false", "sign_batawaf_won", "sign_batawaf_tie",
                "box_tape", "faces_6_9", "resumed_bataille", "resumed_batawaf", "resumed_tape"):
        assert key in keys
    for key in keys + ["error", "notice", "selftest", "menu_home_0", "menu_settings_0"]:
        for d in ("matrix", "eink", "oled"):
            assert (key, d) in files
    # small pictures: the repository is cloned by everyone
    sizes = [os.path.getsize(str(shots / name)) for name in files.values()]
    assert max(sizes) < 16 * 1024 and sum(sizes) < 1024 * 1024


def test_docs_screens_md_is_the_generated_page():
    # the page and its pictures as `make shots` writes them
    files = {}
    shots = os.path.join(ROOT, "docs", "screens")
    for name in os.listdir(shots):
        stem, d = name[:-4].rsplit("_", 1)
        files[(stem, d)] = name
    with open(os.path.join(ROOT, "docs", "screens.md"), encoding="utf-8") as f:
        assert f.read() == gallery.page(files, "fr"), "docs/screens.md is stale: run make shots"
    fresh = {}
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        fresh = gallery.render_all(tmp, "fr")
    assert set(fresh) == set(files), set(fresh) ^ set(files)


def test_gallery_board_rows_draw_the_sh1106_and_the_turned_matrix_as_their_glass(tmp_path):
    files = gallery.render_all(str(tmp_path), "fr")
    shots = tmp_path / "screens"
    for board, col, _, _, _ in gallery.BOARD_ROWS:
        for key, _ in gallery.ROW_SHOTS:
            assert (key, col) in files, (board, key)
    assert set(b for b, _, _, _, _ in gallery.BOARD_ROWS) == {"pico_sh1106", "pico_matrix_turned"}
    # the SH1106's picture is the SSD1306's: the difference is below the renderer
    for key, _ in gallery.ROW_SHOTS:
        assert (shots / files[(key, "sh1106")]).read_bytes() == (shots / files[(key, "oled")]).read_bytes()
    page = gallery.page(files, "fr")
    assert "| `pico_sh1106` |" in page and "| `pico_matrix_turned` |" in page


def test_gallery_turned_board_is_drawn_a_quarter_turn_clockwise():
    from gfx import fb
    _, f = fb.new(16, 16, fb.RGB565)
    for x, y, c in ((0, 0, 0xF800), (15, 0, 0x07E0), (3, 9, 0x001F)):
        f.pixel(x, y, c)
    g, w, h = gallery.on_glass("pico_matrix_turned", f, 16, 16, True)
    assert (w, h) == (16, 16) and g is not f
    lit = dict(((x, y), g.pixel(x, y)) for y in range(16) for x in range(16) if g.pixel(x, y))
    # picture (x, y) -> glass (15 - y, x): top-left goes top-right
    assert lit == {(15, 0): 0xF800, (15, 15): 0x07E0, (6, 3): 0x001F}
    assert gallery.on_glass("pico_matrix", f, 16, 16, True)[0] is f
