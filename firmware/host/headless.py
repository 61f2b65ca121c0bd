# The one way to drive the box off the board, and the whole box without a
# window.  Portable, so the same run happens on CPython and on the
# MicroPython unix port (the heap tests and bench/host_app.py run it there).
#
#   d = Drive(app, step_us=STEP_US)      the App on its host HAL's virtual clock
#   d.run_until(t_us, after=None)        tick() every step_us up to t_us, the
#                                        pads' edges and interrupts fired in
#                                        between; after() once a tick, True stops
#   trim(hal, at)                        cut the host HAL's recorders
#   menu_pad(app, game, what=None)       the pad that walks the menus shown one
#                                        step toward `game`'s join screen (or
#                                        toward item `what`)
#
#   r = Runner(hal, game="batawaf", players=2, seed=1, options=None)
#   r.run(max_s=3600) -> the App, its game over (r.presses, r.ticks)
#
# Drive is what every driver of the box off the board uses: the simulator
# (sim/box.py), the bots' matches (host/bots.py), the emulator's host
# side (tools/pico/scenarios.py), the corpus replays; it ticks as the board's
# loop does (a tick, then the loop sleeps).  Runner is a Drive with players
# of its own, quick and simple: the heap tests run it on the 32-bit unix port,
# where every name is interned for ever (docs/app.md), so its names are few.
# The bots choose the game from the home menu with the pads (pad 1 "next",
# pad 2 "choose"), join, then: Bataille / Bata-waf, each presses their pad
# some hundreds of ms after the box waits for them; Tape-treize, each slaps
# some hundreds of ms after a card a rule holds for (a few are slow, the
# last takes the pile), and lays their card in turns mode.
import gc
import sys
from core.rng import Rng
from app import box as _box


def _menus():
    # (app.menu where a menu is walked: the box's lean run drops it in a game)
    from app import menu
    return menu


STEP_US = 5000
HOLD_US = 60000


class Drive:
    def __init__(self, app, step_us=STEP_US):
        self.app = app
        self.clock = app.clock
        self.pads = app.hal.pads
        self.step_us = step_us          # virtual time per loop pass
        self.due = self.clock.now       # the next tick's time: now

    def run_until(self, t_us, after=None):
        """Tick the box up to virtual time t_us; after() after each tick:
        True ends the run there (and run_until returns True)."""
        clock = self.clock
        pads = self.pads
        while clock.now < t_us:
            nxt = self.due
            if nxt > t_us:
                pads.run_until(t_us)
                break
            pads.run_until(nxt)
            self.app.tick()
            self.due = nxt + self.step_us
            if after is not None and after():
                return True
        return False


def trim(h, at=8):
    """The host HAL records what reaches the fake hardware (bus transfers,
    PIO frames, PWM changes, watchdog feeds, e-ink refreshes, file
    operations) for tests that read it back; a long run keeps only the
    recent records (the last 2 of a list longer than `at`), so it fits a
    board-sized heap, or an hour in the simulator's window the PC's.  The
    PIO keeps its own last 2 frames in reused lists (hal/host/pio.py)."""
    d = getattr(h, "display", None)
    bz = getattr(h, "buzzer", None)
    st = getattr(h, "storage", None)
    for obj, name in ((getattr(h, "wire", None), "events"), (getattr(h, "watchdog", None), "feeds"),
                      (getattr(bz, "pwm", None), "changes"), (getattr(d, "out", None), "frames"),
                      (d, "refreshes"), (getattr(d, "panel", None), "activations"),
                      (getattr(st, "fs", None), "log")):
        lst = getattr(obj, name, None) if obj is not None else None
        if isinstance(lst, list) and len(lst) > at:
            del lst[:-2]


def menu_pad(app, game, what=None):
    """The pad that takes the menu `app` shows (the App's menus,
    app.join.Menus, or a mirror of them with the same menu_name, items and
    sel: host.walk.Walk) one
    step toward its item `what` ((action, arg)), by default toward `game`'s
    join screen: back home first ("back" if shown), then the game.  Pad 2
    chooses, pad 1 moves on (app.menu)."""
    if what is None:
        what = ("game", game) if app.menu_name == "home" else ("go", "home")
    it = app.items[app.sel]
    return 1 if it[2] == what[0] and it[3] == what[1] else _menus().NEXT_PAD


def taps(app):
    """Tape-treize presses the box holds until they are let go (app.tape.Waiting)."""
    return app.play.taps.n if app.play.taps is not None else 0


