# The game flows (app.duels, app.tape; their interface in app.play) on their
# own, no box: players in, bits out, one game clock paused and resumed.  Also
# the bits each module keeps as private consts agree with app.play's table.
from app import cues, play, join
from app.view import View
from app import settings as _set
from core import ticks
from games import bataille as B
from tinytest import MICROPYTHON

DIRTY, LIT, FLUSH, QUIET, ENDED, FAILED, SLAP, CALM = 1, 2, 4, 8, 16, 32, 64, 128
T0 = ticks.MASK - 3000000      # the ticks wrap 3 s into the game


class Quiet:
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
    mod = __import__(join.GAMES[name][0], None, None, ("Flow",))
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
