"""Games played through the pads, as data, run the same way on the host HAL
and on the emulated RP2040 (tools/pico/play.py), so that the two logs can be
compared byte for byte.

    s = SCENARIOS["bataille"]           # or "batawaf", "tape", "tape_duo"
    run = host_run(s, seed)             # the whole game on the host HAL
    run.presses                         # [(at_us, pad, hold_us)], from T0
    run.log                             # the game log the box wrote
    run.seed, run.end_us

A scenario is a board, a game, its menu choices and the pads that join,
plus the players' ways (`Ways`): how fast each one reacts, who forgets, who
presses together, who presses too early or slaps falsely.  Everything
before the game (menus, joining) is a fixed list of presses; in the game
the players react to what the box shows, so their presses are computed by
running the game on the host HAL with the seed the board dealt with (it
prints `game <name> <seed>` when it deals).  Why reactive: Tape-treize's
slaps only mean something once a card is laid, and a fixed list of presses
either never ends a match or never makes a slap late.

Times.  All times are microseconds after T0, the moment the harness starts
pressing (the host box boots at T0 = 0; the emulated one some emulated
seconds before).  The box's log counts from the game's own start (the
interrupt time of the press that began it), so T0 cancels out.  Presses in
the menus are on whole ms, presses in the game half a millisecond off them,
so that an interrupt latency of a few microseconds never moves a time in
the log across a millisecond.

Pads are indices from 0 (pad 1 of the box is 0); on the pins they are
active low (boards/<board>.json gives the GPIO of each pad).
"""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
if FIRMWARE not in sys.path:
    sys.path.insert(0, FIRMWARE)

MENU_GAP_US = 400000    # one menu press every 0.4 s
JOIN_GAP_US = 400000
TAP_US = 60000          # a press held 60 ms
HOLD_US = 2300000       # a pad held for the pause (app.feedback: 2 s)
OFF_US = 500            # in-game presses: half a ms off the menus' grid
LOOP_US = 2000          # the host box's loop: a tick every 2 ms, as the board (app.box._LOOP_SLEEP_MS)
NEXT, CHOOSE = 0, 1     # app.menu: pad 1 moves on, pad 2 chooses


class Ways:
    """How the players press (player = index among the joined pads).
    react_us[p]: reaction after the box waits for p (Bataille) or after a
    card a rule holds for (Tape); forget = (p, every, us): p forgets every
    `every`-th time and presses `us` late; together = every: every n-th
    time all press at the same microsecond; early = (p, every): p presses
    during the show (ignored) as well; false = (p, every): p slaps a card
    no rule holds for, every n-th such card; stranger = every: a pad of no
    player is pressed."""

    def __init__(self, react_us, forget=None, together=0, early=None, false=None, stranger=0):
        self.react_us = react_us
        self.forget = forget
        self.together = together
        self.early = early
        self.false = false
        self.stranger = stranger


class Scenario:
    def __init__(self, name, game, pads, choices, ways, board="pico_matrix", max_s=600, stop=None):
        self.name = name
        # None: played to its end; n: left from the pause after the n-th
        # Bataille wait or Tape-treize card (Players.leave)
        self.stop = stop
        self.game = game
        self.pads = pads              # the pads that join, in pad order
        self.choices = choices        # menu options to set, {key: value}
        self.ways = ways
        self.board = board
        self.max_s = max_s            # emulated seconds the game may last at most

    def board_path(self):
        from hal.host import boards
        return boards.path(self.board)

    def pins(self):
        """The GPIO of each pad (the board file), for the emulator."""
        from hal.host import boards
        return boards.load(self.board).pad_pins()

    def prefix(self):
        """The fixed presses from T0 to the game: menus, then joins."""
        out = []
        t = 0
        for pad in menu_presses(self.game, self.choices):
            t += MENU_GAP_US
            out.append((t, pad, TAP_US))
        for pad in self.pads:
            t += JOIN_GAP_US
            out.append((t, pad, TAP_US))
        return out


def menu_presses(game, choices):
    """The pads to press, from the home menu of a box with the default
    settings, to set `choices` for `game` and open its join screen
    (host.walk.Walk: the menus walked from app.menu's own items)."""
    from app import settings
    from host.walk import Walk
    return Walk(settings.defaults()).presses(game, choices)


