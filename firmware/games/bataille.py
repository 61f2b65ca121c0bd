# Bataille (B1-B8) and Bata-waf (W1-W6): one engine, two decks.
#
#     g = Bataille(options=None, seed=1, log=None, game="bataille", hands=None)
#     g.start(t_ms)          # emits start, deal
#     phase = g.step(t_ms)   # one visible step; DUEL, BATTLE, CARRY, TAKE, END
#     g.play(t_ms=0)         # steps until the game ends (stats, tests)
#     g.stop(t_ms)           # ended from the menu (L `stopped`)
#     g.done, g.winners, g.reason, g.counts()
#
# The box calls step() between animations and draws from the state it exposes
# (per player: shown/shown2 face-up cards, score, inn; the pot; taker; tie).
# The engine never sleeps: it is told the time.  Piles are core.cards.Pile rings
# and the pot is a preallocated bytearray, so with log=None a duel allocates
# nothing on MicroPython (bench/bench_bataille.py measures it).
#
# Beside it: games.bataille_rules (options, card values), bataille_ordered
# (B5 ordered pickup and its cycle watch), bataille_fast (whole games for
# statistics), bataille_replay (replay(entries): re-run a log and check it),
# bataille_setup (what the options make of the engine, and the deal, C4).
from core import cards as _cards
from core.cards import Pile
from core.rng import Rng
from core.compat import const
# the options, card values and next-step codes, shared with the fast path
# and replay (games.bataille_rules)
from games.bataille_rules import (GAMES, LENGTH_NAMES, MAX_DUELS,  # noqa: F401
                                  _check_seed, _out, _check_last, _end_limit, _end,
                                  _NEXT_DUEL, _NEXT_BATTLE, _NEXT_TAKE, _NEXT_NONE)

# Phases returned by step(): what the box should show next.
DUEL = const(1)     # every player in the game flipped (B2, W2)
BATTLE = const(2)   # the tied players laid their battle cards (B3, W3)
CARRY = const(3)    # every battler ran out: the pot stays for the next duel (B4)
TAKE = const(4)     # a player took the pot (B5)
END = const(5)      # the game is over (done, winners, reason)

_NONE = const(255)   # "no card" in the shown bytearrays


# Log helpers live outside the engine's methods: a comprehension inside a
# method turns the variables it reads into cells, allocated on every call
# even when the log is off.
def _flagged(flags, n):
    return [p for p in range(n) if flags[p]]


def normalize(options, game):
    """The full options dict for `game`, checked (games.bataille_opts: at the deal only)."""
    from games.bataille_opts import bataille
    return bataille(options, game)


