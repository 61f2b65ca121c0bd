# Issue 28: a game can be left, from the pause (a menu: resume, leave, the
# volume) and by holding the menu button 1.5 s, on the real host HAL (its
# menu button driver on a pin, timed from its edges); a short press never
# ends a game; the log ends `stopped` (L) and replays.  Also: Settings
# offers only what the board has, and a menu says which pad moves and
# which chooses until its first press.  Under pytest and the MicroPython
# unix port.
import hal as _hal
from core import log as _log
from app import menu, logs as _logs, settings as _set
from host import headless
from games import bataille_replay, tape_replay
from gfx import render

ROOT = __file__.rsplit("/", 3)[0] if __file__.count("/") >= 3 else "."
SHORT = {"bataille": {"length": "court"}, "batawaf": None, "tape": {"target": 3, "tempo": 1000}}


def board(name):
    return ROOT + "/boards/" + name + ".json"


def ticks(h, app, us, step=5000):
    end = h.clock.now + us
    while h.clock.now < end:
        h.pads.run_until(h.clock.now + step)
        app.tick()


def in_play(game, players, seed, name="pico_matrix", s=3):
    """A box on the host HAL of board `name`, `s` seconds into a game."""
    h = _hal.open_host(board(name))
    r = headless.Runner(h, game, players, seed=seed, options=SHORT[game])
    r.run(60, until="play")
    ticks(h, r.app, s * 1000000)
    assert r.app.state == "play"
    return h, r.app


def menu_button(h, app, held_ms):
    """The menu button held held_ms on its pin, then let go (the driver
    times it from its edges, as on the box)."""
    h.menu.pin.level = 0
    ticks(h, app, held_ms * 1000)
    h.menu.pin.level = 1
    ticks(h, app, 400000)       # (a pad let go within 300 ms of the pause is no choice)


def tap(h, app, k):
    h.pads.tap(k, h.clock.now + 1000, 60000)
    ticks(h, app, 400000)


def stopped_log(h, app, game):
    """The game's log ends `stopped` and replays to the box's own end."""
    with open(h.storage.fs.path(_logs.path(1))) as f:
        entries = _log.read(f)
    t, ev, d = entries[-1][1], entries[-1][2], entries[-1][3]
    assert ev == "end" and d["reason"] == "stopped", entries[-1]
    assert d["winners"] == app.play.view.winners and app.play.view.reason == "stopped"
    g = (tape_replay if game == "tape" else bataille_replay).replay(entries)
    assert g.done and not g.truncated and g.reason == "stopped" and g.winners == app.play.view.winners
    return t


def leave_from_the_pause(game, players, seed):
    h, app = in_play(game, players, seed)
    menu_button(h, app, 200)            # a short press: the pause
    assert app.state == "pause" and app.menus.sel == 0 and app.menus.items[0][2] == "resume"
    lines = len(app.play.log.lines)
    tap(h, app, 0)                      # pad 1: the next item, leave
    assert app.state == "pause" and app.menus.items[app.menus.sel][2] == "leave"
    assert len(app.play.log.lines) == lines  # a move in the pause is nothing in the game
    tap(h, app, 1)                      # pad 2 chooses it
    assert app.state == "end", app.state
    stopped_log(h, app, game)
    # the end screen, then the menus as after any game
    tap(h, app, 0)
    ticks(h, app, 2000000)
    tap(h, app, 0)
    assert app.state == "menu" and app.menus.menu_name == "after"


def test_l_stopped_a_game_left_from_the_pause_bataille_batawaf_tape():
    leave_from_the_pause("bataille", 2, 41)
    leave_from_the_pause("batawaf", 3, 42)
    leave_from_the_pause("tape", 3, 43)


