# The box as a player (RULES.md P1-P6): the seats of a game that the box
# plays, deciding only from what a person at the table sees or hears (P2).
#
#   s = Seats()                 one per game, before the game starts
#   s.event(t_ms, ev, values)   every log event as it happens (hang it on the
#                               Log listener, as app.view is): the box seats
#                               learn everything they know from these
#   s.press(p, t_ms)            Bataille, Bata-waf: person p pressed to flip
#                               (the table sees a pad pressed; P4)
#   s.next_deadline()           game ms of the next box action, or -1
#   p = s.due(now_ms)           a box seat whose action is due by now_ms
#                               (its time in s.at_ms), or -1; hand its press
#                               to the game where a pad's press goes (P3)
#   s.box, s.level, s.first     the seats played, the level, the first of them
#
# Why the log events: they are exactly what the table shows (the face-up
# cards, the pile's top, the count said, whose turn it is, the time), and
# never a face-down card, the order of a pile or a draw of the game's
# generator still to come (the deal line is read for whose turn it is and
# the hand sizes only).  The driver (the box's App, the simulator, tests)
# polls next_deadline() and due() on the game's own clock; an action cancelled by
# an event in between (a verdict before a late slap) is never returned.
#
# P4: in Bataille and Bata-waf the box seats flip at the moment the last
# person still in the game flipped.  P5: in Tape-treize, when a rule of
# T4/T5 holds for the card laid, each box seat slaps after a reaction drawn
# for its level, or misses the window; after a card with no rule it slaps
# falsely at the level's rate; in turns mode it lays its card after a short
# delay.  The draws come from the seats' own core.rng.Rng seeded from the
# game's seed, in seat order at each event, so the deal is the same whoever
# plays the seats, and the same seed and presses give the same game (C3).
#
# The API's names are names the box already has (press, next_deadline,
# due): the interned names of the .mpy build are at their pools' edge
# (host_tests/test_app_heap.py).
#
# Nothing is allocated per decision: the due times live in a list made once
# per game; the pile's last five cards (their C2 ids) in a bytearray, judged
# by the engine's own predicate (games.tape_rules.rule_holds: one of it),
# each id made from the card's name without the slice core.cards.parse makes
# (_rank: the rank is all the rules read).
from core.rng import Rng
from core.compat import const
from games.tape_rules import rule_holds

# Per level: reaction lo, hi (ms), miss rate and false-slap rate per card
# (/65536), turns-mode lay delay lo, hi (ms).  Children of four to six react
# to a picture in 0.5-1 s, adults in 0.25-0.33 s (issue 23); level 1 misses
# one window in eight and slaps falsely on one card in twenty.
LEVELS = (
    (550, 1050, 7864, 3277, 900, 1600),
    (380, 700, 3277, 1638, 650, 1100),
    (250, 340, 983, 655, 450, 750),
)
_FALSE_LO = const(200)       # a false slap comes at least this long after a card
_TURNS_GAP = const(900)      # turns mode: the latest false slap after a card (ms)
_SEED_MIX = const(0x5EA7)    # the seats' generator: not the game's stream

_BATAILLE = const(1)
_TAPE = const(2)


def _rank(name):
    """The card id ((rank - 1) * 4, the suit left out: the rules read only
    the rank) of a standard card's C2 name, with nothing allocated."""
    c = name[0]
    if len(name) == 3:
        r = 10
    elif c == "A":
        r = 1
    elif c == "J":
        r = 11
    elif c == "Q":
        r = 12
    elif c == "K":
        r = 13
    else:
        r = ord(c) - 48
    return (r - 1) << 2


