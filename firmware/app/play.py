# mypy: disable-error-code="attr-defined"
# A game on the box: deal it, hand its flow the presses as players, act on
# what the flow says happened, pause and resume it, end it.  A mixin of
# app.box.App (named App too: one name fewer on the board), kept apart so
# that each part of the box reads on its own.  (mypy cannot know a mixin's
# self is the App without importing app.box, an import circle: the first
# line keeps it from reporting the App's attributes as missing here.)
#
#   begin_game(name, pads, t=None)   a new game for the players on `pads`
#                        (pad order), begun at ticks t (default now)
#   play_pad(k, t)       pad k pressed at ticks t in play: its player's press
#   after(bits)          what the flow said: redraw, lights, log, the end
#   pause(), resume()    the game clock stops and goes on (core.ticks.GameClock);
#                        the pause is a menu (app.pause: resume, leave, volume)
#   end_game_early()     the game left (L `stopped`, f.stop), its end screen
#   finish(), write_log()
#   lean()               lean mode: the modules imported since boot go
#   due()                the box's seats (app.seats, P1-P5): each action due
#                        by now, at its time on the game clock, handed to the
#                        flow as a pad's press is (P3); every pass of play
#   pads(m), held()      players to pads, the players whose pad is down
#   waiting_mask, next_step, taps   what the off-board drivers read
#
# The pads map to players here and only here (player_of, pads_in): a flow
# speaks of players, so a player without a pad (a box seat, issue 23) is
# handed to it the same way: the box's seats sit after the people's, on
# pads past the real ones (pads_in), and hear the log as the view does
# (Cues.seats).
#
# The flows.  A flow (app.duels: Bataille and Bata-waf; app.tape: Tape-treize)
# runs one game's engine with real time.  The box calls it, and it answers
# with the bits below: it never calls back into the box.
#
#   f = module.Flow(name, options, seed, listener, opts)   the engine made,
#                        not begun: options the engine's, opts the menus' (the
#                        box's own: "auto"), listener (Cues) the game's log and
#                        view
#   f.game, f.clock      the engine, the game clock (core.ticks.GameClock) both share
#   f.begin(t) -> bits   the game begins at ticks t
#   f.press(p, t) -> bits   player p (an index, not a pad: the box maps pads
#                        to players) pressed at ticks t, the interrupt stamp
#   f.due(now) -> bits   every pass of play: the timers due by ticks now
#   f.pause(now)         play stops (the box then calls f.clock.pause_tick(now)
#                        every pass; the flow at the resume)
#   f.resume(now) -> bits
#   f.stop(now) -> bits  the game left at ticks now (the engine's stop, L
#                        `stopped`): ENDED
#   f.lit() -> mask      the players whose pads are lit (waited for)
#   f.error              what failed, with FAILED
#
#   c = Cues(name, view, sound, hidden)   the game's log (c.log) and its
#                        listener: the view and the sounds follow the game,
#                        c.flush_due says a log is worth writing,
#                        c.in_mask() the players still in the game
#
# A press may raise (the box fails the game); due() never does: it is on
# the idle pass, whose frames stay on the C stack (host_tests/test_frames).
#
# Why bits: the log listener (Cues) and the flow only record what happened,
# and the box acts once the engine is out of its step.  A new game is a new
# flow module named in app.join.GAMES, not a branch in the box.
#
# The bits (each module that speaks them has them as private consts: on the
# board a public name costs an interned name for ever, host_tests'
# test_app_flows checks that they agree):
#    1 DIRTY     the screen changed
#    2 LIT       lit() changed
#    4 FLUSH     a quiet moment with a log to write
#    8 QUIET     a quiet moment: collect garbage
#   16 ENDED     the game is over
#   32 FAILED    the engine failed: the error screen (f.error)
#   64 SLAP      a slap may come: no flash write now
#  128 CALM      no slap can come: flash writes are safe again
import gc
from app import view as _view
from core import log as _log
from app import sounds
from core.compat import const
from app.join import _settings, forget_since, loaded, GAMES
from core import ticks

# the bits (the table above), private: a public name is a qstr on the board
_DIRTY = const(1)
_LIT = const(2)
_FLUSH = const(4)
_QUIET = const(8)
_ENDED = const(16)
_FAILED = const(32)
_SLAP = const(64)
_CALM = const(128)
# app.quiet's bits
_Q_GC = const(1)
_Q_LOG = const(4)


# write the log past this many bytes (Cues.flush_due, both flows): 1 KB of
# lines was ~1.7 KB of the Pico's heap (a str a line, 16-byte blocks)
_FLUSH_BYTES = const(256)


