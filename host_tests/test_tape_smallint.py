# S4 on the board: a Tape-treize match lasts 20-40 minutes, and the RP2040's
# small ints stop at 2**30 - 1 (17.9 minutes of microseconds).  Every int the
# engine holds, and every local of its per-turn / per-press / per-poll code,
# must stay within -2**30 .. 2**30 - 1 for hours, or the main loop allocates
# long ints (garbage, GC pauses in the middle of a slap window).  The unix
# port's small ints are 63 bits wide, so allocation counts cannot see it:
# here a tracer checks the values themselves (as test_pads_smallint does for
# the interrupt handler), on matches of 2.5 hours driven through the box's
# path (ticks_us values, the 2**30 wrap, presses drained after the poll's
# `now` was read, a turns-mode player idle for 25 minutes).
#
# The same matches must give the very log the engine gave before its clock
# was rebased (T-smallint in docs/tape.md): LOG_DIGESTS were made by the
# engine of commit 50a7ab5, which kept microseconds since the start.
import hashlib
import sys

import pytest
from hypothesis import given, settings, strategies as st

from examples import examples

from core import ticks as _ticks
from core.log import Log, read
from core.rng import Rng
from games import tape
from games import tape_replay

LIMIT = 1 << 30
HOUR = 3600 * 1000000

# The engine's code that does not run on the board's per-turn path: the
# game-time API for replay, tests and host bots (unwrapped microseconds,
# big by design), replay itself, and option parsing.
HOST_ONLY = ("press_us", "advance_us", "next_deadline_us", "now_us",
             "due_us", "window_open_us", "replay", "_want", "normalize", "source")

SCENARIOS = {
    # name: (options, seed, first tick, virtual hours)
    # (hours of play: no time limit, "length": "all")
    "tempo": ({"players": 4, "target": 99, "false_window": 300, "length": "all"}, 5,
              LIMIT - 7000000, 2.5),
    "turns": ({"players": 3, "mode": "turns", "target": 99, "false_window": 0,
               "rules": ["match", "double", "sandwich", "ten"], "length": "all"}, 8,
              LIMIT - 123456789, 2.5),
}

# sha256 of the log text and its line count, from the engine of 50a7ab5
# (whose start line had no "length", nor the box's seats and level of the
# rule book's P6: _digest drops them).
LOG_DIGESTS = {
    "tempo": ("14a863f664748b4b421eb6e36ec68f7b297013178a4d9ce1163ddd7d84579ccd", 13700),
    "turns": ("6291eab0801378756cee4fc15ea36e152b7bf9ea4c306770ad9e9310b031638d", 1970),
}


class Driver:
    """The box's main loop on a virtual clock: `v` is microseconds since the
    game started (the test's own unwrapped time), the engine only sees
    ticks_us values (t0 + v modulo 2**30).  Presses are scheduled as players
    would make them; before a press, the loop sometimes polls a few ms past
    it first (the box reads `now`, then drains the ring), so the engine gets
    presses stamped before its last poll."""

    def __init__(self, opts, seed, t0, hours, check=None, game_time=False):
        self.g = tape.Tape(opts, seed, Log())
        # game_time: feed the same inputs as unwrapped us since the start
        # (press_us / advance_us, which never move the epoch) instead.
        self.game_time = game_time
        self.t0 = t0
        self.end = int(hours * HOUR)
        self.rng = Rng(seed + 1000)
        self.check = check
        self.pending = []          # (v, p) presses to come
        self.v = 0
        self.next_tick = 0         # a poll at least every 200 s of idle play
        self.seen_cards = -1
        self.seen_windows = 0
        self.turn_key = None

    def tick(self, v):
        return (self.t0 + v) & _ticks.MASK

    def press(self, p, v):
        if self.game_time:
            self.call(self.g.press_us, p, v)
        else:
            self.call(self.g.press, p, self.tick(v))

    def poll(self, v):
        if self.game_time:
            self.call(self.g.advance_us, v)
        else:
            self.call(self.g.poll, self.tick(v))

    def call(self, fn, *args):
        fn(*args)
        if self.check is not None:
            self.check(self.g)

    def schedule(self):
        g = self.g
        rng = self.rng
        if g.cards_laid != self.seen_cards:
            self.seen_cards = g.cards_laid
            if g.phase == tape.WINDOW and g.windows != self.seen_windows:
                self.seen_windows = g.windows
                w = g.window_open_us
                for p in range(g.n):
                    if rng.below(20):
                        self.pending.append((w + 150000 + rng.below(1200) * 1000 + rng.below(3), p))
            elif g.phase == tape.PLAY and rng.below(25) == 0:
                self.pending.append((g.now_us + 100000 + rng.below(900) * 1000 + rng.below(1000), rng.below(g.n)))
        if g.turns_mode and g.phase == tape.PLAY:
            key = (g.round, g.turn_no, g.takes)
            if key != self.turn_key:
                self.turn_key = key
                think = 200000 + rng.below(1500) * 1000 + rng.below(1000)
                if rng.below(150) == 0:
                    think += 25 * 60 * 1000000     # a child who wandered off
                self.pending.append((max(self.v, g.now_us) + think, g.turn))
        self.pending.sort()

    def run(self):
        g = self.g
        self.call(g.start, self.tick(0))
        self.schedule()
        while not g.done and self.v < self.end:
            best = self.v + 200000000 if self.next_tick <= self.v else self.next_tick
            if self.game_time:
                t = g.next_deadline_us()
            else:
                dl = g.next_deadline()
                t = None if dl is None else self.v + _ticks.diff(dl, self.tick(self.v))
            if t is not None:
                if t < best:
                    best = max(t, self.v)
            if self.pending and self.pending[0][0] <= best:
                at, p = self.pending.pop(0)
                at = max(at, self.v)
                if self.rng.below(3) == 0:
                    # `now` read a little after the press, the ring drained after
                    self.v = at + self.rng.below(4000)
                    self.poll(self.v)
                self.press(p, at)
                self.v = max(self.v, at)
            else:
                self.v = best
                self.next_tick = best + 200000000
                self.poll(best)
            self.schedule()
        return g


