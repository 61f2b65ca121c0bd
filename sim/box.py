"""The real firmware on the host HAL, as the simulator sees it.

Box opens the host HAL for a board file (hal.open_host), starts the
firmware's App on it (app.box.App, the very loop the board runs) and exposes
what reached the fake hardware: the display's frame buffer at each show(),
the pad LEDs, the buzzer's PWM, plus the game logs the box wrote to its
storage.  Presses go in through hal.pads (HostPads): the same fake pins and
interrupt handler as the tests.

The box is driven as on the board, by the one driver of the box off the
board (host.headless.Drive): app.tick() every LOOP_US of virtual time (the
board's loop sleeps app.box._LOOP_SLEEP_MS between ticks), the pads' scheduled edges
and interrupts fired in between by HostPads.run_until.  Bots are
host.bots.Players, the players of every run off the board.

Game options from the command line stand in for the menu's choices: the
box still goes through its menus (bots or a script choose the game and
join), and when it deals, the options it takes from its settings are
completed by the command line's (every option of RULES.md L, not only those
the menus offer), through App's options_of hook.
"""
import os
import shutil
import tempfile

LOOP_US = 5000          # app.tick() every 5 ms of virtual time
MENU_TAP_US = 50000     # a menu button let go sooner: a press the pin's debounce would miss


class MenuButton:
    """The board's optional menu button: pressed() is True once per press,
    as app.io.Menu expects."""

    def __init__(self):
        self.count = 0

    def press(self):
        self.count += 1

    def pressed(self):
        if self.count:
            self.count = 0
            return True
        return False


class BoxError(Exception):
    """The box cannot start: the message says why (bad board, bad option)."""


def board_names():
    from hal.host import boards
    return boards.names()


def load_board(name):
    """A board by name (boards/NAME.json) or by path; BoxError naming the
    boards there are if it does not exist, or the board loader's message."""
    from hal.host import boards
    try:
        return boards.load(name)
    except ValueError as e:
        raise BoxError(str(e))


def check_options(game, options):
    """Refuse options the engine refuses, before any window opens."""
    opts = dict(options)
    people = opts.get("players", 2)
    k = opts.get("box", 1 if game != "tape" and people == 1 else 0)
    # P1: --box N seats after the people's, as the box seats them
    opts["players"] = people + k
    opts["box"] = list(range(people, people + k))
    try:
        if game == "tape":
            from games import tape
            tape.normalize(opts)
        else:
            from games import bataille
            bataille.normalize(opts, game)
    except ValueError as e:
        raise BoxError("--game %s: %s" % (game, e))


def set_language(h, lang):
    """--lang: the box's language setting, written to its settings file as
    its Settings menu does, before it starts."""
    from app import io, settings
    store = io.Store(h)
    st, _ = settings.load(store)
    st["lang"] = lang
    settings.save(store, st)


def trim(h, at):
    from host.headless import trim as _trim
    _trim(h, at)


