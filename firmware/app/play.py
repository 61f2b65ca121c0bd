# A game on the box: deal it, hand its flow (app.flows) the presses as
# players, act on what the flow says happened, pause and resume it, end it.
# A mixin of app.box.App, kept apart so that each part of the box reads on
# its own.
#
#   begin_game(name, pads, t0=None)   a new game for the players on `pads`
#                        (pad order), begun at ticks t0 (default now)
#   play_pad(k, t)       pad k pressed at ticks t in play: its player's press
#   after(bits)          what the flow said: redraw, lights, log, the end
#   pause(), resume()    the game clock stops and goes on (core.ticks.GameClock)
#   finish(), end_game_early(), write_log()
#   pads(m), held()      players to pads, the players whose pad is down
#   waiting_mask, next_step, taps   what the off-board drivers read
#
# The pads map to players here and only here (player_of, pads_in): a flow
# speaks of players, so a player without a pad (issue 23's box seat) can be
# handed to it the same way.
import gc
from app import view as _view
from app import flows
from core.compat import const
from app.lobby import _settings, forget

# the bits of app.flows, private here (a public name is a qstr on the board)
_DIRTY = const(1)
_LIT = const(2)
_FLUSH = const(4)
_QUIET = const(8)
_ENDED = const(16)
_FAILED = const(32)
_SLAP = const(64)
_CALM = const(128)


# mypy reads these methods as the App's (a name it takes as true; never
# imported on the board)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from app.box import App


class Play:
    def begin_game(self: "App", name, pads, t0=None):
        """Deal a new game for the players on `pads` (in pad order), begun
        at ticks t0 (the press or the end of the wait that began it; default
        now): the game's time counts from there."""
        if t0 is None:
            t0 = self.now
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
        # back with the next menu (and each game's screen with its game)
        forget("app.menu", "app.settings", "gfx.menu", "gfx.tape", "gfx.table")
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
        cues = flows.Cues(name, v, self.sound, hidden)
        self.log = cues.log
        try:
            self.logs.begin()
        except OSError as e:
            # a full or failing flash: play anyway, without a log file
            print("game log not written:", e)
            self.logs.current = -1
        try:
            # the game's flow, its module imported now (app.flows.FLOWS)
            f = __import__(flows.FLOWS[name][0], None, None, ("Flow",)).Flow(name, eng, seed, cues, opts)
            f.held = self.held
            self.flow = f
            self.game = f.game
            r = f.begin(t0)
        except Exception as e:
            self.fail(e)
            return
        self.enter("play")
        # a pad still down from joining is no request for a pause: only a
        # new hold in the game pauses it
        self.fb.holding = 0
        self.quiet_gc = False
        self.heap_peak = 0
        self.games_played += 1
        self.after(r)

    def play_pad(self: "App", k, t):
        p = self.player_of[k]
        if p >= 0:
            r = self.flow.press(p, t)
            if r:
                self.after(r)

    def after(self: "App", r):
        """What the flow says happened (the bits of app.flows)."""
        if r & _DIRTY:
            self.dirty = True
        if r & _FAILED:
            self.fail(self.flow.error)
            return
        if r & _ENDED:
            self.store.set_slap_window(False)
            self.finish()
            return
        if r & (_SLAP | _CALM):
            self.store.set_slap_window(r & _SLAP != 0)
        if r & _LIT:
            self.light_mask(self.pads(self.flow.lit()))
        if r & _FLUSH:
            self.write_log()
        if r & _QUIET:
            self.quiet_gc = True

    def pads(self: "App", m):
        """The pads of the players of mask m."""
        out = 0
        pads = self.pads_in
        for p in range(len(pads)):
            if m & (1 << p):
                out |= 1 << pads[p]
        return out

    def held(self: "App"):
        """The players whose pad is still down."""
        held = self.cap.held_mask()
        m = 0
        pads = self.pads_in
        for p in range(len(pads)):
            if held & (1 << pads[p]):
                m |= 1 << p
        return m

    # what the drivers off the board read (sim/, app/headless, the tests)

    # what the drivers off the board read (sim/, app/headless, the tests)
    @property
    def waiting_mask(self: "App"):
        return self.pads(getattr(self.flow, "waiting", 0))

    @property
    def next_step(self: "App"):
        return getattr(self.flow, "next_step", None)

    @property
    def taps(self: "App"):
        return getattr(self.flow, "taps", None)

    def write_log(self: "App"):
        try:
            self.logs.flush(self.log)
        except OSError as e:
            print("game log not written:", e)

    def finish(self: "App"):
        self.write_log()
        self.enter("end")
        self.light_mask(0)
        self.quiet_gc = True

    def end_game_early(self: "App"):
        if self.game is not None and self.state in ("play", "pause"):
            self.write_log()
        self.flow = None
        self.game = None
        self.store.set_slap_window(False)

    def pause(self: "App"):
        self.flow.pause(self.now)
        self.enter("pause")
        self.light_mask(0)

    def resume(self: "App"):
        r = self.flow.resume(self.now)
        self.enter("play")
        self.after(r)
