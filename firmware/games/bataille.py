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
# The engine never sleeps: it is told the time.  Piles are core.pile rings
# and the pot is a preallocated bytearray, so with log=None a duel allocates
# nothing on MicroPython (bench/bench_bataille.py measures it).
#
# replay(entries) re-runs a log (core.log.read) and checks it line by line.
from core import cards as _cards
from core import deal as _deal
from core import options as _opt
from core.pile import Pile
from core.rng import Rng
from core.compat import const

# Phases returned by step(): what the box should show next.
DUEL = const(1)     # every player in the game flipped (B2, W2)
BATTLE = const(2)   # the tied players laid their battle cards (B3, W3)
CARRY = const(3)    # every battler ran out: the pot stays for the next duel (B4)
TAKE = const(4)     # a player took the pot (B5)
END = const(5)      # the game is over (done, winners, reason)

GAMES = ("bataille", "batawaf")
LENGTH_NAMES = {"court": 80, "moyen": 200}
MAX_DUELS = const(1000000)
_MAX_MINUTES = const(600)
_NONE = const(255)   # "no card" in the shown bytearrays

# What happens next inside the engine (not exposed as a phase).
_NEXT_DUEL = 0
_NEXT_BATTLE = 1
_NEXT_TAKE = const(2)
_NEXT_NONE = const(3)

# B5 cycle watch (Gosper's loop detector): one compact snapshot per power of
# two of the duel index; a game longer than 2**_SLOTS checked duels is
# impossible at any sane length, and the watch simply stops growing then.
_SLOTS = const(32)


_TABLES = {}


# Log helpers live outside the engine's methods: a comprehension inside a
# method turns the variables it reads into cells, allocated on every call
# even when the log is off.
def _flagged(flags, n):
    return [p for p in range(n) if flags[p]]


def _names(buf, m):
    return [_cards.name(buf[i]) for i in range(m)]


def _strength_table(kind, ace_low, addition):
    """C6 / B8 / W2: what each card id is worth in a comparison (shared)."""
    key = kind * 4 + ace_low * 2 + addition
    t = _TABLES.get(key)
    if t is None:
        t = bytearray(256)
        for c in _cards.deck(kind):
            t[c] = _cards.value(c) if addition else _cards.strength(c, ace_low)
        _TABLES[key] = t
    return t


def shuffle(rng, buf, start, end):
    """rng.shuffle(buf, start, end) with the generator inlined: the very same
    draws (a test compares them), three times faster on CPython, where the
    deal and every take of a statistics run spend their time."""
    s0 = rng.s0
    s1 = rng.s1
    i = end - 1
    while i > start:
        k = i - start + 1
        limit = 65536 - (65536 % k)
        while True:
            x = (s0 + s1) & 0xFFFF
            r = ((((x << 9) | (x >> 7)) & 0xFFFF) + s0) & 0xFFFF
            s1 ^= s0
            s0 = (((s0 << 13) | (s0 >> 3)) & 0xFFFF) ^ s1 ^ ((s1 << 5) & 0xFFFF)
            s1 = ((s1 << 10) | (s1 >> 6)) & 0xFFFF
            if r < limit:
                break
        j = start + r % k
        t = buf[i]
        buf[i] = buf[j]
        buf[j] = t
        i -= 1
    rng.s0 = s0
    rng.s1 = s1


def _length(opts):
    """B6/W5 length: 'all', a number of duels, or '<n>min' (normalized)."""
    v = opts.get("length", "all")
    if isinstance(v, str) and v in LENGTH_NAMES:
        return LENGTH_NAMES[v]
    if v == "all":
        return v
    if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_DUELS:
        return v
    if isinstance(v, str) and v.endswith("min"):
        digits = v[:-3]
        if digits.isdigit() and 1 <= int(digits) <= _MAX_MINUTES:
            return str(int(digits)) + "min"
    raise ValueError("option 'length' must be 'all', 'court' (80 duels), 'moyen' "
                     "(200 duels), a number of duels from 1 to %d, or '<n>min' with "
                     "n from 1 to %d (got %r)" % (MAX_DUELS, _MAX_MINUTES, v))


