# A game on the box: deal it, hand its flow the presses as players, act on
# what the flow says happened, pause and resume it, end it.  A part of the
# box (app.box.App.play, issue 38: it was a mixin of App): it owns the game's
# state (its flow and engine, its view and log, the pads in play and the
# players they stand for, the box's seats, the modules a pause loaded) and
# asks the box for the rest (its state, the lights, the quiet moment, the
# error screen).
#
#   p = Play(box, seed)  seed: the first game's (None: from the clock)
#   p.begin(name, pads, t=None)   a new game for the players on `pads`
#                        (pad order), begun at ticks t (default now)
#   p.press(k, t)        pad k pressed at ticks t in play: its player's press
#   p.after(bits)        what the flow said: redraw, lights, log, the end
#   p.pause(), p.resume()   the game clock stops and goes on (core.ticks.GameClock);
#                        the pause is a menu (app.pause: resume, leave, volume)
#   p.button(k)          the menu button in a game: pause, go on, leave (k 2)
#   p.stop()             the game left (L `stopped`, f.stop), its end screen;
#                        outside a game: the last one's engine goes
#   p.finish(), p.write()   the end screen, the log written
#   p.drop()             the flow and engine go (the view and log stay)
#   p.lean()             lean mode: the modules imported since boot go
#   p.due()              the box's seats (app.seats, P1-P5): each action due
#                        by now, at its time on the game clock, handed to the
#                        flow as a pad's press is (P3); every pass of play
#   p.pads(m), p.held()  players to pads, the players whose pad is down
#   p.flow, p.game, p.view, p.log, p.pads_in, p.seats   the game's, read by
#                        the box's screens and the off-board drivers
#   p.waiting, p.next_step, p.taps   what the off-board drivers read
# The pads map to players here and only here (player_of, pads_in): the box's
# seats (issue 23) sit after the people's, on pads past the real ones, and
# hear the log as the view does (Cues.seats).
#
# The flows.  A flow (app.duels: Bataille and Bata-waf; app.tape: Tape-treize)
# runs one game's engine with real time.  The box calls it, and it answers
# with the bits below: it never calls back into the box.  The interface,
# call by call (Flow, its bits, Cues): docs/ARCHITECTURE.md.
# A press may raise (the box fails the game); due() never does: it is on
# the idle pass, whose frames stay on the C stack (host_tests/test_frames).
# Why bits: the flow and Cues only record what happened; the box acts once
# the engine is out of its step.  A new game is a flow module in app.phase.GAMES.
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
from core.compat import const
from app.phase import _settings, forget_since, loaded, GAMES, Chosen
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


