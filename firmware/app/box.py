# The box: menus, players joining, the game flow, screens, sounds, pad
# lights, settings and game logs, driven by one non-blocking tick().
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
# Flow.  Home menu -> a game -> players join by pressing their pad (the game
# starts once two or more joined and nobody joined for _JOIN_WAIT_MS, or at
# once when every pad joined) -> play -> end screen -> again / menu.  The
# presses that join are the players' first flip: power-on to the first
# Bata-waf duel is OK, pad 1, pad 2 (three presses).
#
# Bataille and Bata-waf: a duel is flipped once every player still in the
# game pressed their pad (their pads stay lit until they do), or by itself
# after _AUTO_FLIP_MS when the "auto" option is on (small children).  A
# battle and the take follow by themselves, _SHOW_MS apart.  Tape-treize: the
# engine runs its own timers (tempo or turns, T10); every press goes to it,
# in a slap window at once, else once let go (app.taps: a press held
# _HOLD_MS is the pause, not a false slap).
#
# Holding a pad _HOLD_MS (or the menu button) pauses; a press resumes.  The
# games are told a time that stops while paused, so a pause changes nothing
# in the game or its log.
import gc
import sys
from core import log as _log
from core import ticks
from app import io, sounds, speech, strings, view as _view
from app.logs import GameLogs
from gfx import render
from core.compat import const

_HOLD_MS = const(2000)
_JOIN_WAIT_MS = const(2500)
_JOIN_GIVE_UP_MS = const(20000)
_STATE_AGE_US = const(60000000)
_SHOW_MS = const(1200)
_BATTLE_MS = const(1500)
_AUTO_FLIP_MS = const(3000)
_END_MIN_MS = const(1500)
_FLASH_MS = const(120)
_ERROR_MIN_MS = const(1000)
_FLUSH_BYTES = const(1024)      # write the log between duels (after a take) past this
LOOP_SLEEP_MS = const(2)        # while a frame is sent or a tune plays (not for the voice: its
# ring holds 64 ms past each refill, drivers/voice.py, and fast passes would cost it ~30 % of the CPU)
# else: nothing moves but the players, whose presses are stamped by the pad
# interrupt whenever they come; a longer sleep only delays their feedback
# (lit pad, click) by a few ms, well within the 50 ms promise.  Measured on
# the emulated RP2040, an idle pass costs ~2 ms: with 2 ms sleeps the box
# spent half its time polling nothing.
_IDLE_SLEEP_MS = const(8)
MAX_PLAYERS = {"bataille": 4, "batawaf": 4, "tape": 8}   # B1, W1, T1
_FEED_US = const(250000)        # the watchdog times out after seconds: no need to feed every pass
# MicroPython: what a game does not use (menus, settings, the self-test, the
# finished game's engine) leaves the heap while it is not needed and is
# imported again after; CPython keeps every module (nothing to gain there).
# Kept (issue 13 asked whether the frozen build made it pointless): on the
# 32-bit port it saves ~1 KB of peak per game frozen but 5-6 KB with the
# .mpy files of `make flash` (Tape-treize 120.5 KB peak live, 126.3 KB
# without it, of the 128 KB must), which a box flashed that way still runs.
_LEAN = sys.implementation.name == "micropython"


def _settings():
    from app import settings
    return settings


def _menus():
    from app import menu
    return menu


def forget(*names):
    """Drop modules until they are imported again (MicroPython frees their
    bytecode once nothing refers to them): for the box's lean run only."""
    if not _LEAN:
        return
    for name in names:
        sys.modules.pop(name, None)
        i = name.rfind(".")
        pkg = sys.modules.get(name[:i])
        if pkg is not None and hasattr(pkg, name[i + 1:]):
            delattr(pkg, name[i + 1:])


def _screen(state):
    """The kind of screen of a state (a change of kind is a full e-ink
    refresh): menus and joining, a game and its pause, the end, messages."""
    if state == "menu" or state == "join":
        return 0
    if state == "play" or state == "pause":
        return 1
    return state