SCENARIOS = {
    # 2 players face to face (pads 1 and 3 of the 16x16 box), 80 duels at
    # most: Bataille played to its `court` end; Bata-waf left from its
    # pause after 27 duels (each way of pressing three times or more: a
    # whole match proves no more than Bataille's)
    "batawaf": Scenario("batawaf", "batawaf", [0, 2], {"length": "court"},
                        Ways([90000, 150000], forget=(1, 9, 2100000), together=5,
                             early=(0, 6), stranger=9), stop=27),
    "bataille": Scenario("bataille", "bataille", [0, 2], {"length": "court"},
                         Ways([80000, 130000], forget=(0, 11, 1900000), together=4,
                              early=(1, 5), stranger=13)),
    # 4 players, a card a second, one round to a point: 3 and 4 are quick and
    # lay all their cards; 1 and 2 slow, with 300 ms head starts by hand (S7)
    "tape": Scenario("tape", "tape", [0, 1, 2, 3], {"tempo": 1000, "target": 1, "head_start": "hand",
                                                    "hand": [300, 300, 0, 0, 0, 0, 0, 0]},
                     Ways([520000, 610000, 190000, 240000], forget=(1, 4, 0), together=3,
                          false=(0, 6))),
    # 2 players to 1 point, a card a second: the quick one (pad 1) lays
    # her 26 cards and more and wins in some 60-80 s of game time, the slow
    # one (pad 3) is last to every slap and false-slaps every 12th card no
    # rule holds for: the Tape-treize match short enough to be cut, resumed
    # and played to its end on the emulated board (issue 40,
    # host_tests/pico/test_pico_resume.py), the 4 players' taking 100 s
    "tape_duo": Scenario("tape_duo", "tape", [0, 2], {"tempo": 1000, "target": 1},
                         Ways([190000, 520000], false=(1, 12))),
    # the box takes a seat (issue 23, P1-P6): a child alone at Bataille gets
    # the box as the other player after the join wait, its cards flipping as
    # the child flips (P4); at Tape-treize two people (a quick one, a slow
    # one who takes the piles) and one box seat at level 2, the box's slaps
    # and false slaps handed where a pad's go (P3), on the game's clock;
    # the child leaves Bataille from its pause after 21 duels (the box's
    # flips in each, forgets and early presses three times or more), the
    # two people Tape-treize after 30 cards (some 10 windows: the box's
    # slaps, 2 to 9 of them in 20 seeds tried, a forgotten window and
    # false slaps); Tape-treize with 4 players plays its match to the end
    "bataille_box": Scenario("bataille_box", "bataille", [0], {"length": "court"},
                             Ways([240000], forget=(0, 7, 1700000), early=(0, 5)), stop=21),
    "tape_box": Scenario("tape_box", "tape", [0, 2], {"tempo": 1000, "target": 1, "box": 1, "level": 2},
                         Ways([250000, 900000], forget=(0, 5, 0), false=(1, 7)), stop=30),
}


class HostBox:
    """The firmware's App on the host HAL (virtual clock, HostPads with the
    board's interrupt handler, files in a directory), driven by the one
    driver off the board (host.headless.Drive) with a tick every LOOP_US as
    the board's loop, with presses at exact virtual microseconds."""

    def __init__(self, board_path, seed=None, storage_dir=None, loop_us=LOOP_US, latency_us=0):
        import hal
        from hal.host import boards
        from hal.host.clock import VirtualClock
        from hal.host.pads import HostPads
        from app import box
        from host.headless import Drive
        self.tmp = None
        if storage_dir is None:
            self.tmp = storage_dir = tempfile.mkdtemp(prefix="pico_host_")
        self.storage_dir = storage_dir
        self.clock = VirtualClock()
        b = boards.load(board_path)
        self.pads = HostPads(b.n_pads, self.clock, latency_us=latency_us)
        self.hal = hal.open_host(b, self.clock, storage_dir, pads=self.pads)
        self.hal.watchdog.start()
        self.app = box.App(self.hal, seed=seed)
        self.drive = Drive(self.app, loop_us)

    def tap(self, pad, at_us, hold_us=TAP_US):
        self.pads.tap(pad, at_us, hold_us)

    def run_until(self, t_us, each=None, stop=None):
        """Tick the box up to t_us; each(box) after every tick; returns
        early (True) once stop(box) holds."""
        def after():
            if each is not None:
                each(self)
            return stop is not None and stop(self)
        return self.drive.run_until(t_us, after)

    def log_texts(self):
        """{file name: text} of the game logs the box wrote."""
        out = {}
        for d, _, files in os.walk(self.storage_dir):
            for f in files:
                if f.startswith("game_") and f.endswith(".jsonl"):
                    with open(os.path.join(d, f), encoding="utf-8") as fh:
                        out[f] = fh.read()
        return out

    def close(self):
        if self.tmp is not None:
            import shutil
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = None


