# The box through its pads: menus, joining, every game to its end, feedback
# within 50 ms, sounds, lit pads, pause, settings kept, corrupt settings,
# errors, logs on the file system.  On the host HAL with bots, under pytest
# and under the MicroPython unix port.
from core import log as _log
from app import box, play as _play, quiet, screens, settings as _set, sounds, logs as _logs
from host import headless
from games import bataille, tape
from games import tape_replay
import app_hal
from tinytest import Console

SHORT = {"bataille": {"length": "court"}, "batawaf": None, "tape": {"target": 1, "tempo": 1000}}


def play(game, players, seed=3, options=None, n_pads=4, **kw):
    hal = app_hal.Hal(n_pads, **kw)
    r = headless.Runner(hal, game, players, seed=seed,
                        options=options if options is not None else SHORT[game])
    r.run(3600)
    return hal, r, r.app


def log_entries(hal, n=1):
    with open(hal.root + "/" + _logs.path(n)) as f:
        return _log.read(f)


def replay(entries):
    if entries[0][3]["game"] == "tape":
        return tape_replay.replay(entries)
    from games import bataille_replay
    return bataille_replay.replay(entries)


def check_game(game, players, seed, options=None):
    hal, r, app = play(game, players, seed, options)
    assert app.state == "end", (game, app.state, app.error_text)
    assert app.play.view.ended and app.play.view.winners
    entries = log_entries(hal)
    assert entries[0][3]["game"] == game and entries[0][3]["players"] == players
    assert entries[-1][2] == "end"
    assert entries[-1][3]["winners"] == app.play.view.winners
    g = replay(entries)
    assert g.done and not g.truncated
    return hal, app


def test_app_plays_batawaf_to_its_end_through_the_menus():
    check_game("batawaf", 2, 3)


def test_app_plays_bataille_to_its_end():
    check_game("bataille", 2, 5)
    check_game("bataille", 3, 6)


def test_app_plays_tape_treize_to_its_end_tempo_and_turns():
    check_game("tape", 2, 7)
    check_game("tape", 4, 5, {"target": 1, "tempo": 1000, "mode": "turns"})


def test_app_files_land_with_the_flash_mounted_only_while_used():
    # the one-file firmware lets the flash's file system go after the boot
    # (main.py, hal.rp2.parts.FlashFs: littlefs's 2.4 KB of heap for the
    # games); MountedFs hides the directory the same way: every log line and
    # the settings still land, each under its own mount, and nothing is
    # mounted in between
    import os
    for game, players, seed in (("batawaf", 2, 3), ("bataille", 2, 5), ("tape", 2, 7)):
        hal = app_hal.Hal(4, mounted=True)
        r = headless.Runner(hal, game, players, seed=seed, options=SHORT[game])
        fs = hal.storage.fs
        fs.let_go()
        r.run(3600)
        app = r.app
        assert app.state == "end" and app.errors == 0, (game, app.state, app.error_text)
        assert fs.users == 0 and fs.mounts >= 3, (game, fs.users, fs.mounts)
        try:
            os.stat(hal.root)
            assert False, "mounted after the game"
        except OSError:
            pass
        with fs:
            entries = log_entries(hal)
            app2 = box.App(hal, seed=1)
        assert entries[-1][2] == "end" and entries[-1][3]["winners"] == app.play.view.winners
        g = replay(entries)
        assert g.done and not g.truncated
        assert app2.settings["game"] == game


def test_app_three_presses_from_power_on_to_first_batawaf_duel():
    hal = app_hal.Hal(4)
    app = box.App(hal, seed=1)
    assert app.state == "menu" and app.menus.items[app.menus.sel][3] == "batawaf"
    presses = 0
    for k in (1, 0, 1):     # choose (pad 2), player 1 joins, player 2 joins
        hal.pads.tap(k, hal.clock.now + 1000)
        presses += 1
        for _ in range(60):
            hal.pads.advance(5000)
            app.tick()
    for _ in range(1000):
        hal.pads.advance(5000)
        app.tick()
        if app.state == "play" and app.play.view.up[0] and app.play.view.up[1]:
            break
    assert presses == 3
    assert app.state == "play" and app.menus.game_name == "batawaf"
    assert app.play.view.up[0] and app.play.view.up[1]      # the first duel is on the table
    assert hal.pads.capture.pending() == 0


