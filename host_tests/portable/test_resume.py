# Issue 40, RULES.md L `resumed`: a game cut at any line goes on after the
# box starts again (app.resume), on CPython and the MicroPython unix port.
# The Runner's bots start afresh after a cut, so the games whose end the
# bots' timing cannot change (Bataille, Bata-waf) end as the uncut ones; a
# cut Tape-treize match's log replays (sim.power_cut, CPython, takes the
# simulator's bots as they were: host_tests/test_resume_power_cut.py).
from app_hal import fresh_dir, rmtree
from core import log as _log
from host import cut


def _replays(text):
    """The log replays to its end through the game's rules (what `make
    replay` runs); its resumed lines."""
    entries = _log.read(text.split("\n"))
    if entries[0][3]["game"] == "tape":
        from games.tape_replay import replay
    else:
        from games.bataille_replay import replay     # type: ignore[no-redef]
    g = replay(entries)
    assert g.done and not g.truncated, "the replay stops before the end"
    return [e for e in entries if e[2] == "resumed"]


def _play(game, seed, n=None, options=None):
    d = fresh_dir()
    try:
        return cut.played(game, 2, seed, d, cut=n, options=options)
    finally:
        rmtree(d)


def test_l_resumed_bataille_cut_at_every_line_ends_as_the_uncut_game():
    opts = {"length": 6}
    whole = _play("bataille", 5, options=opts)
    n_lines = len(whole.split("\n")) - 1
    want = cut.ends(whole)
    for n in range(1, n_lines):
        text = _play("bataille", 5, n, opts)
        assert cut.ends(text) == want, (n, cut.ends(text), want)
        r = _replays(text)
        # (none when the step the log stopped inside ended the game: the box
        # writes the rest of it and shows the end)
        assert len(r) == 1 and r[0][3]["cut"] == "power" or n == n_lines - 1, n


def test_l_resumed_batawaf_and_tape_cut_mid_game_replay():
    for game, seed, n in (("batawaf", 2, 17), ("tape", 3, 40), ("tape", 4, 2)):
        text = _play(game, seed, n, {"length": 8} if game != "tape" else {"target": 1})
        r = _replays(text)
        assert len(r) == 1, (game, n)
        if game == "batawaf":
            assert cut.ends(text) == cut.ends(_play(game, seed, None, {"length": 8}))


def _cut_box(game="bataille", n=12):
    """A box whose flash holds the first n lines of a game, started again."""
    d = fresh_dir()
    assert cut.cut_at(d, game, 2, 3, n, {"length": 6}) > 0
    return d


def test_l_resumed_box_starts_with_the_game_paused_and_the_menu_button_drops_it():
    d = _cut_box()
    try:
        r = cut.runner(d, "bataille", 2, 3)
        app = r.app
        assert app.state == "pause" and app.play.cut is not None
        assert app.fb.lit & 1 and app.fb.lit & 2       # the seated pads lit: one goes on
        app.menus.button(1)
        assert app.state == "end"
        with open(d + "/" + _path(app)) as f:
            text = f.read()
        lines = [ln for ln in text.split("\n") if ln]
        assert '"stopped"' in lines[-1] and '"resumed"' in lines[-2], lines[-2:]
        _replays(text)
        # nothing left to resume at the next start (a notice: the Runner's
        # length of 6 duels, saved with the settings, is no menu's value)
        assert cut.runner(d, "bataille", 2, 3).app.state in ("menu", "notice")
    finally:
        rmtree(d)


def _frame(cv):
    return [cv.t.pixel(x, y) for y in range(cv.h) for x in range(cv.w)]


