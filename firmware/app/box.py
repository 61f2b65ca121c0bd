# The box: its states, settings and game logs, driven by one non-blocking
# tick().  It holds its parts: the menus, joining and the self-test
# (self.menus, app.join.Menus; in a game only what they chose, app.phase),
# the quiet moments (self.quiet), the game (self.play, app.play.Play), the
# press feedback (self.fb), the game logs (self.logs).  A part asks the box
# through its methods (enter, fail...) and raises self.dirty, the one flag
# every part may set: a new frame is due.  One press goes to the part that
# owns the screen, once (press).
#
#   app = App(hal, seed=None)     hal from hal.open_board / hal.open_host
#   app.tick()                    one pass of the main loop (never blocks)
#   app.run()                     tick forever, sleeping a little (the board)
#   app.state                     "menu", "join", "play", "pause", "end",
#                                 "error", "notice", "selftest"
#
# Each tick: read the clock, let the pad capture track releases, drain the
# presses (each one lights its pad and clicks at once: feedback within
# 50 ms), run the game's timers, redraw if something changed and the display
# is free, let the buzzer sequencer move on, feed the watchdog, and collect
# garbage only at quiet moments (menus, between duels, after a game).
#
# Flow.  Home menu -> a game -> players join (app.join) -> play -> end -> again / menu.
# The game itself is its flow (app.play: app.duels, app.tape), told the
# presses as players and the time, answering with what happened; the box
# acts on it.  Press feedback and holds: app.feedback; the screens and the
# e-ink refresh: app.screens; the log's listener: app.cues.
# Holding a pad (app.feedback) or pressing the menu button pauses: the pause
# is a menu (app.pause: resume, leave, volume); held 1.5 s it leaves the game.
# The game clock (core.ticks.GameClock) stops while paused: a pause changes
# nothing in the game or its log.  Quiet moments (the settings' save, the
# heap lines, sleep and the battery): app.quiet.
import gc
from core import ticks
from app import io, sounds, screens
from app.feedback import Feedback
from app.logs import GameLogs
from app import play, quiet
from app.phase import _settings, _LEAN, loaded, Chosen, deal
from gfx import render
from core.compat import const

_Q_GC = const(1)       # app.quiet's bit: a collection
_STATE_AGE_US = const(60000000)
_END_MIN_MS = const(1500)
_ERROR_MIN_MS = const(1000)
# sleeps: while a frame is sent or a tune plays (not for the voice: its ring
# holds 64 ms, drivers/voice.py); else only the players move, their presses
# stamped by the interrupt (an idle pass is ~2 ms on the emulated RP2040:
# with 2 ms sleeps the box spent half its time polling nothing)
_LOOP_SLEEP_MS = const(2)
_IDLE_SLEEP_MS = const(8)
_FEED_US = const(250000)        # the watchdog times out after seconds: no need to feed every pass
_DOZE_MS = const(1000)          # one sleep of a dark box (under the watchdog's 5 s): then a pass of the loop