class App:
    def __init__(self, hal, seed=None, keep_logs=5, options_of=None):
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
        self.logs = GameLogs(self.store, keep_logs)
        self.seed = seed
        self.games_played = 0
        self.frames = 0
        self.errors = 0
        self.canvas = render.Canvas(self.disp.fb, self.disp.width, self.disp.height, self.disp.colour)
        self.renderer = render.Renderer(self.canvas)
        self.partial = 0
        self.new_screen = True
        self.dirty = True
        self.game = None
        self.view = None
        self.log = None
        self.now = self.clock.ticks_us()
        self.state_t = self.now
        self.flash_until = [0] * self.n_pads
        self.flashing = 0
        self.hold_from = [0] * self.n_pads
        self.holding = 0
        self.taps = None        # Tape-treize's presses waiting to be let go (app.taps)
        self.pause_us = 0       # ticks the games did not see (pauses)
        self.quiet_gc = False
        self.collect = gc.collect   # the host runner may lighten it (CPython)
        # `heap <tag> <mem_alloc> <mem_free>` lines on the console at quiet
        # moments (main.py turns them on for the board; heap_note)
        self.heap_lines = False
        self.heap_peak = 0
        self.lit = 0
        self.lit_shown = -1     # the lit mask every pad shows (-1: not known)
        self.menu_name = "home"
        self.sel_t = self.now
        self.scrolling = False    # the menu's label is scrolling (matrix)
        self.scroll_shown = 0     # its offset on the display
        self.notice = None
        self.error_text = ""
        self.error_kind = ""
        self.selftest_lines = []
        self.selftest_ok = True
        self.game_name = "batawaf"
        self.hidden = False     # Tape-treize count hidden (T13): not said either
        self.pads_in = []
        self.seats = None       # box seat: app.seats, the box's players of this game
        self.waiting_mask = 0
        self.next_step = None
        self.auto_at = None
        self.flush_due = False
        self.stuck = 0
        self.settings, notice = _settings().load(self.store)
        self.apply_settings()
        if notice:
            self.enter("notice")
            self.notice = notice
        else:
            self.open_menu("home")

    # ---- settings ---------------------------------------------------

    def apply_settings(self):
        st = self.settings
        self.tab = strings.table(st["lang"])
        self.renderer.s = self.tab
        self.renderer.faces_fr = st["lang"] == "fr"
        self.sound.set_volume(st["volume"])
        self.sound.mode = st["sound"]
        self.sound.set_lang(st["lang"])
        self.driver_full = self.disp.set_full_every(st["eink_refresh"])
        if self.disp.set_level(st["brightness"]):
            self.canvas.set_level(5)
        else:
            self.canvas.set_level(st["brightness"])
        self.dirty = True

    def save_settings(self):
        # a box whose flash refuses a write still plays: say it on the REPL
        try:
            _settings().save(self.store, self.settings)
        except Exception as e:
            print("settings not saved:", e)

    # ---- states -----------------------------------------------------

    def enter(self, state):
        self.lit_shown = -1     # (the self-test drives the pad LEDs itself)
        if _screen(state) != _screen(getattr(self, "state", "")):
            # another kind of screen: on e-ink, a full refresh clears what
            # the last one left behind (duels stay partial: they are quick)
            self.new_screen = True
        self.state = state
        self.state_t = self.now
        self.dirty = True
        self.quiet_gc = state in ("menu", "join", "end", "error", "notice")

    def since_ms(self):
        d = ticks.diff(self.now, self.state_t)
        if d > _STATE_AGE_US:
            # a screen left for minutes: keep its age within what a ticks
            # difference spans (~9 minutes), or it would turn negative
            self.state_t = ticks.add(self.now, -_STATE_AGE_US)
            d = _STATE_AGE_US
        return d // 1000

    def open_menu(self, name):
        self.menu_name = name
        self.items, self.sel = _menus().build(name, self.settings)
        self.sel_t = self.now
        self.enter("menu")
        self.light_mask(3)

    # ---- the loop ---------------------------------------------------

    def run(self):
        sleep = self.clock.sleep_ms
        busy = self.disp.busy
        sound = self.sound.busy_with
        while True:
            try:
                self.tick()
            except Exception as e:
                # what fails outside a game's own guarded steps (tick has
                # none of its own: see there) fails to the error screen too
                self.fail(e)
            if busy() or sound() is not None:
                sleep(LOOP_SLEEP_MS)
            else:
                sleep(_IDLE_SLEEP_MS)

    def tick(self):
        # The idle pass, a hundred times a second.  Its frame must stay
        # within the 11 words MicroPython keeps on the C stack: a bigger one
        # is allocated on the heap at every call (and freed), and on the
        # Pico that first-fit search of the heap was a third of the idle
        # CPU.  So the rare work (presses, a redraw, the quiet collection)
        # is in functions of their own, called when there is some;
        # host_tests/test_frames.py checks the frames of the idle path.
        now = self.clock.ticks_us()
        self.now = now
        if self.state == "selftest_run":
            self.selftest_tick()
            return
        cap = self.cap
        if cap.poll(now) != self.stuck:
            # S6: a pad held too long is ignored until released; say which
            self.stuck = cap.stuck_mask
            self.dirty = True
        if cap.next_event() >= 0:
            self.take_presses(now)
        if self.menu_button.pressed():
            self.menu_press()
        self.timers()
        self.since_ms()
        if self.holding:
            self.check_hold()
        if self.flashing or self.lit != self.lit_shown:
            self.lights_tick()
        if self.dirty and not self.disp.busy():
            self.redraw()
        if self.hal_poll is not None:
            self.hal_poll()
        else:
            self.sound.poll()
        if self.wdt is not None and ticks.diff(now, self.fed) >= _FEED_US:
            self.fed = now
            self.wdt.feed()
        if self.quiet_gc:
            self.quiet_gc = False
            self.collect()
            if self.heap_lines:
                self.heap_note()

    def take_presses(self, now):
        """The presses the pad interrupt queued, the first one already
        taken from the ring (its pad in cap.ev_pad), in arrival order."""
        cap = self.cap
        k = cap.ev_pad
        while k >= 0:
            t = cap.ev_t
            self.feedback(k)
            self.hold_from[k] = now
            self.holding |= 1 << k
            try:
                self.press(k, t)
            except Exception as e:
                self.fail(e)
            k = cap.next_event()

    def redraw(self):
        try:
            self.draw()
        except Exception as e:
            if self.state == "error":
                # the error screen itself failed: keep the box going
                self.dirty = False
                print("error screen not drawn:", e)
            else:
                self.fail(e)

    def heap_note(self, tag=None):
        """The live heap just after a quiet collection, for whoever reads the
        console (the emulator harness, a maker with a USB cable):
        `heap <tag> <mem_alloc> <mem_free>`, tag boot | menu | peak | end
        (docs/app.md, Memory).  In play it only keeps the game's peak, said
        at its end.  gc.mem_* walk the heap (~9 ms each on the Pico): only
        here, never in a slap window."""
        a = gc.mem_alloc()
        st = tag or self.state
        if st in ("play", "end") and a > self.heap_peak:
            self.heap_peak = a
        if st in ("boot", "menu", "end"):
            f = gc.mem_free()
            if st == "end" and self.heap_peak:
                print("heap peak %d %d" % (self.heap_peak, f + a - self.heap_peak))
                self.heap_peak = 0
            print("heap %s %d %d" % (st, a, f))

    # ---- feedback ---------------------------------------------------

    def feedback(self, k):
        """Every press: its pad lights and the buzzer clicks, now."""
        self.flash_until[k] = ticks.add(self.now, _FLASH_MS * 1000)
        self.flashing |= 1 << k
        self.lights.set(k, True)
        self.lights.show()
        if self.sound.busy_with() not in (sounds.FANFARE, sounds.ERROR):
            self.sound.play(sounds.CLICK)

    def light_mask(self, mask):
        self.lit = mask

    def lights_tick(self):
        # (called by tick only when a pad is flashing or the lit pads changed)
        changed = False
        for k in range(self.n_pads):
            bit = 1 << k
            if self.flashing & bit:
                if ticks.diff(self.now, self.flash_until[k]) < 0:
                    continue
                self.flashing &= ~bit
            if self.lights.set(k, bool(self.lit & bit)):
                changed = True
        if changed:
            self.lights.show()
        if not self.flashing:
            self.lit_shown = self.lit

    def check_hold(self):
        # (called by tick only while a pad is held)
        held = self.cap.held_mask()
        self.holding &= held
        if self.state != "play":
            return
        for k in range(self.n_pads):
            if self.holding & (1 << k) and ticks.diff(self.now, self.hold_from[k]) >= _HOLD_MS * 1000:
                self.holding = 0
                self.pause()
                return

    # ---- presses ----------------------------------------------------

    def press(self, k, t):
        st = self.state
        if st == "menu":
            self.menu_pad(k, t)
        elif st == "join":
            if not self.join_due(t):
                self.join_pad(k, t)
            elif self.state == "play":
                self.play_pad(k, t)     # the game began before this press
        elif st == "play":
            self.play_pad(k, t)
        elif st == "pause":
            if self.since_ms() >= 300:
                self.resume()
        elif st == "end":
            if self.since_ms() >= _END_MIN_MS:
                if _LEAN:
                    # the finished engine and its screen go before the menus
                    # come back (the view keeps what the screens show): the
                    # heap after a game is the same whichever game it was
                    self.game = None
                    self.taps = None
                    forget("games.bataille", "games.tape", "gfx.tape", "gfx.table", "app.taps")
                self.open_menu("after")
        elif st in ("error", "notice", "selftest"):
            if self.since_ms() >= _ERROR_MIN_MS:
                self.open_menu("home")

    def menu_press(self):
        if self.state == "play":
            self.pause()
        elif self.state == "pause":
            self.resume()
        elif self.state == "menu" and self.menu_name == "home":
            return
        else:
            self.end_game_early()
            self.open_menu("home")

    def menu_pad(self, k, t):
        self.dirty = True
        self.sel_t = self.now
        if k == _menus().NEXT_PAD:
            self.sel = (self.sel + 1) % len(self.items)
            return
        icon, label, action, arg = self.items[self.sel]
        st = self.settings
        if action == "game":
            st["game"] = arg
            self.begin_join(arg)
        elif action == "go":
            self.open_menu(arg)
        elif action == "set":
            for key, vals in _settings().SETTINGS:
                if key == arg:
                    st[key] = _menus().cycle(vals, st[key])
            self.apply_settings()
            # saved as it changes (a menu: no game, no slap window), so a
            # box switched off in its menus keeps it
            self.save_settings()
        elif action == "opt":
            game, key = arg.split(":")
            for kk, vals in _settings().CHOICES[game]:
                if kk == key:
                    st["opts"][game][key] = _menus().cycle(vals, st["opts"][game][key])
            self.save_settings()
        elif action == "again":
            self.begin_game(self.game_name, self.pads_in, t)
        elif action == "selftest":
            self.selftest()

    def begin_join(self, game):
        self.game_name = game
        self.joined = [False] * self.n_pads
        self.last_join = self.now
        self.save_settings()     # a quiet moment: no game, no slap window
        self.enter("join")
        self.light_mask((1 << self.n_pads) - 1)

    def join_pad(self, k, t):
        if self.joined[k]:
            return
        self.joined[k] = True
        self.last_join = t
        self.dirty = True
        m = 0
        for i in range(self.n_pads):
            if not self.joined[i]:
                m |= 1 << i
        self.light_mask(m)
        pads = self.joined_pads()
        if not m or len(pads) >= MAX_PLAYERS[self.game_name]:
            self.begin_game(self.game_name, pads, t)

    def join_due(self, t):
        """Whether the game of the players who joined begins by time t (two
        or more joined, nobody else for _JOIN_WAIT_MS); it then begins, at
        that moment."""
        pads = self.joined_pads()
        o = self.options_of("tape") if self.options_of is not None else {}  # box seat: a child alone
        least = 1 if self.game_name != "tape" or o.get("box", self.settings["opts"]["tape"].get("box")) else 2  # box seat
        if len(pads) >= least and ticks.diff(t, self.last_join) >= _JOIN_WAIT_MS * 1000:
            self.begin_game(self.game_name, pads, ticks.add(self.last_join, _JOIN_WAIT_MS * 1000))
            return True
        return False

    def joined_pads(self):
        return [k for k in range(self.n_pads) if self.joined[k]]

    # ---- timers -----------------------------------------------------

    def timers(self):
        st = self.state
        if st == "join":
            if self.join_due(self.now):
                pass
            elif ticks.diff(self.now, self.last_join) >= _JOIN_GIVE_UP_MS * 1000:
                # nobody else came (and the box may have no menu button)
                self.open_menu("home")
        elif st == "menu":
            # redrawn when the label moves a pixel, not while it holds
            # still at its ends: every draw is time a press waits for its
            # frame (the 50 ms feedback)
            if self.scrolling and self.scroll_shown != render.scroll_offset(
                    self.renderer.scroll_over, ticks.diff(self.now, self.sel_t) // 1000):
                self.dirty = True
        elif st == "play":
            self.game_timers()
        elif st == "pause":
            self.pause_tick()

    def pause_tick(self):
        # the pause, pass by pass (a pause may last longer than a ticks
        # difference can span)
        self.pause_us = ticks.add(self.pause_us, ticks.diff(self.now, self.paused_at))
        self.paused_at = self.now

    # ---- games ------------------------------------------------------

    def game_ms(self):
        """ms of play since the game started, pauses left out.  Counted pass
        by pass (a ticks difference only spans 2**29 us, ~9 minutes), in
        small ints."""
        d = ticks.diff(self.now, self.g_last)
        if d > 0:
            self.g_last = self.now
            d += self.g_rem
            self.g_ms += d // 1000
            self.g_rem = d % 1000
        return self.g_ms

    def ms_of(self, t):
        """The game ms of interrupt ticks t (a press taken this pass)."""
        ms = self.game_ms()
        return ms + (self.g_rem - ticks.diff(self.now, t)) // 1000

    def game_ticks(self, t):
        return ticks.add(t, -self.pause_us)

    def begin_game(self, name, pads, t0=None):
        """Deal a new game for the players on `pads` (in pad order), begun
        at ticks t0 (the press or the end of the wait that began it; default
        now): the game's time counts from there."""
        if t0 is None:
            t0 = self.now
        pads = [k for k in pads if k < self.n_pads]  # box seat: "again" passes its seats too
        self.game_name = name
        self.pads_in = pads
        self.player_of = [-1] * self.n_pads
        for p in range(len(pads)):
            self.player_of[pads[p]] = p
        n = len(pads)
        opts = self.settings["opts"][name]
        eng = _settings().engine_options(name, opts, n)
        if self.options_of is not None:
            eng = _settings().complete(eng, self.options_of(name))
        eng = _settings().seat_box(name, eng, n, min(MAX_PLAYERS[name], max(self.n_pads, 2)))  # box seat
        nb = len(eng["box"])  # box seat: pads past the real ones stand for its seats (P3)
        self.pads_in = pads + [self.n_pads + j for j in range(nb)]  # box seat
        self.player_of += [n + j for j in range(nb)]  # box seat
        n += nb  # box seat
        # back with the next menu (and each game's screen with its game)
        forget("app.menu", "app.settings", "gfx.menu", "gfx.tape", "gfx.table")
        self.auto = bool(opts.get("auto", False))
        seed = self.seed
        if seed is None:
            # the moment of the last join, to the microsecond: a new deal
            # every game (30 bits, a small int on the board)
            seed = self.clock.ticks_us() & 0x3FFFFFFF
        else:
            self.seed = seed + 1
        if getattr(self.hal, "echo", False):
            # on the board's REPL: the seed of each game (the emulator's
            # harness plays the same game on the host HAL from it)
            print("game", name, seed)
        # the last game's engine, view and log go before the new ones come
        # (play again: never both games in the heap at once)
        self.game = None
        self.view = None
        self.log = None
        gc.collect()
        # the game's screen code now, while the heap is at its tidiest: a
        # module loaded in the middle of a game may find no room in one piece
        self.renderer.prepare(name)
        self.hidden = bool(eng.get("hidden_count", False))
        v = _view.View(name, n, self.hidden, self.pads_in, self.n_pads)
        self.view = v
        self.seats = None  # box seat
        if nb:  # box seat
            from app import seats  # box seat
            self.seats = seats.Seats()  # box seat: it hears the log as the view does
        self.log = _log.Log(listener=self.on_event)
        try:
            self.logs.begin()
        except OSError as e:
            # a full or failing flash: play anyway, without a log file
            print("game log not written:", e)
            self.logs.current = -1
        self.pause_us = 0
        self.g_last = t0
        self.g_ms = 0
        self.g_rem = 0
        self.next_step = None
        self.auto_at = None
        self.flush_due = False
        try:
            if name == "tape":
                from games.tape import Tape
                from app.taps import Waiting
                self.taps = Waiting()
                self.game = Tape(eng, seed, self.log)
                self.game.start(self.game_ticks(t0))
            else:
                from games.bataille import Bataille
                self.game = Bataille(eng, seed, self.log, name)
                self.game.start(0)
        except Exception as e:
            self.fail(e)
            return
        self.enter("play")
        # a pad still down from joining is no request for a pause: only a
        # new hold in the game pauses it
        self.holding = 0
        self.quiet_gc = False
        self.heap_peak = 0
        self.games_played += 1
        if name != "tape":
            # the presses that joined were the players' first flip
            self.step(0)
        else:
            self.light_mask(self.in_mask())

    def in_mask(self):
        m = 0
        v = self.view
        for p in range(v.n):
            if not v.out[p]:
                m |= 1 << self.pads_in[p]
        return m

    def play_pad(self, k, t):
        p = self.player_of[k]
        if p < 0:
            return
        if self.game_name == "tape":
            g = self.game
            if not self.taps.n:
                # in a slap window a press is a valid slap whatever follows
                # (held on, it pauses after it): the engine has it at once
                g.poll(self.game_ticks(t))
                if g.window_open:
                    g.press(p, self.game_ticks(t))
                    return
            # else a slap (or a laid card) once let go; held, it is the pause
            if not self.taps.add(k, t):
                self.feed_taps(True)   # full: the oldest is taken as a tap
                self.taps.add(k, t)
            return
        # the steps due before the press come first, at their time, however
        # late this pass runs: a game depends on the press times only
        ms = self.ms_of(t)
        while self.due(ms):
            if self.state != "play":
                return
        bit = 1 << k
        if self.next_step is None and self.waiting_mask & bit:
            self.waiting_mask &= ~bit
            if self.seats is not None:  # box seat: P4, it flips as the last person does
                self.seats.press(p, ms)  # box seat
            self.view.waiting[p] = False
            self.light_mask(self.waiting_mask)
            self.dirty = True
            if not self.waiting_mask:
                self.step(ms)   # at the last press: the flip's time

    def game_timers(self):
        if self.seats is not None:  # box seat
            self.box_tick()  # box seat
        if self.game_name == "tape":
            self.tape_timers()
        else:
            self.due(self.game_ms())

    def box_tick(self):  # box seat: the box's presses, where a pad's press goes (P3)
        s = self.seats  # box seat
        g = self.game  # box seat
        try:  # box seat
            at = s.next_deadline()  # box seat
            while at >= 0 and self.state == "play" and g is self.game:  # box seat
                if self.game_name == "tape":  # box seat: the engine's clock, pauses added
                    t = ticks.add(g.ticks_of(at * 1000), self.pause_us)  # box seat
                    if ticks.diff(self.taps.limit(self.now), t) < 0:  # box seat
                        return  # box seat: a press still down comes first
                else:  # box seat
                    t = ticks.add(self.now, (at - self.game_ms()) * 1000 - self.g_rem)  # box seat
                if ticks.diff(self.now, t) < 0:  # box seat
                    return  # box seat: not yet
                if self.game_name == "tape":  # box seat: the game's events up to then
                    g.poll(self.game_ticks(t))  # box seat
                p = s.due(at)  # box seat
                if p >= 0:  # box seat
                    self.play_pad(self.pads_in[p], t)  # box seat
                at = s.next_deadline()  # box seat
        except Exception as e:  # box seat
            self.fail(e)  # box seat

    def tape_timers(self):
        # (its frame, with the exception handler, is on the heap: one small
        # allocation a pass, in Tape-treize only, whose engine runs its own
        # timers every pass)
        try:
            self.feed_taps()
            # never past a press still down: the engine would judge the
            # moment without it
            self.game.poll(self.game_ticks(self.taps.limit(self.now)))
            self.after_tape()
        except Exception as e:
            self.fail(e)

    def due(self, ms):
        """Bataille, Bata-waf: the step due by game time ms, if any, taken
        at the time it was due (the log says when the game moved, not when
        the loop came round)."""
        if self.next_step is not None:
            if ms >= self.next_step:
                self.step(self.next_step)
                return True
        elif self.auto and self.auto_at is not None and ms >= self.auto_at:
            self.step(self.auto_at)
            return True
        return False

    def feed_taps(self, force=False):
        """The Tape-treize presses let go, in time order, at the time of
        their interrupt (force: the oldest one, let go or not)."""
        w = self.taps
        held = self.cap.held_mask()
        k = w.next_tap(held, force)
        while k >= 0:
            self.game.press(self.player_of[k], self.game_ticks(w.t_out))
            if force:
                return
            k = w.next_tap(held)

    def after_tape(self):
        g = self.game
        if self.view.changed:
            self.dirty = True
        if g.done:
            self.store.set_slap_window(False)
            self.finish()
            return
        w = g.window_open
        # a press still down may be a slap in a window the engine has not
        # reached yet: no flash write until it is let go
        busy = w or self.taps.n > 0
        self.store.set_slap_window(busy)
        if g.turns_mode:
            # turns mode (T10): the pad of the player who lays next is lit
            m = 0
            if not w and g.phase_name() == "play":
                m = 1 << self.pads_in[g.turn]
            if m != self.lit:
                self.light_mask(m)
        if self.flush_due and not busy:
            # between rounds (or a big log after a take): no slap window
            self.flush_due = False
            self.write_log()
            self.quiet_gc = True

    def step(self, ms):
        """One visible step of Bataille / Bata-waf, at game time ms.  A
        failing step fails the game (the error screen), here rather than
        around the loop's pass: see tick."""
        try:
            self.show_step(ms)
        except Exception as e:
            self.fail(e)

    def show_step(self, ms):
        from games import bataille as B
        self.next_step = None
        self.view.waf = False
        phase = self.game.step(ms)
        v = self.view
        self.dirty = True
        if phase == B.END or self.game.done:
            self.finish()
        elif phase == B.TAKE or phase == B.CARRY:
            self.waiting_mask = self.in_mask()
            for p in range(v.n):
                v.waiting[p] = not v.out[p]
            self.light_mask(self.waiting_mask)
            self.auto_at = ms + _AUTO_FLIP_MS
            # between duels: no slap window in Bataille, a quiet moment
            if self.log.pending_bytes() >= _FLUSH_BYTES:
                self.write_log()
            self.quiet_gc = True
        else:
            self.light_mask(0)
            for p in range(v.n):
                v.waiting[p] = False
            self.next_step = ms + (_BATTLE_MS if v.battle else _SHOW_MS)

    def on_event(self, t, ev, values):
        """The Log listener: the view and the sounds follow the game."""
        self.view.event(t, ev, values)
        if self.seats is not None:  # box seat
            self.seats.event(t, ev, values)  # box seat
        # the voice says what it has a word for (app.speech), the buzzer the rest
        w = speech.words(self.game_name, ev, values, self.hidden)
        if w is not None and self.sound.say(w):
            pass
        elif ev == "battle":
            self.sound.play(sounds.WAF if self.game_name == "batawaf" else sounds.BATTLE)
        elif ev == "verdict":
            self.sound.play(sounds.BUZZ if values[0] == "false" else sounds.TAKE)
        elif ev == "take" and self.game_name != "tape":
            self.sound.play(sounds.TAKE)
        elif ev == "end":
            self.sound.play(sounds.FANFARE)
        if ev == "round" or (ev == "take" and self.log.pending_bytes() >= _FLUSH_BYTES):
            self.flush_due = True

    def write_log(self):
        try:
            self.logs.flush(self.log)
        except OSError as e:
            print("game log not written:", e)

    def finish(self):
        self.write_log()
        self.enter("end")
        self.light_mask(0)
        self.quiet_gc = True

    def end_game_early(self):
        if self.game is not None and self.state in ("play", "pause"):
            self.write_log()
        self.game = None
        self.store.set_slap_window(False)

    def pause(self):
        if self.game_name == "tape":
            # the game stopped at the first press still down (the hold that
            # asks for the pause): that press, and any after it, were the
            # pause, not slaps
            self.paused_at = self.taps.limit(self.now)
            self.taps.clear()
        else:
            self.game_ms()      # count the play up to now
            self.paused_at = self.now
        self.enter("pause")
        self.light_mask(0)

    def resume(self):
        self.pause_tick()
        self.g_last = self.now      # the pause does not count
        self.enter("play")
        if self.game_name != "tape" and self.next_step is None:
            self.light_mask(self.waiting_mask)
        else:
            self.light_mask(self.in_mask() if self.game_name == "tape" else 0)
        if self.auto_at is not None:
            self.auto_at = self.game_ms() + _AUTO_FLIP_MS

    # ---- errors -----------------------------------------------------

    def fail(self, e):
        """A game (or a screen) failed: say so, keep what happened, go on."""
        self.errors += 1
        self.game = None
        self.store.set_slap_window(False)
        gc.collect()
        what = "%s: %s" % (type(e).__name__, e)
        print("box error:", what)
        try:
            if self.log is not None:
                self.logs.flush(self.log)
                self.logs.error(self.log.last_t, what)
        except Exception as e2:
            print("log not written:", e2)
        self.error_text = what
        self.error_kind = "memory" if isinstance(e, MemoryError) else "game_error"
        self.sound.play(sounds.ERROR)
        self.enter("error")
        self.light_mask(0)

    def selftest(self):
        """The hardware self-test (app.selftest): it owns the pads and the
        display while it runs; its report is shown at the end."""
        try:
            from app.selftest import SelfTest
            self.st = SelfTest(self.hal, lang=self.settings["lang"])
        except Exception as e:
            self.fail(e)
            return
        self.enter("selftest_run")
        self.light_mask(0)

    def selftest_tick(self):
        try:
            more = self.st.step(self.clock.ticks_ms())
        except Exception as e:
            self.fail(e)
            return
        if self.wdt is not None:
            self.wdt.feed()
        if not more:
            self.selftest_lines = self.st.lines()
            self.selftest_ok = self.st.ok
            self.st = None
            forget("app.selftest")
            self.cap.clear()
            self.enter("selftest")

    # ---- drawing ----------------------------------------------------

    def draw(self):
        self.dirty = False
        self.scrolling = False
        r = self.renderer
        st = self.state
        tab = self.tab
        if self.stuck and (st == "menu" or (st in ("join", "end") and self.game_name != "batawaf")):
            # (never words on a Bata-waf screen, W6: its pads just stay dark)
            pads = [str(k + 1) for k in range(self.n_pads) if self.stuck & (1 << k)]
            r.message(tab["stuck"], [" ".join(pads)], "cross", render.WARN)
        elif st == "menu":
            items = _menus().rows(self.items, self.settings, tab)
            title = tab.get(self.menu_name, tab["menu"]) if ":" not in self.menu_name \
                else tab.get(self.menu_name.split(":")[1], "")
            # a label wider than the matrix scrolls: redrawn while it moves
            d = ticks.diff(self.now, self.sel_t) // 1000
            if d < 0 or d > 600000:
                self.sel_t = self.now
                d = 0
            self.scrolling = r.menu(title, items, self.sel, d)
            self.scroll_shown = render.scroll_offset(r.scroll_over, d)
        elif st == "join":
            r.join(self.game_name, self.joined, self.n_pads, _menus().GAME_ICONS[self.game_name])
        elif st == "play":
            self.view.changed = False
            r.game(self.view)
        elif st == "pause":
            r.pause(self.view)
        elif st == "end":
            r.end(self.view)
        elif st == "error":
            r.message(tab["error"], [tab.get(self.error_kind, self.error_kind), self.error_text])
        elif st == "notice":
            r.message(tab["notice"], [tab["settings_reset"], self.notice], "star", render.WARN)
        elif st == "selftest":
            # a failed part must not be shown under a green tick
            if self.selftest_ok:
                r.message(tab["selftest"], self.selftest_lines or [tab["test_ok"]], "check", render.OK)
            else:
                r.message(tab["selftest"], self.selftest_lines, "cross", render.RED)
        self.show()

    def show(self):
        full = None
        if not self.disp.colour:
            if self.new_screen:
                full = True
            elif not self.driver_full:
                # e-ink: a full refresh every N partial ones clears the ghosts
                self.partial += 1
                if self.partial >= self.settings["eink_refresh"]:
                    full = True
            if full:
                self.partial = 0
        self.new_screen = False
        self.disp.show(full)
        self.frames += 1
