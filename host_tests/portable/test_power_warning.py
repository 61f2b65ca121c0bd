# Issue 27 on the virtual clock, the battery seen: the gauge on the 16x16
# matrix (a battery in the menu's corner, in the settings and in every menu
# once low: its LEDs, the item not hidden), the low-battery warning (shown
# once as the gauge turns low, 2 s or until a press that does nothing else,
# not again until the battery is back over; on the OLED and e-ink the words
# of both languages), never over a game's cards: it waits for the pause or
# the end, and the game goes on.  Both interpreters.
import hal as _hal
from app import box, io, low as _low
from host import headless

ROOT = __file__.rsplit("/", 3)[0] if __file__.count("/") >= 3 else "."
MATRIX = ROOT + "/boards/pico_matrix.json"


def ticks(h, app, us, step=10000):
    end = h.clock.now + us
    while h.clock.now < end:
        app.tick()
        h.pads.run_until(h.clock.now + step)


def box_of(board="pico_matrix", sense=False):
    h = _hal.open_host(ROOT + "/boards/%s.json" % board)
    if sense:
        # a board file without a sense, given one (the host's VSYS model)
        h.power.sense = 29
        h.power.full = 9900
    h.watchdog.start()
    app = box.App(h, seed=5)
    app.settings["sleep"] = False
    return h, app


def px(app, x, y):
    return app.disp.fb.pixel(x, y)


def col(app, c):
    return app.canvas.pal[c]


def corner(app):
    """The gauge's corner of the matrix: columns 13-15, rows 0-7."""
    return [[px(app, x, y) for x in range(13, 16)] for y in range(8)]


def warning_shown(app):
    """The matrix's warning: the battery lying down, one red bar."""
    from gfx.canvas import RED, DIM
    return (px(app, 3, 6) == col(app, RED) and px(app, 4, 9) == col(app, RED)
            and px(app, 5, 7) == 0 and px(app, 1, 4) == col(app, DIM) and px(app, 14, 7) == col(app, DIM))


def go_low(h, app, mv=3400, us=8000000):
    h.power.level = mv
    ticks(h, app, us)


def play_for(r, s):
    """s seconds more of the game, its bots pressing (unless it ends)."""
    try:
        r.run(s, until="end")
    except RuntimeError:
        pass


def test_battery_matrix_gauge_in_the_settings_menu_its_bars_and_outline():
    from gfx.canvas import DIM, OK, WARN
    h, app = box_of()
    ticks(h, app, 500000)
    assert all(v == 0 for row in corner(app) for v in row)     # home, full: no gauge
    app.open_menu("settings")
    ticks(h, app, 200000)
    c = corner(app)
    assert c[0] == [0, col(app, DIM), 0]                        # the tip
    assert c[1] == c[7] == [col(app, DIM)] * 3
    assert [c[y][1] for y in range(2, 7)] == [col(app, OK)] * 5  # full (USB): five green bars
    assert all(c[y][0] == c[y][2] == col(app, DIM) for y in range(2, 7))
    icon = [px(app, x, y) for y in range(8) for x in range(4, 12)]
    assert any(icon) and not any(px(app, 12, y) for y in range(8))    # the item's icon, beside it
    h.power.level = 3700                                         # some 45 %: three green bars
    ticks(h, app, 8000000)
    assert 40 < app.power.level() < 60, app.power.level()
    c = corner(app)
    assert [c[y][1] for y in range(2, 7)] == [0, 0, col(app, OK), col(app, OK), col(app, OK)]
    h.power.level = 3580                                         # 33 %: two amber bars
    ticks(h, app, 8000000)
    c = corner(app)
    assert not app.power.low and [c[y][1] for y in range(2, 7)] == [0, 0, 0, col(app, WARN), col(app, WARN)]


def test_battery_low_warning_once_then_every_menu_has_its_red_mark():
    from gfx.canvas import RED
    h, app = box_of()
    ticks(h, app, 500000)
    item = [px(app, x, y) for y in range(8, 16) for x in range(16)]
    h.power.level = 3400
    shown = []
    end = h.clock.now + 12000000
    while h.clock.now < end:
        ticks(h, app, 100000)
        shown.append(warning_shown(app))
    assert app.power.low and 19 <= shown.count(True) <= 23, shown     # once, some 2 s
    k = shown.index(True)
    assert all(shown[k:k + 19]) and not any(shown[k + 24:])
    assert app.state == "menu" and app.menus.menu_name == "home"
    c = corner(app)
    assert [c[y][1] for y in range(2, 7)] == [0, 0, 0, 0, col(app, RED)]     # one red bar
    assert [px(app, x, y) for y in range(8, 16) for x in range(16)] == item  # the item not hidden
    app.open_menu("options")
    ticks(h, app, 200000)
    assert corner(app)[6][1] == col(app, RED)       # in every menu once low
    ticks(h, app, 30000000)
    assert app.power.warn is None and not warning_shown(app)     # not again while low
    h.power.level = 4000                            # back over: new cells
    ticks(h, app, 8000000)
    assert not app.power.low and not any(v for row in corner(app) for v in row)
    h.power.level = 3400                            # low again: shown again
    while not warning_shown(app):
        ticks(h, app, 100000)
        assert h.clock.now < end + 60000000