def test_l_resumed_first_screen_is_the_table_with_the_go_on_sign():
    # the game's own table as the view draws it, and over its middle the
    # play picture (green on the matrix): not the pause menu; no word or
    # digit drawn for it (Bata-waf, W6); only a seated pad goes on
    from gfx import render
    from test_signs import found
    for board in ("pico_matrix", "pico_oled", "pico_eink"):
        for game in ("bataille", "batawaf"):
            d = fresh_dir()
            try:
                assert cut.cut_at(d, game, 2, 3, 12, {"length": 6}, board=board) > 0
                r = cut.runner(d, game, 2, 3, board=board)
                app = r.app
                h = app.hal
                cv = app.canvas
                assert app.state == "pause" and app.play.cut is not None
                n = cv.font_glyphs
                app.draw()
                assert cv.oob == 0 and cv.cut == 0, (board, game)
                assert game != "batawaf" or cv.font_glyphs == n, board     # (the sign is no glyph)
                shown = _frame(cv)
                k = 1 if cv.w <= 32 else 2 * (1 if cv.h < 100 else 2)

                def ok(px):
                    return px == cv.pal[render.OK] if cv.colour else px != 0
                x0, y0 = cv.w // 2 - 5 * k, cv.h // 2 - 5 * k
                at = found(cv.t, "play", k, ok, x0, y0, cv.w // 2 + 5 * k, cv.h // 2 + 5 * k)
                assert len(at) == 1, (board, game, at)
                # the rest of the screen is the game's table, as in play
                app.renderer.game(app.play.view)
                table = _frame(cv)
                changed = [i for i in range(len(shown)) if shown[i] != table[i]]
                assert changed, (board, game)
                for i in changed:
                    x, y = i % cv.w, i // cv.w
                    assert abs(2 * x - cv.w) <= 7 * k + 4 and abs(2 * y - cv.h) <= 7 * k + 4, (board, x, y)
                # and not the pause menu
                app.play.cut, rs = None, app.play.cut
                app.draw()
                assert _frame(cv) != shown, (board, game)
                app.play.cut = rs
                # the seated pads lit; a pad nobody sits at does nothing
                seated = app.play.pads(3)
                assert app.fb.lit == seated, (app.fb.lit, seated)
                free = [j for j in range(app.n_pads) if not seated & (1 << j)]
                t = h.clock.now
                for j in free[:1]:
                    h.pads.tap(j, t + 400000)
                    _ticks(h, app, 800000)
                    assert app.state == "pause" and app.play.cut is not None, (board, j)
                h.pads.tap(app.play.pads_in[1], h.clock.now + 1000)
                _ticks(h, app, 400000)
                assert app.state == "play" and app.play.cut is None, (board, game, app.state)
            finally:
                rmtree(d)


def _ticks(h, app, us):
    end = h.clock.now + us
    while h.clock.now < end:
        h.pads.run_until(h.clock.now + 5000)
        app.tick()


def _path(app):
    from app.logs import path
    return path(app.logs.current)


def test_l_resumed_damaged_game_file_starts_fresh():
    d = _cut_box()
    try:
        name = d + "/logs/game_1.jsonl"
        with open(name) as f:
            lines = f.read().split("\n")
        lines[5] = lines[5].replace('"flip"', '"flop"')
        with open(name, "w") as f:
            f.write("\n".join(lines))
        r = cut.runner(d, "bataille", 2, 3)
        assert r.app.state in ("menu", "notice") and r.app.play.cut is None
        # and the next start does not try again
        assert cut.runner(d, "bataille", 2, 3).app.state in ("menu", "notice")
    finally:
        rmtree(d)


def test_l_resumed_feed_names_a_damaged_line_and_drops_a_cut_one():
    from io import StringIO
    from app import resume_feed
    good = '{"t":0,"ev":"start","game":"tape","players":2,"seed":1,"options":{}}\n'
    assert len(list(resume_feed.lines(StringIO(good + '{"t":5,"ev":"de')))) == 1
    try:
        list(resume_feed.lines(StringIO(good + '{"t":5}\n')))
        raise AssertionError("a damaged line was read")
    except _log.LogError as e:
        assert e.lineno == 2, e


def test_l_resumed_feed_rebuilds_the_engine_a_replay_rebuilds():
    # the box's line-by-line rebuild and the PC's replay agree, line for
    # line, at every cut of a Tape-treize match and a Bataille game
    from io import StringIO
    from app import resume_feed
    for game, seed, opts in (("tape", 3, {"target": 1}), ("bataille", 5, {"length": 6})):
        text = _play(game, seed, None, opts)
        lines = text.split("\n")
        for n in range(2, len(lines) - 1, 7):
            part = "\n".join(lines[:n]) + "\n"
            g, count, last_t = resume_feed.engine(StringIO(part))
            from games.tape_replay import replay as tr
            from games.bataille_replay import replay as br
            r = (tr if game == "tape" else br)(_log.read(lines[:n]))
            # the feed keeps the lines past the log's last (a resume writes
            # them); Bataille's replay keeps those of a step cut short,
            # Tape-treize's also the lines it checked: the tail is the same
            tail = r.log.lines[len(r.log.lines) - len(g.log.lines):] if g.log.lines else []
            assert count == n and g.log.lines == tail, (game, n, g.log.lines, r.log.lines)
            assert game == "tape" or g.log.lines == r.log.lines, (game, n)
            assert g.counts() == r.counts() and g.done == r.done, (game, n)
