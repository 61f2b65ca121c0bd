"""`python -m sim --headless ... --power-cut N` (issue 40): the game cut the
moment the N-th line of its log reaches flash, the box started again from
what its files hold (app.resume: the game shown paused), one press of a
seated pad, and the same bots going on to the end.

The cut lands in the box's write of its log (app.logs.GameLogs.flush writes
the lines held since the last calm moment at once): the file keeps its first
N lines, as when the power goes in the middle of an append, and the box
stops there, whatever it was doing.

The bots go on as people at the table would: each bot's generator, what
the bots had seen and the presses they had on their way are taken as they
were when the box wrote line N (before the bots heard of it), in game time;
after the go-on press they come back at the same game times, and the box's
loop passes fall where they fell in game time.  So a cut game ends as the
uncut one did, with the same lines at the same times, `resumed` added.
"""
import os

from core import ticks
from core.rng import Rng
from host.cut import Cut, cutting


def game_us(app, now):
    """The game's time (us since it began, pauses left out) at ticks now."""
    f = app.play.flow
    g = app.play.game
    c = f.clock
    base = g._base_ms if app.menus.game_name == "tape" else c._base_ms
    return base * 1000 + c.at_us + ticks.diff(now, c.tick)


def _log_path(b):
    from app import logs
    return os.path.join(b.storage_dir, logs.path(b.app.logs.current))


class _Watch:
    """The first run: taps recorded, the bots taken when line N is written,
    the power cut when it reaches flash."""

    def __init__(self, b, n):
        self.b = b
        self.n = n
        self.snap = None
        self.taps = []      # (pad, at_us, hold_us) of every bot's tap
        for bot in b.bots:
            self._record(bot)
        pm = b.players_model
        react = pm.react

        def watched(app, now):
            if self.snap is None and app.play.log is not None and app.play.log.count >= self.n:
                self.snap = self.take(app)
            react(app, now)
        pm.react = watched

        def last():
            if self.snap is None:   # line N came in this very pass: the bots have not heard of it
                self.snap = self.take(b.app)
        cutting(b.app.logs, lambda: _log_path(b), n, last)

    def _record(self, bot):
        press = bot.press

        def recorded(pads, at_us, hold_us=80000):
            ok = press(pads, at_us, hold_us)
            if ok:
                self.taps.append((bot.pad, at_us, hold_us))
            return ok
        bot.press = recorded

    def take(self, app):
        b = self.b
        pm = b.players_model
        gt = game_us(app, app.now)
        now = b.clock.now
        return {
            "gt": gt,
            "rng": [(bot.rng.s0, bot.rng.s1) for bot in b.bots],
            "busy": [bot.busy_until - now + gt for bot in b.bots],
            "seen": (pm.seen_cards, pm.seen_windows, pm.turn_key),
            "taps": [(k, at - now + gt, hold) for k, at, hold in self.taps if at > now],
        }


def _go_on(b, snap):
    """The second run: the bots as they were, held back until the game is
    back at the time they were taken."""
    pm = b.players_model
    for bot, (s0, s1) in zip(b.bots, snap["rng"]):
        bot.rng = Rng(1)
        bot.rng.s0 = s0
        bot.rng.s1 = s1
    pm.seen_cards, pm.seen_windows, pm.turn_key = snap["seen"]
    react = pm.react
    state = {"asked": False, "at": None}

    def waiting(app, now):
        if state["at"] is None:
            if app.state == "pause" and app.play.cut is not None:
                if not state["asked"]:
                    state["asked"] = True
                    b.pads.tap(_free_pad(app, snap), now + 500000, 80000)     # one press goes on
                return
            if app.state != "play":
                return react(app, now)      # (not resumed: the box started fresh)
            # play goes on: the next pass where the bots were taken, in game time
            u0 = game_us(app, app.now)
            d = snap["gt"] - u0
            state["at"] = now + d
            b.drive.due = now + d if d > 0 else now
            for bot, busy in zip(b.bots, snap["busy"]):
                bot.busy_until = now + busy - u0
            eng = app.play.game
            floor = eng.now_us if app.menus.game_name == "tape" else u0
            for k, gta, hold in snap["taps"]:
                if gta > floor:
                    b.pads.tap(k, now + gta - u0, hold)
            if d > 0:
                return
        if now >= state["at"]:
            react(app, now)
    pm.react = waiting


def _free_pad(app, snap):
    """The seated pad whose bot's next press is the furthest away: the press
    that goes on is still down a moment after the game went on."""
    best = None
    for k in app.play.pads_in:
        if k < app.n_pads:
            nxt = min([gta for p, gta, hold in snap["taps"] if p == k] or [1 << 62])
            if best is None or nxt > best[0]:
                best = (nxt, k)
    return best[1]


def run(cfg, b):
    """The cut run; the box whose game went on (its log in its files)."""
    from sim.box import Box
    b.add_bots(cfg.bots, cfg.seed)
    w = _Watch(b, cfg.power_cut)
    limit = b.clock.now + cfg.max_us
    try:
        while not b.finished and not b.failed and b.clock.now < limit:
            b.step_until(min(limit, b.clock.now + b.quantum_us()))
    except Cut:
        pass
    if w.snap is None or b.finished or b.failed:
        return b        # the game had fewer lines, or failed: no cut
    b2 = Box(b.board, cfg, b.storage_dir)
    b2._old_logs = set(n for n in b._old_logs)      # the cut game's log is this run's too
    b2.add_bots(cfg.bots, cfg.seed)
    _go_on(b2, w.snap)
    limit = b2.clock.now + cfg.max_us
    while not b2.finished and not b2.failed and b2.clock.now < limit:
        b2.step_until(min(limit, b2.clock.now + b2.quantum_us()))
    b2.before_us = b.clock.now + b2.clock.now   # the virtual time of both runs (sim.headless's message)
    return b2
