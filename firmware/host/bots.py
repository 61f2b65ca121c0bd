# The players of the box off the board: simulated people who press its pads
# through the fake pins (hal.host.pads), so every run goes through the real
# capture path (debounce, shared timestamps, the ring) and the real App
# (app.box), driven by the one driver (host.headless.Drive).
#
#   Bot(mean_ms=450, spread_ms=150, false_rate=0.02, miss_rate=0.03, seed=1,
#       bounce_us=0, think_ms=None)          one player's habits, at bot.pad
#   (the menus walked from a list of presses: host.walk.Walk)
#   Players(pads, bots, game, join_pads, menus=True)
#     .react(app, now)                       after each tick: walk the menus,
#                                            join, play (Bataille: press when
#                                            the box waits; Tape: slap a card
#                                            a rule holds for, false-slap, miss,
#                                            lay on one's turn)
#   m = TapeMatch(options=None, seed=1, bots=None, start_us=0, latency_us=None,
#                 drain_us=0, poll_us=1000, ring_size=64, debounce_us=20000,
#                 release_us=None)
#   m.deal(); m.run(max_us=None) -> the engine (m.game), played to its end
#   m.lines()                    -> the game's log, as the box wrote it
#
# Each bot draws from its own core.rng.Rng (seeded from the match seed and
# its pad), never from the game's generator, so bots do not change the
# game's draws and a game is the same on CPython and MicroPython.
from core.rng import Rng
from hal.host.pads import chatter
from host.headless import Drive, menu_pad, trim

TAP_US = 80000
MENU_GAP_US = 300000    # bots in the menus: one press every 0.3 s


def _rate16(rate, what):
    if rate < 0 or rate > 1:
        raise ValueError("%s must be from 0 to 1 (got %r)" % (what, rate))
    return int(rate * 65536 + 0.5)


class Bot:
    """One player's habits.  A reaction is mean +- spread ms (a triangular
    distribution: the sum of two uniform draws), with microsecond jitter
    unless the spread is 0 (then every reaction is exactly the mean)."""

    def __init__(self, mean_ms=450, spread_ms=150, false_rate=0.02, miss_rate=0.03,
                 seed=1, bounce_us=0, think_ms=None):
        if mean_ms <= 0 or spread_ms < 0:
            raise ValueError("a bot needs mean_ms > 0 and spread_ms >= 0 (got %r, %r)"
                             % (mean_ms, spread_ms))
        self.mean_us = int(mean_ms * 1000)
        self.spread_us = int(spread_ms * 1000)
        self.false16 = _rate16(false_rate, "false_rate")
        self.miss16 = _rate16(miss_rate, "miss_rate")
        self.bounce_us = bounce_us
        self.think_us = int((think_ms if think_ms is not None else mean_ms) * 1000)
        self.rng = Rng(seed)
        self.pad = -1
        self.busy_until = 0   # virtual us: the pad is still down until then
        self.presses = 0

    def reseed(self, seed):
        self.rng = Rng(seed)

    def _chance(self, r16):
        return r16 and self.rng.next16() < r16

    def _uniform(self, n):
        # 0..n-1 for any n (below() stops at 65536).
        if n <= 65536:
            return self.rng.below(n)
        return ((self.rng.next16() << 16) | self.rng.next16()) % n

    def reaction_us(self):
        if not self.spread_us:
            return self.mean_us
        s = self.spread_us
        r = self.mean_us - s + self._uniform(s + 1) + self._uniform(s + 1)
        return r if r > 1000 else 1000  # nobody reacts in under a millisecond

    def misses(self):
        return self._chance(self.miss16)

    def false_slaps(self):
        return self._chance(self.false16)

    def think(self):
        if not self.spread_us:
            return self.think_us
        return self.think_us // 2 + self._uniform(self.think_us + 1)

    def press(self, pads, at_us, hold_us=TAP_US):
        """Tap the pad at at_us (virtual), unless it is still held."""
        if at_us < self.busy_until:
            return False
        bounce = chatter(self.rng, self.bounce_us) if self.bounce_us else None
        self.busy_until = pads.tap(self.pad, at_us, hold_us, bounce) + 30000
        self.presses += 1
        return True


