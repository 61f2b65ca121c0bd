# Tape-treize (RULES.md T1-T13): the counting slap game, as pure code.
#
#   g = Tape(options=None, seed=1, log=None, hands=None)
#   g.start(now)        emits start and the first deal
#   g.press(p, t)       a pad event (player p, interrupt ticks_us)
#   g.poll(now)         timers: tempo card, slap window, settle, pause
#   g.next_deadline()         ticks_us of the next timer, or None
#   g.stop(now)         ended from the menu (L `stopped`)
#   g.done, g.winners, g.reason, g.counts(), g.points, g.round, ...
#   games.tape_replay.replay(entries)  re-run a log (core.log.read), check it
#   games.tape_rules: the rules (T4, T5), the slap window (T6-T8);
#   games.options: the options' checks (normalize, at the deal only)
#
# Times.  The engine is told the time; it never reads a clock.  Inputs are
# ticks_us values (they wrap at 2**30, S4); the game clock g.clock
# (core.ticks.GameClock, the one the box pauses) unwraps them with a rolling
# reference into microseconds since the game started, so call
# press() or poll() at least every 2**29 us (about 9 minutes).  Every timer
# fires at its logical time (a tempo card is laid exactly `tempo` after the
# previous card, not when poll() happens to run), so a game depends only on
# the presses and their timestamps, which is what makes a log replayable.
#
# Small ints (S4).  A match lasts 20-40 minutes, but the RP2040's small ints
# stop at 2**30 - 1, 17.9 minutes of microseconds: beyond, every time sum
# would be a long int on the heap.  So game time is kept as `_base_ms` (ms
# from the start to an epoch: small for 12 days) plus times in us since the
# epoch (`_now`, `_due`, the slap times, the unwrap reference).  press() and
# poll() move the epoch to the latest tick once it is 2**28 us (4.5 min) old,
# at a quiet moment (no slap window or false slap open), in whole ms so every
# log `t` is unchanged (`_base_ms`: the engine's copy of the clock's epoch).
# The log gets `t` in ms, slap `t_us` in us since the start (one number).
# The game-time API (press_us, advance_us, now_us, ...: replay, tests, host
# bots) speaks unwrapped us since the start and never moves the epoch.
# The box's loop, so that no press arrives after a timer it should precede:
# now = ticks_us(); the capture ring into g.press(); g.poll(now) (a press
# stamped before a timer already fired is taken at that timer's time).
# In `turns` mode the press that lays a card is logged only as its `count`
# (and `flip`) line, `t` in ms: the card is laid at that whole millisecond,
# so a replay of the log decides everything as the box did.
from core import cards as _cards
from core import log as _log
from core import ticks as _ticks
from core.cards import Pile
from core.rng import Rng
from core.compat import const
from games.tape_rules import (RULES, DEFAULT_RULES, MAX_PLAYERS, ROUND_PAUSE_MS,  # noqa: F401
                              PLAY, WINDOW, FALSE, rule_holds, Rules)

# Game time on the board (see the header): the epoch moves once the latest
# tick is this far past it (4.5 minutes), at the next quiet moment.
_REBASE_US = const(1 << 28)
# The oldest time a press can still have after a rebase, less 1 ms.
_STALE = const(-(1 << 29) - 1000)

# The phases' names (PLAY ... DONE: games.tape_rules)
_PHASE_NAMES = const(("play", "window", "false", "settle", "pause", "done"))


def normalize(options):
    """The full options dict in force, checked (ValueError naming the option)."""
    from games.options import tape
    return tape(options)


