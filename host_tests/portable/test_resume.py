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
