# Tape-treize (RULES.md T1-T13): the counting slap game, as pure code.
#
#   g = Tape(options=None, seed=1, log=None, hands=None)
#   g.start(now_ticks)        emits start and the first deal
#   g.press(p, t_ticks)       a pad event (player p, interrupt ticks_us)
#   g.poll(now_ticks)         timers: tempo card, slap window, settle, pause
#   g.pump(capture, now_ticks) drain a PadCapture into press(), then poll()
#   g.next_deadline()         ticks_us of the next timer, or None
#   g.stop(now_ticks)         ended from the menu (L `stopped`)
#   g.done, g.winners, g.reason, g.counts(), g.points, g.round, ...
#   replay(entries)           re-run a log (core.log.read) and check it
#
# Times.  The engine is told the time; it never reads a clock.  Inputs are
# ticks_us values (they wrap at 2**30, S4); the engine unwraps them with a
# rolling reference into microseconds since the game started, so call
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
# poll() move the epoch to the latest tick once it is 2**28 us (4.5 minutes)
# old, at a quiet moment (no slap window or false slap being collected), in
# whole ms so every log `t` is unchanged.  The log still gets `t` in ms and
# slap `t_us` in us since the start (the slap line builds that one number).
# The game-time API (press_us, advance_us, now_us, ...: replay, tests, host
# bots) speaks unwrapped us since the start and never moves the epoch.
#
# The box's loop, so that no press arrives after a timer it should precede:
#     now = ticks_us(); drain the capture ring into g.press(); g.poll(now)
# (a press stamped earlier than a timer the engine already fired is taken at
# the time of that timer).
#
# In `turns` mode the press that lays a card is logged only as its `count`
# (and `flip`) line, whose `t` is in ms: the card is laid at that whole
# millisecond, so a replay of the log decides everything as the box did.
from core import cards as _cards
from core import deal as _deal
from core import log as _log
from core import options as _opt
from core import ticks as _ticks
from core.pile import Pile
from core.rng import Rng
from core.compat import const

# T4 then T5, in the order a verdict names the first rule that holds.
RULES = ("match", "double", "sandwich", "sandwich2", "sandwich3", "sum2", "sum3", "ten")
DEFAULT_RULES = ("match", "double", "sandwich")
OPTIONS = ("players", "mode", "tempo", "slap_timeout", "false_window", "settle",
           "rules", "hidden_count", "target", "rounds", "length", "box", "level")
# Every match ends: after `length` of game time ("<n>min", as Bataille's B6
# time limit; "all" for none) the match stops at the next quiet moment (no
# slap window or false slap open) with the points as they stand, reason
# "limit".  Children slap falsely all the time, and a round may never end.
MAX_PLAYERS = const(8)
# The pause between the end of a round and the next deal, so that the box
# can show the points (presses then are ignored, as in the settle pause).
ROUND_PAUSE_MS = const(3000)
# Game time on the board (see the header): the epoch moves once the latest
# tick is this far past it (4.5 minutes), at the next quiet moment.
_REBASE_US = const(1 << 28)
# The oldest time a press can still have after a rebase, less 1 ms.
_STALE = const(-(1 << 29) - 1000)
# No press yet in the window: below any press time (they may be negative
# since the epoch, but never below _STALE).
_NO_SLAP = const(-(1 << 29) - 2000)

# Card names (C2) are made as the log needs them: a short string a card
# laid, garbage at once; a table of the 52 made at import would live for
# ever, 1.9 KB of the Pico's heap (issue 13: the frozen build's peak).
_name = _cards.name

# Phases (what the screen shows).
PLAY = const(0)      # waiting for the next card (tempo timer, or the player's press)
WINDOW = const(1)    # a slap window is open (T6)
FALSE = const(2)     # a false slap is being collected (T8, false_window)
_SETTLE = const(3)    # after a take (T9): presses ignored
_PAUSE = const(4)     # between rounds
_DONE = const(5)
_PHASE_NAMES = const(("play", "window", "false", "settle", "pause", "done"))