class Tape(Rules):
    def __init__(self, options=None, seed=1, log=None, hands=None):
        self.options = normalize(options)
        o = self.options
        self.n = o["players"]
        self.mode = o["mode"]
        self.turns_mode = o["mode"] == "turns"
        self.rules = o["rules"]
        self.hidden_count = o["hidden_count"]
        self.target = o["target"]
        # the time limit in ms of game time (-1: none); small on the board
        self.limit_ms = -1 if o["length"] == "all" else int(o["length"][:-3]) * 60000
        self.seed = seed
        self.rng = Rng(seed)
        self.log = log if log is not None else _log.Log()
        self.first_hands = None
        if hands is not None:
            if len(hands) != self.n:
                raise ValueError("stacked deal: %d hands for %d players" % (len(hands), self.n))
            from core import check
            self.first_hands = check.hands(hands)
        # deal_source(round_no) -> hands or None: stacks later deals (tests,
        # replay).  Round 1 uses `hands` when given.
        self.deal_source = None
        self.hands = [Pile(52) for _ in range(self.n)]
        self.pile = bytearray(52)  # the central pile, bottom card first
        self.pile_n = 0
        self.points = [0] * self.n
        self.round = 0
        self.dealer = 0
        self.turn = 0          # whose turn is next
        self.said = 0          # the number said last (0: none yet)
        self.done = False
        self.winners = []
        self.reason = None
        self.truncated = False
        # Game time (see the header): ms since the start of the epoch, and
        # times in us since the epoch (moved forward at quiet moments).
        self._base_ms = 0
        self._now = 0          # logical time: the last timer or input taken
        self._due = None       # the pending timer of the phase, if any
        self._stale_ms = 0     # _now's real time while it is held at _STALE
        self._stale_rem = 0
        self.window_rule = None
        self._win_ms = 0       # the window's opening: _base_ms then, and us
        self._win = 0          # since that epoch (never rebased)
        self.cards_laid = 0    # counters that let a bot or screen see news
        self.turn_no = 0
        self.windows = 0
        self.takes = 0
        self.last_verdict = None
        # The slap window / false slap being collected.
        self._slap_t = [0] * self.n    # first press time in the window,
        self._reset_slaps()            # and the players in press order
        # S7: the head starts in force (ms per player; off: zeros).  Off
        # never loads games.tape_head: its names stay out of the heap's
        # pools of interned names (the .mpy route has six, issue 41).
        self.head_ms = [0] * self.n
        self._head = self._learner = None
        if o["head_start"] != "off":
            from games import tape_head
            self._head = tape_head
            tape_head.setup(self, o)    # the head starts, adjusted times, auto's record
        self.clock = _ticks.GameClock()   # ticks_us to us since the epoch
        self.started = False

    # ---- the screen's view ----------------------------------------------
    def counts(self):
        return [len(h) for h in self.hands]

    def holders(self):
        k = 0
        for h in self.hands:
            if len(h):
                k += 1
        return k

    @property
    def window_open(self):
        return self.phase == WINDOW

    def phase_name(self):
        return _PHASE_NAMES[self.phase]

    # ---- time -----------------------------------------------------------
    def _rebase(self):
        """Move the epoch to the latest tick seen (whole ms), so that every
        time the engine keeps stays a small int on the board.  Only at a
        quiet moment: in a slap window or false slap the press times are
        kept as they are until the verdict."""
        ph = self.phase
        if ph == WINDOW or ph == FALSE:
            return
        c = self.clock
        s = c.at_us // 1000 * 1000
        now = self._now
        if now != _STALE:
            if now > _STALE + s:    # (now - s could pass -2**30)
                now -= s
            else:
                # A turns-mode wait left the last time taken far behind: no
                # press can come before _STALE any more (ticks_us is
                # unwrapped within 2**29 of the reference), so holding it
                # there decides every later comparison the same way; now_us
                # still tells the real one.
                self._stale_ms = self._base_ms + now // 1000
                self._stale_rem = now % 1000
                now = _STALE
        self._now = now
        c._rebase()
        self._base_ms = c._base_ms
        if self._due is not None:
            self._due -= s

    def next_deadline(self):
        """ticks_us of the next timer (None: only a press moves the game)."""
        if self._due is None or self.done:
            return None
        return _ticks.add(self.clock.tick, self._due - self.clock.at_us)

    # Game time, us since the start (unwrapped, so a long int on the board
    # after 17.9 minutes): for replay, tests and host bots only.
    def next_deadline_us(self):
        if self.done or self._due is None:
            return None
        return self._base_ms * 1000 + self._due

    @property
    def now_us(self):
        """The last timer or input taken (us since start)."""
        if self._now == _STALE:
            return self._stale_ms * 1000 + self._stale_rem
        return self._base_ms * 1000 + self._now

    @property
    def due_us(self):
        """The pending timer (us since start), or None."""
        return None if self._due is None else self._base_ms * 1000 + self._due

    @property
    def window_open_us(self):
        """When the last slap window opened (us since start)."""
        return self._win_ms * 1000 + self._win

    # Events are emitted with self.log.emit(t_ms, ev, ...) directly:
    # a helper taking *values would build each event's tuple twice.

    # ---- the public inputs ------------------------------------------------
    def start(self, now=0):
        if self.started:
            raise ValueError("this game has already started")
        self.started = True
        self.clock.start(now)
        o = self.options
        opts = {
            "players": o["players"], "mode": o["mode"], "tempo": o["tempo"],
            "slap_timeout": o["slap_timeout"], "false_window": o["false_window"],
            "settle": o["settle"], "rules": list(o["rules"]),
            "hidden_count": o["hidden_count"], "target": o["target"], "rounds": o["rounds"],
            "length": o["length"], "box": list(o["box"]), "level": o["level"]}
        hs = self._head and self._head.logged(o)   # S7 (off: left out, as before it existed)
        if hs is not None:
            opts["head_start"] = hs
        self.log.emit(0, "start", "tape", self.n, self.seed, opts)
        self._deal_round(0)

    def press(self, p, t):
        """Player p's pad was pressed at t (ticks_us of the interrupt).
        Presses must come in time order."""
        if not self.started:
            raise ValueError("press before start()")
        self._press(p, self.clock.us(t))
        if self.clock.at_us >= _REBASE_US:
            self._rebase()

    def poll(self, now):
        """Fire every timer due at or before now."""
        if not self.started:
            raise ValueError("poll before start()")
        self._advance(self.clock.us(now))
        if self.clock.at_us >= _REBASE_US:
            self._rebase()

    def stop(self, now):
        """L `stopped`: the match ended from the box's menu at now.
        The timers of that whole millisecond fire first (so a replay, which
        knows only the ms, decides the same), then the match ends with the
        points as they stand (the pile and the round in progress count for
        nobody)."""
        if not self.started or self.done:
            return
        u = self.clock.us(now)
        u -= u % 1000
        self._advance(u + 999)
        if not self.done:
            self._end(u, "stopped")

    # The same on unwrapped game time (us since start): replay and tests.
    # They never move the epoch (replay runs on a PC).
    def advance_us(self, u):
        self._advance(u - self._base_ms * 1000)

    def press_us(self, p, u):
        self._press(p, u - self._base_ms * 1000)

    def _advance(self, u):
        while not self.done and self._due is not None and self._due <= u:
            due = self._due
            self._due = None
            if due > self._now:
                self._now = due
            self._fire(due)

    def _press(self, p, u):
        if self.done or p < 0 or p >= self.n:
            return
        self._advance(u)
        if self.done:
            return
        if u < self._now:
            u = self._now  # late (see the header): at the last timer's time
        ph = self.phase
        if ph == WINDOW:
            self._window_press(p, u)
        elif ph == FALSE:
            self._record(p, u)      # one more in the false slap (T8)
        elif ph == PLAY:
            if self.turns_mode and p == self.turn:
                card_us = (u // 1000) * 1000
                if card_us < self._now:
                    card_us = self._now
                self._now = card_us
                self._turn(card_us)
            else:
                self._false_start(p, u)
        # SETTLE, PAUSE: ignored, not logged (T9).

    # ---- timers -----------------------------------------------------------
    def _play_from(self, us):
        self.phase = PLAY
        if not self.turns_mode:
            self._due = us + self.options["tempo"] * 1000
            return
        # turns mode waits for a press: the time limit is its only timer
        # (none without a limit), at most _REBASE_US ahead so that it stays
        # a small int (armed again when it fires early)
        self._due = None
        if self.limit_ms >= 0:
            left = self.limit_ms - self._base_ms - us // 1000
            if left < 0:
                self._due = us
            elif left > _REBASE_US // 1000:
                self._due = us + _REBASE_US
            else:
                self._due = us - us % 1000 + left * 1000     # the limit's exact ms

    # ---- T3: a turn --------------------------------------------------------
    def _turn(self, us):
        p = self.turn
        n = self.said + 1
        if n > 13:
            n = 1
        self.said = n
        self.turn_no += 1
        ms = self._base_ms + us // 1000
        self.log.emit(ms, "count", p, n)
        h = self.hands[p]
        rule = None
        if len(h):
            c = h.pop_top()
            self.pile[self.pile_n] = c
            self.pile_n += 1
            self.cards_laid += 1
            # a card's name (C2) made as the log needs it: a short string, garbage
            # at once (a table of the 52 would live for ever, 1.9 KB: issue 13)
            self.log.emit(ms, "flip", p, _cards.name(c), True)
            if not len(h):
                self.log.emit(ms, "out", p)
            rule = rule_holds(self.rules, self.pile, self.pile_n, n)
        self.turn = p + 1 if p + 1 < self.n else 0
        if rule is not None:
            self._open_window(rule, us)
            return
        if self._round_over(us):
            return
        self._play_from(us)
