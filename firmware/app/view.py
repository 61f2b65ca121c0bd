# What the screen shows, built from the game's log events alone (section L of
# the rule book): the app hangs View.event on the Log listener, so the screens
# never depend on an engine's private state, and a replayed log draws the
# same screens.  Which Tape-treize rule a slap is due for comes from the
# engine's own predicate (games.tape_rules, loaded only for that game).
from core import cards


def seat_sides(pads, n_pads):
    """The side of a square box each player sits on (0 front, 1 left,
    2 back, 3 right: pads go clockwise from player 1 at the front, spread
    evenly), from the pads they joined with; None when unknown or when two
    players share a side (then the screen keeps its fixed order)."""
    if not pads or n_pads < 2:
        return None
    sides = [(k * 4 + n_pads // 2) // n_pads % 4 for k in pads]
    for i in range(len(sides)):
        if sides[i] in sides[i + 1:]:
            return None
    return sides


class View:
    def __init__(self, game, n, hidden=False, pads=None, n_pads=0):
        self.game = game
        self.n = n
        self.hidden = hidden
        # where each player sits, so their card faces them (None: in order)
        self.sides = seat_sides(pads, n_pads)
        self.counts = [0] * n
        self.up = [[] for _ in range(n)]  # type: list
        self.down = [0] * n
        self.battle = []
        self.winner = -1
        self.out = [False] * n
        self.waiting = [False] * n
        self.points = [0] * n
        self.pile_top = -1
        self.pile_n = 0
        self.count = 0
        self.taker = -1
        self.rule = ""
        # Tape-treize: who slapped in time when a rule held (T6), so not
        # the taker: their sign is the happy one, the taker's the taking
        self.saved = []
        self.round = 0
        self.ended = False
        self.winners = []
        self.reason = ""
        self.last_ev = ""
        self.waf = False      # a Bata-waf (W3) started at this step
        # Tape-treize: the rules in force (from the start line), the pile's
        # last five cards, and the rule a slap is due for now
        # (games.tape_rules.rule_holds, the engine's own predicate)
        self.rules = ()  # type: tuple
        if game == "tape":
            from games.tape_rules import DEFAULT_RULES
            self.rules = DEFAULT_RULES
        self.pile = []
        self.due = ""
        self.box = ()         # the seats the box plays (P1): drawn in its sign, not a colour
        # S7: each player's head start in ms (None: nobody has one), and
        # whether the screen says so now (head_start): from the start or
        # the end of a round (with or without a change) to the next card
        self.head_ms = None
        self.head_start = False
        self.changed = True

    def clear_table(self):
        for p in range(self.n):
            self.up[p] = []
            self.down[p] = 0
        self.battle = []

    def event(self, t, ev, v):
        """The Log listener: (t ms, event name, values in FIELDS order)."""
        self.last_ev = ev
        self.changed = True
        if ev == "start":
            rules = v[3].get("rules") if isinstance(v[3], dict) else None
            if rules:
                self.rules = tuple(rules)
            if isinstance(v[3], dict):
                self.box = tuple(v[3].get("box", ()))
                v = (v[3].get("head_start"),)
                if isinstance(v[0], list):
                    ev = "head_start"       # by hand: shown as a change is, below
        elif ev == "deal":
            hands = v[1]
            for p in range(self.n):
                self.counts[p] = len(hands[p]) if p < len(hands) else 0
            self.clear_table()
            self.pile_top = -1
            self.pile_n = 0
            self.taker = -1
            self.pile = []
            self.due = ""
        elif ev == "flip":
            p, name, up = v
            self.counts[p] -= 1
            if self.game == "tape":
                c = cards.parse(name)
                self.pile_top = c
                self.pile_n += 1
                self.taker = -1
                self.rule = ""
                self.head_start = False
                if self.saved:
                    self.saved = []     # (no list a card while nobody was saved)
                self.pile.append(c)
                if len(self.pile) > 5:
                    self.pile.pop(0)
                from games.tape_rules import rule_holds
                self.due = rule_holds(self.rules, self.pile, len(self.pile), self.count) or ""
            else:
                if self.winner >= 0:
                    # the first flip of a new duel clears the last trick
                    self.winner = -1
                    self.clear_table()
                if up:
                    self.up[p].append(cards.parse(name))
                else:
                    self.down[p] += 1
        elif ev == "battle":
            self.battle = list(v[0])
            if self.game == "batawaf":
                self.waf = True
        elif ev == "count":
            self.count = v[1]
        elif ev == "verdict":
            self.rule = v[0]
            self.due = ""
            self.saved = [p for p in v[1] if p != v[2]] if v[0] != "false" else []
        elif ev == "take":
            p = v[0]
            self.counts[p] += len(v[1])
            if self.game == "tape":
                self.taker = p
                self.pile_top = -1
                self.pile_n = 0
                self.count = 0
                self.pile = []
                self.due = ""
            else:
                self.winner = p
        elif ev == "out":
            if self.game != "tape":
                self.out[v[0]] = True
        elif ev == "round":
            self.round = v[0]
            self.points = list(v[1])
            self.counts = list(v[2])
            # the round's end screen says who has a head start (S7)
            self.head_start = self.head_ms is not None
        elif ev == "end":
            self.ended = True
            self.winners = list(v[0])
            self.reason = v[1]
            self.counts = list(v[2])
            if len(v) > 3 and v[3] is not None:
                self.points = list(v[3])
        if ev == "head_start":
            # S7: the head starts in force from now (ms per player), shown
            # until the next card when anyone has one
            self.head_ms = None
            for x in v[0]:
                if x:
                    self.head_ms = list(v[0])
            self.head_start = self.head_ms is not None