def run_ticks(hal, app, us, step=2000):
    end = hal.clock.now + us
    while hal.clock.now < end:
        hal.pads.advance(step)
        app.tick()


def test_app_feedback_within_50ms_of_every_press():
    # menus, joining, duels and Tape-treize slaps: within 50 ms of the press
    # the pad's LED is on and the buzzer clicked
    for game in ("batawaf", "tape"):
        hal = app_hal.Hal(4)
        r = headless.Runner(hal, game, 2, seed=2, options=SHORT[game])
        checked = 0
        states = []
        while checked < 16:
            r.bots()
            due = [kk for at, kk in r.pending if at <= hal.clock.now]
            before = r.app.state
            r.fire()
            if due:
                t = hal.clock.now
                k = due[0]
                clicks_before = len(hal.buzzer.played)
                lit = False
                while hal.clock.now - t < 50000:
                    hal.pads.run_until(hal.clock.now + 2000)
                    r.app.tick()
                    lit = lit or hal.leds.on[k]
                clicks = [p for p in hal.buzzer.played[clicks_before:]
                          if p[1] == sounds.CLICK and p[0] - t <= 50000]
                assert lit, (game, r.app.state)
                assert clicks, (game, r.app.state)
                states.append(before)
                checked += 1
            hal.pads.run_until(hal.clock.now + 5000)
            r.app.tick()
            assert r.app.state != "end"
        assert "menu" in states and "join" in states and "play" in states


def test_app_pads_of_players_who_still_have_to_flip_stay_lit():
    hal = app_hal.Hal(4)
    r = headless.Runner(hal, "bataille", 3, seed=4, options={"length": "court"})
    app = r.app
    r.run(60, until="play")
    # wait until the first duel is taken and the box waits for the players
    for _ in range(2000):
        hal.pads.advance(5000)
        app.tick()
        if app.play.next_step is None and app.play.waiting:
            break
    assert app.play.waiting == 0b111
    run_ticks(hal, app, 300000)
    assert hal.leds.on[:3] == [True, True, True] and not hal.leds.on[3]
    hal.pads.tap(1, hal.clock.now)
    run_ticks(hal, app, 300000)       # past the press flash
    assert hal.leds.on[:3] == [True, False, True]
    assert app.state == "play" and app.play.next_step is None


def test_app_sounds_waf_fanfare_and_false_slap_buzz():
    hal, r, app = play("batawaf", 2, 3)
    played = [p[1] for p in hal.buzzer.played]
    assert sounds.FANFARE in played
    entries = log_entries(hal)
    if [e for e in entries if e[2] == "battle"]:
        assert sounds.WAF in played
    hal, r, app = play("tape", 2, 7)
    played = [p[1] for p in hal.buzzer.played]
    falses = [e for e in log_entries(hal) if e[2] == "verdict" and e[3]["rule"] == "false"]
    assert (sounds.BUZZ in played) == bool(falses)


def test_app_false_slap_buzzes():
    hal = app_hal.Hal(4)
    r = headless.Runner(hal, "tape", 2, seed=9, options={"target": 1, "tempo": 4000})
    app = r.app
    r.run(60, until="play")
    run_ticks(hal, app, 4300000)     # the first card is laid after 4 s
    g = app.play.game
    assert g.cards_laid >= 1
    n = len(hal.buzzer.played)
    hal.pads.tap(0, hal.clock.now)
    run_ticks(hal, app, 500000)
    verdicts = [e for e in app_hal.game_log(hal, app) if '"ev":"verdict"' in e]
    new = [p[1] for p in hal.buzzer.played[n:]]
    if verdicts and '"rule":"false"' in verdicts[-1]:
        assert sounds.BUZZ in new
    else:
        assert sounds.TAKE in new or g.window_open