class Seats:
    def __init__(self):
        self.kind = 0          # nothing known before the start line
        self.n = 0
        self.box = []
        self.first = 0
        self.level = 1
        self.when = []
        self.at_ms = -1
        self.done = False
        self.rng = Rng(1)
        self.pile = bytearray(5)   # the pile's last cards (ids), top last
        self.m = 0             # how many of them (at most 5)
        self.said = 0
        self.turn = 0
        self.window = False
        self.inn = 0           # Bataille: bit p while player p is in
        self.pressed = 0       # Bataille: people who flipped for the next duel

    # ---- what the table shows (the log, L) ------------------------------

    def event(self, t, ev, v):
        if ev == "start":
            self._start(v)
            return
        k = self.kind
        if k == _TAPE:
            self._tape(t, ev, v)
        elif k == _BATAILLE:
            if ev == "flip" or ev == "end":
                # the duel (or the battle) was flipped: a new wait begins
                self.pressed = 0
                self._cancel()
                if ev == "end":
                    self.done = True
            elif ev == "out":
                self.inn &= ~(1 << v[0])
            elif ev == "deal":
                self.inn = (1 << self.n) - 1
                self.pressed = 0

    def _start(self, v):
        o = v[3]
        self.n = v[1]
        box = o.get("box", [])
        self.box = list(box)
        self.first = self.n - len(box)
        self.level = o.get("level", 1)
        self.when = [-1] * self.n
        self.done = False
        self.rng = Rng(v[2] ^ _SEED_MIX)
        if v[0] == "tape":
            self.kind = _TAPE
            self.rules = tuple(o.get("rules", ()))
            self.turns = o.get("mode") == "turns"
            self.tempo = o.get("tempo", 1500)
            self.settle = o.get("settle", 1000)
            self.row = LEVELS[self.level - 1]
        else:
            self.kind = _BATAILLE

    def press(self, p, t):
        """P4: a person pressed to flip; once every person still in has,
        the box seats still in flip too, at that moment."""
        if self.kind != _BATAILLE or p >= self.first:
            return
        self.pressed |= 1 << p
        people = self.inn & ((1 << self.first) - 1)
        if self.pressed & people == people:
            for s in range(self.first, self.n):
                if self.inn & (1 << s) and self.when[s] < 0:
                    self.when[s] = t

    # ---- Tape-treize (P5) --------------------------------------------------

    def _tape(self, t, ev, v):
        if ev == "count":
            self.said = v[1]
            p = v[0] + 1
            self.turn = p if p < self.n else 0
            self._cancel()
            self._lay_if_box(t)
        elif ev == "flip":
            pile = self.pile
            m = self.m
            if m == 5:
                # only the last five cards matter (T4, T5): shift them down
                for i in range(4):
                    pile[i] = pile[i + 1]
                m = 4
            pile[m] = _rank(v[1])
            m += 1
            self.m = m
            if rule_holds(self.rules, pile, m, self.said) is not None:
                # a slap is due: every box seat slaps, or misses (T6)
                self.window = True
                self._cancel()
                lo, hi, miss = self.row[0], self.row[1], self.row[2]
                for s in range(self.first, self.n):
                    if self.rng.next16() >= miss:
                        self.when[s] = t + lo + self.rng.below(hi - lo + 1)
            else:
                self._false_slaps(t)
        elif ev == "verdict":
            self.window = False
            self._cancel()
        elif ev == "take":
            self.m = 0
            self.said = 0
            self.turn = v[0]          # T9: the taker plays next, after settle
            self._cancel()
            self._lay_if_box(t + self.settle)
        elif ev == "deal":
            self.m = 0
            self.said = 0
            self.window = False
            p = v[0] + 1
            self.turn = p if p < self.n else 0
            self._cancel()
            self._lay_if_box(t)
        elif ev == "round" or ev == "end":
            self.window = False
            self._cancel()
            if ev == "end":
                self.done = True

    def _lay_if_box(self, t):
        """Turns mode (T10): the box seat whose turn it is lays its card
        after a short, human delay."""
        s = self.turn
        if self.turns and s >= self.first:
            lo = self.row[4]
            self.when[s] = t + lo + self.rng.below(self.row[5] - lo + 1)

    def _false_slaps(self, t):
        """P5: between cards, each box seat slaps falsely at its rate, some
        time before the next card can come (never the seat about to lay)."""
        rate = self.row[3]
        hi = _TURNS_GAP if self.turns else self.tempo - _FALSE_LO
        for s in range(self.first, self.n):
            if self.rng.next16() < rate and self.when[s] < 0:
                self.when[s] = t + _FALSE_LO + self.rng.below(hi - _FALSE_LO + 1)

    # ---- the driver's side ------------------------------------------------

    def _cancel(self):
        for s in range(self.first, self.n):
            self.when[s] = -1

    def next_deadline(self):
        best = -1
        for s in range(self.first, self.n):
            d = self.when[s]
            if d >= 0 and (best < 0 or d < best):
                best = d
        return best

    def due(self, now_ms):
        """The box seat whose action is due first by now_ms (ties: the lower
        seat), or -1; it leaves the schedule and its time is in at_ms."""
        who = -1
        best = -1
        for s in range(self.first, self.n):
            d = self.when[s]
            if 0 <= d <= now_ms and (who < 0 or d < best):
                who = s
                best = d
        if who >= 0:
            self.when[who] = -1
            self.at_ms = best
        return who