class Runner(Drive):
    def __init__(self, hal, game="batawaf", players=2, seed=1, options=None, settings=None):
        self.hal = hal
        self.game = game
        self.players = players
        self.rng = Rng(seed + 7)
        if settings:
            # the settings file the box will read at power-on
            from app import settings as _set
            st = _set.defaults()
            for k in settings:
                st[k] = settings[k]
            hal.storage.save(_set.NAME, st)
        Drive.__init__(self, _box.App(hal, seed=seed))
        if options:
            # straight into the box's choices: a test may pass any option the
            # engine takes (e.g. a length of 20 duels), not only the menus'
            o = self.app.settings["opts"][game]
            for k in options:
                o[k] = options[k]
        if sys.implementation.name != "micropython":
            # a full collection of a test process's heap costs ms; the
            # quiet-moment collections matter on the board only
            self.app.quiet.collect = lambda: gc.collect(0)  # type: ignore[call-arg]
        self.presses = 0
        self.ticks = 0
        self.pending = []     # (at_us, pad)
        self.seen_flip = -1
        self.first_frame_us = None
        self.peak_heap = 0
        self.heap_every = 0     # ticks between heap samples (a multiple of 16; 0: none)

    def press(self, k, us=0):
        at = self.clock.now + us
        for a, kk in self.pending:
            if kk == k:
                return
        self.pending.append((at, k))

    def react(self):
        """Between 150 and 650 ms."""
        return 150000 + self.rng.below(500) * 1000

    def bots(self):
        app = self.app
        st = app.state
        if self.pending:
            return
        if st == "menu":
            # back home (one step every 0.2 s), then the game (every 0.3 s)
            self.press(menu_pad(app.menus, self.game), 300000 if app.menus.menu_name == "home" else 200000)
        elif st == "join":
            for k in range(self.players):
                if not app.menus.joined[k]:
                    self.press(k, 250000)
                    return
        elif st == "play":
            g = app.play.game
            if app.menus.game_name != "tape":
                if app.play.next_step is None:
                    for k in range(app.n_pads):
                        if app.play.waiting & (1 << k):
                            self.press(k, self.react())
            elif g is None or taps(app):
                return      # a press counts once let go: wait for the box to take it
            elif g.window_open and g.cards_laid != self.seen_flip:
                self.seen_flip = g.cards_laid
                for p in range(g.n):
                    if app.play.pads_in[p] < app.n_pads:     # (the box's seats play themselves)
                        self.press(app.play.pads_in[p], self.react())
            elif g.turns_mode and not g.window_open and g.phase_name() == "play":
                if app.play.pads_in[g.turn] < app.n_pads:
                    self.press(app.play.pads_in[g.turn], self.react())
        elif st in ("error", "notice"):
            self.press(0, 1200000)

    def fire(self):
        now = self.clock.now
        keep = []
        for at, k in self.pending:
            if at <= now:
                self.pads.tap(k, now, HOLD_US)
                self.presses += 1
            else:
                keep.append((at, k))
        self.pending = keep

    def sample_heap(self):
        """Live heap after a collection (MicroPython): its peak over a run
        is what the box needs beyond the interpreter itself."""
        gc.collect()
        a = gc.mem_alloc()
        if a > self.peak_heap:
            self.peak_heap = a

    def run(self, max_s=3600, until="end"):
        app = self.app
        clock = self.clock
        t0 = clock.now
        self.due = t0 + self.step_us

        def after():
            self.ticks += 1
            if not self.ticks & 15:
                trim(self.hal)
                if self.heap_every and not self.ticks % self.heap_every:
                    self.sample_heap()
            if self.first_frame_us is None and app.frames:
                self.first_frame_us = clock.now - t0
            if app.state == until or (app.state == "error" and until != "error"):
                return True
            self.bots()
            self.fire()
            return False
        self.bots()
        self.fire()
        if self.run_until(t0 + max_s * 1000000, after):
            return app
        raise RuntimeError("the game did not end within %d s of virtual time (state %s)"
                           % (max_s, app.state))


def play(board, game, players=2, seed=1, options=None, max_s=3600, heap_every=0, heap_lines=False):
    """A whole game on the host HAL of a board file, menus included, on to
    the menu after it: the Runner then (its .app, .peak_heap, .ticks).
    heap_lines: the box prints its `heap ...` lines, as on the board."""
    import hal as _hal
    h = _hal.open_host(board, lean=True)   # recorders count only, as lean as the board
    _hal.forget_board_checks()   # as the box's own boot does (main.py)
    h.watchdog.start()
    r = Runner(h, game, players, seed=seed, options=options)
    r.heap_every = heap_every
    r.app.quiet.heap_lines = heap_lines
    r.run(max_s)
    if r.app.state != "end":
        raise RuntimeError("%s on %s stopped in state %s: %s"
                           % (game, board, r.app.state, r.app.error_text))
    # on to the menu after the game (again / home): the menus come back
    # into the heap there, so its peak is measured too
    r.press(0, 1600000)
    r.run(60, until="menu")
    if heap_every:
        r.sample_heap()
    if r.app.menus.menu_name != "after":
        raise RuntimeError("after %s the box showed the %s menu" % (game, r.app.menus.menu_name))
    if h.watchdog.would_have_fired():
        raise RuntimeError("the watchdog would have rebooted the box")
    return r