def normalize(options):
    """The full options dict in force (ValueError naming the option and its
    allowed values otherwise)."""
    opts = options or {}
    if not isinstance(opts, dict):
        raise ValueError("options must be a dict of option names to values")
    _opt.unknown(opts, OPTIONS)
    out = {}
    out["players"] = _opt.number(opts, "players", 2, MAX_PLAYERS, 4)
    out["mode"] = _opt.choice(opts, "mode", ("tempo", "turns"), "tempo")
    out["tempo"] = _opt.number(opts, "tempo", 500, 4000, 1500)
    out["slap_timeout"] = _opt.number(opts, "slap_timeout", 300, 10000, 2000)
    out["false_window"] = _opt.number(opts, "false_window", 0, 2000, 300)
    out["settle"] = _opt.number(opts, "settle", 0, 5000, 1000)
    rules = opts.get("rules", DEFAULT_RULES)
    if not isinstance(rules, (list, tuple)):
        raise ValueError("option 'rules' must be a list of rule names from %s (got %r)"
                         % (", ".join(RULES), rules))
    for r in rules:
        if r not in RULES:
            raise ValueError("option 'rules': %r is not a rule; allowed: %s"
                             % (r, ", ".join(RULES)))
    out["rules"] = [r for r in RULES if r in rules]
    if len(out["rules"]) != len(rules):
        raise ValueError("option 'rules' names a rule twice (%r)" % (rules,))
    out["hidden_count"] = _opt.flag(opts, "hidden_count", False)
    target = opts.get("target")
    rounds = opts.get("rounds")
    if target is not None and rounds is not None:
        raise ValueError("options 'target' and 'rounds': give one or the other, not both")
    if rounds is not None:
        out["rounds"] = _opt.number(opts, "rounds", 1, 99, 1)
        out["target"] = None
    else:
        out["target"] = _opt.number(opts, "target", 1, 99, 3)
        out["rounds"] = None
    v = opts.get("length", "30min")
    if v != "all":
        if not (isinstance(v, str) and v[-3:] == "min" and v[:-3].isdigit()
                and 0 < int(v[:-3]) <= 600):
            raise ValueError("option 'length': 'all' or '<n>min', n 1..600 (got %r)" % (v,))
        v = str(int(v[:-3])) + "min"
    out["length"] = v
    # P1, P6: the seats the box plays (the last ones) and its level (P5)
    _opt.box(opts, out)
    return out