def test_l_stopped_a_game_left_by_holding_the_menu_button():
    for game, players, seed in (("bataille", 2, 44), ("tape", 4, 45)):
        h, app = in_play(game, players, seed)
        menu_button(h, app, 1600)
        assert app.state == "end", (game, app.state)
        stopped_log(h, app, game)
    # held from the pause too: the pause's moment is where the game ends
    h, app = in_play("bataille", 2, 46)
    menu_button(h, app, 100)
    assert app.state == "pause"
    t_pause = app.play.flow.clock.ms(h.clock.now)
    ticks(h, app, 3000000)
    menu_button(h, app, 1600)
    assert app.state == "end"
    assert stopped_log(h, app, "bataille") == t_pause


def test_l_a_short_press_never_ends_a_game():
    # a child's presses of the menu button and of the pads in the pause:
    # the menu button pauses and resumes, a pad other than pad 1 resumes
    # (resume is the item chosen whenever the pause opens)
    h, app = in_play("tape", 3, 47)
    for i in range(12):
        menu_button(h, app, 60 + 100 * (i % 12))     # up to 1.16 s: still a press
        assert app.state in ("pause", "play"), (i, app.state)
    if app.state == "play":
        menu_button(h, app, 100)
    assert app.state == "pause"
    tap(h, app, 2)
    assert app.state == "play"
    menu_button(h, app, 100)
    tap(h, app, 1)
    assert app.state == "play"
    assert app.play.game is not None and not app.play.game.done


def test_a_module_imported_during_the_pause_leaves_the_heap_with_it():
    # issue 38: what a pause forgets is what it loaded (the modules before
    # and after it), not a list of names: a module no list names goes too,
    # its package's attribute with it.  The lean run forced on CPython too.
    import sys
    import app as pkg
    from app import phase
    lean = phase._LEAN
    phase._LEAN = True
    try:
        h, app = in_play("bataille", 2, 49)
        sys.modules.pop("app.pause", None)      # (another test of this process loaded it)
        assert type(app.menus).__name__ == "Chosen"     # the menus' code out of the game (app.phase)
        menu_button(h, app, 100)
        assert app.state == "pause" and type(app.menus).__name__ == "Menus"    # the pause is a menu
        sys.modules["app.probe"] = _log         # a module the pause's phase brought in
        setattr(pkg, "probe", _log)
        tap(h, app, 1)                          # resume, the item chosen
        assert app.state == "play"
        assert "app.probe" not in sys.modules and not hasattr(pkg, "probe")
        assert "app.pause" not in sys.modules
        assert type(app.menus).__name__ == "Chosen" and app.menus.game_name == "bataille"
        assert "app.box" in sys.modules and "core.log" in sys.modules    # loaded before: kept
    finally:
        phase._LEAN = lean
        sys.modules.pop("app.probe", None)


def test_volume_from_the_pause_cycles_and_saves_it_as_settings_does():
    h, app = in_play("bataille", 2, 48)
    v = app.settings["volume"]
    menu_button(h, app, 100)
    tap(h, app, 0)
    tap(h, app, 0)
    assert app.menus.items[app.menus.sel][3] == "volume"
    tap(h, app, 1)
    vals = [vs for k, vs in _set.SETTINGS if k == "volume"][0]
    assert app.settings["volume"] == menu.cycle(vals, v) and app.sound.volume == app.settings["volume"]
    assert app.state == "pause"
    saved, _ = h.storage.load("settings.json", {})
    assert saved["volume"] == app.settings["volume"]
    tap(h, app, 0)                      # round to resume
    tap(h, app, 1)
    assert app.state == "play"


def test_w6_batawaf_pause_shows_no_word_and_no_digit():
    for name in ("pico_matrix", "pico_oled"):
        h, app = in_play("batawaf", 2, 49, name)
        cv = app.canvas
        n = cv.font_glyphs
        menu_button(h, app, 100)
        tap(h, app, 0)
        tap(h, app, 0)
        assert app.state == "pause" and app.frames
        assert cv.font_glyphs == n, name


