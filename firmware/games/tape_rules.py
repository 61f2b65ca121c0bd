# Tape-treize's rules below the engine (games.tape) and the screen
# (app.view), which both take them from here: the rules a slap may answer
# (T4, T5) and the one predicate that says which holds, the options'
# bounds (their checks: games.options), the phases the screen shows, and the rules' steps of a match
# (deals, slaps, takes, rounds: T2, T6-T9, T11, T12) as the engine's base
# class.
#
#   rule_holds(rules, pile, m, said) the first rule the top card fulfils
#   RULES, DEFAULT_RULES, MAX_PLAYERS, ROUND_PAUSE_MS,
#   PLAY, WINDOW, FALSE (the other phases are the rules' own)
#   class Rules                     T2, T6-T9, T11-T12 for games.tape.Tape
#
# Apart from the engine so that it stays one job and under 400 lines, and so
# that the screen and the settings name the rules and the default list once.
# mypy: disable-error-code="attr-defined"
# (Rules is the engine's base class: its state is made by Tape.__init__)
from core import cards as _cards
from core.compat import const

# T4 then T5, in the order a verdict names the first rule that holds.
RULES = ("match", "double", "sandwich", "sandwich2", "sandwich3", "sum2", "sum3", "ten")
DEFAULT_RULES = ("match", "double", "sandwich")
# Every match ends: after `length` of game time ("<n>min", as Bataille's B6
# time limit; "all" for none) the match stops at the next quiet moment (no
# slap window or false slap open) with the points as they stand, reason
# "limit".  Children slap falsely all the time, and a round may never end.
MAX_PLAYERS = const(8)

# The pause between the end of a round and the next deal, so that the box
# can show the points (presses then are ignored, as in the settle pause).
ROUND_PAUSE_MS = const(3000)

# Phases (what the screen shows; the engine's own after these).
PLAY = const(0)      # waiting for the next card (tempo timer, or the player's press)
WINDOW = const(1)    # a slap window is open (T6)
FALSE = const(2)     # a false slap is being collected (T8, false_window)
_SETTLE = const(3)    # after a take (T9): presses ignored
_PAUSE = const(4)     # between rounds
_DONE = const(5)
# No press yet in the window: below any press time (they may be negative
# since the engine's epoch, but never below its oldest, -2**29 - 1000).
_NO_SLAP = const(-(1 << 29) - 2000)


def rule_holds(rules, pile, m, said):
    """The first rule in force (T4, T5) that the top card pile[m - 1]
    fulfils, from the pile's card ids (bottom first; only its last five
    matter) and the number said; None if none.  The engine opens its slap
    window by it; the screen (app.view) pictures it from the log's cards, so
    a replayed log shows it too."""
    if m < 1:
        return None
    r = (pile[m - 1] >> 2) + 1  # rank, and value (C6)
    for name in rules:
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
        elif name == "ten":
            ok = m >= 2 and (pile[m - 2] >> 2) + 1 + r == 10
        else:
            ok = False
        if ok:
            return name
    return None


class Rules:
    """The rules' steps of a match, for the engine (games.tape.Tape extends
    it, and keeps the time, the inputs, the timers and the turns): T2 the
    deals, T6-T8 the slap window and false slaps, T9 the take, T11-T12 the
    end of a round and of the match."""

    phase = _PAUSE      # until the first deal

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

    # ---- T6, T7: the slap window --------------------------------------------
    def _open_window(self, rule, us):
        self.phase = WINDOW
        self.window_rule = rule
        self._win_ms = self._base_ms
        self._win = us
        self.windows += 1
        self._reset_slaps()
        self._due = us + self.options["slap_timeout"] * 1000

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
        if not self._record(p, u):
            return
        if self._learner is not None:
            self._learner.note(p, u - self._win)   # S7 auto: a valid slap's reaction
        if len(self._order) == self.n:
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
        # T7 on S7's adjusted times (with no head start: the press order)
        if self._head is None:
            order = self._tie_broken()      # no head starts: T7 on the press times
        else:
            order = list(self._order)
            self._head.decide(order, len(order), self._slap_t, self.head_ms, self._win, self._adj, self.rng)
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
        w = self.options["false_window"] * 1000
        self._due = u + w
        if w == 0:
            self._advance(u)

    def _close_false(self, us):
        order = self._tie_broken()
        taker = order[0]  # the first: their hand is underneath
        self.log.emit(self._base_ms + us // 1000, "verdict", "false", order, taker)
        self.last_verdict = "false"
        self._take(taker, us)

    # ---- T2: rounds and dealing ------------------------------------------
    def _deal_round(self, us):
        self.round += 1
        self.dealer = (self.round - 1) % self.n
        # Always shuffle with the game's generator, stacked or not, so the
        # draws after a deal never depend on it (ARCHITECTURE.md).
        deck = _cards.shuffled_deck(self.rng)
        stacked = None
        if self.round == 1 and self.first_hands is not None:
            stacked = self.first_hands
        elif self.deal_source is not None:
            h = self.deal_source(self.round)
            if h is not None:
                if len(h) != self.n:
                    raise ValueError("stacked deal: %d hands for %d players" % (len(h), self.n))
                from core import check
                stacked = check.hands(h)
        first = (self.dealer + 1) % self.n
        hands = stacked if stacked is not None else _cards.deal(deck, self.n, first)
        for p in range(self.n):
            self.hands[p].clear()
            for c in hands[p]:
                self.hands[p].push_bottom(c)
        self.pile_n = 0
        self.log.emit(self._base_ms + us // 1000, "deal", self.dealer, [[_cards.name(c) for c in h] for h in hands])
        self.turn = first
        self.said = 0
        self._play_from(us)

    # ---- T6/T8 take, T9 settle, T11 end of round -----------------------------
    def _take(self, p, us):
        h = self.hands[p]
        names = []
        for i in range(self.pile_n):
            c = self.pile[i]
            h.push_bottom(c)
            names.append(_cards.name(c))
        self.pile_n = 0
        self.log.emit(self._base_ms + us // 1000, "take", p, names)
        self.takes += 1
        self._order = []
        self.said = 0          # T9: the count restarts at 1 ...
        self.turn = p          # ... and the taker plays next
        if self._round_over(us):
            return
        self.phase = _SETTLE
        self._due = us + self.options["settle"] * 1000

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
        elif self.round >= self.options["rounds"]:
            self._end(us, "rounds")
            return True
        self._learn(us)
        self.phase = _PAUSE
        self._due = us + ROUND_PAUSE_MS * 1000
        return True

    def _learn(self, us):
        """S7 auto, between rounds (never inside one): the head starts the
        reactions so far call for, logged when they change, in force from
        the next round's first card on."""
        if self._learner is None:
            return
        new = self._learner.head_starts(self.head_ms)
        if new != self.head_ms:
            self.head_ms = new  # type: list[int]
            self.log.emit(self._base_ms + us // 1000, "head_start", list(new))

    def _end(self, us, reason):
        best = max(self.points)
        self.winners = [p for p in range(self.n) if self.points[p] == best]
        self.reason = reason
        self.done = True
        self.phase = _DONE
        self._due = None
        self.log.emit(self._base_ms + us // 1000, "end", self.winners, reason, self.counts(), list(self.points))
