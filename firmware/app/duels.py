# Bataille and Bata-waf's flow (B1-B8, W1-W6): a duel is flipped once every
# player still in the game pressed their pad (their pads stay lit until they
# do), or by itself after _AUTO_FLIP_MS when the "auto" option is on (small
# children).  A battle and the take follow by themselves, _SHOW_MS apart.
# The interface and its bits: app.play.
#
#   f = Flow(name, options, seed, listener, opts)   opts["auto"]: flip alone
#   f.waiting            the players whose press the next flip waits for
#   f.next_step          game ms of the next step that comes by itself
#                        (a battle's cards, the take), or None
#
# Every step is taken at the game time it was due (the log says when the
# game moved, not when the loop came round), and the steps due before a
# press come first, at their time, however late the pass runs: a game
# depends on the press times only.  Game time is in ms from the game clock
# (core.ticks.GameClock), pauses left out.
from core.compat import const
from core.ticks import GameClock
from games import bataille as B

_SHOW_MS = const(1200)
_BATTLE_MS = const(1500)
_AUTO_FLIP_MS = const(3000)
_STEPPED = const(256)
# the bits of app.play, private here (a public name is a qstr on the board)
_DIRTY = const(1)
_LIT = const(2)
_FLUSH = const(4)
_QUIET = const(8)
_ENDED = const(16)
_FAILED = const(32)


class Flow:
    def __init__(self, name, options, seed, listener, opts):
        self.auto = bool(opts.get("auto", False))
        self.game = B.Bataille(options, seed, listener.log, name)
        self.clock = GameClock()
        self.listener = listener
        self.view = listener.view
        self.waiting = 0
        self.next_step = None
        self.auto_at = None
        self.error = None

    def begin(self, t, game=None):
        """The game begins at ticks t; or goes on there from `game`, its
        engine rebuilt from its log after a cut (app.resume), at the log's
        last time."""
        if game is None:
            self.clock.start(t)
            self.game.start(0)
            # the presses that joined were the players' first flip
            return self.step(0)
        self.game = game
        ms = self.listener.log.last_t
        self.clock.start(t, ms * 1000)
        if not game.duels:
            return self.step(ms)    # only the deal: the first flip follows it at once
        # a duel or battle decided (a tie, or a winner): its battle's cards or
        # its take come by themselves; else (taken, carried) the flips wait
        return self.show(ms, B.DUEL if game.pot_n and (game.tie or game.winner >= 0) else B.TAKE)

    def lit(self):
        return self.waiting if self.next_step is None else 0

    def press(self, p, t):
        ms = self.clock.ms(t)
        r = 0
        while True:
            s = self.at(ms)
            if not s:
                break
            r |= s & ~_STEPPED
            if s & (_ENDED | _FAILED):
                return r
        bit = 1 << p
        if self.next_step is None and self.waiting & bit:
            self.waiting &= ~bit
            self.view.waiting[p] = False
            s = self.listener.seats
            if s is not None:
                s.press(p, ms)  # P4: the box's seats flip as the last person does
            r |= _LIT | _DIRTY
            if not self.waiting:
                r |= self.step(ms)   # at the last press: the flip's time
        return r & ~_STEPPED

    def due(self, now):
        return self.at(self.clock.ms(now))

    def at(self, ms):
        """The step due by game time ms, if any, at the time it was due."""
        n = self.next_step
        if n is not None:
            if ms >= n:
                return self.step(n)
        elif self.auto and self.auto_at is not None and ms >= self.auto_at:
            return self.step(self.auto_at)
        return 0

    def step(self, ms):
        """One visible step at game time ms (bits | _STEPPED).  A failing
        step fails the game (FAILED, the error screen), here rather than
        around the loop's pass (app.box.App.tick)."""
        try:
            return self.show(ms) | _STEPPED
        except Exception as e:
            self.error = e
            return _FAILED | _STEPPED

    def show(self, ms, phase=0):
        """The engine's next step at ms, or (phase) what to do after the
        step that gave `phase` (begin)."""
        self.next_step = None
        v = self.view
        v.waf = False
        if not phase:
            phase = self.game.step(ms)
        if phase == B.END or self.game.done:
            return _DIRTY | _ENDED
        r = _DIRTY | _LIT
        if phase == B.TAKE or phase == B.CARRY:
            self.waiting = self.listener.in_mask()
            for p in range(v.n):
                v.waiting[p] = not v.out[p]
            self.auto_at = ms + _AUTO_FLIP_MS
            # between duels: no slap window in Bataille, a quiet moment
            r |= _QUIET
            c = self.listener
            if c.flush_due:     # the log past app.play's _FLUSH_BYTES: written now
                c.flush_due = False
                r |= _FLUSH
        else:
            for p in range(v.n):
                v.waiting[p] = False
            self.next_step = ms + (_BATTLE_MS if v.battle else _SHOW_MS)
        return r

    def pause(self, now):
        self.clock.pause(now)

    def stop(self, now):
        # the game left (app.play): the engine ends it where it stands
        self.game.stop(self.clock.ms(now))
        return _DIRTY | _ENDED

    def idle(self):
        """Waiting only for a press (app.quiet: the box may sleep): no step
        to come by itself, no auto flip."""
        return self.next_step is None and not self.auto

    def resume(self, now):
        self.clock.pause_tick(now)
        if self.auto_at is not None:
            self.auto_at = self.clock.ms(now) + _AUTO_FLIP_MS
        return _LIT
