# The game flows (app.duels, app.tape; their interface in app.play) on their
# own, no box: players in, bits out, one game clock paused and resumed.  Also
# the bits each module keeps as private consts agree with app.play's table.
from app import cues, play, phase
from app.view import View
from app import settings as _set
from core import ticks
from games import bataille as B
from tinytest import MICROPYTHON

DIRTY, LIT, FLUSH, QUIET, ENDED, FAILED, SLAP, CALM = 1, 2, 4, 8, 16, 32, 64, 128
T0 = ticks.MASK - 3000000      # the ticks wrap 3 s into the game


class Quiet:
    def speaks(self):
        return False

    def say(self, w):
        return False

    def play(self, tune):
        pass


def flow(name, n, opts=None, eng=None):
    v = View(name, n, False, list(range(n)), 4)
    c = cues.Cues(name, v, Quiet(), False)
    e = _set.engine_options(name, {}, n)
    for k in (eng or {}):
        e[k] = eng[k]
    mod = __import__(phase.GAMES[name][0], None, None, ("Flow",))
    return mod.Flow(name, e, 7, c, opts or {}), c


def at(ms):
    return ticks.add(T0, ms * 1000)


def test_app_flows_bits_agree_with_the_table():
    # the table in app.play's header, and each user's private consts
    # (MicroPython keeps no private const as an attribute: CPython checks)
    want = {"DIRTY": DIRTY, "LIT": LIT, "FLUSH": FLUSH, "QUIET": QUIET, "ENDED": ENDED,
            "FAILED": FAILED, "SLAP": SLAP, "CALM": CALM}
    with open(play.__file__.replace(".mpy", ".py")) as f:
        text = f.read()
    for name in want:
        assert ("#  %3d %s " % (want[name], name)) in text, name
    if MICROPYTHON:
        return
    from app import duels, tape
    seen = 0
    for mod in (play, duels, tape):
        for name in want:
            v = getattr(mod, "_" + name, None)
            if v is not None:
                assert v == want[name], (mod.__name__, name, v)
                seen += 1
    assert seen >= 12


def test_app_flow_duel_waits_for_every_player_then_flips():
    f, c = flow("bataille", 3)
    r = f.begin(T0)
    # the joining presses were the first flip: shown, then the take by itself
    assert r & DIRTY and r & LIT and f.lit() == 0 and f.next_step is not None
    n = f.next_step
    assert f.due(at(n - 1)) == 0
    r = f.due(at(n))
    while f.next_step is not None:        # a battle's cards come by themselves
        r = f.due(at(f.next_step))
    assert r & LIT and f.lit() == 0b111 and f.waiting == 0b111
    lines = len(c.log.lines)
    r = f.press(1, at(n + 5000))
    assert r & LIT and f.lit() == 0b101 and len(c.log.lines) == lines    # player 1, not pad 1
    f.press(1, at(n + 5100))                                            # again: nothing
    assert f.lit() == 0b101
    f.press(0, at(n + 5200))
    r = f.press(2, at(n + 5300))
    assert r & DIRTY and len(c.log.lines) > lines
    assert c.log.lines[lines].startswith('{"t":%d,' % (n + 5300))       # the flip at the last press


def test_app_flow_duel_pause_leaves_the_game_clock_still():
    f, c = flow("batawaf", 2)
    f.begin(T0)
    n = f.next_step
    f.pause(at(n - 200))
    for s in range(1, 40):                # a pause of 20 minutes, pass by pass
        f.clock.pause_tick(at(n - 200 + s * 30000))
    now = at(n - 200 + 40 * 30000)
    r = f.resume(now)
    assert r & LIT
    assert f.due(now) == 0                # 200 ms of play left before the step
    assert f.clock.ms(ticks.add(now, 199000)) == n - 1
    assert f.due(ticks.add(now, 200000)) & DIRTY


def test_app_flow_duel_auto_flips_by_itself():
    f, c = flow("batawaf", 2, {"auto": True})
    f.begin(T0)
    while f.next_step is not None:
        t = f.next_step
        f.due(at(t))
    assert f.waiting == 0b11 and f.auto_at == t + 3000
    assert f.due(at(t + 2999)) == 0
    assert f.due(at(t + 3000)) & DIRTY and f.waiting == 0b11   # flipped, nobody pressed


def test_app_flow_duel_failing_step_says_failed():
    f, c = flow("bataille", 2)
    f.begin(T0)

    def broken(ms):
        raise ValueError("boom")
    f.game.step = broken
    r = f.due(at(f.next_step))
    assert r & FAILED and str(f.error) == "boom"