class Cues:
    def __init__(self, name, view, sound, hidden):
        self.name = name
        self.view = view
        self.sound = sound
        self.hidden = hidden        # Tape-treize count hidden (T13): not said either
        self.flush_due = False
        self.seats = None           # app.seats when the box plays seats (P1): it hears the log too
        self.log = _log.Log(listener=self.event)

    def event(self, t, ev, values):
        """The Log listener: the view and the sounds follow the game."""
        self.view.event(t, ev, values)
        s = self.seats
        if s is not None:
            s.event(t, ev, values)      # the box's seats learn what the table sees (P2)
        s = self.sound
        name = self.name
        # the voice says what it has a word for (app.sounds.words), the buzzer the rest
        w = sounds.words(name, ev, values, self.hidden)
        if w is not None and s.say(w):
            pass
        elif ev == "battle":
            s.play(sounds.WAF if name == "batawaf" else sounds.BATTLE)
        elif ev == "verdict":
            s.play(sounds.BUZZ if values[0] == "false" else sounds.TAKE)
        elif ev == "take" and name != "tape":
            s.play(sounds.TAKE)
        elif ev == "end":
            s.play(sounds.FANFARE)
        # (the flow writes it at its next calm moment and clears the flag:
        # app.tape with no slap window open and no pad down, app.duels
        # between duels.)  Past _FLUSH_BYTES at any event, not only at a
        # take: a Tape-treize pile can grow for 20 cards before anyone takes
        # it, and its lines with it
        if not self.flush_due and (ev == "round" or self.log.pending_bytes() >= _FLUSH_BYTES):
            self.flush_due = True

    def in_mask(self):
        """The players still in the game, as a mask."""
        v = self.view
        m = 0
        for p in range(v.n):
            if not v.out[p]:
                m |= 1 << p
        return m


