# Simulated Tape-treize players that press their pads through the fake pins
# (hal.host.pads), so a headless game runs the real capture path: debounce,
# shared timestamps, the ring, the engine's tie-breaks.
#
#   Bot(mean_ms=450, spread_ms=150, false_rate=0.02, miss_rate=0.03, seed=1,
#       bounce_us=0, think_ms=None)
#   m = TapeMatch(options=None, seed=1, bots=None, start_us=0, latency_us=None,
#                 log=None, hands=None, drain_us=0, poll_us=1000,
#                 ring_size=64, debounce_us=20000, release_us=None)
#   m.run(max_us=None) -> the engine (m.game), played to its end
#
# Each bot draws from its own core.rng.Rng (seeded from the match seed and
# its pad), never from the game's generator, so bots do not change the
# game's draws and a game is the same on CPython and MicroPython.
from core import ticks as _ticks
from core.rng import Rng
from core.log import Log
from hal.host.clock import VirtualClock
from hal.host.pads import HostPads, chatter


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

    def press(self, pads, at_us, hold_us=80000):
        """Tap the pad at at_us (virtual), unless it is still held."""
        if at_us < self.busy_until:
            return False
        bounce = chatter(self.rng, self.bounce_us) if self.bounce_us else None
        self.busy_until = pads.tap(self.pad, at_us, hold_us, bounce) + 30000
        self.presses += 1
        return True


class TapeMatch:
    """A whole Tape-treize match played headless by bots on the virtual
    clock, through HostPads and PadCapture: the box's main loop is modelled
    as `now = ticks; drain the ring into game.press(); game.poll(now)`,
    every time something happens, or every `drain_us` if set (a slow loop,
    to provoke overflows)."""

    def __init__(self, options=None, seed=1, bots=None, start_us=0, latency_us=None,
                 log=None, hands=None, drain_us=0, poll_us=1000, ring_size=64,
                 debounce_us=20000, release_us=None):
        from games.tape import Tape
        self.log = log if log is not None else Log()
        self.game = Tape(options, seed, self.log, hands)
        n = self.game.n
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
        self.pads = HostPads(n, self.clock, latency_us, ring_size, debounce_us,
                             poll_us=poll_us, release_us=release_us)
        self.capture = self.pads.capture
        self.drain_us = drain_us
        self._next_drain = start_us + drain_us if drain_us else None
        self._seen_cards = 0
        self._seen_windows = 0
        self._turn_key = None
        self.presses_fed = 0

    def virtual_of(self, game_us):
        """Virtual clock time of a game time (us since the game started)."""
        return self.start_us + game_us

    def _react(self):
        g = self.game
        pads = self.pads
        if g.cards_laid != self._seen_cards:
            self._seen_cards = g.cards_laid
            if g.phase == 1 and g.windows != self._seen_windows:  # WINDOW
                self._seen_windows = g.windows
                at = self.virtual_of(g.window_open_us)
                for b in self.bots:
                    if not b.misses():
                        b.press(pads, max(at + b.reaction_us(), self.clock.now))
            else:
                at = self.virtual_of(g.now_us)
                for b in self.bots:
                    if b.false_slaps():
                        b.press(pads, max(at + b.reaction_us(), self.clock.now))
        if g.turns_mode and g.phase == 0:  # PLAY: the current player lays
            key = (g.round, g.turn_no, g.takes)
            if key != self._turn_key:
                self._turn_key = key
                b = self.bots[g.turn]
                at = max(self.clock.now, self.virtual_of(g.now_us)) + b.think()
                if not b.press(pads, at):
                    b.press(pads, b.busy_until)  # still held: right after

    def step(self):
        """One pass of the modelled main loop."""
        g = self.game
        cap = self.capture
        self.presses_fed += g.pump(cap, self.clock.ticks_us())
        self._react()

    def next_time(self):
        g = self.game
        best = self.pads.next_time()
        dl = g.next_deadline()
        if dl is not None:
            t = self.clock.now + _ticks.diff(dl, self.clock.ticks_us())
            if t < self.clock.now:
                t = self.clock.now
            if best is None or t < best:
                best = t
        return best

    def run(self, max_us=None):
        """Play to the end of the match (or until max_us of virtual time
        after the start); returns the engine."""
        g = self.game
        if not g.started:
            g.start(self.clock.ticks_us())
            self._react()
        limit = None if max_us is None else self.start_us + max_us
        while not g.done:
            if self.drain_us:
                # A slow main loop: it only looks at the ring every drain_us
                # (the engine's timers still fire at their logical times).
                t = self._next_drain
                self._next_drain += self.drain_us
            else:
                t = self.next_time()
                if t is None and g.turns_mode:
                    # The turn press was lost (taken for bounce): press again.
                    self._turn_key = None
                    self._react()
                    t = self.next_time()
                if t is None:
                    break  # nobody will ever press again
            if limit is not None and t > limit:
                self.pads.run_until(limit)
                break
            self.pads.run_until(t)
            self.step()
        return g