def test_app_flow_tape_press_held_waits_let_go_is_a_slap():
    f, c = flow("tape", 3, eng={"tempo": 1000})
    held = [0]
    f.held = lambda: held[0]
    r = f.begin(T0)
    assert r & LIT and f.lit() == 0b111
    g = f.game
    assert f.due(at(10)) & CALM
    # player 2 presses outside a slap window and holds on: nothing yet
    t = 10
    while g.phase_name() != "play" or g.cards_laid == 0:
        t += 50
        f.due(at(t))
    t += 1
    held[0] = 0b100
    f.press(2, at(t))
    assert f.taps.n == 1 and f.due(at(t + 500)) & SLAP
    lines = len(c.log.lines)
    held[0] = 0
    f.due(at(t + 600))                  # let go: a slap at its interrupt's time
    assert f.taps.n == 0
    slap = [s for s in c.log.lines[lines:] if '"ev":"slap"' in s]
    assert slap and '"p":2' in slap[0] and '"t":%d,' % t in slap[0]


def test_app_flow_tape_pause_stops_at_the_first_press_still_down():
    f, c = flow("tape", 2, eng={"tempo": 1000})
    held = [0b1]
    f.held = lambda: held[0]
    f.begin(T0)
    f.due(at(500))
    f.press(0, at(600))                 # the hold that asks for the pause
    f.due(at(2600))
    laid = f.game.cards_laid
    f.pause(at(2600))
    assert f.taps.n == 0                # the press was the pause, no slap
    f.clock.pause_tick(at(60000))
    held[0] = 0
    r = f.resume(at(60000))
    assert r & LIT and f.lit() == 0b11
    # play goes on from 600 ms: the next tempo card at 1000 ms of play
    f.due(at(60000 + 399))
    assert f.game.cards_laid == laid
    f.due(at(60000 + 400))
    assert f.game.cards_laid == laid + 1


def _rebuilt(name, n, c, eng=None):
    """A new flow of `name` and the engine its log so far rebuilt
    (app.resume_feed), its view told the lines (as app.resume does)."""
    from app import resume_feed
    from core import log as _log, FIELDS
    try:
        from io import StringIO
    except ImportError:
        from uio import StringIO    # type: ignore[no-redef]
    f2, c2 = flow(name, n, eng=eng)
    for ln in c.log.lines:
        t, ev, d = _log.parse_line(ln)
        c2.view.event(t, ev, [d.get(k) for k in FIELDS[ev]])
    g, count, last_t = resume_feed.engine(StringIO("\n".join(c.log.lines) + "\n"))
    c2.log.last_t = last_t
    return f2, c2, g, last_t


def test_app_flow_duel_goes_on_from_an_engine_its_log_rebuilt():
    # app.resume hands the flow the engine its log rebuilt (Flow.begin(t,
    # game)): at the log's last time it stands as the uncut flow stood,
    # waiting for the flips (idle: the box may sleep) or a step due by
    # itself (a battle's cards, the take) at the flow's own timings
    f, c = flow("bataille", 2)
    f.begin(T0)
    ms = 0
    kinds = set()
    for i in range(60):
        if f.game.done:
            break
        if f.next_step is not None:
            ms = f.next_step
            f.due(at(ms))
        else:
            ms += 300
            f.press(0, at(ms))
            f.press(1, at(ms))
        f2, c2, g, last_t = _rebuilt("bataille", 2, c)
        r = f2.begin(at(ms + 7), g)
        assert f2.game is g and r & DIRTY
        assert f2.next_step == f.next_step and f2.waiting == f.waiting, (i, f2.next_step, f.next_step)
        assert f2.idle() == f.idle() == (f.next_step is None)
        assert f2.clock.ms(at(ms + 7)) == last_t
        kinds.add((f.next_step is None, bool(c2.view.battle)))
    assert len(kinds) >= 3, kinds       # waiting, a take due, a battle's step due


def test_app_flow_tape_goes_on_from_an_engine_its_log_rebuilt():
    # the engine stands at the log's last line (3 s: a take; the half
    # second after it never happened, L `resumed`) and goes on from there,
    # its timers and the tempo as they were: the lines of the uncut match
    f, c = flow("tape", 2, eng={"tempo": 1000})
    f.held = lambda: 0
    f.begin(T0)
    f.due(at(3500))
    f2, c2, g, last_t = _rebuilt("tape", 2, c)
    assert last_t == 3000
    f2.held = lambda: 0
    g.log = c2.log                      # (as app.resume hands it the game's log)
    r = f2.begin(at(90000), g)
    assert f2.game is g and f2.clock is g.clock and r & LIT and f2.lit() == 0b11
    assert not f2.idle()                # the tempo's cards come by themselves
    k = len(c.log.lines)
    f.due(at(9000))
    f2.due(at(90000 + 6000))
    assert len(c.log.lines) > k + 4 and c2.log.lines == c.log.lines[k:], (c2.log.lines, c.log.lines[k:])