def test_app_pause_by_holding_a_pad_and_resume():
    hal = app_hal.Hal(4)
    r = headless.Runner(hal, "bataille", 2, seed=4, options={"length": "court"})
    app = r.app
    r.run(60, until="play")
    run_ticks(hal, app, 3000000)
    hal.pads.press(2, hal.clock.now)      # pad 3 is not playing: any pad pauses
    run_ticks(hal, app, 1800000)
    assert app.state == "play"            # not yet: a child leaning on a pad
    run_ticks(hal, app, 300000)
    assert app.state == "pause"
    hal.pads.release(2, hal.clock.now)
    lines = len(app.play.log.lines)
    run_ticks(hal, app, 5000000)
    assert app.state == "pause" and len(app.play.log.lines) == lines
    hal.pads.tap(1, hal.clock.now)        # pad 2 chooses the pause's first item: resume
    run_ticks(hal, app, 100000)
    assert app.state == "play"
    r.run(3600)
    assert app.state == "end"
    g = replay(log_entries(hal))
    assert g.done


def test_app_pad_held_from_joining_does_not_pause_the_game():
    # a small child presses their pad to join and keeps it down: the game
    # starts and stays in play (only a new hold in the game pauses it)
    hal = app_hal.Hal(4)
    r = headless.Runner(hal, "batawaf", 2, seed=4)
    app = r.app
    r.run(60, until="join")
    hal.pads.press(0, hal.clock.now)
    run_ticks(hal, app, 300000)
    hal.pads.tap(1, hal.clock.now)
    run_ticks(hal, app, 6000000)       # joined, dealt, and 3 s more with pad 1 down
    assert app.state == "play"
    hal.pads.release(0, hal.clock.now)
    run_ticks(hal, app, 300000)
    hal.pads.press(1, hal.clock.now)   # a hold in the game still pauses
    run_ticks(hal, app, 2300000)
    assert app.state == "pause"


def test_app_tape_pause_by_holding_a_pad_is_no_slap():
    # A child holds their pad to pause Tape-treize between cards: no rule
    # holds, yet the hold must not be a false slap (T8 would hand them the
    # whole pile): the press is the pause, the game resumes where it was.
    hal = app_hal.Hal(4)
    r = headless.Runner(hal, "tape", 2, seed=9, options={"target": 1, "tempo": 3000})
    app = r.app
    r.run(60, until="play")
    g = app.play.game
    for _ in range(4000):
        run_ticks(hal, app, 5000)
        if g.cards_laid >= 2 and not g.window_open and g.phase_name() == "play":
            break
    assert g.cards_laid >= 2 and g.phase_name() == "play"
    lines = len(app.play.log.lines)
    counts, pile, laid = g.counts(), g.pile_n, g.cards_laid
    hal.pads.press(app.play.pads_in[0], hal.clock.now + 100000)   # mid-tempo
    run_ticks(hal, app, 2300000)
    assert app.state == "pause"
    hal.pads.release(app.play.pads_in[0], hal.clock.now)
    run_ticks(hal, app, 1000000)
    assert app.play.log.lines[lines:] == []                       # no slap, no verdict
    assert (g.counts(), g.pile_n, g.cards_laid) == (counts, pile, laid)
    hal.pads.tap(app.play.pads_in[1], hal.clock.now)
    run_ticks(hal, app, 200000)
    assert app.state == "play"
    run_ticks(hal, app, 3000000)
    assert g.cards_laid == laid + 1                          # the tempo goes on
    assert not [ln for ln in app.play.log.lines[lines:] if '"ev":"verdict"' in ln and '"false"' in ln]
    r.run(3600)
    assert app.state == "end"
    assert replay(log_entries(hal)).done


def test_app_tape_slaps_in_a_window_are_judged_before_the_pads_are_let_go():
    # in a slap window a press is a valid slap whatever follows: the box
    # hands it to the engine at once, so children who keep their hands on
    # the pads see the verdict without waiting to let go
    hal = app_hal.Hal(4)
    r = headless.Runner(hal, "tape", 2, seed=5, options={"target": 1})
    app = r.app
    r.run(60, until="play")
    g = app.play.game
    for _ in range(20000):
        run_ticks(hal, app, 5000)
        if g.window_open:
            break
    assert g.window_open
    seen = []
    listener = app.play.log.listener

    def spy(t, ev, values):
        seen.append((ev, values))
        listener(t, ev, values)
    app.play.log.listener = spy
    for p in range(2):
        hal.pads.press(app.play.pads_in[p], hal.clock.now + 100000 + 50000 * p)
    run_ticks(hal, app, 400000)
    assert [ev for ev, v in seen].count("slap") == 2
    assert [v for ev, v in seen if ev == "verdict" and v[0] != "false"], seen
    assert app.state == "play" and hal.pads.levels == 0b11     # still held