def _digest(lines):
    first = lines[0].replace(',"length":"all"', '').replace('"box":[],', '').replace(',"level":1', '')
    lines = [first] + list(lines[1:])
    text = "".join([s + "\n" for s in lines])
    return hashlib.sha256(text.encode()).hexdigest(), len(lines)


def _play(name, check=None):
    opts, seed, t0, hours = SCENARIOS[name]
    return Driver(opts, seed, t0, hours, check).run()


class SmallInts:
    """Checks every int local of the engine's board-path code at every line
    (a tracer) and every int the engine holds after each input."""

    def __init__(self):
        self.lines = 0
        self.inputs = 0
        self.stale = 0

    def _small(self, where, name, v):
        if isinstance(v, int) and not isinstance(v, bool):
            assert -LIMIT <= v < LIMIT, (where, name, v)
        elif isinstance(v, (list, tuple)):
            for x in v:
                if isinstance(x, int) and not isinstance(x, bool):
                    assert -LIMIT <= x < LIMIT, (where, name, v)

    def tracer(self, frame, event, arg):
        code = frame.f_code
        if code.co_filename not in (tape.__file__, _ticks.__file__) or code.co_name in HOST_ONLY:
            return None

        def local(frame, event, arg):
            for name, v in frame.f_locals.items():
                self._small((code.co_name, frame.f_lineno), name, v)
            self.lines += 1
            return local
        return local

    def __call__(self, g):
        for name, v in g.__dict__.items():
            self._small("engine", name, v)
        for name, v in g.clock.__dict__.items():
            self._small("clock", name, v)
        if g._now == tape._STALE:
            self.stale += 1
        self.inputs += 1


def _traced(name):
    chk = SmallInts()
    sys.settrace(chk.tracer)
    try:
        g = _play(name, chk)
    finally:
        sys.settrace(None)
    return g, chk


def test_s4_tempo_match_of_hours_keeps_every_time_a_small_int():
    g, chk = _traced("tempo")
    assert g.log.last_t > 2 * 3600 * 1000 and g.round > 20   # hours of play, many rounds
    assert chk.inputs > 5000 and chk.lines > 50000
    assert _digest(g.log.lines) == LOG_DIGESTS["tempo"]


def test_s4_turns_match_with_long_waits_keeps_every_time_a_small_int():
    g, chk = _traced("turns")
    assert g.log.last_t > 2 * 3600 * 1000
    assert chk.inputs > 1000 and chk.lines > 10000
    # A player idle for 25 minutes: the engine's last time taken fell far
    # behind the clock and was raised to the oldest time a press can have.
    assert chk.stale > 0
    assert _digest(g.log.lines) == LOG_DIGESTS["turns"]


def test_l_long_matches_replay_from_their_logs():
    # The log of a rebased match (t in ms, t_us in us since the start)
    # replays on game time, which never rebases: the same lines, the same end.
    for name in sorted(SCENARIOS):
        g = _play(name)
        r = tape_replay.replay(read(g.log.lines))
        assert r.truncated and r.points == g.points and r.counts() == g.counts(), name
        assert g._base_ms > 2 * 3600 * 1000 - 600 * 1000 and r._base_ms == 0, name


options = st.fixed_dictionaries({
    "players": st.integers(2, 8),
    "mode": st.sampled_from(["tempo", "turns"]),
    "tempo": st.integers(500, 4000),
    "slap_timeout": st.integers(300, 10000),
    "false_window": st.integers(0, 2000),
    "settle": st.integers(0, 5000),
    "rules": st.lists(st.sampled_from(tape.RULES), unique=True),
    "target": st.just(99),
    "length": st.just("all"),
})


def _same_log_on_both_clocks(opts, seed, t0, hours):
    a = Driver(opts, seed, t0, hours).run()
    b = Driver(opts, seed, t0, hours, game_time=True).run()
    assert a.log.lines == b.log.lines
    # The box's path moved its epoch; the game-time path never does.
    assert a._base_ms > 0 and b._base_ms == 0
    assert a.now_us == b.now_us and a.due_us == b.due_us


@settings(max_examples=examples(30))
@given(options, st.integers(0, 2 ** 20), st.integers(0, LIMIT - 1))
def test_s4_l_the_rebased_clock_gives_the_log_of_plain_game_time(opts, seed, t0):
    # The same inputs as ticks_us (epoch moved every 4.5 minutes) and as
    # unwrapped us since the start (the engine's arithmetic as it was):
    # the same log line for line over 40 minutes, whatever the options.
    _same_log_on_both_clocks(opts, seed, t0, 0.67)


@pytest.mark.fuzz
@settings(max_examples=400)
@given(options, st.integers(0, 2 ** 32), st.integers(0, LIMIT - 1))
def test_fuzz_rebased_clock_gives_the_log_of_plain_game_time(opts, seed, t0):
    _same_log_on_both_clocks(opts, seed, t0, 3)


if __name__ == "__main__":
    # Prints LOG_DIGESTS for the engine on the path (how the table was made).
    for name in sorted(SCENARIOS):
        g = _play(name)
        print(repr(name), ":", _digest(g.log.lines), g.done, g.log.last_t)