def _check_seed(seed):
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError("seed must be a whole number, 0 or more (got %r)" % (seed,))


def normalize(options, game):
    """The full options dict in force for `game`, checked (ValueError naming
    the option and its allowed values otherwise)."""
    if game not in GAMES:
        raise ValueError("game must be one of 'bataille', 'batawaf' (got %r)" % (game,))
    opts = options or {}
    if not isinstance(opts, dict):
        raise ValueError("options must be a dict of option names to values")
    out = {}
    if game == "bataille":
        _opt.unknown(opts, ("players", "ace", "down", "pickup", "length", "short", "addition",
                            "box", "level"))
        out["ace"] = _opt.choice(opts, "ace", ("high", "low"), "high")
        out["down"] = _opt.choice(opts, "down", (3, 1), 3)
        out["pickup"] = _opt.choice(opts, "pickup", ("shuffled", "ordered"), "shuffled")
        out["addition"] = _opt.flag(opts, "addition", False)
    else:
        # W3: one card down; W4: the pickup is always shuffled.  Both are
        # accepted at their only value so a generic menu may pass them.
        _opt.unknown(opts, ("players", "down", "pickup", "length", "short", "box", "level"))
        out["down"] = _opt.choice(opts, "down", (1,), 1)
        out["pickup"] = _opt.choice(opts, "pickup", ("shuffled",), "shuffled")
    # B4 variant short (W4: Bata-waf too): play on with the cards left, or
    # lose at once when a battle begins and there are not K+1 of them.
    out["short"] = _opt.choice(opts, "short", ("play", "lose"), "play")
    out["players"] = _opt.number(opts, "players", 2, 4, 2)
    out["length"] = _length(opts)
    # P1, P6: the seats the box plays (the last ones) and its level
    _opt.box(opts, out)
    return out


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
        if hands is not None:
            if len(hands) != n:
                raise ValueError("stacked deal has %d hands for %d players" % (len(hands), n))
            hands = _deal.check_stacked(hands, self.kind)
        self.stacked = hands
        self.rng = Rng(seed)
        self.down = self.options["down"]
        # B4 variant lose: a battler with fewer cards than this is out.
        self.short_min = self.down + 1 if self.options["short"] == "lose" else 1
        self.ordered = self.options["pickup"] == "ordered"
        self.addition = self.options.get("addition", False)
        self.ups = 2 if self.addition else 1
        length = self.options["length"]
        self.limit_duels = 0
        self.limit_ms = -1
        if isinstance(length, int):
            self.limit_duels = length
        elif length != "all":
            self.limit_ms = int(length[:-3]) * 60000
        self.strength = _strength_table(self.kind, self.options.get("ace") == "low",
                                        self.addition)
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
        # B5 cycle watch, preallocated: snapshot = n counts + every card
        # (the table is empty when it is taken), _SLOTS kept and one spare.
        # Only an ordered pickup can cycle (the watch runs for it alone): a
        # shuffled one, the box's default, keeps no room for it (1.8 KB of
        # the Pico's heap for two players, issue 13).
        self.snap_len = n + size
        k = _SLOTS if self.ordered else -1
        self.slots = bytearray(self.snap_len * (k + 1))
        self.slot_base = [s * self.snap_len for s in range(k + 1)]
        self.slot_hash = [0] * (k if k > 0 else 0)
        self._reset()

    def new_game(self, seed, hands=None):
        """Another game with the same options and buffers (statistics and
        benchmarks play thousands); call start() next."""
        if hands is not None:
            if len(hands) != self.n:
                raise ValueError("stacked deal has %d hands for %d players" % (len(hands), self.n))
            hands = _deal.check_stacked(hands, self.kind)
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
        self.slots_n = 0             # slots 0..slots_n-1 hold snapshots
        self.watch_k = 0
        self.cycle_at = -1           # duel index where the repeat was seen

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
        # Always shuffle with the game's generator, even for a stacked deal:
        # the draws after the deal must not depend on stacking (replay).
        deck = self.deck
        deck[:] = _cards.deck(self.kind)
        shuffle(self.rng, deck, 0, self.size)
        dealer = self.n - 1
        n = self.n
        piles = self.piles
        hands = self.stacked
        if hands is None:
            # C4: one at a time clockwise from the player after the dealer
            # (player 0), as core.deal.deal; the first dealt get one more.
            p = 0
            for i in range(self.size):
                pile = piles[p]
                pile.buf[pile.n] = deck[i]  # the piles are empty: head is 0
                pile.n += 1
                p += 1
                if p == n:
                    p = 0
        else:
            for p in range(n):
                for c in hands[p]:
                    piles[p].push_bottom(c)
        for p in range(n):
            self.inn[p] = 1
        lg = self.log
        if lg is not None:
            lg.emit(t_ms, "start", self.game, self.n, self.seed, self.options)
            lg.emit(t_ms, "deal", dealer, [_cards.names(pl.to_list()) for pl in piles])
        self._next = _NEXT_DUEL
        # A player dealt nothing (a stacked deal) is out at once (B7).
        for p in range(self.n):
            if self.piles[p].n == 0:
                self._out(t_ms, p)
        self._check_last(t_ms)

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

    def play(self, t_ms=0, step_ms=1000):
        """Step until the game ends, step_ms apart; returns the engine.

        With no log, no time limit and shuffled pickup, plain duels (no tie)
        run through games.bataille_fast, which draws the same numbers and
        moves the same cards as step() (tests compare them) but inlines the
        piles and the generator: the statistics need 100,000 games a minute
        on CPython.  The box steps and never loads it."""
        if not self.started:
            self.start(t_ms)
        if (self.log is None and self.limit_ms < 0 and not self.ordered
                and not self.addition):
            from games import bataille_fast
            bataille_fast.run(self)
        while not self.done:
            self.step(t_ms)
            t_ms += step_ms
        return self

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
            self._end_limit(t_ms)
            return END
        # B4: a player who must play and has no card is out (only after a
        # carried pot: a take puts them out at once, B7).
        for p in range(n):
            if inn[p] and piles[p].n == 0:
                self._out(t_ms, p)
        if self._check_last(t_ms):
            return END
        if self.ordered and self.pot_n == 0 and self._watch():
            self._end(t_ms, [], "cycle")
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
        short = self.short_min
        for p in range(n):
            if cont[p]:
                if piles[p].n < short:
                    cont[p] = 0
                    self._out(t_ms, p)
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
            if self._check_last(t_ms):
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
        if self.ordered:
            # B5 ordered: layer by layer; in a layer the winner's cards
            # first, then the others clockwise from the winner.
            n = self.n
            pot_p = self.pot_p
            pot_l = self.pot_l
            j = 0
            for layer in range(self.layer + 1):
                for d in range(n):
                    p = w + d
                    if p >= n:
                        p -= n
                    for i in range(m):
                        if pot_l[i] == layer and pot_p[i] == p:
                            took[j] = pot[i]
                            j += 1
        else:
            for i in range(m):
                took[i] = pot[i]
            shuffle(self.rng, took, 0, m)
        pile = self.piles[w]
        for i in range(m):
            pile.push_bottom(took[i])
        self.took_n = m
        self.pot_n = 0
        self.layer = 0
        self.taker = w
        self._next = _NEXT_DUEL
        if self.log is not None:
            self.log.emit(t_ms, "take", w, _names(took, m))
        # B7: whoever holds no card once the pot is taken is out.
        piles = self.piles
        inn = self.inn
        for p in range(self.n):
            if inn[p] and piles[p].n == 0:
                self._out(t_ms, p)
        if self._check_last(t_ms):
            return END
        if self.limit_duels and self.duels >= self.limit_duels:
            self._end_limit(t_ms)
            return END
        return TAKE

    def _out(self, t_ms, p):
        self.inn[p] = 0
        self.cont[p] = 0
        if self.log is not None:
            self.log.emit(t_ms, "out", p)

    def _check_last(self, t_ms):
        """B7/B4: the last player holding cards wins (taking a pot still on
        the table); nobody holding any card is a draw."""
        holders = 0
        who = -1
        for p in range(self.n):
            if self.inn[p] and self.piles[p].n:
                holders += 1
                who = p
        if holders >= 2:
            return False
        if holders == 0:
            self._end(t_ms, [], "draw")
            return True
        if self.pot_n:
            self.winner = who
            self._take(t_ms)  # ends the game through _check_last again
            return True
        for p in range(self.n):
            if self.inn[p] and p != who:
                self._out(t_ms, p)
        self._end(t_ms, [who], "all_cards")
        return True

    def stop(self, t_ms):
        """L `stopped`: the game ended from the box's menu at t_ms, at any
        moment between steps: the most cards held win (the cards on the
        table count for nobody), equal counts share."""
        if self.started and not self.done:
            self._end_limit(t_ms, "stopped")

    def _end_limit(self, t_ms, reason="limit"):
        # B6: among the players still in (short=lose puts players out who
        # still hold cards: those no longer count).
        best = -1
        for p in range(self.n):
            if self.inn[p] and self.piles[p].n > best:
                best = self.piles[p].n
        self._end(t_ms, [p for p in range(self.n)
                         if self.inn[p] and self.piles[p].n == best], reason)

    def _end(self, t_ms, winners, reason):
        self.done = True
        self.winners = winners
        self.reason = reason
        self._next = _NEXT_NONE
        if self.log is not None:
            self.log.emit(t_ms, "end", winners, reason, self.counts(), None)

    def _watch(self):
        """B5: Gosper's loop detector over the state at the start of each duel
        with an empty table (every pile; who is in follows from the counts).
        Snapshot k is compared with the kept ones, then kept in slot ctz(k):
        a cycle of length L entered at duel M is seen by duel M + 2L.

        The snapshot is written straight into a spare slot, which then
        changes places with slot ctz(k) (slot_base is the indirection), so
        keeping it copies nothing.  The hash (counts, top and bottom cards)
        only spares most full comparisons; a repeat is always confirmed
        byte by byte."""
        slots = self.slots
        bases = self.slot_base
        sl = self.snap_len
        n = self.n
        base = bases[_SLOTS]
        j = base + n
        h = 0
        for p in range(n):
            pile = self.piles[p]
            c = pile.n
            slots[base + p] = c
            h = (h * 31 + c) & 0xFFFFF
            if c:
                buf = pile.buf
                i = pile.head
                h = (h * 31 + buf[i]) & 0xFFFFF
                e = i + c
                if e > pile.cap:
                    e -= pile.cap
                    for i in range(i, pile.cap):
                        slots[j] = buf[i]
                        j += 1
                    i = 0
                for i in range(i, e):
                    slots[j] = buf[i]
                    j += 1
                h = (h * 31 + buf[e - 1]) & 0xFFFFF
        hashes = self.slot_hash
        for s in range(self.slots_n):
            if hashes[s] == h:
                b = bases[s]
                i = 0
                while i < sl and slots[b + i] == slots[base + i]:
                    i += 1
                if i == sl:
                    self.cycle_at = self.duels
                    return True
        k = self.watch_k + 1
        self.watch_k = k
        s = 0
        while not (k & 1) and s < _SLOTS - 1:
            k >>= 1
            s += 1
        bases[_SLOTS] = bases[s]
        bases[s] = base
        hashes[s] = h
        if s >= self.slots_n:
            self.slots_n = s + 1
        return False


def replay(entries):
    """Re-run a log (the list of core.log.read) and check it line by line;
    see games.bataille_replay (loaded only when a log is replayed)."""
    from games import bataille_replay
    return bataille_replay.replay(entries)