class App:
    def begin_game(self, name, pads, t=None):
        """Deal a new game for the players on `pads` (in pad order), begun
        at ticks t (the press or the end of the wait that began it; default
        now): the game's time counts from there."""
        if t is None:
            t = self.now
        pads = [k for k in pads if k < self.n_pads]  # "again" passes the box's seats too
        self.pads_in = pads
        self.player_of = [-1] * self.n_pads
        for p in range(len(pads)):
            self.player_of[pads[p]] = p
        n = len(pads)
        opts = self.settings["opts"][name]
        eng = _settings().engine_options(name, opts, n)
        if self.options_of is not None:
            eng = _settings().complete(eng, self.options_of(name))
        # P1: the box's seats after the people's; pads past the real ones
        # stand for them, so that their presses go where a pad's go (P3)
        eng = _settings().box(name, eng, n, min(GAMES[name][1], max(self.n_pads, 2)))
        rs = self.resuming      # a game going on after a cut (app.resume.Going): as its log says
        if rs is not None:
            eng = rs.eng
        nb = len(eng["box"])
        self.pads_in = pads = pads + [self.n_pads + j for j in range(nb)]
        self.player_of += [n + j for j in range(nb)]
        n += nb
        # the menus (and the last game's modules, if it left early) go: back
        # with the next menu, each game's screen with its game
        self.lean()
        seed = self.seed
        if seed is None:
            # the moment of the last join, to the microsecond: a new deal
            # every game (30 bits, a small int on the board)
            seed = self.clock.ticks_us() & 0x3FFFFFFF
        else:
            self.seed = seed + 1  # type: int | None
        if rs is not None:
            seed = rs.seed
        if getattr(self.hal, "echo", False):
            # on the board's REPL: the seed of each game (the emulator's
            # harness plays the same game on the host HAL from it)
            print("game", name, seed)
        # the last game's engine, view and log go before the new ones come
        # (play again: never both games in the heap at once)
        self.flow = None
        self.game = None
        self.view = None
        self.log = None
        gc.collect()
        # the game's screen code now, while the heap is at its tidiest: a
        # module loaded in the middle of a game may find no room in one piece
        self.renderer.prepare(name)
        hidden = bool(eng.get("hidden_count", False))
        v = _view.View(name, n, hidden, pads, self.n_pads)
        self.view = v
        cues = Cues(name, v, self.sound, hidden)
        self.seats = None
        if nb:
            from app import seats
            self.seats = cues.seats = seats.Seats()
        self.log = cues.log
        try:
            if rs is None:
                self.logs.begin(pads[:n - nb], opts)
            else:
                self.logs.current = rs.n
        except OSError as e:
            # a full or failing flash: play anyway, without a log file
            print("game log not written:", e)
            self.logs.current = -1
        try:
            # the game's flow, its module imported now (GAMES)
            f = __import__(GAMES[name][0], None, None, ("Flow",)).Flow(name, eng, seed, cues, opts)
            f.held = self.held
            self.flow = f
            self.game = f.game
            r = f.begin(t) if rs is None else rs.begin(self, f, cues)
        except Exception as e:
            self.fail(e)
            return
        self.enter("play")
        # a pad still down from joining is no request for a pause: only a
        # new hold in the game pauses it
        self.fb.holding = 0
        self.quiet.fresh()
        self.after(r)

    def lean(self):
        """Lean mode (app.join.forget): every module imported since the box
        booted (self.modules: what was loaded then), the menus' and the
        last game's (its flow, engine, rules, screen, the box's seats),
        leaves the heap until something imports it again; at a game's
        start and after its end.  Derived, not kept by hand: a new game or
        menu module goes without a word here."""
        forget_since(self.modules)

    def play_pad(self, k, t):
        p = self.player_of[k]
        f = self.flow
        if p >= 0 and f is not None:
            r = f.press(p, t)
            if r:
                self.after(r)

    def due(self):
        """The box's seats (app.seats): each action due by now, at its
        time on the game clock (GameClock.at), handed to the flow as a pad's
        press is (P3).  Tape-treize (a flow with taps): a press still down
        comes first, and the game's events up to the action's time come
        before it (what the seats decide from)."""
        s = self.seats
        f = self.flow
        if s is None or f is None:
            return
        try:
            at = s.next_deadline()
            while at >= 0 and self.state == "play" and self.flow == f:     # (the same flow: no __eq__)
                t = f.clock.at(at)
                if ticks.diff(self.now, t) < 0:
                    return      # not yet
                w = self.taps
                if w is not None:
                    if ticks.diff(w.limit(self.now), t) < 0:
                        return  # a press still down comes first
                    f.game.poll(t)
                p = s.due(at)
                if p >= 0:
                    self.play_pad(self.pads_in[p], t)
                at = s.next_deadline()
        except Exception as e:
            self.fail(e)

    def after(self, r):
        """What the flow says happened (the bits above)."""
        if r & _DIRTY:
            self.dirty = True
        f = self.flow
        if f is None:
            return
        if r & _FAILED:
            self.fail(f.error)
            return
        if r & _ENDED:
            self.store.set_slap_window(False)
            self.finish()
            return
        if r & (_SLAP | _CALM):
            self.store.set_slap_window(r & _SLAP != 0)
        if r & _LIT:
            self.light_mask(self.pads(f.lit()))
        if r & _FLUSH:
            # at the pass's quiet moment, after its frame: a flash write
            # takes 11-22 ms on the Pico, and the picture of a press that
            # came with it would wait for it (issue 26)
            self.quiet.want(_Q_LOG)
        if r & _QUIET:
            self.quiet.want(_Q_GC)

    def pads(self, m):
        """The pads of the players of mask m."""
        out = 0
        pads = self.pads_in
        for p in range(len(pads)):
            if m & (1 << p):
                out |= 1 << pads[p]
        return out

    def held(self):
        """The players whose pad is still down."""
        held = self.cap.held_mask()
        m = 0
        pads = self.pads_in
        for p in range(len(pads)):
            if held & (1 << pads[p]):
                m |= 1 << p
        return m

    # what the drivers off the board read (sim/, app/headless, the tests)
    @property
    def waiting_mask(self):
        return self.pads(getattr(self.flow, "waiting", 0))

    @property
    def next_step(self):
        return getattr(self.flow, "next_step", None)

    @property
    def taps(self):
        return getattr(self.flow, "taps", None)

    def write_log(self):
        try:
            self.logs.flush(self.log)
        except OSError as e:
            print("game log not written:", e)

    def finish(self):
        self.quiet.drop(_Q_LOG)
        self.write_log()
        self.resuming = None
        self.logs.done()        # nothing left to resume (app.resume)
        self.enter("end")
        self.light_mask(0)

    def end_game_early(self):
        """The one way a game is left (the pause's item, the menu button
        held, the simulator's window closed): the engine's stop (L
        `stopped`: the most cards, or points, win), then as any end, its
        log and the end screen.  Outside a game: the last one's engine goes."""
        f = self.flow
        if f is not None and self.state == "pause":
            from app import pause
            pause.close(self, True)
            return
        if f is not None and self.state == "play":
            self.after(f.stop(self.now))
            return
        self.flow = None
        self.game = None
        self.store.set_slap_window(False)

    def pause(self):
        f = self.flow
        if f is None:
            return
        f.pause(self.now)
        self.enter("pause")
        # the pause is a menu (app.pause, imported now: its names and code
        # only when a game is paused); what it loads (app.pause, the menus,
        # their screen) goes when it closes
        self.pause_before = loaded()
        from app import pause
        pause.open(self)

    def resume(self):
        from app import pause
        pause.close(self)