class Players:
    """Bots (Bot, each at its .pad) playing the box: with menus=True they
    walk its menus to `game` and join at join_pads; then they play.  A pad
    with no bot is pressed by whoever stands at the box (the menus take any
    pad).  react(app, now) after each tick of the box."""

    def __init__(self, pads, bots, game, join_pads, menus=True):
        self.pads = pads
        self.bots = bots
        self.game = game
        self.join_pads = join_pads
        self.menus = menus
        self.ended = False      # a game ended: the bots leave the menus alone
        self.menu_next = 0
        self.seen_cards = 0
        self.seen_windows = 0
        self.turn_key = None

    def tap(self, k, at):
        at = max(at, self.pads.clock.now)
        for b in self.bots:
            if b.pad == k:
                return b.press(self.pads, at, TAP_US)
        self.pads.tap(k, at, TAP_US)
        return True

    def react(self, app, now):
        st = app.state
        if st == "end":
            self.ended = True
        elif st == "menu":
            if now >= self.menu_next and not self.ended and self.menus:
                self.menu_next = now + MENU_GAP_US
                self.tap(menu_pad(app.menus, self.game), now)
        elif st == "join":
            if now >= self.menu_next:
                self.menu_next = now + MENU_GAP_US
                mine = [b.pad for b in self.bots]
                for k in self.join_pads:
                    if not app.menus.joined[k] and k in mine:
                        self.tap(k, now)
                        return
        elif st == "play":
            if app.menus.game_name == "tape":
                self.tape(app, now)
            elif app.play.next_step is None and app.play.waiting:
                # the box waits for these pads to flip: each bot presses once
                # (a bot whose press is still on its way is busy)
                for b in self.bots:
                    if app.play.waiting & (1 << b.pad) and b.busy_until <= now:
                        b.press(self.pads, now + b.reaction_us(), TAP_US)
        elif st in ("error", "notice") and self.menus:
            if now >= self.menu_next:
                self.menu_next = now + 4 * MENU_GAP_US
                self.tap(0, now + 1200000)

    def tape(self, app, now):
        """Slap a card a rule holds for after a reaction time (or miss it),
        false-slap now and then, lay the card on one's turn in turns mode."""
        g = app.play.game
        if g is None:
            return
        turn = g.turns_mode and g.phase == 0
        if g.cards_laid == self.seen_cards and not turn:
            return      # nothing new to react to
        pads_in = app.play.pads_in
        by_player = {}
        for b in self.bots:
            if b.pad in pads_in:
                by_player[pads_in.index(b.pad)] = b
        if g.cards_laid != self.seen_cards:
            self.seen_cards = g.cards_laid
            if g.window_open() if callable(g.window_open) else g.window_open:
                if g.windows != self.seen_windows:
                    self.seen_windows = g.windows
                    for p, b in by_player.items():
                        if not b.misses():
                            b.press(self.pads, now + b.reaction_us(), TAP_US)
            else:
                for p, b in by_player.items():
                    if b.false_slaps():
                        b.press(self.pads, now + b.reaction_us(), TAP_US)
        if turn:
            key = (g.round, g.turn_no, g.takes)
            if key != self.turn_key:
                self.turn_key = key
                b = by_player.get(g.turn)
                if b is not None:
                    at = now + b.think()
                    if not b.press(self.pads, at, TAP_US):
                        b.press(self.pads, b.busy_until, TAP_US)