def _tape_with_presses(presses, hold_of):
    # The presses of a Runner's game, each made when the runner made it
    # (after the tick of its time), held hold_of(pad, at) us
    hal = app_hal.Hal(4)
    app = box.App(hal, seed=5)
    app.settings["opts"]["tape"]["target"] = 1
    i = 0
    while app.state != "end" and hal.clock.now < presses[-1][1] + 60000000:
        while i < len(presses) and presses[i][1] <= hal.clock.now:
            k, at = presses[i]
            hal.pads.tap(k, at, hold_of(k, at))
            i += 1
        hal.pads.advance(headless.STEP_US)
        app.tick()
    assert app.state == "end"
    return log_entries(hal)


def test_app_tape_slaps_judged_at_their_interrupt_however_long_held():
    # The box waits for a Tape-treize press to be let go before the engine
    # hears it (a hold is a pause), and never runs the engine past it: the
    # same presses held 60 ms or up to 1.5 s give the same game, line for
    # line, slap times included.
    hal = app_hal.Hal(4)
    r = headless.Runner(hal, "tape", 3, seed=5, options={"target": 1})
    presses = []
    tap = hal.pads.tap

    def record(k, at_us=None, hold_us=80000):
        presses.append((k, at_us))
        tap(k, at_us, hold_us)
    hal.pads.tap = record
    r.run(3600)
    game = log_entries(hal)
    assert r.app.state == "end" and game[-1][2] == "end"
    assert _tape_with_presses(presses, lambda k, at: headless.HOLD_US) == game

    def long_hold(k, at):
        later = [a for kk, a in presses if kk == k and a > at]
        return max(headless.HOLD_US, min(1500000, (later[0] - at - 100000) if later else 1500000))
    assert [long_hold(k, at) for k, at in presses if long_hold(k, at) >= 1000000]
    assert _tape_with_presses(presses, long_hold) == game
    assert [e for e in game if e[2] == "slap"] and [e for e in game if e[2] == "verdict"]


def test_app_settings_remembered_across_power_cycles():
    hal = app_hal.Hal(4)
    app = box.App(hal, seed=1)
    # home: Bata-waf, Bataille, Tape-treize, Options, Settings -> language
    taps = [0, 0, 0, 0, 1, 1]
    for k in taps:
        hal.pads.tap(k, hal.clock.now + 1000)
        run_ticks(hal, app, 200000)
    assert app.settings["lang"] == "en"
    # back to home (the last item, however many settings), choose
    # Tape-treize: leaving the menus saves
    for k in [0] * (len(app.menus.items) - 1 - app.menus.sel) + [1]:
        hal.pads.tap(k, hal.clock.now + 1000)
        run_ticks(hal, app, 200000)
    assert app.menus.menu_name == "home"
    for k in (0, 0, 1):
        hal.pads.tap(k, hal.clock.now + 1000)
        run_ticks(hal, app, 200000)
    assert app.state == "join" and app.menus.game_name == "tape"
    app2 = box.App(hal, seed=1)
    assert app2.settings["lang"] == "en" and app2.settings["game"] == "tape"
    assert app2.menus.items[app2.menus.sel][3] == "tape"
    assert app2.tab["settings"] == "Settings"


