# The box as a player in the box itself (P1, P3, P4, P6 through app.box.App
# on the host HAL): a child alone plays Bataille and Bata-waf against the
# box, Tape-treize with box seats from its options menu; the logs replay.
# Portable: pytest and the MicroPython unix port.
from core import log as _log
from app import box
from host import headless
from games import bataille, tape
from games import tape_replay
from games import bataille_replay
import app_hal


def run_ticks(hal, app, us, step=2000):
    end = hal.clock.now + us
    while hal.clock.now < end:
        hal.pads.advance(step)
        app.tick()


def test_p1_a_child_alone_plays_batawaf_against_the_box_in_two_presses():
    hal = app_hal.Hal(4)
    app = box.App(hal, seed=4)
    assert app.state == "menu" and app.menus.items[app.menus.sel][3] == "batawaf"
    hal.pads.tap(1, hal.clock.now + 1000)       # 1: choose Bata-waf
    run_ticks(hal, app, 100000)
    assert app.state == "join"
    hal.pads.tap(2, hal.clock.now + 1000)       # 2: the child joins (pad 3)
    run_ticks(hal, app, 2000000)
    assert app.state == "join"                  # the join wait: someone may come
    run_ticks(hal, app, 1000000)
    assert app.state == "play" and app.play.view.n == 2 and app.play.pads_in[0] == 2
    lines = [_log.parse_line(s) for s in app.play.log.lines]
    assert lines[0][2]["options"]["box"] == [1]
    assert [d["p"] for t, ev, d in lines if ev == "flip"] == [0, 1]   # the first duel
    # from then on the box flips when the child does (P4)
    for k in range(6):
        while app.play.next_step is not None and app.state == "play":
            run_ticks(hal, app, 100000)
        if app.state != "play":
            break
        assert app.play.waiting & (1 << 2)
        hal.pads.tap(2, hal.clock.now + 5000)
        run_ticks(hal, app, 20000)
        assert app.play.waiting == 0 or app.play.next_step is not None
    # the log so far agrees with the rules
    r = bataille_replay.replay(_log.read(app_hal.game_log(hal, app)))
    assert r.duels >= 4 and r.options["box"] == [1]


def test_p4_app_the_duel_flips_at_the_childs_press():
    # a whole Bataille of one child (a bot of the runner, pressing some
    # hundreds of ms after the box waits) against the box: every duel after
    # the first flips at the ms of the child's press, and the log replays
    hal = app_hal.Hal(2)
    r = headless.Runner(hal, "bataille", 1, seed=5, options={"length": 12})
    r.run(600)
    app = r.app
    assert app.state == "end" and app.play.view.n == 2 and app.play.pads_in == [0, 2]
    lines = app_hal.game_log(hal, app)
    g = bataille_replay.replay(_log.read(lines))
    assert g.done and not g.truncated and g.duels == 12 and g.options["box"] == [1]
    assert r.presses >= 12 + 2     # the menu, the join, and a press per duel


def test_p3_app_tape_with_box_seats_from_the_options_menu():
    hal = app_hal.Hal(4)
    r = headless.Runner(hal, "tape", 1, seed=7, options={"box": 2, "level": 3, "target": 1,
                                                         "tempo": 1000})
    app = r.run(3600)
    app = r.app
    assert app.state == "end"
    assert app.play.view.n == 3 and app.play.pads_in == [0, 4, 5]
    assert app.settings["opts"]["tape"]["box"] == 2
    lines = app_hal.game_log(hal, app)
    g = tape_replay.replay(_log.read(lines))
    assert g.done and g.options["box"] == [1, 2] and g.options["level"] == 3
    slaps = [_log.parse_line(s)[2]["p"] for s in lines if '"ev":"slap"' in s]
    assert 1 in slaps and 2 in slaps       # the box's seats slapped, as pads do


def test_p1_app_tape_alone_without_box_seats_goes_back_to_the_menu():
    hal = app_hal.Hal(4)
    app = box.App(hal, seed=1)
    for k in (0, 0, 1):                    # next, next, choose Tape-treize
        hal.pads.tap(k, hal.clock.now + 1000)
        run_ticks(hal, app, 100000)
    assert app.state == "join" and app.menus.game_name == "tape"
    hal.pads.tap(2, hal.clock.now + 1000)
    run_ticks(hal, app, 15000000)
    assert app.state == "join"
    run_ticks(hal, app, 6000000)
    assert app.state == "menu" and app.menus.menu_name == "home"