class TapeMatch:
    """A whole Tape-treize match played by bots on the virtual clock, as
    every other run off the board: the box's App on the host HAL of an
    8-pad board (boards/pico_w.json), driven by host.headless.Drive, the
    bots walking its menus, joining at pads 1..n and slapping through
    HostPads and PadCapture.  The engine's options come in as the
    simulator's command line does (App's options_of).  drain_us: the
    box's loop passes that far apart (a slow loop, to provoke overflows)."""

    def __init__(self, options=None, seed=1, bots=None, start_us=0, latency_us=None,
                 drain_us=0, poll_us=1000, ring_size=64, debounce_us=20000, release_us=None,
                 board="pico_w"):
        import hal
        from app.box import App
        from hal.host import boards
        from hal.host.clock import VirtualClock
        from hal.host.pads import HostPads
        opts = dict(options or {})
        n = opts.get("players", 2)
        if bots is None:
            bots = [Bot(seed=seed * 8 + p + 1) for p in range(n)]
        elif isinstance(bots, Bot):
            bots = [bots]
        if len(bots) == 1 and n > 1:
            b = bots[0]
            bots = [b] + [Bot(b.mean_us / 1000, b.spread_us / 1000, b.false16 / 65536,
                              b.miss16 / 65536, seed * 8 + p + 1, b.bounce_us, b.think_us / 1000)
                          for p in range(1, n)]
        if len(bots) != n:
            raise ValueError("one bot per player: %d bots for %d players" % (len(bots), n))
        for p in range(n):
            bots[p].pad = p
        self.bots = bots
        self.clock = VirtualClock(start_us)
        self.start_us = start_us
        b = boards.load(board)
        if isinstance(latency_us, list) and len(latency_us) < b.n_pads:
            latency_us = latency_us + [0] * (b.n_pads - len(latency_us))  # the pads nobody plays
        self.pads = HostPads(b.n_pads, self.clock, latency_us, ring_size, debounce_us,
                             poll_us=poll_us, release_us=release_us)
        self.capture = self.pads.capture
        self.hal = hal.open_host(b, self.clock, pads=self.pads)
        self.app = App(self.hal, seed=seed, options_of=lambda g: opts if g == "tape" else {})
        self.drive = Drive(self.app, drain_us or 5000)
        self.players = Players(self.pads, bots, "tape", list(range(n)))
        self.game = None
        self.presses_fed = 0
        self.ticks = 0

    def _after(self):
        app = self.app
        if self.game is None and app.play.game is not None and app.menus.game_name == "tape":
            self.deal_game(app.play.game)
        self.players.react(app, self.clock.now)
        self.ticks += 1
        if not self.ticks & 15:
            trim(self.hal, 2000)
        return self.game is not None and app.state == "end"

    def deal_game(self, g):
        """The box dealt: count the presses it hands the engine."""
        self.game = g
        press = g.press
        match = self

        def counted(p, t):
            match.presses_fed += 1
            return press(p, t)
        g.press = counted

    def deal(self, max_us=120 * 1000000):
        """Through the menus and the join screen, up to the deal: the engine."""
        self.drive.run_until(self.clock.now + max_us, lambda: self._after() or self.game is not None)
        if self.game is None:
            raise RuntimeError("the box did not deal within %d s (state %s: %s)"
                               % (max_us // 1000000, self.app.state, self.app.error_text))
        return self.game

    def run(self, max_us=None):
        """Play to the end of the match (or until max_us of virtual time
        after the start); returns the engine."""
        if self.game is None:
            self.deal()
        limit = self.start_us + (max_us if max_us is not None else 24 * 3600 * 1000000)
        self.drive.run_until(limit, self._after)
        if self.app.state == "error":
            raise RuntimeError("the box shows an error: %s" % self.app.error_text)
        return self.game

    def lines(self):
        """The game's log lines, as the box wrote them to its files (what
        it has written so far: a log still buffered is flushed first)."""
        app = self.app
        if app.play.log is not None and app.state in ("play", "pause"):
            app.play.write()
        text = self.text()
        return text.splitlines()

    def text(self):
        import os
        from app import logs
        d = self.hal.storage.fs.path(logs.DIR)
        n = max([logs.number_of(f) for f in os.listdir(d)])
        with open("%s/game_%d.jsonl" % (d, n)) as f:
            return f.read()