class Play:
    def __init__(self, box, seed):
        self.box = box
        self.seed = seed  # type: int | None
        self.flow = None        # the game's flow
        self.game = None        # its engine
        self.view = None        # its screen (kept past its end: the end screen draws it)
        self.log = None         # its log (core.log.Log, the Cues')
        self.pads_in = []       # the pads in play, in player order (the box's seats past the real ones)
        self.player_of = []     # pad -> player, -1: not in play
        self.seats = None       # app.seats: the seats the box plays in this game (P1)
        self.before = None      # the modules loaded as a pause opened (pause)
        # app.resume.Going: a game back after a power cut, shown paused (a
        # name the board has already: the .mpy box is at its six pools' edge)
        self.cut = None

    def begin(self, name, pads, t=None):
        """Deal a new game for the players on `pads` (in pad order), begun
        at ticks t (the press or the end of the wait that began it; default
        now): the game's time counts from there."""
        b = self.box
        if t is None:
            t = b.now
        pads = [k for k in pads if k < b.n_pads]  # "again" passes the box's seats too
        self.pads_in = pads
        self.player_of = [-1] * b.n_pads
        for p in range(len(pads)):
            self.player_of[pads[p]] = p
        n = len(pads)
        opts = b.settings["opts"][name]
        eng = _settings().engine_options(name, opts, n)
        if b.options_of is not None:
            eng = _settings().complete(eng, b.options_of(name))
        # P1: the box's seats after the people's; pads past the real ones
        # stand for them, so that their presses go where a pad's go (P3)
        rs = self.cut      # a game going on after a cut (app.resume.Going): as its log says
        eng = _settings().box(name, eng, n, min(GAMES[name][1], max(b.n_pads, 2))) if rs is None else rs.eng
        nb = len(eng["box"])
        self.pads_in = pads = pads + [b.n_pads + j for j in range(nb)]
        self.player_of += [n + j for j in range(nb)]
        n += nb
        # the menus (what they chose stays: app.phase.Chosen) and the last
        # game's modules go: back with the next menu, each game's with its game
        b.menus = Chosen(b, b.menus)
        self.lean()
        seed = self.seed if rs is None else rs.seed
        if seed is None:
            # the last join's microsecond: a new deal every game (30 bits: a small int)
            seed = b.clock.ticks_us() & 0x3FFFFFFF
        else:
            self.seed = seed + 1
        if getattr(b.hal, "echo", False):
            # the seed of each game on the REPL (the emulator's harness plays it on the host too)
            print("game", name, seed)
        # the last game's engine, view and log go first (never two games in the heap)
        self.drop()
        self.view = None
        self.log = None
        gc.collect()
        # the game's screen code now, while the heap is at its tidiest: a
        # module loaded in the middle of a game may find no room in one piece
        b.renderer.prepare(name)
        # the view and the log's listener too: not in the menus' heap (4 KB,
        # ~60 ms of the .mpy box's boot: issue 41), gone after (lean)
        from app.view import View
        from app.cues import Cues
        hidden = bool(eng.get("hidden_count", False))
        v = View(name, n, hidden, pads, b.n_pads)
        self.view = v
        cues = Cues(name, v, b.sound, hidden)
        self.seats = None
        if nb:
            from app import seats
            self.seats = cues.seats = seats.Seats()
        self.log = cues.log
        try:
            b.logs.begin(pads[:n - nb], opts, 0 if rs is None else rs.n)
        except OSError as e:
            # a full or failing flash: play anyway, without a log file
            print("game log not written:", e)
            b.logs.current = -1
        try:
            # the game's flow, its module imported now (GAMES); the options'
            # checks (the engine's normalize) go before the deal, the deal's
            # own (its setup, a cut game's rebuild) after it
            mod = __import__(GAMES[name][0], None, None, ("Flow",))
            before = loaded()
            f = mod.Flow(name, eng, seed, cues, opts)
            forget_since(before)
            f.held = self.held
            self.flow = f
            self.game = f.game
            r = f.begin(t) if rs is None else rs.begin(b, f, cues)
            self.game = f.game      # (a game going on after a cut: the engine its log rebuilt)
            forget_since(before)
        except Exception as e:
            b.fail(e)
            return
        b.enter("play")
        # a pad still down from joining is no request for a pause: only a
        # new hold in the game pauses it
        b.fb.holding = 0
        b.quiet.fresh()
        self.after(r)

    def lean(self):
        """Lean mode (app.phase.forget_since): every module imported since
        the box booted (box.modules: what was loaded then), the menus' and
        the last game's (its flow, engine, rules, screen, the box's seats),
        leaves the heap until something imports it again; at a game's
        start and after its end.  Derived, not kept by hand: a new game or
        menu module goes without a word here."""
        forget_since(self.box.modules)

    def press(self, k, t):
        p = self.player_of[k]
        f = self.flow
        if p >= 0 and f is not None:
            r = f.press(p, t)
            if r:
                self.after(r)

    def due(self, until=None):
        """The box's seats (app.seats): each action due by now, at its time
        on the game clock (GameClock.at), handed to the flow as a pad's press
        is (P3).  Tape-treize: a press still down first, then the game's
        events up to the action's time (what the seats decide from).  until:
        a pad's press at these ticks is next (box.take_presses): only the
        actions due before it (P3: a seat acts at its moment, not the loop's)."""
        s = self.seats
        f = self.flow
        b = self.box
        if s is None or f is None:
            return
        now = b.now if until is None else until
        try:
            at = s.next_deadline()
            while at >= 0 and b.state == "play" and self.flow == f:     # (the same flow: no __eq__)
                t = f.clock.at(at)
                d = ticks.diff(now, t)
                if d < 0 or (d == 0 and until is not None):
                    return      # not yet (a press at the same tick goes first, as it would have)
                w = self.taps
                if w is not None:
                    if ticks.diff(w.limit(now), t) < 0:
                        return  # a press still down comes first
                    f.game.poll(t)
                p = s.due(at)
                if p >= 0:
                    self.press(self.pads_in[p], t)
                at = s.next_deadline()
        except Exception as e:
            b.fail(e)

    def after(self, r):
        """What the flow says happened (the bits above)."""
        b = self.box
        if r & _DIRTY:
            b.dirty = True
        f = self.flow
        if f is None:
            return
        if r & _FAILED:
            b.fail(f.error)
            return
        if r & _ENDED:
            b.store.set_slap_window(False)
            self.finish()
            return
        if r & (_SLAP | _CALM):
            b.store.set_slap_window(r & _SLAP != 0)
        if r & _LIT:
            b.fb.lit = self.pads(f.lit())
        if r & _FLUSH:
            # at the pass's quiet moment, after its frame: a flash write
            # takes 11-22 ms on the Pico, and the picture of a press that
            # came with it would wait for it (issue 26)
            b.quiet.want(_Q_LOG)
        if r & _QUIET:
            b.quiet.want(_Q_GC)

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
        held = self.box.cap.held_mask()
        m = 0
        pads = self.pads_in
        for p in range(len(pads)):
            if held & (1 << pads[p]):
                m |= 1 << p
        return m

    # what the drivers off the board read (sim/, host/, the tests)
    @property
    def waiting(self):
        """The pads the game waits for (Bataille's flips), as a mask."""
        return self.pads(getattr(self.flow, "waiting", 0))

    @property
    def next_step(self):
        return getattr(self.flow, "next_step", None)

    @property
    def taps(self):
        return getattr(self.flow, "taps", None)

    def write(self):
        """The game's log lines so far, written (a full flash: said, not raised)."""
        try:
            self.box.logs.flush(self.log)
        except OSError as e:
            print("game log not written:", e)

    def finish(self):
        b = self.box
        b.quiet.drop(_Q_LOG)
        self.write()
        self.cut = None
        b.logs.done()           # nothing left to resume (app.resume)
        b.enter("end")
        b.fb.lit = 0

    def stop(self):
        """The one way a game is left (the pause's item, the menu button
        held, the simulator's window closed): the engine's stop (L
        `stopped`: the most cards, or points, win), then as any end, its
        log and the end screen.  Outside a game: the last one's engine goes."""
        f = self.flow
        b = self.box
        if f is not None and b.state == "pause":
            from app import pause
            pause.close(b, True)
            return
        if f is not None and b.state == "play":
            self.after(f.stop(b.now))
            return
        self.drop()
        b.store.set_slap_window(False)

    def drop(self):
        """The flow and engine go; the view and log stay (the end or error screen)."""
        self.flow = None
        self.game = None

    def button(self, k):
        """The menu button in a game or its pause: held (k 2) it leaves the game,
        a tap pauses or goes on (a game back after a cut: leaves, app.resume)."""
        if k == 2 or self.cut is not None:
            self.stop()
        elif self.box.state == "play":
            self.pause()
        else:
            self.resume()

    def pause(self):
        f = self.flow
        if f is None:
            return
        b = self.box
        f.pause(b.now)
        b.enter("pause")
        # the pause is a menu (app.pause, imported now: its names and code
        # only when a game is paused); what it loads (app.pause, the menus,
        # their screen) goes when it closes
        self.before = loaded()
        from app import pause
        pause.open(b)

    def resume(self):
        from app import pause
        pause.close(self.box)
