# S4: tick arithmetic with the RP2040's wrap.
#
# On the RP2040, time.ticks_us() wraps every 2**30 us (about 17.9 minutes)
# and time.ticks_diff is valid within +-2**29.  The rules compare times only
# through these functions, so a slap window across the wrap is decided exactly
# like any other.  The host clock wraps at the same period (the unix port's
# own ticks wrap at 2**62, which would hide wrap bugs).  All values here stay
# below 2**30: small ints on the board, no allocation.
from core.compat import const

PERIOD = 1 << 30
MASK = PERIOD - 1
HALF = PERIOD >> 1


def diff(a, b):
    """a - b in ticks, as time.ticks_diff(a, b) on the board.

    Written so that no intermediate value leaves the small-int range
    (-2**30 .. 2**30 - 1) for ticks in 0 .. 2**30 - 1: the plain formula
    ((a - b + HALF) & MASK) - HALF would build a long int on the RP2040."""
    d = (a - b) & MASK
    if d >= HALF:
        return d - HALF - HALF
    return d


def add(a, d):
    """a + d in ticks (|d| < 2**29), as time.ticks_add(a, d) on the board,
    without leaving the small-int range."""
    t = (a - MASK) + d - 1  # a + d - 2**30, safe since a - MASK <= 0
    if t >= 0:
        return t
    s = a + d
    if s < 0:
        return s + MASK + 1
    return s


# The game clock (GameClock): one time base for a game's flow (app.flow_*) and its
# engine (games.tape), pauses left out.
#
#   c = GameClock()
#   c.start(t)          the game begins at ticks_us t
#   c.us(t) -> u        ticks_us t (an interrupt stamp, as it was taken) as
#                       us of play since the epoch (see below)
#   c.ms(t) -> ms       ms of play since the start (the duel flow: it moves
#                       the epoch itself, there is nothing else to move)
#   c.at(ms) -> t       the ticks_us at which play reaches ms since the
#                       start (the box's seats: app.play; ms near the epoch)
#   c._rebase()         move the epoch to the latest tick seen, in whole ms
#   c.pause(t)          play stops at ticks t ...
#   c.pause_tick(now)   ... every pass of the pause ...
#                       (and again at the resume: play goes on)
#   c.tick, c.at_us       the latest ticks_us seen and its us since the epoch
#   c._base_ms           the epoch, in ms since the start
#
# One mapping, a pure shift: us(t) = at_us + diff(t, tick).  The reference
# only moves forward (to a later tick seen), so ticks_us may wrap (2**30 on
# the board) as long as us() is called at least every 2**29 us (~9 minutes).
# A pause moves the reference tick forward by the time it lasts, pass by
# pass (a pause may last longer than a ticks difference spans): a stamp
# taken after the pause then maps to the moment play stopped plus the play
# since, and the stamps themselves are never changed.
#
# Small ints (S4): a match lasts longer than 2**30 us (17.9 minutes), the
# RP2040's last small int.  So the clock keeps _base_ms (ms from the start
# to an epoch: small for 12 days) plus us since the epoch; _rebase() moves
# the epoch in whole ms, so every game time in ms is unchanged.  The engine
# decides when (games.tape: at a quiet moment, shifting its own times by
# the same whole ms); the duel flow keeps its times in ms and lets ms() do
# it once the epoch is 2**28 us (4.5 minutes) old.

_REBASE_US = const(1 << 28)


class GameClock:
    def __init__(self):
        self.tick = 0
        self.at_us = 0
        self._base_ms = 0
        self.paused_at = 0

    def start(self, t, us=0):
        """Game time `us` (0: the start) at ticks t: a game going on from
        its log after a cut (app.resume) starts at the log's last time."""
        self.tick = t & MASK
        self.at_us = us
        self._base_ms = 0

    def us(self, t):
        d = diff(t, self.tick)
        u = self.at_us + d
        if d > 0:
            self.tick = t
            self.at_us = u
        return u

    def ms(self, t):
        ms = self._base_ms + self.us(t) // 1000
        if self.at_us >= _REBASE_US:
            self._rebase()
        return ms

    def at(self, ms):
        return add(self.tick, (ms - self._base_ms) * 1000 - self.at_us)

    def _rebase(self):
        k = self.at_us // 1000
        self._base_ms += k
        self.at_us -= k * 1000

    def pause(self, t):
        self.paused_at = t

    def pause_tick(self, now):
        self.tick = add(self.tick, diff(now, self.paused_at))
        self.paused_at = now