def test_app_a_changed_setting_is_kept_across_a_power_cut_in_the_menus():
    # a setting (volume, language, sound mode) or a game option is saved as
    # it changes: the power cut while the box is still in its menus, the
    # box comes back with it (no game chosen in between)
    def tap(hal, app, k):
        hal.pads.tap(k, hal.clock.now + 1000)
        run_ticks(hal, app, 200000)

    def choose(hal, app, action, arg):
        n = 0
        while app.menus.items[app.menus.sel][2:] != (action, arg):
            tap(hal, app, 0)
            n += 1
            assert n <= len(app.menus.items), (action, arg, app.menus.items)
        tap(hal, app, 1)

    hal = app_hal.Hal(4)
    app = box.App(hal, seed=1)
    want = _set.defaults()
    choose(hal, app, "go", "settings")
    for key in ("volume", "lang", "sound"):
        choose(hal, app, "set", key)
        assert app.settings[key] != want[key]
        want[key] = app.settings[key]
        assert box.App(hal, seed=1).settings == want, key     # the power cut
    choose(hal, app, "go", "home")
    choose(hal, app, "go", "options")
    choose(hal, app, "go", "opts:tape")
    choose(hal, app, "opt", "tape:mode")
    assert app.settings["opts"]["tape"]["mode"] != want["opts"]["tape"]["mode"]
    again = box.App(hal, seed=1)
    assert again.settings["opts"]["tape"]["mode"] == app.settings["opts"]["tape"]["mode"]
    assert again.state == "menu" and again.settings["game"] == want["game"]


def test_app_corrupt_settings_fall_back_to_defaults_and_say_so():
    for text in ("{not json", '{"lang": "de"}\n#0000\n'):
        hal = app_hal.Hal(4, files={_set.NAME: text})
        app = box.App(hal, seed=1)
        assert app.state == "notice"
        assert app.settings == _set.defaults()
        run_ticks(hal, app, 1200000)
        hal.pads.tap(0, hal.clock.now)
        run_ticks(hal, app, 100000)
        assert app.state == "menu"


def test_app_deeply_nested_settings_under_a_valid_checksum_start_the_box_on_defaults():
    from drivers.storage import checksum
    depth = 100000
    body = '{"volume": ' + "[" * depth + "]" * depth + "}"
    hal = app_hal.Hal(4, files={_set.NAME: body + "\n#%04x\n" % checksum(body.encode())})
    app = box.App(hal, seed=1)
    assert app.state == "notice" and _set.NAME in app.notice
    assert app.settings == _set.defaults()
    run_ticks(hal, app, 1200000)
    hal.pads.tap(0, hal.clock.now)
    run_ticks(hal, app, 100000)
    assert app.state == "menu"


def test_app_settings_with_a_value_no_menu_offers_is_refused():
    hal = app_hal.Hal(4)
    st = _set.defaults()
    st["volume"] = 99
    hal.storage.save(_set.NAME, st)
    app = box.App(hal, seed=1)
    assert app.state == "notice" and "volume" in app.notice
    assert app.settings["volume"] == _set.defaults()["volume"]


def test_app_error_in_a_game_shows_error_logs_it_and_returns_to_menu():
    hal = app_hal.Hal(4)
    r = headless.Runner(hal, "bataille", 2, seed=4, options={"length": "court"})
    app = r.app
    r.run(60, until="play")
    run_ticks(hal, app, 2000000)

    def broken(t_ms):
        raise MemoryError("memory allocation failed")
    app.play.game.step = broken
    with Console(box) as out:
        for _ in range(3000):
            r.bots()
            r.fire()
            hal.pads.advance(5000)
            app.tick()
            if app.state == "error":
                break
    assert out.said("box error: MemoryError: memory allocation failed")
    assert app.state == "error" and app.error_kind == "memory"
    err = app_hal.read(hal.root, "logs/game_1.err")
    assert "MemoryError" in err
    assert log_entries(hal)[0][2] == "start"
    run_ticks(hal, app, 1200000)
    hal.pads.tap(0, hal.clock.now)
    run_ticks(hal, app, 100000)
    assert app.state == "menu" and app.menus.menu_name == "home"


def test_app_play_again_and_keep_the_last_five_logs():
    hal = app_hal.Hal(4)
    r = headless.Runner(hal, "batawaf", 2, seed=11, options={"length": "court"})
    app = r.app
    for i in range(7):
        r.run(3600)
        assert app.state == "end"
        if i == 6:
            break
        run_ticks(hal, app, 1600000)
        hal.pads.tap(1, hal.clock.now)        # to the after-game menu
        run_ticks(hal, app, 100000)
        assert app.state == "menu" and app.menus.menu_name == "after"
        hal.pads.tap(1, hal.clock.now)        # again, same players
        run_ticks(hal, app, 100000)
        assert app.state == "play"
    names = [f for f in app_hal.files(hal.root) if f.endswith(".jsonl")]
    assert names == ["logs/game_%d.jsonl" % n for n in (3, 4, 5, 6, 7)], names
    for n in (3, 7):
        assert replay(log_entries(hal, n)).done