class Tape:
    def __init__(self, options=None, seed=1, log=None, hands=None):
        self.options = normalize(options)
        o = self.options
        self.n = o["players"]
        self.mode = o["mode"]
        self.turns_mode = o["mode"] == "turns"
        self.tempo_us = o["tempo"] * 1000
        self.timeout_us = o["slap_timeout"] * 1000
        self.false_us = o["false_window"] * 1000
        self.settle_us = o["settle"] * 1000
        self.rules = o["rules"]
        self.hidden_count = o["hidden_count"]
        self.show_count = not o["hidden_count"]  # T13: the box hides it
        self.target = o["target"]
        self.max_rounds = o["rounds"]
        # the time limit in ms of game time (-1: none); small on the board
        self.limit_ms = -1 if o["length"] == "all" else int(o["length"][:-3]) * 60000
        self.seed = seed
        self.rng = Rng(seed)
        self.log = log if log is not None else _log.Log()
        self.first_hands = None
        if hands is not None:
            if len(hands) != self.n:
                raise ValueError("stacked deal: %d hands for %d players" % (len(hands), self.n))
            self.first_hands = _deal.check_stacked(hands)
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
        self.phase = _PAUSE
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
        self.last_taker = -1
        self.last_verdict = None
        # The slap window / false slap being collected.
        self._slap_t = [_NO_SLAP] * self.n   # first press time in the window
        self._order = []               # players in press order
        self._ref_tick = 0     # the latest ticks_us seen, and its time
        self._ref_rel = 0      # since the epoch (us)
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

    def slapped(self):
        """Players who slapped in the window or false slap being collected."""
        return list(self._order)

    # ---- time -----------------------------------------------------------
    def _unwrap(self, t):
        """A ticks_us value as us since the epoch."""
        d = _ticks.diff(t, self._ref_tick)
        u = self._ref_rel + d
        if d > 0:
            self._ref_tick = t
            self._ref_rel = u
        return u

    def _rebase(self):
        """Move the epoch to the latest tick seen (whole ms), so that every
        time the engine keeps stays a small int on the board.  Only at a
        quiet moment: in a slap window or false slap the press times are
        kept as they are until the verdict."""
        ph = self.phase
        if ph == WINDOW or ph == FALSE:
            return
        k = self._ref_rel // 1000
        s = k * 1000
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
        self._base_ms += k
        self._ref_rel -= s
        if self._due is not None:
            self._due -= s

    def ticks_of(self, us):
        """The ticks_us value of a game time (us since start)."""
        return _ticks.add(self._ref_tick, us - self._base_ms * 1000 - self._ref_rel)

    def next_deadline(self):
        """ticks_us of the next timer (None: only a press moves the game)."""
        if self._due is None or self.done:
            return None
        return _ticks.add(self._ref_tick, self._due - self._ref_rel)

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
    def start(self, now_ticks=0):
        if self.started:
            raise ValueError("this game has already started")
        self.started = True
        self._ref_tick = now_ticks & _ticks.MASK
        self._ref_rel = 0
        o = self.options
        self.log.emit(0, "start", "tape", self.n, self.seed, {
            "players": o["players"], "mode": o["mode"], "tempo": o["tempo"],
            "slap_timeout": o["slap_timeout"], "false_window": o["false_window"],
            "settle": o["settle"], "rules": list(o["rules"]),
            "hidden_count": o["hidden_count"], "target": o["target"], "rounds": o["rounds"],
            "length": o["length"], "box": list(o["box"]), "level": o["level"]})
        self._deal_round(0)

    def press(self, p, t_ticks):
        """Player p's pad was pressed at t_ticks (ticks_us of the interrupt).
        Presses must come in time order."""
        if not self.started:
            raise ValueError("press before start()")
        self._press(p, self._unwrap(t_ticks))
        if self._ref_rel >= _REBASE_US:
            self._rebase()

    def poll(self, now_ticks):
        """Fire every timer due at or before now_ticks."""
        if not self.started:
            raise ValueError("poll before start()")
        self._advance(self._unwrap(now_ticks))
        if self._ref_rel >= _REBASE_US:
            self._rebase()

    def pump(self, capture, now_ticks):
        """The box's main-loop step: the capture's release and stuck-pad
        tracking, every press waiting in its ring (a
        pads.capture.PadCapture), then the timers up to now_ticks (read
        before the ring is drained: see the header).  Pads beyond the
        number of players are ignored.  Returns the number of presses.
        Call it every few ms: a pad is not taken as released (S3) until
        the capture's poll has seen it up."""
        capture.poll(now_ticks)
        n = 0
        k = capture.next_event()
        while k >= 0:
            self.press(k, capture.ev_t)
            n += 1
            k = capture.next_event()
        self.poll(now_ticks)
        return n

    def stop(self, now_ticks):
        """L `stopped`: the match ended from the box's menu at now_ticks.
        The timers of that whole millisecond fire first (so a replay, which
        knows only the ms, decides the same), then the match ends with the
        points as they stand (the pile and the round in progress count for
        nobody)."""
        if not self.started or self.done:
            return
        u = self._unwrap(now_ticks)
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
            self._false_press(p, u)
        elif ph == PLAY:
            if self.turns_mode and p == self.turn:
                card_us = (u // 1000) * 1000
                if card_us < self._now:
                    card_us = self._now
                self._now = card_us
                self._turn(card_us)
            else:
                self._false_start(p, u)
        # _SETTLE, _PAUSE: ignored, not logged (T9).

    # ---- timers -----------------------------------------------------------
    def _fire(self, due):
        ph = self.phase
        if (self.limit_ms >= 0 and ph != WINDOW and ph != FALSE
                and self._base_ms + due // 1000 >= self.limit_ms):
            self._end(due, "limit")         # the match's time is up
            return
        if ph == PLAY and self.turns_mode:
            self._play_from(due)             # turns: only the limit was due
            return
        if ph == PLAY:
            self._turn(due)                 # tempo mode: the box lays the card
        elif ph == WINDOW:
            self._close_window(due)         # slap_timeout (T6)
        elif ph == FALSE:
            self._close_false(due)          # false_window (T8)
        elif ph == _SETTLE:
            self._play_from(due)            # T9: the pause is over
        elif ph == _PAUSE:
            self._deal_round(due)           # the next round

    def _play_from(self, us):
        self.phase = PLAY
        if not self.turns_mode:
            self._due = us + self.tempo_us
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

    # ---- T2: rounds and dealing ------------------------------------------
    def _deal_round(self, us):
        self.round += 1
        self.dealer = (self.round - 1) % self.n
        # Always shuffle with the game's generator, stacked or not, so the
        # draws after a deal never depend on it (ARCHITECTURE.md).
        deck = _deal.shuffled_deck(self.rng)
        stacked = None
        if self.round == 1 and self.first_hands is not None:
            stacked = self.first_hands
        elif self.deal_source is not None:
            h = self.deal_source(self.round)
            if h is not None:
                if len(h) != self.n:
                    raise ValueError("stacked deal: %d hands for %d players" % (len(h), self.n))
                stacked = _deal.check_stacked(h)
        first = (self.dealer + 1) % self.n
        hands = stacked if stacked is not None else _deal.deal(deck, self.n, first)
        for p in range(self.n):
            self.hands[p].clear()
            for c in hands[p]:
                self.hands[p].push_bottom(c)
        self.pile_n = 0
        self.log.emit(self._base_ms + us // 1000, "deal", self.dealer, [[_name(c) for c in h] for h in hands])
        self.turn = first
        self.said = 0
        self._play_from(us)

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
            self.log.emit(ms, "flip", p, _name(c), True)
            if not len(h):
                self.log.emit(ms, "out", p)
            rule = self._rule_holds(n)
        self.turn = p + 1 if p + 1 < self.n else 0
        if rule is not None:
            self._open_window(rule, us)
            return
        if self._round_over(us):
            return
        self._play_from(us)

    def _rule_holds(self, said):
        """The first rule in force that the top card satisfies (T4, T5)."""
        pile = self.pile
        m = self.pile_n
        c = pile[m - 1]
        r = (c >> 2) + 1  # rank, and value (C6)
        for name in self.rules:
            if name == "match":
                ok = r == said
            elif name == "double":
                ok = m >= 2 and (pile[m - 2] >> 2) + 1 == r
            elif name == "sandwich":
                ok = m >= 3 and (pile[m - 3] >> 2) + 1 == r
            elif name == "sandwich2":
                ok = m >= 4 and (pile[m - 4] >> 2) + 1 == r
            elif name == "sandwich3":
                ok = m >= 5 and (pile[m - 5] >> 2) + 1 == r
            elif name == "sum2":
                ok = m >= 3 and (pile[m - 2] >> 2) + (pile[m - 3] >> 2) + 2 == r
            elif name == "sum3":
                ok = m >= 4 and (pile[m - 2] >> 2) + (pile[m - 3] >> 2) + (pile[m - 4] >> 2) + 3 == r
            else:  # ten
                ok = m >= 2 and (pile[m - 2] >> 2) + 1 + r == 10
            if ok:
                return name
        return None

    # ---- T6, T7: the slap window --------------------------------------------
    def _open_window(self, rule, us):
        self.phase = WINDOW
        self.window_rule = rule
        self._win_ms = self._base_ms
        self._win = us
        self.windows += 1
        self._reset_slaps()
        self._due = us + self.timeout_us

    def _reset_slaps(self):
        for p in range(self.n):
            self._slap_t[p] = _NO_SLAP
        self._order = []

    def _record(self, p, u):
        """A player's first press in the window counts (T7); True if new."""
        if self._slap_t[p] != _NO_SLAP:
            return False
        self._slap_t[p] = u
        self._order.append(p)
        self._now = u
        self.log.emit(self._base_ms + u // 1000, "slap", p, self._base_ms * 1000 + u)
        return True

    def _window_press(self, p, u):
        if self._record(p, u) and len(self._order) == self.n:
            self._due = None
            self._close_window(u)  # everyone has slapped

    def _tie_broken(self):
        """The players in press order, equal times shuffled by the game's
        generator (T7), never by pad number."""
        order = list(self._order)
        t = self._slap_t
        i = 0
        while i < len(order):
            j = i + 1
            while j < len(order) and t[order[j]] == t[order[i]]:
                j += 1
            if j - i > 1:
                self.rng.shuffle(order, i, j)
            i = j
        return order

    def _close_window(self, us):
        order = self._tie_broken()
        late = [p for p in range(self.n) if self._slap_t[p] == _NO_SLAP]
        if not late:
            taker = order[-1]
        elif len(late) == 1:
            taker = late[0]
        else:
            # Several never slapped: all later than everyone who did (T6),
            # and which of them is last is drawn (T7).
            taker = late[self.rng.below(len(late))]
        self.log.emit(self._base_ms + us // 1000, "verdict", self.window_rule, order, taker)
        self.last_verdict = self.window_rule
        self.window_rule = None
        self._take(taker, us)

    # ---- T8: false slaps -------------------------------------------------------
    def _false_start(self, p, u):
        if not self.pile_n:
            # An empty pile costs nothing: the press is logged, play goes on.
            self._now = u
            self.log.emit(self._base_ms + u // 1000, "slap", p, self._base_ms * 1000 + u)
            return
        self.phase = FALSE
        self._reset_slaps()
        self._record(p, u)
        self._due = u + self.false_us
        if self.false_us == 0:
            self._advance(u)

    def _false_press(self, p, u):
        self._record(p, u)

    def _close_false(self, us):
        order = self._tie_broken()
        taker = order[0]  # the first: their hand is underneath
        self.log.emit(self._base_ms + us // 1000, "verdict", "false", order, taker)
        self.last_verdict = "false"
        self._take(taker, us)

    # ---- T6/T8 take, T9 settle, T11 end of round -----------------------------
    def _take(self, p, us):
        h = self.hands[p]
        names = []
        for i in range(self.pile_n):
            c = self.pile[i]
            h.push_bottom(c)
            names.append(_name(c))
        self.pile_n = 0
        self.log.emit(self._base_ms + us // 1000, "take", p, names)
        self.takes += 1
        self.last_taker = p
        self._order = []
        self.said = 0          # T9: the count restarts at 1 ...
        self.turn = p          # ... and the taker plays next
        if self._round_over(us):
            return
        self.phase = _SETTLE
        self._due = us + self.settle_us

    def _round_over(self, us):
        """T11: after each turn (its slap included), the round ends when no
        more than half of the players (rounded down) still hold cards."""
        if self.holders() > self.n // 2:
            return False
        for p in range(self.n):
            if not len(self.hands[p]):
                self.points[p] += 1   # T12
        self.log.emit(self._base_ms + us // 1000, "round", self.round, list(self.points), self.counts())
        if self.target is not None:
            if max(self.points) >= self.target:
                self._end(us, "target")
                return True
        elif self.round >= self.max_rounds:
            self._end(us, "rounds")
            return True
        self.phase = _PAUSE
        self._due = us + ROUND_PAUSE_MS * 1000
        return True

    def _end(self, us, reason):
        best = max(self.points)
        self.winners = [p for p in range(self.n) if self.points[p] == best]
        self.reason = reason
        self.done = True
        self.phase = _DONE
        self._due = None
        self.log.emit(self._base_ms + us // 1000, "end", self.winners, reason, self.counts(), list(self.points))


def replay(entries):
    """Re-run a log (the list of core.log.read) and check it line by line.

    The engine is rebuilt from the start line and the deals of the log; the
    presses (slap lines, and in turns mode the turn presses of the count
    lines) are fed at their times; every line the engine emits must equal the
    log's next line.  Returns the engine at the end of the log
    (`engine.truncated` is True when the log stops before the match ends);
    the first difference raises core.log.LogError naming its line."""
    LogError = _log.LogError
    if not entries or entries[0][2] != "start":
        raise LogError(entries[0][0] if entries else 1, "a log must begin with a start event")
    # The match length (T12's time limit) came later: older logs had none.
    entries = _opt.as_logged_before(entries, {"length": "all", "box": [],
                                              "level": 1})
    lineno, t0, ev, d = entries[0]
    if d["game"] != "tape":
        raise LogError(lineno, "this is a %r log, not Tape-treize" % (d["game"],))
    opts = d["options"]
    if not isinstance(opts, dict):
        raise LogError(lineno, "options must be a JSON object")
    if opts.get("players") != d["players"]:
        raise LogError(lineno, "players (%r) and options.players (%r) differ"
                       % (d["players"], opts.get("players")))
    seed = d["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise LogError(lineno, "the seed must be a whole number, 0 or more")
    deals = [e for e in entries if e[2] == "deal"]
    if len(entries) < 2 or entries[1][2] != "deal":
        raise LogError(entries[1][0] if len(entries) > 1 else lineno,
                       "the start line must be followed by the deal")
    try:
        g = Tape(opts, seed, _log.Log(), deals[0][3]["hands"])
    except ValueError as e:
        raise LogError(lineno if "deal" not in str(e) else entries[1][0], str(e))

    def source(rnd):
        if rnd - 1 < len(deals):
            return deals[rnd - 1][3]["hands"]
        return None
    g.deal_source = source
    turns = g.turns_mode
    # The time of each input line, to bound how far timers may run before a
    # line the engine has not emitted yet.
    nxt = [None] * (len(entries) + 1)
    for i in range(len(entries) - 1, -1, -1):
        e = entries[i]
        nxt[i] = nxt[i + 1]
        if e[2] == "slap":
            nxt[i] = e[3]["p"], e[3]["t_us"]
        elif turns and e[2] == "count":
            nxt[i] = e[3]["p"], e[1] * 1000 + 999
        elif e[2] == "end" and e[3].get("reason") == "stopped":
            nxt[i] = -1, e[1] * 1000 + 999     # the menu stopped the match
    try:
        g.start(0)
    except ValueError as e:
        raise LogError(entries[1][0], str(e))
    out = g.log.lines
    pos = 0
    for i in range(len(entries)):
        lineno, t, ev, d = entries[i]
        if pos >= len(out):
            if g.done:
                raise LogError(lineno, "the match is over (%s) but the log goes on" % (g.reason,))
            inp = ev == "slap" or (turns and ev == "count")
            try:
                if ev == "end" and d.get("reason") == "stopped":
                    g.stop(g.ticks_of(t * 1000))
                elif inp:
                    p, u = nxt[i]
                    if not isinstance(p, int) or not isinstance(u, int) or u < 0:
                        raise LogError(lineno, "p and t_us must be whole numbers")
                    g.press_us(p, u)
                else:
                    bound = t * 1000 + 999
                    if nxt[i] is not None and nxt[i][1] < bound:
                        bound = nxt[i][1]
                    g.advance_us(bound)
            except LogError:
                raise
            except ValueError as e:  # e.g. a later deal that is not one deck
                raise LogError(lineno, str(e))
            if pos >= len(out):
                raise LogError(lineno, "the rules give no event here, the log has %s"
                               % (_want(t, ev, d),))
        want = _want(t, ev, d)
        got = out[pos]
        if got != want:
            raise LogError(lineno, "the rules give %s here, the log has %s" % (got, want))
        pos += 1
        if pos > 256:
            # Keep memory flat on long logs: drop the lines already checked.
            del out[:pos]
            pos = 0
    g.truncated = not g.done
    return g


def _want(t, ev, d):
    return _log.line(t, ev, [d.get(k) for k in _log.FIELDS[ev]])
