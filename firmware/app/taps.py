# Tape-treize presses outside a slap window wait for what they mean.  A
# press let go before the pause hold (app.box._HOLD_MS) is a (false) slap, or
# a laid card in turns mode, at the time of its interrupt; a press held that
# long is a pause and no press at all.  Without the wait a child asking for
# a pause would first have slapped, and a false slap takes the whole pile
# (T8).  In a window a press is a valid slap whatever follows: app.box hands
# it to the engine at once (when none waits before it).
#
# The engine is never run past a press still waiting (app.box asks for the
# time it may run to), so its verdicts are those of a box that knew at
# once: only the screen lags, by as long as a pad stays down.
#
#   w = Waiting()
#   w.add(k, t)               a press of pad k at ticks t (arrival order)
#   w.next_tap(held) -> k     the first press, if it is let go: its pad
#                             (its time in w.t_out), else -1; it leaves
#   w.limit(now) -> t         once the taps are taken: the engine may run up
#                             to the first press still down, or to now
#   w.clear()                 forget them all (a pause)
#
# `held`: the pads seen down and not yet seen released (the capture's
# held_mask()).  A pad's press is let go once its pad is up, or once a later
# press of the same pad came (it must have been released in between).
# Fixed arrays: nothing is allocated per press.
from array import array
from core.compat import const

_SLOTS = const(16)    # two per pad of the biggest box, and more


class Waiting:
    def __init__(self):
        self.pad = bytearray(_SLOTS)
        self.t = array("i", [0] * _SLOTS)
        self.n = 0
        self.t_out = 0

    def add(self, k, t):
        """Queue pad k's press at ticks t; False if full (the caller then
        takes the oldest as a tap first)."""
        if self.n >= _SLOTS:
            return False
        self.pad[self.n] = k
        self.t[self.n] = t
        self.n += 1
        return True

    def _first_down(self, held):
        # the first press is still down: its pad is, and it has not been
        # pressed again since (a second press means a release in between)
        k = self.pad[0]
        if not held & (1 << k):
            return False
        j = 1
        while j < self.n:
            if self.pad[j] == k:
                return False
            j += 1
        return True

    def next_tap(self, held, force=False):
        """The first press if it is let go (or force): its pad, its ticks in
        self.t_out, and it leaves the queue; -1 otherwise."""
        if not self.n or (not force and self._first_down(held)):
            return -1
        k = self.pad[0]
        self.t_out = self.t[0]
        i = 1
        while i < self.n:
            self.pad[i - 1] = self.pad[i]
            self.t[i - 1] = self.t[i]
            i += 1
        self.n -= 1
        return k

    def limit(self, now):
        """Ticks the engine may run to: the first waiting press (the caller
        has taken every tap before it), or now."""
        return self.t[0] if self.n else now

    def clear(self):
        self.n = 0