class Bataille:
    def __init__(self, options=None, seed=1, log=None, game="bataille", hands=None):
        opts = dict(options or {})
        if hands is not None and "players" not in opts:
            opts["players"] = len(hands)
        self.options = normalize(opts, game)
        _check_seed(seed)
        self.game = game
        self.seed = seed
        self.log = log
        self.kind = _cards.STANDARD if game == "bataille" else _cards.DOGS
        n = self.n = self.options["players"]
        size = self.size = _cards.deck_size(self.kind)
        # (games.bataille_setup: only at the deal, app.play forgets it after)
        from games.bataille_setup import check_hands, configure
        self.stacked = check_hands(hands, n, self.kind)
        self.rng = Rng(seed)
        # B5, B6, B8, C6: what the options make of the engine (games.bataille_setup)
        (self.ordered, self.down, self.addition, self.ups, self.limit_duels, self.limit_ms,
         self.strength) = configure(self.options, self.kind, n, size)
        self.piles = [Pile(size) for _ in range(n)]
        self.inn = bytearray(n)      # 1 while the player is in the game (B7)
        self.cont = bytearray(n)     # 1 for the players of the current flip
        self.score = bytearray(n)    # their face-up strength (or sum, B8)
        self.shown = bytearray(n)    # face-up card shown per player, _NONE if none
        self.shown2 = bytearray(n)   # second face-up card (B8 only)
        self.pot = bytearray(size)   # cards on the table, in the order laid
        self.pot_p = bytearray(size)  # who laid each
        self.pot_l = bytearray(size)  # its layer (B5 ordered pickup)
        self.took = bytearray(size)  # the last take, in pickup order
        self.deck = bytearray(size)
        self._reset()

    def new_game(self, seed, hands=None):
        """Another game with the same options and buffers (statistics and
        benchmarks play thousands); call start() next."""
        from games.bataille_setup import check_hands
        hands = check_hands(hands, self.n, self.kind)
        _check_seed(seed)
        self.stacked = hands
        self.seed = seed
        self.rng.seed(seed)
        self._reset()
        return self

    def _reset(self):
        for pile in self.piles:
            pile.clear()
        n = self.n
        for p in range(n):
            self.inn[p] = 0
            self.cont[p] = 0
            self.score[p] = 0
            self.shown[p] = _NONE
            self.shown2[p] = _NONE
        self.pot_n = 0
        self.layer = 0
        self.took_n = 0
        self.taker = -1
        self.winner = -1             # winner of the current flip, -1 on a tie
        self.tie = False
        self.duels = 0
        self.battles = 0
        self.done = False
        self.winners = []
        self.reason = None
        self.started = False
        self.truncated = False
        self._next = _NEXT_NONE
        if self.ordered is not None:
            self.ordered.clear()

    # --- the screen's view -------------------------------------------------

    def counts(self):
        """Cards held by each player (their face-down pile)."""
        return [p.n for p in self.piles]

    def count(self, p):
        return self.piles[p].n

    # --- start (C4) --------------------------------------------------------

    def start(self, t_ms=0):
        if self.started:
            raise ValueError("the game has already started")
        self.started = True
        from games.bataille_setup import deal
        deal(self, t_ms)

    # --- one visible step --------------------------------------------------

    def step(self, t_ms):
        nxt = self._next
        if nxt == _NEXT_DUEL:
            return self._duel(t_ms)
        if nxt == _NEXT_TAKE:
            return self._take(t_ms)
        if nxt == _NEXT_BATTLE:
            return self._battle(t_ms)
        if not self.started:
            raise ValueError("call start() before step()")
        return END

    def play(self, t_ms=0, ms=1000):
        """Step to the end, ms apart (games.bataille_fast.play)."""
        from games import bataille_fast
        return bataille_fast.play(self, t_ms, ms)

    def stop(self, t_ms):
        """L `stopped`: the game ended from the box's menu at t_ms, at any
        moment between steps: the most cards held win (the cards on the
        table count for nobody), equal counts share."""
        if self.started and not self.done:
            _end_limit(self, t_ms, "stopped")

    def _lay(self, t_ms, p, up):
        c = self.piles[p].pop_top()
        i = self.pot_n
        self.pot[i] = c
        self.pot_p[i] = p
        self.pot_l[i] = self.layer
        self.pot_n = i + 1
        if self.log is not None:
            self.log.emit(t_ms, "flip", p, _cards.name(c), up)
        return c

    def _face_up(self, t_ms, p, k):
        """Player p lays k (1 or 2) cards face up; their score."""
        c = self._lay(t_ms, p, True)
        self.shown[p] = c
        s = self.strength[c]
        if k == 2:
            c = self._lay(t_ms, p, True)
            self.shown2[p] = c
            s += self.strength[c]
        else:
            self.shown2[p] = _NONE
        self.score[p] = s
        return s

    def _decide(self):
        """The single highest score among the players of the flip wins;
        on a tie only the tied players stay in `cont` (B3, W3)."""
        n = self.n
        cont = self.cont
        score = self.score
        best = -1
        nbest = 0
        who = -1
        for p in range(n):
            if cont[p]:
                s = score[p]
                if s > best:
                    best = s
                    nbest = 1
                    who = p
                elif s == best:
                    nbest += 1
        if nbest == 1:
            self.winner = who
            self.tie = False
            self._next = _NEXT_TAKE
        else:
            for p in range(n):
                if cont[p] and score[p] != best:
                    cont[p] = 0
            self.winner = -1
            self.tie = True
            self._next = _NEXT_BATTLE

    def _duel(self, t_ms):
        n = self.n
        piles = self.piles
        inn = self.inn
        # B6: a time limit is checked when the next duel is due.
        if self.limit_ms >= 0 and t_ms >= self.limit_ms:
            _end_limit(self, t_ms)
            return END
        # B4: a player who must play and has no card is out (only after a
        # carried pot: a take puts them out at once, B7).
        for p in range(n):
            if inn[p] and piles[p].n == 0:
                _out(self, t_ms, p)
        if _check_last(self, t_ms):
            return END
        if self.ordered is not None and self.pot_n == 0 and self.ordered.cycle(self):
            _end(self, t_ms, [], "cycle")
            return END
        self.duels += 1
        self.layer = self.layer + 1 if self.pot_n else 0
        ups = self.ups
        cont = self.cont
        for p in range(n):
            if inn[p]:
                cont[p] = 1
                k = piles[p].n
                self._face_up(t_ms, p, ups if k >= ups else k)
            else:
                cont[p] = 0
                self.shown[p] = _NONE
                self.shown2[p] = _NONE
        self._decide()
        return DUEL

    def _battle(self, t_ms):
        n = self.n
        piles = self.piles
        cont = self.cont
        # B4: a battler with no card left is out; their cards stay in the pot.
        # Variant short=lose: one holding fewer than K+1 lays nothing and is
        # out too (the cards they still hold leave the game with them).
        left = 0
        who = -1
        short = self.down + 1 if self.options["short"] == "lose" else 1   # fewer: out
        for p in range(n):
            if cont[p]:
                if piles[p].n < short:
                    cont[p] = 0
                    _out(self, t_ms, p)
                else:
                    left += 1
                    who = p
        if left == 1:
            # Decision B4: a single battler left takes the pot at once.
            self.winner = who
            self.tie = False
            return self._take(t_ms)
        if left == 0:
            # Decision B4: the pot stays for the next duel's winner; a draw
            # if nobody holds a card any more.
            self.winner = -1
            self.tie = False
            self._next = _NEXT_DUEL
            if _check_last(self, t_ms):
                return END
            return CARRY
        self.battles += 1
        if self.log is not None:
            self.log.emit(t_ms, "battle", _flagged(cont, n))
        down = self.down
        ups = self.ups
        self.layer += 1
        for p in range(n):
            if cont[p]:
                # B4/B8: keep the last card(s) for the face-up part.
                k = piles[p].n - ups
                if k > down:
                    k = down
                while k > 0:
                    self._lay(t_ms, p, False)
                    k -= 1
        self.layer += 1
        for p in range(n):
            if cont[p]:
                k = piles[p].n
                self._face_up(t_ms, p, ups if k >= ups else k)
            else:
                self.shown[p] = _NONE
                self.shown2[p] = _NONE
        self._decide()
        return BATTLE

    def _take(self, t_ms):
        w = self.winner
        m = self.pot_n
        took = self.took
        pot = self.pot
        if self.ordered is not None:
            self.ordered.order(self, w, m)     # B5 ordered (games.bataille_ordered)
        else:
            for i in range(m):
                took[i] = pot[i]
            self.rng.shuffle(took, 0, m)
        pile = self.piles[w]
        for i in range(m):
            pile.push_bottom(took[i])
        self.took_n = m
        self.pot_n = 0
        self.layer = 0
        self.taker = w
        self._next = _NEXT_DUEL
        if self.log is not None:
            self.log.emit(t_ms, "take", w, _cards.names(took[:m]))
        # B7: whoever holds no card once the pot is taken is out.
        piles = self.piles
        inn = self.inn
        for p in range(self.n):
            if inn[p] and piles[p].n == 0:
                _out(self, t_ms, p)
        if _check_last(self, t_ms):
            return END
        if self.limit_duels and self.duels >= self.limit_duels:
            _end_limit(self, t_ms)
            return END
        return TAKE