def test_app_auto_flip_plays_without_presses():
    hal = app_hal.Hal(4)
    r = headless.Runner(hal, "batawaf", 2, seed=5, options={"auto": True, "length": "court"})
    app = r.app
    r.run(60, until="play")
    presses = r.presses
    for _ in range(200000):
        hal.pads.advance(10000)
        app.tick()
        if app.state == "end":
            break
    assert app.state == "end" and r.presses == presses


def test_app_no_log_write_during_a_slap_window():
    hal = app_hal.Hal(4)
    r = headless.Runner(hal, "tape", 3, seed=12, options={"target": 2, "tempo": 1000})
    app = r.app
    real = app.logs.flush
    seen = []

    def flush(log):
        if app.play.game is not None and app.state == "play":
            assert not app.play.game.window_open
        seen.append(app.state)
        return real(log)
    app.logs.flush = flush
    r.run(3600)
    assert app.state == "end" and seen
    assert "play" in seen        # written between rounds too, not only at the end


def test_app_eink_full_refresh_every_n_frames():
    hal = app_hal.Hal(4, w=296, h=128, colour=False)
    app = box.App(hal, seed=1)
    for _ in range(12):
        hal.pads.tap(0, hal.clock.now + 1000)
        run_ticks(hal, app, 100000)
    assert app.frames >= 12
    # the first frame (a new screen) is a full refresh, then one every 5
    assert hal.display.full == 1 + (app.frames - 1) // 5


def test_s6_app_shows_which_pad_is_stuck():
    hal = app_hal.Hal(4, w=128, h=64, colour=False)
    app = box.App(hal, seed=1)
    shown = []
    real = app.renderer.message

    def message(title, lines, icon="cross", col=0):
        shown.append((title, lines))
        real(title, lines, icon, col)
    app.renderer.message = message
    run_ticks(hal, app, 100000)
    hal.pads.press(0, hal.clock.now)
    run_ticks(hal, app, 6000000)          # held past the 5 s stuck limit
    assert app.stuck == 1 << 0 and app.state == "menu"
    assert shown and shown[-1] == (app.tab["stuck"], ["1"])
    hal.pads.release(0, hal.clock.now)
    n = len(shown)
    run_ticks(hal, app, 100000)
    assert app.stuck == 0 and app.state == "menu" and len(shown) == n


def test_s4_app_game_longer_than_the_ticks_span_with_a_long_pause():
    # a 10-minute Bataille (past the 2**29 us a ticks difference spans) with
    # a 12-minute pause in it, on a clock that wraps during the game: the
    # log's times only go forward, the limit ends it, and it replays
    hal = app_hal.Hal(4, start_us=(1 << 30) - 60000000)
    r = headless.Runner(hal, "bataille", 2, seed=13, options={"length": "10min", "pickup": "ordered"})
    r.step_us = 20000
    app = r.app
    r.run(60, until="play")
    run_ticks(hal, app, 240000000, 20000)
    app.play.pause()
    run_ticks(hal, app, 720000000, 50000)
    app.play.resume()
    r.run(3600)
    entries = log_entries(hal)
    last = entries[-1]
    assert last[2] == "end" and last[3]["reason"] in ("limit", "all_cards", "cycle", "draw")
    if last[3]["reason"] == "limit":
        assert 600000 <= last[1] < 610000
    assert replay(entries).done


def test_app_survives_a_broken_screen():
    # a renderer that raises: error screen; if that fails too, the box still
    # answers the pads and goes back to the menu
    hal = app_hal.Hal(4)
    app = box.App(hal, seed=1)

    def broken(*a):
        raise ValueError("broken screen")
    app.renderer.menu = broken
    app.renderer.message = broken
    with Console(box, screens) as out:
        run_ticks(hal, app, 100000)
        assert app.state == "error" and "broken screen" in app.error_text
        run_ticks(hal, app, 1200000)
        hal.pads.tap(0, hal.clock.now)
        run_ticks(hal, app, 100000)
    assert out.said("box error: ValueError: broken screen") and out.said("error screen not drawn")
    assert app.state == "error"     # the menu failed to draw again
    assert app.errors >= 2


