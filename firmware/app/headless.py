# The whole box without a window: an App on a host HAL (virtual clock, fake
# pads), with bots that go through the menus, join, and play until the game
# ends.  Portable, so the same run happens on CPython and on the MicroPython
# unix port (the heap tests and bench/host_app.py run it there).
#
#   r = Runner(hal, game="batawaf", players=2, seed=1, options=None)
#   r.run(max_s=3600) -> the App, its game over (r.presses, r.ticks)
#
# The bots choose the game from the home menu with the pads (pad 1 "next",
# pad 2 "choose"), join, then: Bataille / Bata-waf, each presses their pad
# some hundreds of ms after the box waits for them; Tape-treize, each slaps
# some hundreds of ms after a card a rule holds for (a few are slow, the
# last takes the pile), and lays their card in turns mode.
import gc
import sys
from core.rng import Rng
from app import box as _box

STEP_US = 5000
HOLD_US = 60000
# Recorders longer than this are cut to their last 2 records; the PIO keeps
# its own last 2 frames in reused lists (hal/host/pio.py), left alone here.
TRIM_AT = 8


def _young():
    gc.collect(0)  # type: ignore[call-arg]


class Runner:
    def __init__(self, hal, game="batawaf", players=2, seed=1, options=None, settings=None):
        self.hal = hal
        self.clock = hal.clock
        self.pads = hal.pads
        self.game = game
        self.players = players
        self.rng = Rng(seed + 7)
        if settings:
            self.preset(settings)
        self.app = _box.App(hal, seed=seed)
        if options:
            # straight into the box's choices: a test may pass any option the
            # engine takes (e.g. a length of 20 duels), not only the menus'
            o = self.app.settings["opts"][game]
            for k in options:
                o[k] = options[k]
        if sys.implementation.name != "micropython":
            # a full collection of a test process's heap costs ms; the
            # quiet-moment collections matter on the board only
            self.app.collect = _young
        self.presses = 0
        self.ticks = 0
        self.pending = []     # (at_us, pad)
        self.seen_flip = -1
        self.first_frame_us = None
        self.peak_heap = 0
        self.step_us = STEP_US  # virtual time per loop pass
        self.heap_every = 0     # ticks between heap samples (a multiple of 16; 0: none)

    def preset(self, settings):
        """Write the settings file the box will read at power-on."""
        from app import settings as _set
        st = _set.defaults()
        for k in settings:
            st[k] = settings[k]
        self.hal.storage.save(_set.NAME, st)

    def press(self, k, delay_us=0):
        at = self.clock.now + delay_us
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
            if app.menu_name != "home":
                self.press(1 if app.items[app.sel][2] == "go" and app.items[app.sel][3] == "home" else 0, 200000)
                return
            target = _box._settings().GAME_NAMES.index(self.game)
            self.press(1 if app.sel == target else 0, 300000)
        elif st == "join":
            for k in range(self.players):
                if not app.joined[k]:
                    self.press(k, 250000)
                    return
        elif st == "play":
            if app.game_name == "tape":
                self.tape_bots()
            elif app.next_step is None:
                for k in range(app.n_pads):
                    if app.waiting_mask & (1 << k):
                        self.press(k, self.react())
        elif st in ("error", "notice"):
            self.press(0, 1200000)

    def tape_bots(self):
        g = self.app.game
        if g is None or self.app.taps.n:
            return      # a press counts once let go: wait for the box to take it
        if g.window_open and g.cards_laid != self.seen_flip:
            self.seen_flip = g.cards_laid
            for p in range(g.n):
                if self.app.pads_in[p] < self.app.n_pads:   # (the box's seats play themselves)
                    self.press(self.app.pads_in[p], self.react())
        elif g.turns_mode and not g.window_open and g.phase_name() == "play":
            if self.app.pads_in[g.turn] < self.app.n_pads:
                self.press(self.app.pads_in[g.turn], self.react())

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

    def trim(self):
        """The host HAL records what reaches the fake hardware (bus
        transfers, PIO frames, PWM changes, watchdog feeds, e-ink refreshes,
        file operations) for tests that read it back; a long run keeps only
        the recent records so it fits a board-sized heap."""
        h = self.hal
        d = getattr(h, "display", None)
        bz = getattr(h, "buzzer", None)
        st = getattr(h, "storage", None)
        for obj, name in ((getattr(h, "wire", None), "events"), (getattr(h, "watchdog", None), "feeds"),
                          (getattr(bz, "pwm", None), "changes"), (getattr(d, "out", None), "frames"),
                          (d, "refreshes"), (getattr(d, "panel", None), "activations"),
                          (getattr(st, "fs", None), "log")):
            lst = getattr(obj, name, None) if obj is not None else None
            if isinstance(lst, list) and len(lst) > TRIM_AT:
                del lst[:-2]

    def sample_heap(self):
        """Live heap after a collection (MicroPython): its peak over a run
        is what the box needs beyond the interpreter itself."""
        gc.collect()
        a = gc.mem_alloc()
        if a > self.peak_heap:
            self.peak_heap = a

    def run(self, max_s=3600, until="end"):
        app = self.app
        limit = self.clock.now + max_s * 1000000
        t0 = self.clock.now
        while self.clock.now < limit:
            self.bots()
            self.fire()
            self.pads.run_until(self.clock.now + self.step_us)
            app.tick()
            self.ticks += 1
            if not self.ticks & 15:
                self.trim()
                if self.heap_every and not self.ticks % self.heap_every:
                    self.sample_heap()
            if self.first_frame_us is None and app.frames:
                self.first_frame_us = self.clock.now - t0
            if app.state == until or (app.state == "error" and until != "error"):
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
    r.app.heap_lines = heap_lines
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
    if r.app.menu_name != "after":
        raise RuntimeError("after %s the box showed the %s menu" % (game, r.app.menu_name))
    if h.watchdog.would_have_fired():
        raise RuntimeError("the watchdog would have rebooted the box")
    return r