class App:
    def __init__(self, hal, seed=None, options_of=None):
        # options_of(game) -> engine options beyond the menus' (the
        # simulator's command line); None on the board
        self.options_of = options_of
        self.hal = hal
        self.clock = hal.clock
        self.cap = io.capture(hal)
        self.n_pads = io.n_pads(hal)
        self.disp = io.Display(hal)
        self.lights = io.Lights(hal, self.n_pads)
        self.sound = io.Sound(hal)
        self.store = io.Store(hal)
        self.menu_button = io.Menu(hal)
        self.wdt = getattr(hal, "watchdog", None)
        self.hal_poll = getattr(hal, "poll", None)
        self.fed = hal.clock.ticks_us()
        self.logs = GameLogs(self.store)
        self.frames = 0
        self.errors = 0
        self.canvas = render.Canvas(self.disp.fb, self.disp.width, self.disp.height, self.disp.colour,
                                    5, self.disp.format)
        self.renderer = render.Renderer(self.canvas)
        self.partial = 0
        self.new_screen = True
        self.dirty = True
        self.now = self.clock.ticks_us()
        self.state_t = self.now
        self.fb = Feedback(self.lights, self.sound, self.n_pads)
        self.quiet = quiet.Quiet(self)    # what the pass's quiet moment does, the heap lines
        self.menus = Chosen(self)     # the menus, joining, the self-test (menus_up)
        self.play = play.Play(self, seed)  # the game: its flow, engine, view, log, pads in play
        self.deal = None        # a game the menus asked for (app.phase.deal)
        self.notice = None
        self.error_text = ""
        self.error_kind = ""
        self.stuck = 0
        self.idle = 0           # quarter seconds since the last press; -1: asleep (sleep())
        self.power = io.gauge(hal)  # the battery gauge (app.battery.Power), if the board has one
        # the box as booted: the modules loaded now stay, those imported
        # later (the menus, a game's) go in lean mode (app.play.Play.lean)
        self.modules = loaded()
        self.settings, notice = _settings().load(self.store)
        io.apply_settings(self)
        if notice:
            self.enter("notice")
            self.notice = notice
        else:
            self.open_menu("home")
        if self.store.read("resume") is not None:     # a game a cut left unfinished
            from app import resume      # (only then: its names cost nothing to other boots)
            resume.boot(self)

    # ---- states -----------------------------------------------------

    def enter(self, state):
        self.fb.shown = -1      # (the self-test drives the pad LEDs itself)
        if screens.kind(state) != screens.kind(getattr(self, "state", "")):
            # another kind of screen: on e-ink, a full refresh clears what
            # the last one left behind (duels stay partial: they are quick)
            self.new_screen = True
        self.state = state
        self.state_t = self.now
        self.dirty = True
        # (a save or a log write waiting for the pass's end stays: app.quiet)
        self.quiet.drop(_Q_GC)
        if state in ("menu", "join", "end", "error", "notice"):
            self.quiet.want(_Q_GC)

    def since_ms(self):
        d = ticks.diff(self.now, self.state_t)
        if d > _STATE_AGE_US:
            # a screen left for minutes: keep its age within what a ticks
            # difference spans (~9 minutes), or it would turn negative
            self.state_t = ticks.add(self.now, -_STATE_AGE_US)
            d = _STATE_AGE_US
        return d // 1000

    # ---- the loop ---------------------------------------------------

    def run(self):
        sleep = self.clock.sleep_ms
        busy = self.disp.busy
        sound = self.sound.busy_with
        pending = self.cap.pending
        while True:
            try:
                self.tick()
            except Exception as e:
                # what fails outside a game's own guarded steps (tick has
                # none of its own: see there) fails to the error screen too
                self.fail(e)
            if self.idle < 0 and getattr(self.hal, "power", None) is not None:
                self.hal.power.sleep(_DOZE_MS)      # dark: the CPU asleep until a press or the next pass
            elif busy() or sound() is not None:
                sleep(_LOOP_SLEEP_MS)
            else:
                # idle: 1 ms naps, and the next pass at once when a press
                # came (one 8 ms sleep kept its picture waiting: issue 26)
                for i in range(_IDLE_SLEEP_MS):
                    if pending():
                        break
                    sleep(1)

    def tick(self):
        # The idle pass, a hundred times a second: its frame within the 11
        # words MicroPython keeps on the C stack (a bigger one is allocated
        # on the heap at every call, a third of the Pico's idle CPU), so the
        # rare work (presses, a redraw, the quiet collection) is in functions
        # of their own; host_tests/test_frames.py checks the idle path.
        now = self.clock.ticks_us()
        self.now = now
        if self.state == "selftest_run":
            self.menus_up().selftest_tick()
            return
        cap = self.cap
        if cap.poll(now) != self.stuck:
            # S6: a pad held too long is ignored until released; say which
            self.stuck = cap.stuck_mask
            self.dirty = True
        if cap.next_event() >= 0:
            self.take_presses(now)
        m = self.menu_button.pressed()
        if m:
            if self.idle < 0:
                from app import idle
                idle.resume(self)   # the box wakes
            else:
                self.idle = 0
                self.menus.button(m)
        self.timers()
        self.since_ms()
        fb = self.fb
        if fb.holding:
            self.check_hold()
        if fb.flashing or fb.lit != fb.shown:
            fb.tick(now)
        if self.dirty and not self.disp.busy():
            screens.redraw(self)
        if self.hal_poll is not None:
            self.hal_poll()
        else:
            self.sound.poll()
        if self.wdt is not None and ticks.diff(now, self.fed) >= _FEED_US:
            self.fed = now
            self.wdt.feed()
            quiet.sleep(self)
        if self.quiet.jobs:
            self.quiet.save(True)
            if self.quiet.heap_lines:
                self.quiet.note()

    def take_presses(self, now):
        """The presses the pad interrupt queued, the first one already
        taken from the ring (its pad in cap.ev_pad), in arrival order."""
        cap = self.cap
        if self.idle < 0:
            from app import idle
            idle.resume(self)   # the box wakes: the press does nothing else
            cap.clear()
            return
        g = self.power
        if g is not None and g.warn is not None and self.state != "play":
            from app import low
            low.press(self)     # the low-battery warning goes: the press does nothing else
            self.idle = 0
            cap.clear()
            return
        self.idle = 0
        k = cap.ev_pad
        p = self.play
        while k >= 0:
            t = cap.ev_t
            self.fb.pressed(k, now)
            try:
                if self.state == "play" and p.seats is not None:
                    p.due(t)    # the box's seats that acted before this press first (P3)
                self.press(k, t)
            except Exception as e:
                self.fail(e)
            k = cap.next_event()

    # ---- feedback ---------------------------------------------------

    def check_hold(self):
        # (called by tick only while a pad is held)
        fb = self.fb
        fb.holding &= self.cap.held_mask()
        if self.state == "play" and fb.held(self.now):
            self.play.pause()

    # ---- the menus (app.join.Menus) ---------------------------------

    def open_menu(self, name):
        self.menus_up().open(name)

    def menus_up(self):
        # the menus' code, out of the heap in a game (app.phase), back
        m = self.menus
        if type(m) is Chosen:
            from app import join
            self.menus = m = join.Menus(self, m)
        return m

    # ---- presses ----------------------------------------------------

    def press(self, k, t):
        st = self.state
        if st == "menu":
            self.menus_up().pad(k, t)
            deal(self)
        elif st == "join":
            if not self.menus_up().join_due(t):
                self.menus_up().join_pad(k, t)
                deal(self)
            else:
                deal(self)      # the game was due before this press
                if self.state == "play":
                    self.play.press(k, t)
        elif st == "play":
            self.play.press(k, t)
        elif st == "pause":
            from app import pause       # (a menu of its own)
            pause.press(self, k, t)
        elif st == "end":
            if self.since_ms() >= _END_MIN_MS:
                if _LEAN:
                    # the finished engine and its screen go before the menus
                    # come back (the view keeps what the screens show): the
                    # heap after a game is the same whichever game it was
                    self.play.drop()
                    self.play.lean()
                self.open_menu("after")
        elif st in ("error", "notice", "selftest"):
            if self.since_ms() >= _ERROR_MIN_MS:
                self.open_menu("home")

    # ---- timers -----------------------------------------------------

    def timers(self):
        st = self.state
        p = self.play
        f = p.flow          # (None but in a game and its pause)
        if st == "join":
            self.menus_up().join_tick(self.now)
            deal(self)
        elif st == "menu" or st == "pause":
            if st == "pause" and f is not None:
                # the pause, pass by pass (it may outlast what a ticks difference spans)
                f.clock.pause_tick(self.now)
            # redrawn when the label moves a pixel, not while it holds
            # still at its ends: every draw is time a press waits for its
            # frame (the 50 ms feedback)
            if self.menus_up().scroll_due(self.now, self.renderer.scroll_over):
                self.dirty = True
        elif st == "play" and f is not None:
            if p.seats is not None:
                p.due()             # the box's seats first, at their time (app.play)
                if self.state != "play":
                    return
            r = f.due(self.now)
            if r:
                p.after(r)

    # ---- errors -----------------------------------------------------

    def fail(self, e):
        """A game (or a screen) failed: say so, keep what happened, go on."""
        self.errors += 1
        p = self.play
        p.drop()
        self.store.set_slap_window(False)
        p.cut = None
        gc.collect()
        what = "%s: %s" % (type(e).__name__, e)
        print("box error:", what)
        try:
            if p.log is not None:
                self.logs.flush(p.log)
                self.logs.error(p.log.last_t, what)
        except Exception as e2:
            print("log not written:", e2)
        self.error_text = what
        self.error_kind = "memory" if isinstance(e, MemoryError) else "game_error"
        self.sound.play(sounds.ERROR)
        self.enter("error")
        self.fb.lit = 0

    def draw(self):
        screens.draw(self)      # (app.screens)