class Players:
    """The players of a scenario reacting to the host box: every press is
    put on the pads and kept in `presses` (at_us, pad, hold_us)."""

    def __init__(self, scn, box):
        self.scn = scn
        self.ways = scn.ways
        self.box = box
        self.presses = []
        self.busy = {}        # pad -> time its planned press is down until
        self.waits = 0        # Bataille: duels the box waited for
        self.left = False     # the stop's presses are made (leave)
        self.seen_wait = False
        self.seen_card = -1
        self.windows = 0
        self.quiet_cards = 0

    def tap(self, pad, at, hold=TAP_US):
        if self.busy.get(pad, -1) >= at:
            return
        at = at - at % 1000 + OFF_US
        if at <= self.box.clock.now:
            at += 1000
        self.box.tap(pad, at, hold)
        self.busy[pad] = at + hold + 40000
        self.presses.append((at, pad, hold))

    def leave(self, app, at):
        """The game left as a parent leaves it (scenario.stop): from `at` a
        pad of no player held past app.feedback's 2 s (the pause), let go,
        then in the pause pad 1 moves to its `leave` item and pad 2 chooses
        it (app.pause): the engine's stop, the log's `end` `stopped`.  No
        one presses after that.  The pause begins at the box's first loop
        tick after the 2 s, so the end's `t` is the one time of the log
        that may part from the board's by a tick (play.compare_logs)."""
        self.left = True
        k = [p for p in range(app.n_pads) if p not in app.play.pads_in][0]
        self.tap(k, at, HOLD_US)
        let_go = self.presses[-1][0] + HOLD_US
        self.tap(NEXT, let_go + MENU_GAP_US)
        self.tap(CHOOSE, let_go + 2 * MENU_GAP_US)

    def __call__(self, box):
        app = box.app
        if app.state != "play" or app.play.game is None or self.left:
            return
        if app.menus.game_name == "tape":
            self.tape(app)
        else:
            self.bataille(app)

    def bataille(self, app):
        now = self.box.clock.now
        w = self.ways
        waiting = app.play.next_step is None and app.play.waiting
        if not waiting:
            self.seen_wait = False
            return
        if self.seen_wait:
            return
        self.seen_wait = True
        self.waits += 1
        d = self.waits
        if self.scn.stop is not None and d > self.scn.stop:
            # nobody flips: the box waits, its clock still, while the
            # pad is held
            self.leave(app, now + 100000)
            return
        pads = app.play.pads_in
        together = w.together and d % w.together == 0
        for p in range(len(pads)):
            if pads[p] >= app.n_pads or not app.play.waiting & (1 << pads[p]):
                continue        # (a box seat's pad is past the real ones: it plays itself)
            r = w.react_us[0] if together else w.react_us[p]
            if w.forget and w.forget[0] == p and d % w.forget[1] == 0:
                r += w.forget[2]
            self.tap(pads[p], now + r)
            if w.early and w.early[0] == p and d % w.early[1] == 0:
                # pressed again during the next show: ignored by the box
                self.busy[pads[p]] = -1
                self.tap(pads[p], now + r + 400000)
        if w.stranger and d % w.stranger == 0:
            for k in range(app.n_pads):
                if k not in pads:
                    self.tap(k, now + 90000)
                    break

    def tape(self, app):
        g = app.play.game
        now = self.box.clock.now
        w = self.ways
        if g.cards_laid == self.seen_card:
            return
        self.seen_card = g.cards_laid
        if self.scn.stop is not None and g.cards_laid > self.scn.stop:
            # held from this card on: the pause comes a few ms after the
            # next but one is laid (tempo 1000 ms; the box seats' slaps and
            # false slaps come 200 ms or more after a card: app.seats), so
            # that no event of the game falls between the host's pause tick
            # and the board's
            self.leave(app, now)
            return
        pads = app.play.pads_in
        if g.window_open:
            self.windows += 1
            n = self.windows
            together = w.together and n % w.together == 0
            for p in range(len(pads)):
                if pads[p] >= app.n_pads:
                    continue        # a box seat: it slaps by itself (app.seats)
                if w.forget and w.forget[0] == p and n % w.forget[1] == 0:
                    continue        # never slaps this one: later than all (T6)
                r = w.react_us[p]
                if together and p >= 2:
                    r = w.react_us[2]
                self.tap(pads[p], now + r)
        elif w.false:
            self.quiet_cards += 1
            p = w.false[0]
            if self.quiet_cards % w.false[1] == 0:
                self.tap(pads[p], now + 330000)


