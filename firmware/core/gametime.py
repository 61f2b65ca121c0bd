# The game clock: one time base for a game's flow (app.flow_*) and its
# engine (games.tape), pauses left out.
#
#   c = GameClock()
#   c.start(t)          the game begins at ticks_us t
#   c.us(t) -> u        ticks_us t (an interrupt stamp, as it was taken) as
#                       us of play since the epoch (see below)
#   c.ms(t) -> ms       ms of play since the start (the duel flow: it moves
#                       the epoch itself, there is nothing else to move)
#   c.rebase()          move the epoch to the latest tick seen, in whole ms
#   c.pause(t)          play stops at ticks t ...
#   c.hold(now)         ... every pass of the pause ...
#                       (c.hold(now) again at the resume: play goes on)
#   c.tick, c.rel       the latest ticks_us seen and its us since the epoch
#   c.base_ms           the epoch, in ms since the start
#
# One mapping, a pure shift: us(t) = rel + diff(t, tick).  The reference
# only moves forward (to a later tick seen), so ticks_us may wrap (2**30 on
# the board) as long as us() is called at least every 2**29 us (~9 minutes).
# A pause moves the reference tick forward by the time it lasts, pass by
# pass (a pause may last longer than a ticks difference spans): a stamp
# taken after the pause then maps to the moment play stopped plus the play
# since, and the stamps themselves are never changed.
#
# Small ints (S4): a match lasts longer than 2**30 us (17.9 minutes), the
# RP2040's last small int.  So the clock keeps base_ms (ms from the start
# to an epoch: small for 12 days) plus us since the epoch; rebase() moves
# the epoch in whole ms, so every game time in ms is unchanged.  The engine
# decides when (games.tape: at a quiet moment, shifting its own times by
# the same whole ms); the duel flow keeps its times in ms and lets ms() do
# it once the epoch is 2**28 us (4.5 minutes) old.
from core import ticks as _ticks
from core.compat import const

_REBASE_US = const(1 << 28)


class GameClock:
    def __init__(self):
        self.tick = 0
        self.rel = 0
        self.base_ms = 0
        self.paused_at = 0

    def start(self, t):
        self.tick = t & _ticks.MASK
        self.rel = 0
        self.base_ms = 0

    def us(self, t):
        d = _ticks.diff(t, self.tick)
        u = self.rel + d
        if d > 0:
            self.tick = t
            self.rel = u
        return u

    def ms(self, t):
        ms = self.base_ms + self.us(t) // 1000
        if self.rel >= _REBASE_US:
            self.rebase()
        return ms

    def rebase(self):
        k = self.rel // 1000
        self.base_ms += k
        self.rel -= k * 1000

    def pause(self, t):
        self.paused_at = t

    def hold(self, now):
        self.tick = _ticks.add(self.tick, _ticks.diff(now, self.paused_at))
        self.paused_at = now
