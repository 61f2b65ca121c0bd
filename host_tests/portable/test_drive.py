# The one driver of the box off the board (host.headless.Drive), its menu
# walking (menu_pad, host.walk.Walk) and the board files by name
# (hal.host.boards).  Under pytest and the MicroPython unix port.
import hal
from app import box, settings as _set
from host.headless import Drive, menu_pad
from hal.host import boards
from host.walk import Walk
from tinytest import raises


def test_boards_a_name_is_its_file_and_a_path_is_itself():
    assert "pico_matrix" in boards.names() and "pico_w" in boards.names()
    assert boards.path("pico_w").endswith("/boards/pico_w.json")
    assert boards.path("x/y.json") == "x/y.json"
    assert boards.load("pico_w").n_pads == 8
    m = str(raises(ValueError, boards.load, "no_such_box"))
    assert m.startswith("no board 'no_such_box': choose one of ") and "pico_matrix" in m


def _app(board="pico_matrix"):
    h = hal.open_host(boards.load(board))
    return h, box.App(h, seed=3)


def test_drive_ticks_every_step_and_stops_when_told():
    h, app = _app()
    d = Drive(app, 5000)
    t0 = app.clock.now
    seen = []

    def after():
        seen.append(app.clock.now - t0)
        return len(seen) == 4
    assert d.run_until(t0 + 10 ** 6, after) is True
    assert seen == [0, 5000, 10000, 15000]
    assert d.run_until(t0 + 32000) is False and app.clock.now == t0 + 32000
    assert d.due == t0 + 35000


def test_walk_s_fixed_presses_take_the_box_to_its_join_screen_with_the_options():
    # the presses Walk computes from app.menu's items, made on the real box:
    # it ends on Bataille's join screen with the option set
    h, app = _app()
    d = Drive(app)
    pads = Walk(_set.defaults()).presses("bataille", {"length": "court"})
    t = app.clock.now
    for k in pads:
        t += 400000
        h.pads.tap(k, t, 60000)
    d.run_until(t + 400000)
    assert app.state == "join" and app.menus.game_name == "bataille"
    assert app.settings["opts"]["bataille"]["length"] == "court"


def test_menu_pad_walks_a_box_home_then_to_the_game():
    h, app = _app()
    d = Drive(app)
    # into the settings menu first: the walk goes back home, then to Tape
    for k in Walk(_set.defaults()).pick("home", "go", "settings"):
        h.pads.tap(k, app.clock.now + 300000, 60000)
        d.run_until(app.clock.now + 400000)
    assert app.menus.menu_name == "settings"
    for _ in range(30):
        if app.state != "menu":
            break
        h.pads.tap(menu_pad(app.menus, "tape"), app.clock.now + 1000, 60000)
        d.run_until(app.clock.now + 400000)
    assert app.state == "join" and app.menus.game_name == "tape"