def test_settings_offer_only_what_the_board_has():
    from hal.host import boards

    def offered(name, **parts):
        b = boards.load(name)
        for k in parts:
            setattr(b, k, parts[k])
        return [it[3] for it in menu.build("settings", {}, b)[0] if it[2] == "set"]
    # (sleep, issue 27, on every board: a box nobody plays goes dark)
    assert offered("pico_eink") == ["lang", "volume", "eink_refresh", "sleep"]      # no brightness on e-ink
    assert offered("pico_oled") == ["lang", "volume", "brightness", "sleep"]
    assert offered("pico_matrix") == ["lang", "volume", "brightness", "sound", "sleep"]   # a speaker: the voice
    assert offered("pico_oled", buzzer_pin=None) == ["lang", "brightness", "sleep"]
    # every setting without a board (the gallery, the tests' HALs), and back
    assert len(menu.build("settings", {})[0]) == 7
    # the box's own Settings menu, and its pause without a sound part
    h = _hal.open_host(board("pico_eink"))
    app = headless.Runner(h, "bataille", 2).app
    app.open_menu("settings")
    assert [it[3] for it in app.menus.items if it[2] == "set"] == ["lang", "volume", "eink_refresh", "sleep"]
    h2, app2 = in_play("bataille", 2, 50, "pico_oled")
    h2.board.buzzer_pin = None
    menu_button(h2, app2, 100)
    assert [it[2] for it in app2.menus.items] == ["resume", "leave"]


def test_a_menu_hints_which_pad_moves_and_which_chooses_until_its_first_press():
    from gfx import canvas
    # the matrix: an arrow in pad 1's colour, a tick in pad 2's, where the
    # label goes; gone at the first press, and not back in that menu
    h = _hal.open_host(board("pico_matrix"))
    app = headless.Runner(h, "bataille", 2).app
    ticks(h, app, 100000)
    assert app.state == "menu" and app.menus.menu_name == "home"
    cv = app.canvas

    def colours():
        # the label's rows, as last drawn
        return set([cv.t.pixel(x, y) for x in range(16) for y in range(9, 14)])
    pad1, pad2 = cv.pal[canvas.PLAYER0], cv.pal[canvas.PLAYER0 + 1]
    hinted = colours()
    assert pad1 in hinted and pad2 in hinted
    tap(h, app, 0)
    assert "home" in app.menus.hint
    assert pad1 not in colours() and pad2 not in colours()
    app.open_menu("settings")
    ticks(h, app, 100000)
    assert pad1 in colours()        # each menu its own first show
    app.open_menu("home")
    ticks(h, app, 100000)
    assert pad1 not in colours()
    # text displays: the hint's words in the title's place
    h = _hal.open_host(board("pico_oled"))
    app = headless.Runner(h, "bataille", 2).app
    seen = []
    menu_of = app.renderer.menu
    app.renderer.menu = lambda title, items, sel, ms=0, hint=False: seen.append(hint) or menu_of(
        title, items, sel, ms, hint)
    ticks(h, app, 100000)
    tap(h, app, 0)
    assert seen[0] is True and seen[-1] is False
    r = render.Renderer(app.canvas, app.tab)
    assert r._t("hint") == app.tab["hint"] and "1" in app.tab["hint"] and "2" in app.tab["hint"]


class _Null:
    """A target that only counts: the Canvas does the checking."""

    def fill(self, c):
        pass

    def fill_rect(self, x, y, w, h, c):
        pass

    def pixel(self, x, y, c=None):
        return 0


def test_the_hint_and_the_pause_fit_every_display_in_both_languages():
    from app import strings, pause
    for w, h, col in ((16, 16, True), (128, 64, False), (296, 128, False)):
        for lang in strings.LANGS:
            tab = strings.table(lang)
            cv = render.Canvas(_Null(), w, h, col)
            r = render.Renderer(cv, tab)
            rows = [("play", pause.WORDS[lang][0], None), ("icon_back", pause.WORDS[lang][1], None),
                    ("icon_speaker", tab["volume"], "3")]
            for sel in range(3):
                r.menu(tab["paused"], rows, sel, 0, True)
                r.menu(tab["paused"], rows, sel, 0, False)
            assert cv.cut == 0 and cv.oob == 0, (w, h, lang, cv.cut, cv.oob)