def test_t10_turns_mode_lights_the_pad_of_the_player_to_lay():
    hal = app_hal.Hal(4)
    r = headless.Runner(hal, "tape", 3, seed=17, options={"target": 1, "mode": "turns"})
    app = r.app
    r.run(60, until="play")
    run_ticks(hal, app, 1500000)
    g = app.play.game
    assert g.phase_name() == "play"
    k = app.play.pads_in[g.turn]
    assert hal.leds.on[k] and [j for j in range(4) if hal.leds.on[j]] == [k]
    laid = g.cards_laid
    hal.pads.tap(k, hal.clock.now)
    run_ticks(hal, app, 300000)
    assert g.cards_laid == laid + 1


def test_app_error_in_a_slap_window_does_not_block_the_settings():
    hal = app_hal.Hal(4)
    r = headless.Runner(hal, "tape", 2, seed=9, options={"target": 1, "tempo": 1000})
    app = r.app
    r.run(60, until="play")
    for _ in range(20000):
        hal.pads.advance(5000)
        app.tick()
        if app.play.game.window_open:
            break
    assert hal.storage.slap_window

    def broken(p, t):
        raise RuntimeError("engine bug")
    app.play.game.press = broken
    hal.pads.tap(0, hal.clock.now)
    with Console(box) as out:
        run_ticks(hal, app, 1200000)
    assert out.said("box error: RuntimeError: engine bug")
    assert app.state == "error" and not hal.storage.slap_window
    hal.pads.tap(0, hal.clock.now)
    run_ticks(hal, app, 100000)
    hal.pads.tap(1, hal.clock.now)       # choose Bata-waf: the settings are saved
    run_ticks(hal, app, 100000)
    assert app.state == "join" and app.errors == 1


def test_app_plays_on_a_board_without_display_buzzer_leds_or_storage():
    hal = app_hal.Hal(2)
    hal.display = None
    hal.buzzer = None
    hal.leds = None
    hal.storage = None
    hal.watchdog = None
    r = headless.Runner(hal, "batawaf", 2, seed=2, options={"length": 20})
    r.run(3600)
    assert r.app.state == "end" and r.app.play.view.winners


def test_b1_w1_at_most_four_players_join_on_a_six_pad_box():
    hal = app_hal.Hal(6)
    app = box.App(hal, seed=1)
    hal.pads.tap(1, hal.clock.now + 1000)           # choose Bata-waf
    run_ticks(hal, app, 100000)
    for k in (5, 4, 3, 2):
        hal.pads.tap(k, hal.clock.now + 1000)
        run_ticks(hal, app, 100000)
    assert app.state == "play" and app.play.pads_in == [2, 3, 4, 5] and app.play.view.n == 4
    hal.pads.tap(0, hal.clock.now + 1000)           # pad 1 did not join: ignored
    run_ticks(hal, app, 100000)
    assert app.state == "play"


def test_app_join_with_nobody_goes_back_to_the_menu():
    # (one player alone plays against the box now: test_app_seats)
    hal = app_hal.Hal(4)
    app = box.App(hal, seed=1)
    hal.pads.tap(1, hal.clock.now + 1000)
    run_ticks(hal, app, 100000)
    assert app.state == "join"
    run_ticks(hal, app, 15000000)
    assert app.state == "join"
    run_ticks(hal, app, 6000000)
    assert app.state == "menu" and app.menus.menu_name == "home"


def test_app_plays_on_when_the_flash_is_full():
    hal = app_hal.Hal(4)
    r = headless.Runner(hal, "batawaf", 2, seed=6, options={"length": 30})
    app = r.app

    def full(*a):
        raise OSError(28, "no space left on device")
    app.store.write = full
    app.store.open_append = full
    hal.storage.save = full
    with Console(box, quiet, _play) as out:
        r.run(3600)
    assert out.said("not written") or out.said("not saved"), out.lines
    assert app.state == "end" and app.errors == 0 and app.play.view.winners