class Box:
    def __init__(self, board, cfg, storage_dir=None):
        from hal.host.clock import VirtualClock
        import hal
        self.board = board
        self.cfg = cfg
        self.game = cfg.game
        self.options = dict(cfg.options)
        self.players = self.options.get("players", 2)
        self.n_pads = board.n_pads
        if self.players > self.n_pads:
            raise BoxError("%d players need %d pads, and board %s has %d"
                           % (self.players, self.players, cfg.board, self.n_pads))
        box = self.options.get("box", 0)
        if self.players < 2 and not (box or self.game != "tape"):
            raise BoxError("--players must be 2 or more (or 1 with --box; Bataille and Bata-waf: "
                           "1 plays against the box)")
        if self.players < 1:
            raise BoxError("--players must be 1 or more")
        if cfg.bot_pads and max(cfg.bot_pads) >= self.n_pads:
            raise BoxError("--bot-pads: board %s has pads 1 to %d (got pad %d)"
                           % (cfg.board, self.n_pads, max(cfg.bot_pads) + 1))
        check_options(self.game, self.options)
        d = board.display
        self.kind, self.width, self.height = d.kind, d.width, d.height
        self.clock = VirtualClock()
        self._tmp = None
        if storage_dir is None:
            self._tmp = storage_dir = tempfile.mkdtemp(prefix="sim_box_")
        self.storage_dir = storage_dir
        self.hal = hal.open_host(board, self.clock, storage_dir)
        self._old_logs = set(self._log_numbers())
        self.menu = None
        if board.menu_pin is not None and getattr(self.hal, "menu", None) is None:
            # the host HAL has no menu button part yet: the app reads
            # hal.menu.pressed() (app.io.Menu), so the simulator plugs one in
            self.menu = MenuButton()
            self.hal.menu = self.menu
        self.pads = self.hal.pads
        self._frames = 0
        self._frame = None
        self._watch_display()
        if getattr(cfg, "lang", None):
            set_language(self.hal, cfg.lang)
        from app import box as _app
        from host.headless import Drive
        self.app = _app.App(self.hal, seed=cfg.seed,
                            options_of=lambda game: self.options if game == self.game else {})
        self.failed = None
        # headless: an error screen ends the run (nobody is there to see it)
        self.stop_on_error = bool(cfg.headless)
        self.finished = False
        self.games_over = 0
        self.bots = []
        self.players_model = None
        self.drive = Drive(self.app, LOOP_US)
        self._ticks = 0

    # ---- what reached the hardware -------------------------------------

    def _watch_display(self):
        """Keep a copy of each frame as it reaches the display.

        LED matrix and OLED: the frame buffer at every show() (the renderer
        may draw the next frame into the same buffer before it is sent).
        E-ink: the frame buffer sent to the controller's RAM (command 0x24),
        taken when the panel is told to refresh (0x20), with the kind of
        refresh and its time: the window shows it as the panel does."""
        disp = self.hal.display
        box = self
        panel = getattr(disp, "panel", None)
        if panel is not None:
            from drivers import ssd1680 as _eink
            command = panel.command
            ram = [None]

            def watched_command(c, data):
                command(c, data)
                if c == _eink.WRITE_BW:
                    # the frame buffer the driver sends from (as the renderer
                    # drew it: a panel with its rows flipped gets it a page
                    # at a time, bit-reversed, drivers/ssd1680.py)
                    ram[0] = bytes(disp.buf)
                elif c == _eink.MASTER_ACTIVATION and ram[0] is not None:
                    full = panel.activations[-1][1] == "full" if panel.activations else None
                    box._frames += 1
                    box._frame = (box._frames, ram[0], disp.format, full, box.clock.now)
            panel.command = watched_command
            return
        show = disp.show

        def watched_show(full=None):
            box._frames += 1
            box._frame = (box._frames, bytes(disp.buf), disp.format, full, box.clock.now)
            return show(full)
        disp.show = watched_show

    def frame(self):
        """(serial, frame buffer bytes, framebuf format, full refresh, t_us)
        of the last frame that reached the display, or None before the
        first."""
        return self._frame

    def leds(self):
        """Per pad: its LED colour when lit (the player colours of the
        screen, so a pad matches its quadrant), None when dark."""
        from gfx import render
        state = self.hal.leds.state
        out = []
        for k in range(self.n_pads):
            out.append(render.player_rgb(k) if k < len(state) and state[k] else None)
        return out

    def down(self):
        lv = self.pads.levels
        return [bool(lv & (1 << k)) for k in range(self.n_pads)]

    def tone(self):
        """(frequency Hz, duty 0..65535) of the buzzer's PWM now."""
        bz = self.hal.buzzer
        pwm = getattr(bz, "pwm", None)
        if pwm is None:
            return 0, 0
        return getattr(pwm, "f", 0), getattr(pwm, "duty", 0)

    def menu_button(self, down):
        """The menu button (key M, or its button in the window) goes down
        or up: on the board's pin, so the firmware's driver times it from
        its edges as on the box (a press pauses and resumes, held 1.5 s it
        leaves the game: drivers.button)."""
        m = getattr(self.hal, "menu", None)
        pin = getattr(m, "pin", None)
        if pin is None:
            if m is not None and hasattr(m, "press") and down:
                m.press()
            return
        now = self.clock.now
        if down:
            self._menu_down = now
        elif now - getattr(self, "_menu_down", now) < MENU_TAP_US:
            # down and up within a frame or two (a tap, an event pair): too
            # quick for the debounce to see, a press all the same
            m.press()
        pin.level = 0 if down else 1        # to ground when pressed

    def status(self):
        app = self.app
        st = app.state
        if st == "play":
            return "%s, %d players" % (app.menus.game_name, len(app.play.pads_in))
        if st == "error":
            return "error: %s" % getattr(app, "error_text", "")
        return st

    def game_name(self):
        return getattr(self.app.menus, "game_name", self.game)

    def result(self):
        v = self.app.play.view
        if v is None:
            return "no game"
        w = ", ".join(["P%d" % (p + 1) for p in v.winners]) or "nobody"
        s = "%s %s (%s); cards %s" % (w, "wins" if len(v.winners) == 1 else "share the win", v.reason,
                                     " ".join(["P%d:%d" % (p + 1, c) for p, c in enumerate(v.counts)]))
        if self.game_name() == "tape":
            s += "; points %s" % " ".join(["P%d:%d" % (p + 1, c) for p, c in enumerate(v.points)])
        return s

    def _log_folder(self):
        from app import logs as _logs
        fs = getattr(self.hal.storage, "fs", None)
        return fs.path(_logs.DIR) if fs is not None else os.path.join(self.storage_dir, _logs.DIR)

    def _log_numbers(self):
        from app import logs as _logs
        try:
            names = os.listdir(self._log_folder())
        except OSError:
            return []
        return sorted([_logs.number_of(n) for n in names if _logs.number_of(n) >= 0])

    def log_text(self):
        """Every game log the box wrote (oldest first), read from the files
        on its (host) file system, as `mpremote cp` would copy them."""
        folder = self._log_folder()
        out = []
        for n in self._log_numbers():
            if n in self._old_logs:
                continue     # a game of an earlier run (--storage)
            try:
                with open(os.path.join(folder, "game_%d.jsonl" % n), encoding="utf-8") as f:
                    t = f.read()
            except OSError:
                continue
            if t:
                out.append(t if t.endswith("\n") else t + "\n")
        return "".join(out)

    # ---- running -------------------------------------------------------

    def player_pads(self):
        """The pads the players join with.  Two players on a square display
        with four pads sit face to face (pads 1 and 3), where the renderer
        puts their halves of the screen; otherwise pads 1, 2, 3... in turn."""
        if self.players == 2 and self.width == self.height and self.n_pads == 4:
            return [0, 2]
        return list(range(self.players))

    def add_bots(self, spec, seed):
        """Bots (host.bots.Bot) for pads 0..players-1, or the pads of
        --bot-pads; they also go through the menus and join."""
        from host.bots import Bot, Players
        pads = self.cfg.bot_pads if self.cfg.bot_pads is not None else self.player_pads()
        self.bots = []
        for i, k in enumerate([k for k in pads if 0 <= k < self.n_pads]):
            if isinstance(spec, list):
                spec_k = spec[i]        # --bots A/B/C: one per player, in pad order
            else:
                spec_k = spec
            spread = min(spec_k.spread_ms, spec_k.mean_ms)
            b = Bot(spec_k.mean_ms, spread, spec_k.false_rate, spec_k.miss_rate, seed * 8 + k + 1)
            b.pad = k
            self.bots.append(b)
        # with a person at some pads, the person drives the menus
        self.players_model = Players(self.pads, self.bots, self.game, self.player_pads(),
                                     menus=self.cfg.bot_pads is None)

    def begin(self):
        pass

    def quantum_us(self):
        return 50 * LOOP_US

    def step_until(self, t_us):
        """Run the firmware up to virtual time t_us (ticks every LOOP_US).
        Returns early when a new frame was shown, so each screen can be
        seen."""
        frames = self._frames

        def after():
            self._tick()
            return self._frames != frames or bool(self.failed)
        try:
            self.drive.run_until(t_us, after)
        except Exception as e:      # the app catches game errors itself
            self.failed = "%s: %s" % (type(e).__name__, e)
            self.drive.due += LOOP_US
            if os.environ.get("SIM_DEBUG"):
                import traceback
                traceback.print_exc()

    def _tick(self):
        """After each tick of the box: its state, then the bots react."""
        app = self.app
        self._ticks += 1
        if not self._ticks & 15:
            # the host buses record everything for the tests; an hour in
            # the window must not fill the PC's memory with it
            trim(self.hal, 2000)
        st = app.state
        if st == "error" and self.stop_on_error and not self.failed:
            self.failed = "the box shows an error: %s" % getattr(app, "error_text", "?")
            return
        if st == "end" and not self.finished:
            self.finished = True
            self.games_over += 1
        if self.players_model is not None:
            self.players_model.react(app, self.clock.now)

    def stop(self):
        """The window closes mid-game: the box writes the log of the game so
        far to its files, as when the menu button ends a game early."""
        try:
            self.app.play.stop()
        except Exception as e:
            self.failed = self.failed or "%s: %s" % (type(e).__name__, e)

    def close(self):
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None