def test_battery_low_warning_goes_at_a_press_that_does_nothing_else():
    h, app = box_of()
    ticks(h, app, 500000)
    sel = app.menus.sel
    h.power.level = 3400
    while not warning_shown(app):
        ticks(h, app, 100000)
        assert h.clock.now < 20000000
    h.pads.tap(0, h.clock.now + 1000)               # pad 1 would move the selection
    ticks(h, app, 300000)
    assert not warning_shown(app) and app.power.warn is None
    assert app.state == "menu" and app.menus.sel == sel
    h.pads.tap(0, h.clock.now + 1000)               # the next press is the menu's
    ticks(h, app, 300000)
    assert app.menus.sel != sel


def bataille_in_play():
    """A matrix box in a Bataille of 2 (20 duels), never asleep: (hal, runner, app)."""
    h = _hal.open_host(MATRIX)
    h.watchdog.start()
    r = headless.Runner(h, "bataille", 2, seed=8, options={"length": 20})
    app = r.app
    app.settings["sleep"] = False
    r.run(60, until="play")
    return h, r, app


def test_battery_low_in_a_game_the_cards_are_not_covered_it_waits_for_the_end():
    h, r, app = bataille_in_play()
    play_for(r, 3)
    seen = []
    cards = []
    orig = _low.draw
    game = app.renderer.game
    app.renderer.game = lambda v: (cards.append(app.power.warn), game(v))
    try:
        _low.draw = lambda a: (seen.append(a.state), orig(a))
        h.power.level = 3400
        r.run(3600, until="end")
        assert app.power.low and app.state == "end" and app.play.view.winners
        assert cards.count(-1) > 5                  # the cards drawn, the warning waiting
        ticks(h, app, 300000)
        assert seen and set(seen) == {"end"} and warning_shown(app)     # at its end
    finally:
        _low.draw = orig


def test_battery_low_in_a_game_the_pause_shows_it_and_the_game_goes_on():
    h, r, app = bataille_in_play()
    h.power.level = 3400
    play_for(r, 10)                                 # ten seconds more of play, low
    assert app.state == "play" and app.power.low and app.power.warn == -1
    t = app.play.log.last_t
    app.play.pause()
    ticks(h, app, 100000)
    assert warning_shown(app) and app.state == "pause"
    h.pads.tap(1, h.clock.now + 1000)               # the warning goes: the pause stays
    ticks(h, app, 400000)
    assert app.state == "pause" and not warning_shown(app)
    h.pads.tap(1, h.clock.now + 1000)               # resume (pad 2 chooses)
    ticks(h, app, 300000)
    assert app.state == "play"
    r.run(3600, until="end")
    assert app.play.view.winners and app.play.log.last_t > t


def words_of(board, lang):
    h, app = box_of(board, sense=True)
    app.settings["lang"] = lang
    io.apply_settings(app)
    titles = []
    title = app.renderer.title
    app.renderer.title = lambda text: (titles.append(text), title(text))[1]
    go_low(h, app, 3400, 8000000)
    return app, titles


def test_battery_low_warning_words_on_the_oled_and_eink_in_both_languages():
    for board in ("pico_oled", "pico_eink"):
        for lang, words in (("fr", "Pile faible"), ("en", "Battery low")):
            app, titles = words_of(board, lang)
            assert words in titles, (board, lang, titles)
            assert app.canvas.oob == 0 and app.canvas.cut == 0
            assert app.power.warn is None       # gone after its 2 s


def test_battery_low_warning_ending_in_the_dark_does_not_wake_the_box():
    # the box gone dark while the warning shows (the floor, or the sleep):
    # its 2 s end there, and the box stays asleep, its switch off
    from app import idle
    h, app = box_of()
    ticks(h, app, 500000)
    h.power.level = 3400
    while not warning_shown(app):
        ticks(h, app, 100000)
        assert h.clock.now < 20000000
    idle.sleep(app, False)
    end = h.clock.now + 5000000
    while h.clock.now < end:
        app.tick()
        h.pads.run_until(h.clock.now + 250000)
    assert app.power.warn is None and app.idle == -1 and h.power.switch.level == 0
    h.pads.tap(0, h.clock.now + 1000)               # a pad wakes it: the menu, no warning
    ticks(h, app, 300000)
    assert app.idle >= 0 and app.state == "menu" and not warning_shown(app)
