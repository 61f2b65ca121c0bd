# Issue 40's items 3 and 5: a game that goes on by itself is not idle (the
# box sleeps from a game only where it waits for a press), and at the
# battery's floor the game's log is saved and the game goes on once the
# batteries are changed (app.resume at the next power-on).
import hal as _hal
from app import box
from host import headless
from test_sleep import MATRIX, ticks

STEP = 10000


def _game(game, options, minutes=2, root=None):
    h = _hal.open_host(MATRIX, storage_dir=root)
    h.watchdog.start()
    r = headless.Runner(h, game, 2, seed=8, options=options)
    r.app.settings["sleep"] = minutes
    r.run(60, until="play")
    return h, r.app


def test_sleep_tape_tempo_match_nobody_slaps_is_not_idle():
    h, app = _game("tape", {"mode": "tempo"})
    ticks(h, app, 5 * 60 * 1000000)      # five minutes: nobody slaps, the cards go on
    assert app.idle >= 0 and app.state in ("play", "end"), (app.idle, app.state)


def test_sleep_tape_turns_match_waiting_for_a_turn_sleeps_paused():
    h, app = _game("tape", {"mode": "turns"})
    ticks(h, app, 125 * 1000000)         # nobody lays their card for 2 minutes
    assert app.idle == -1 and app.state == "pause"
    assert not app.play.game.window_open


def test_sleep_bataille_waiting_for_the_flips_sleeps_paused():
    h, app = _game("bataille", {"length": 200})
    ticks(h, app, 125 * 1000000)
    assert app.idle == -1 and app.state == "pause"


def test_l_resumed_battery_floor_saves_and_the_game_goes_on_after_new_batteries():
    from hal.host.parts import default_dir
    from app_hal import rmtree
    d = default_dir("box_floor_")
    try:
        h, app = _game("bataille", {"length": 40}, minutes=0, root=d)
        ticks(h, app, 3000000)
        # what each frame shows as it goes out: the battery sign comes
        # before the dark (the box says why it stops), and lasts 2 s
        from test_power_warning import warning_shown
        shown = []
        show = h.display.show

        def recorded(*a):
            shown.append((warning_shown(app), h.clock.now))
            return show(*a)
        h.display.show = recorded
        h.power.level = 3200
        ticks(h, app, 12000000)          # the filter's 2 s, and 2 s under the floor
        assert app.idle == -1 and app.power.out and app.state == "pause"
        signs = [t for s, t in shown if s]
        assert signs and not shown[-1][0], shown[-4:]         # the sign, then the dark frame
        assert shown[-1][1] - signs[-1] >= 2000000, shown[-4:]
        lines = app.play.log.count
        # new batteries: the box starts again on the same flash
        h2 = _hal.open_host(MATRIX, storage_dir=d)
        app2 = box.App(h2, seed=8)
        assert app2.state == "pause" and app2.play.cut is not None
        assert app2.play.log.count >= 1 and app2.play.game is not None
        with open(d + "/logs/game_1.jsonl") as f:
            text = f.read()
        assert len(text.strip().split("\n")) == lines   # every line was on flash
        k = app2.play.pads_in[0]
        h2.pads.tap(k, h2.clock.now + 400000)
        ticks(h2, app2, 1000000)
        assert app2.state == "play"
    finally:
        rmtree(d)
