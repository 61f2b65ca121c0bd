# The whole box on the real host HAL (hal.open_host: the drivers, the fake
# buses, the virtual clock), one board per display kind: menus, joining and a
# game to its end with bots, the log on the file system replaying, the
# watchdog fed all along.
import hal as _hal
from core import log as _log
from app import logs as _logs
from host import headless
from games import bataille_replay, tape_replay

ROOT = __file__.rsplit("/", 3)[0] if __file__.count("/") >= 3 else "."


def board(name):
    return ROOT + "/boards/" + name + ".json"


def run(board_name, game, players, options, seed):
    h = _hal.open_host(board(board_name))
    h.watchdog.start()
    r = headless.Runner(h, game, players, seed=seed, options=options)
    app = r.run(3600)
    assert app.state == "end", (board_name, game, app.state, app.error_text)
    assert not h.watchdog.would_have_fired()
    assert app.frames > 10 and h.display.error is None
    with open(h.storage.fs.path(_logs.path(1))) as f:
        entries = _log.read(f)
    g = (tape_replay if game == "tape" else bataille_replay).replay(entries)
    assert g.done and g.winners == app.play.view.winners
    return h, app


def test_app_on_matrix_board_batawaf_and_tape():
    run("pico_matrix", "batawaf", 2, None, 21)
    run("pico_matrix", "tape", 3, {"target": 1, "tempo": 1000}, 22)


def test_app_on_oled_board_bataille():
    run("pico_oled", "bataille", 3, {"length": 30, "ace": "low"}, 23)


def test_app_on_eink_board_bataille_addition_and_tape_hidden_count():
    run("pico_eink", "bataille", 2, {"length": 20, "addition": True}, 24)
    run("pico_eink", "tape", 2, {"target": 1, "hidden_count": True, "mode": "turns"}, 25)


def ticks(h, app, us, step=5000):
    end = h.clock.now + us
    while h.clock.now < end:
        h.pads.run_until(h.clock.now + step)
        app.tick()


def test_app_menu_button_pauses_resumes_and_goes_home():
    h = _hal.open_host(board("pico_matrix"))
    r = headless.Runner(h, "bataille", 2, seed=31, options={"length": 40})
    app = r.app
    r.run(60, until="play")
    ticks(h, app, 2000000)
    h.menu.press()
    ticks(h, app, 50000)
    assert app.state == "pause"
    h.menu.press()
    ticks(h, app, 50000)
    assert app.state == "play"
    h.menu.press()
    ticks(h, app, 50000)
    h.menu.press()          # from the pause: resume; once more in play: pause
    ticks(h, app, 50000)
    assert app.state == "play"
    app.state = "end"       # after the game the button leads home
    h.menu.press()
    ticks(h, app, 50000)
    assert app.state == "menu" and app.menus.menu_name == "home"


def run_selftest(press):
    """Open the self-test from the home menu and run it to its verdict,
    pressing whichever pad it asks for when `press` (else nobody presses)."""
    h = _hal.open_host(board("pico_oled"))
    app = headless.Runner(h, "batawaf", 2).app
    # home: Bata-waf, Bataille, Tape-treize, Options, Settings, Self-test
    for k in (0, 0, 0, 0, 0, 1):
        h.pads.tap(k, h.clock.now + 1000)
        ticks(h, app, 200000)
    assert app.state == "selftest_run"
    i = 0
    while app.state == "selftest_run" and i < 400:
        ticks(h, app, 300000)
        if press:
            h.pads.tap(i % h.board.n_pads, h.clock.now + 1000)
        i += 1
    assert app.state == "selftest", app.state
    return h, app


def test_app_selftest_entry_runs_the_hardware_self_test():
    h, app = run_selftest(press=True)
    ok, lines = app.menus.selftest_report
    assert len(lines) >= 4 + h.board.n_pads and app.frames
    assert [ln for ln in lines if ln.startswith("OK")] == lines
    assert ok
    ticks(h, app, 1100000)
    h.pads.tap(0, h.clock.now + 1000)
    ticks(h, app, 100000)
    assert app.state == "menu"


def test_app_selftest_with_a_dead_pad_ends_under_a_cross_not_a_tick():
    h, app = run_selftest(press=False)   # nobody presses: every pad is dead
    ok, lines = app.menus.selftest_report
    assert not ok
    assert [ln for ln in lines if not ln.startswith("OK")]


def test_app_eink_refresh_setting_reaches_the_driver():
    h = _hal.open_host(board("pico_eink"))
    app = headless.Runner(h, "batawaf", 2).app
    assert h.display.full_every == 5
    # home -> Settings -> the 3rd item (e-ink refresh: no brightness on
    # e-ink, issue 28): 5 -> 10
    for k in (0, 0, 0, 0, 1, 0, 0, 1):
        h.pads.tap(k, h.clock.now + 1000)
        ticks(h, app, 300000)
    assert app.settings["eink_refresh"] == 10 and h.display.full_every == 10


def test_w6_no_glyph_drawn_in_a_whole_batawaf_game_through_the_app():
    for name in ("pico_matrix", "pico_oled"):
        h = _hal.open_host(board(name))
        r = headless.Runner(h, "batawaf", 3, seed=41, options={"length": 30})
        app = r.app
        cv = app.canvas
        real = app.draw
        seen = []

        def draw():
            cv.reset_counts()
            st = app.state
            real()
            if st in ("join", "play", "pause", "end") and app.menus.game_name == "batawaf":
                seen.append(st)
                assert cv.font_glyphs == 0, (name, st)
                assert cv.oob == 0
        app.draw = draw
        r.run(3600)
        assert "join" in seen and "play" in seen and "end" in seen


def test_app_a_hang_is_caught_by_the_watchdog():
    # the box feeds the watchdog every pass; a step that never returns (here:
    # one that takes 6 s) starves it, and the board would reboot
    h = _hal.open_host(board("pico_matrix"))
    h.watchdog.start()
    r = headless.Runner(h, "bataille", 2, seed=51, options={"length": 40})
    app = r.app
    r.run(60, until="play")
    ticks(h, app, 3000000)
    assert not h.watchdog.would_have_fired()
    real = app.play.game.step

    def hang(t_ms):
        h.clock.advance(6000000)
        return real(t_ms)
    app.play.game.step = hang
    for _ in range(2000):
        r.bots()
        r.fire()
        h.pads.run_until(h.clock.now + 5000)
        app.tick()
        if h.watchdog.would_have_fired():
            break
    assert h.watchdog.would_have_fired()


def _screen_kind(state):
    return {"menu": 0, "join": 0, "play": 1, "pause": 1}.get(state, state)


def test_app_eink_duels_refresh_partially_and_each_new_screen_fully():
    h = _hal.open_host(board("pico_eink"))
    r = headless.Runner(h, "bataille", 2, seed=31, options={"length": 12})
    calls = []
    real = h.display.show

    def show(full=None):
        calls.append((r.app.state, full))
        real(full)
    h.display.show = show
    app = r.run(3600)
    assert app.state == "end"
    # every change of kind of screen asks for a full refresh
    assert calls[0][1] is True
    for i in range(1, len(calls)):
        if _screen_kind(calls[i][0]) != _screen_kind(calls[i - 1][0]):
            assert calls[i][1] is True, (calls[i - 1][0], calls[i][0])
    # the duels: the driver's schedule, partial refreshes and a full one
    # every 5 of them
    plays = [c for c in calls if c[0] == "play"]
    assert len(plays) > 12
    assert len([c for c in plays if c[1] is True]) == 1      # only the first
    assert h.display.full_every == 5 and "partial" in h.display.refreshes