class HostRun:
    def __init__(self, seed, presses, log, end_us, app_state, name):
        self.seed = seed
        self.presses = presses
        self.log = log
        self.end_us = end_us
        self.state = app_state
        self.log_name = name


def host_run(scn, seed, loop_us=LOOP_US, latency_us=0, storage_dir=None):
    """The scenario played to the end on the host HAL with the board's seed:
    the presses made (prefix included), the log, the time the game ended.
    A scenario left from its pause (scn.stop) whose deal ends the game
    before the stop is played again with the stop three duels (Bataille)
    or cards (Tape-treize) before that end: the seed comes from the board's
    own boot and join times, so any change to the boot may bring a short
    deal, and the leave is what such a scenario proves."""
    run, players = _host_run(scn, seed, loop_us, latency_us, storage_dir)
    if scn.stop is not None and not players.left:
        import copy
        short = copy.copy(scn)
        short.stop = max(1, (players.waits if players.seen_card < 0 else players.seen_card) - 3)
        run, players = _host_run(short, seed, loop_us, latency_us, storage_dir)
    return run


def _host_run(scn, seed, loop_us, latency_us, storage_dir):
    box = HostBox(scn.board_path(), seed, storage_dir, loop_us, latency_us)
    try:
        pre = scn.prefix()
        for at, pad, hold in pre:
            box.tap(pad, at, hold)
        players = Players(scn, box)
        t_end = pre[-1][0] + scn.max_s * 1000000
        box.run_until(t_end, players, lambda b: b.app.state in ("end", "error"))
        app = box.app
        if app.state != "end":
            raise RuntimeError("%s: the host box stopped in state %s (%s)"
                               % (scn.name, app.state, getattr(app, "error_text", "")))
        logs = box.log_texts()
        if len(logs) != 1:
            raise RuntimeError("%s: expected one game log, found %r" % (scn.name, sorted(logs)))
        name = sorted(logs)[0]
        return HostRun(seed, pre + players.presses, logs[name], box.clock.now, app.state, name), players
    finally:
        box.close()


def seed_of_log(text):
    """The seed of the `start` line of a game log."""
    import json
    for line in text.splitlines():
        if line.strip():
            d = json.loads(line)
            if d.get("ev") == "start":
                return d["seed"]
    raise ValueError("no start line in the log")


def seed_of_console(text, game):
    """The seed the board printed when it dealt (`game <name> <seed>`)."""
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "game" and parts[1] == game and parts[2].isdigit():
            return int(parts[2])
    return None


def host_replay(scn, seed, presses, loop_us=LOOP_US, latency_us=0, storage_dir=None, max_s=None):
    """A fixed list of presses (host_run's, or the ones the emulator was
    given) played on the host HAL: the log of the game, or None if none
    was written."""
    box = HostBox(scn.board_path(), seed, storage_dir, loop_us, latency_us)
    try:
        for at, pad, hold in presses:
            box.tap(pad, at, hold)
        last = max([at + hold for at, pad, hold in presses])
        limit = last + (max_s if max_s is not None else 10) * 1000000
        box.run_until(limit, None, lambda b: b.app.state in ("end", "error"))
        logs = box.log_texts()
        return logs[sorted(logs)[0]] if logs else None
    finally:
        box.close()