def test_s4_end_screen_left_for_half_an_hour_still_answers():
    hal = app_hal.Hal(4)
    r = headless.Runner(hal, "batawaf", 2, seed=6, options={"length": 10})
    app = r.app
    app.settings["sleep"] = False   # awake all along (the sleep: test_sleep.py)
    r.run(3600)
    assert app.state == "end"
    run_ticks(hal, app, 1800 * 1000000, 100000)     # 30 minutes, the ticks wrap
    hal.pads.tap(1, hal.clock.now)
    run_ticks(hal, app, 100000)
    assert app.state == "menu" and app.menus.menu_name == "after"


def test_app_options_beyond_the_menus_complete_the_engine_options():
    # the simulator's command line: every option of RULES.md L reaches the
    # engine, the pads that joined still decide the number of players, and
    # a given number of rounds replaces the menu's target (T12)
    from app import settings
    eng = {"players": 3, "target": 3, "mode": "tempo"}
    out = settings.complete(dict(eng), {"players": 5, "rounds": 2, "tempo": 900})
    assert out == {"players": 3, "rounds": 2, "mode": "tempo", "tempo": 900}
    out = settings.complete({"players": 2, "rounds": 4}, {"target": 1})
    assert out == {"players": 2, "target": 1}


def test_t12_b4_menus_offer_the_time_limit_and_the_short_variant():
    # Tape-treize's time limit (the engine's default, 30 minutes: no menu
    # entry, the heap budget has no room for one) and B4's short variant
    # (default play, a menu entry) reach the engines
    from app import settings
    d = settings.defaults()
    eng = settings.engine_options("tape", d["opts"]["tape"], 4)
    from games.tape import Tape
    assert Tape(eng).limit_ms == 30 * 60000          # the engine's default
    for game in ("bataille", "batawaf"):
        assert settings.engine_options(game, d["opts"][game], 2)["short"] == "play"
    st = settings.check({"opts": {"bataille": {"short": "lose"}}})
    assert settings.engine_options("bataille", st["opts"]["bataille"], 2)["short"] == "lose"


def test_app_menu_redraws_once_a_press_and_once_a_scroll_step():
    """Every frame drawn is time a press waits for its own (the 50 ms
    feedback): a press in the menu draws one frame, and a label too wide
    for the matrix is redrawn when it moves a pixel, never while it holds
    still at its ends."""
    from gfx import render
    hal = app_hal.Hal(4)
    app = box.App(hal, seed=1)
    run_ticks(hal, app, 200000)
    assert app.state == "menu" and not app.menus.scrolling  # the first show: the hint, no label
    hal.pads.tap(0, hal.clock.now + 1000)            # pad 1: the next item, and round to the first
    hal.pads.tap(0, hal.clock.now + 301000)
    hal.pads.tap(0, hal.clock.now + 601000)
    hal.pads.tap(0, hal.clock.now + 901000)
    hal.pads.tap(0, hal.clock.now + 1201000)
    hal.pads.tap(0, hal.clock.now + 1501000)
    run_ticks(hal, app, 1800000)
    assert app.menus.sel == 0 and app.state == "menu" and app.menus.scrolling   # "Bata-waf" is wider than 16 columns
    over = app.renderer.scroll_over
    shows = hal.display.shows
    hal.pads.tap(0, hal.clock.now + 1000)            # pad 1: the next item
    t = hal.clock.now
    n = len(shows)
    # the label holds still 900 ms (gfx.render._SCROLL_HOLD_MS): one frame
    run_ticks(hal, app, 850000)
    assert app.menus.sel == 1
    assert len(shows) - n == 1, [s - t for s in shows[n:]]
    assert shows[n] - t <= 50000
    # then a frame each time it moves a pixel, over a whole period of its
    # scroll (17 frames for "Bataille", where a redraw every 110 ms made 32)
    over = app.renderer.scroll_over
    period_us = (2 * 900 + over * 110) * 1000
    n = len(shows)
    moves = 0
    last = render.scroll_offset(over, (hal.clock.now - app.menus.sel_t) // 1000)
    end = hal.clock.now + period_us
    while hal.clock.now < end:
        hal.pads.advance(2000)
        app.tick()
        off = render.scroll_offset(over, (hal.clock.now - app.menus.sel_t) // 1000)
        moves += off != last
        last = off
    assert moves == over + 1, (moves, over)      # each pixel, then back to its start
    assert len(shows) - n == moves, (len(shows) - n, moves)
