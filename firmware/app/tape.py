# Tape-treize's flow (T1-T13): the engine runs its own timers (tempo or
# turns, T10), every press goes to it, in a slap window at once, else once
# let go (Waiting, below: a press held the pause hold is the pause, not a
# false slap).  The interface and its bits: app.play.
#
#   f = Flow(name, options, seed, listener, opts)
#   f.held               held() -> the players whose pad is still down
#                        (the box's, from the pad capture; set before play)
#
# The engine is told the interrupt stamps as they were taken: its clock
# (core.ticks.GameClock, f.clock) leaves the pauses out.  It never runs past a
# press still waiting (Waiting), so its verdicts are those of a box that
# knew at once.  While a slap can come (a window, or a press still down that
# may be a slap in a window the engine has not reached yet) the flow says
# SLAP: no flash write then; the log is written between rounds (or after a
# take past a big log: app.play.Cues).
#
# Waiting (the flow's f.taps; kept in the flow it serves: a module costs
# interned names on the board).  Tape-treize presses outside a slap window
# wait for what they mean.  A press let go before the pause hold
# (app.feedback) is a (false) slap, or a laid card in turns mode, at the time
# of its interrupt; a press held that long is a pause and no press at all.
# Without the wait a child asking for a pause would first have slapped, and
# a false slap takes the whole pile (T8).  In a window a press is a valid
# slap whatever follows: the flow hands it to the engine at once (when none
# waits before it).  The engine is never run past a press still waiting
# (the flow asks for the time it may run to), so its verdicts are those of
# a box that knew at once: only the screen lags, by as long as a pad stays
# down.
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
from games.tape import Tape
from core.compat import const

# the bits of app.play, private here (a public name is a qstr on the board)
_DIRTY = const(1)
_LIT = const(2)
_FLUSH = const(4)
_QUIET = const(8)
_ENDED = const(16)
_FAILED = const(32)
_SLAP = const(64)
_CALM = const(128)
_SLOTS = const(16)    # two per pad of the biggest box, and more


class Flow:
    def __init__(self, name, options, seed, listener, opts):
        self.game = Tape(options, seed, listener.log)
        self.clock = self.game.clock
        self.view = listener.view
        self.listener = listener
        self.taps = Waiting()
        self.held = None
        self.error = None
        self.m = 0

    def begin(self, t, game=None):
        """The match begins at ticks t; or goes on there from `game`, its
        engine rebuilt from its log after a cut (app.resume), at the time
        the engine stands."""
        if game is None:
            self.game.start(t)
            self.m = self.listener.in_mask()
            return _LIT
        self.game = game
        self.clock = game.clock
        self.clock.start(t, game.now_us)
        self.m = self.listener.in_mask()
        return self.after() | _DIRTY | _LIT

    def lit(self):
        return self.m

    def press(self, p, t):
        g = self.game
        w = self.taps
        if not w.n:
            # in a slap window a press is a valid slap whatever follows
            # (held on, it pauses after it): the engine has it at once
            g.poll(t)
            if g.window_open:
                g.press(p, t)
                return 0
        # else a slap (or a laid card) once let go; held, it is the pause
        if not w.add(p, t):
            self.feed(True)     # full: the oldest is taken as a tap
            w.add(p, t)
        return 0

    def feed(self, force=False):
        """The presses let go, in time order, at the time of their
        interrupt (force: the oldest one, let go or not)."""
        w = self.taps
        # (held is None until the app hands the flow its own, before any press)
        held = self.held() if w.n else 0  # type: ignore[misc]
        k = w.next_tap(held, force)
        while k >= 0:
            self.game.press(k, w.t_out)
            if force:
                return
            k = w.next_tap(held)

    def due(self, now):
        # (its frame, with the exception handler, is on the heap: one small
        # allocation a pass, in Tape-treize only, whose engine runs its own
        # timers every pass)
        try:
            self.feed()
            # never past a press still down: the engine would judge the
            # moment without it
            self.game.poll(self.taps.limit(now))
            return self.after()
        except Exception as e:
            self.error = e
            return _FAILED

    def after(self):
        g = self.game
        r = 0
        if self.view.changed:
            r = _DIRTY
        if g.done:
            return r | _ENDED
        w = g.window_open
        busy = w or self.taps.n > 0
        r |= _SLAP if busy else _CALM
        if g.turns_mode:
            # turns mode (T10): the pad of the player who lays next is lit
            m = 0
            if not w and g.phase_name() == "play":
                m = 1 << g.turn
            if m != self.m:
                self.m = m
                r |= _LIT
        c = self.listener
        if c.flush_due and not busy:
            # between rounds (or a big log after a take): no slap window
            c.flush_due = False
            r |= _FLUSH | _QUIET
        return r

    def idle(self):
        """Waiting only for a press (app.quiet: the box may sleep): a
        turns-mode card to lay (T10), no press still down.  The tempo, the
        windows go on by themselves."""
        g = self.game
        return not self.taps.n and g.turns_mode and g.phase_name() == "play"

    def pause(self, now):
        # the game stopped at the first press still down (the hold that
        # asks for the pause): that press, and any after it, were the
        # pause, not slaps
        self.clock.pause(self.taps.limit(now))
        self.taps.clear()

    def stop(self, now):
        # the game left (app.play): a press still down was no slap (as at a
        # pause), the engine ends the match where it stands
        self.taps.clear()
        self.game.stop(now)
        return self.after()

    def resume(self, now):
        self.clock.pause_tick(now)
        self.m = self.listener.in_mask()
        return _LIT


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

    def next_tap(self, held, force=False):
        """The first press if it is let go (or force): its pad, its ticks in
        self.t_out, and it leaves the queue; -1 otherwise."""
        if not self.n:
            return -1
        k = self.pad[0]
        if not force and held & (1 << k):
            # the first press may still be down: its pad is, and unless it
            # was pressed again since (a release in between), it waits
            j = 1
            while j < self.n and self.pad[j] != k:
                j += 1
            if j == self.n:
                return -1
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
