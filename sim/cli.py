"""The simulator's command line: flags -> a Config the runners use.

Game options are named as in RULES.md section L and are passed to the
firmware only when given, so the firmware's defaults stay the only defaults.
A flag that does not belong to the chosen game is refused (a typo or a wrong
game must not be silently ignored).
"""
import argparse
import math
import sys

GAMES = ("bataille", "batawaf", "tape")

# flag dest -> (option name in the log, games that take it)
_BATAILLE = ("bataille",)
_BOTH = ("bataille", "batawaf")
_TAPE = ("tape",)
GAME_FLAGS = {
    "ace": ("ace", _BATAILLE),
    "down": ("down", _BATAILLE),
    "pickup": ("pickup", _BATAILLE),
    "length": ("length", GAMES),
    "short": ("short", _BOTH),
    "addition": ("addition", _BATAILLE),
    "mode": ("mode", _TAPE),
    "tempo": ("tempo", _TAPE),
    "slap_timeout": ("slap_timeout", _TAPE),
    "false_window": ("false_window", _TAPE),
    "settle": ("settle", _TAPE),
    "rules": ("rules", _TAPE),
    "hidden_count": ("hidden_count", _TAPE),
    "target": ("target", _TAPE),
    "rounds": ("rounds", _TAPE),
    "box": ("box", GAMES),        # P1: box seats after the --players people
    "level": ("level", GAMES),    # P5
    "head_start": ("head_start", _TAPE),   # S7
}


class UsageError(ValueError):
    """A command line that cannot run; the message says what to change."""


class Bots:
    """How the simulated players behave (host.bots takes these)."""

    def __init__(self, mean_ms=450, spread_ms=150, false_rate=0.02, miss_rate=0.03):
        self.mean_ms = mean_ms
        self.spread_ms = spread_ms
        self.false_rate = false_rate
        self.miss_rate = miss_rate

    def __repr__(self):
        return "Bots(mean_ms=%r, spread_ms=%r, false_rate=%r, miss_rate=%r)" % (
            self.mean_ms, self.spread_ms, self.false_rate, self.miss_rate)


_BOT_KEYS = ("mean", "spread", "false", "miss")
BOT_MAX_MS = 10000   # a bot slower than 10 s would never slap in time (T timeouts)


def parse_bots(text):
    """`--bots`: 'MEAN,SPREAD,FALSE,MISS' (ms, ms, rate, rate), any prefix of
    it, or key=value pairs with keys mean, spread, false, miss."""
    b = Bots()
    if text is None or text == "":
        return b
    vals = {}
    for i, part in enumerate(text.split(",")):
        part = part.strip()
        if "=" in part:
            k, v = part.split("=", 1)
            k = k.strip()
        else:
            if i >= len(_BOT_KEYS):
                raise UsageError("--bots takes at most 4 values: mean,spread,false,miss")
            k, v = _BOT_KEYS[i], part
        if k not in _BOT_KEYS:
            raise UsageError("--bots: unknown key %r (use mean, spread, false, miss)" % k)
        try:
            vals[k] = float(v)
        except ValueError:
            raise UsageError("--bots: %s must be a number, not %r" % (k, v))
        if not math.isfinite(vals[k]):
            raise UsageError("--bots: %s must be a number, not %r" % (k, v))
    if "mean" in vals:
        if not 0 < vals["mean"] <= BOT_MAX_MS:
            raise UsageError("--bots: the mean reaction time must be more than 0 ms and at most %d ms"
                             % BOT_MAX_MS)
        b.mean_ms = max(1, int(vals["mean"]))
    if "spread" in vals:
        if not 0 <= vals["spread"] <= BOT_MAX_MS:
            raise UsageError("--bots: the spread must be from 0 to %d ms" % BOT_MAX_MS)
        b.spread_ms = int(vals["spread"])
    for k, attr in (("false", "false_rate"), ("miss", "miss_rate")):
        if k in vals:
            if not 0.0 <= vals[k] <= 1.0:
                raise UsageError("--bots: the %s rate must be from 0 to 1 (got %s)" % (k, vals[k]))
            setattr(b, attr, vals[k])
    return b


def parse_bot_list(text):
    """`--bots`: one spec (parse_bots) for every bot, or one per player
    separated by '/' (a list of Bots, in player order)."""
    if text is None or "/" not in text:
        return parse_bots(text)
    parts = text.split("/")
    if "" in [x.strip() for x in parts]:
        raise UsageError("--bots: one MEAN,SPREAD,FALSE,MISS per player between the '/', "
                         "none empty (got %r)" % text)
    return [parse_bots(x) for x in parts]


def parse_head_start(text):
    """`--head-start` (S7): off, auto, or one whole number of ms per player,
    0 to 600, separated by commas (the engine checks the count)."""
    if text in ("off", "auto"):
        return text
    try:
        v = [int(x) for x in text.split(",")]
    except ValueError:
        v = None
    if not v or min(v) < 0 or max(v) > 600:
        raise argparse.ArgumentTypeError(
            "must be off, auto or one whole number of ms per player, 0 to 600, "
            "e.g. 0,200,450 (got %r)" % text)
    return v


def parse_length(text):
    """`--length`: all, court, moyen, a number of duels, or '<n>min'."""
    if text in ("all", "court", "moyen") or text.endswith("min"):
        return text
    try:
        n = int(text)
    except ValueError:
        # argparse prefixes "argument --length: " (a UsageError would read
        # "invalid parse_length value")
        raise argparse.ArgumentTypeError(
            "must be all, court (80 duels), moyen (200 duels), a number of duels like 120, "
            "or minutes like 10min (got %r)" % text)
    return n


SEED_MAX = 2 ** 64 - 1   # core.rng folds every bit up to 2**64 into its state


def whole(lo=None, hi=None):
    """An argparse type: a whole number from lo to hi (None: no bound here;
    the game's own check, which names the range, comes later)."""
    def conv(text):
        try:
            n = int(text)
        except ValueError:
            n = None
        if n is None or (lo is not None and n < lo) or (hi is not None and n > hi):
            if lo is None:
                rng = ""
            elif hi is None:
                rng = " %d or more" % lo
            else:
                rng = " from %d to %d" % (lo, hi)
            raise argparse.ArgumentTypeError("must be a whole number%s (got %r)" % (rng, text))
        return n
    conv.__name__ = "whole number"
    return conv


def number(lo, hi, lo_open=False):
    """An argparse type: a finite decimal number in [lo, hi] (or (lo, hi])."""
    def conv(text):
        try:
            x = float(text)
        except ValueError:
            x = None
        if x is None or not math.isfinite(x) or x > hi or x < lo or (lo_open and x == lo):
            raise argparse.ArgumentTypeError(
                ("must be a number more than %g and at most %g (got %r)" if lo_open else
                 "must be a number from %g to %g (got %r)") % (lo, hi, text))
        return x
    conv.__name__ = "number"
    return conv


class Parser(argparse.ArgumentParser):
    """argparse, but a refusal is one line (the usage block buries it)."""

    def error(self, message):
        sys.stderr.write("sim: %s (python -m sim --help lists every flag)\n" % message)
        raise SystemExit(2)


def build_parser():
    p = Parser(
        prog="python -m sim",
        description="The Bataille box on a PC: a window that runs the real firmware "
                    "on the host HAL, headless games with bots, and replay of any game log.",
        epilog="Examples: python -m sim --board pico_eink | "
               "python -m sim --headless --game tape --players 4 --seed 7 --log - | "
               "python -m sim --replay game.jsonl --headless")
    p.add_argument("--board", default="pico_matrix", help="board file boards/NAME.json (default pico_matrix)")
    p.add_argument("--headless", action="store_true", help="no window: play at the speed of the virtual clock")
    p.add_argument("--game", choices=GAMES, default=None, help="which game (default bataille)")
    p.add_argument("--players", type=whole(), default=None, help="number of players")
    p.add_argument("--seed", type=whole(0, SEED_MAX), default=1,
                   help="seed of the game's generator (C3), 0 or more, default 1")
    g = p.add_argument_group("Bataille and Bata-waf options (RULES.md B, W)")
    g.add_argument("--ace", choices=("high", "low"))
    g.add_argument("--down", type=int, choices=(1, 3), help="cards face down in a battle")
    g.add_argument("--pickup", choices=("shuffled", "ordered"))
    g.add_argument("--length", type=parse_length,
                   help="all, court, moyen, N duels or Nmin; Tape-treize: all or Nmin "
                        "(game time, default 30min)")
    g.add_argument("--addition", action="store_const", const=True, help="bataille des additions (B8)")
    g.add_argument("--short", choices=("play", "lose"),
                   help="B4, a battler short of cards: play the cards left (default) or lose")
    g = p.add_argument_group("Tape-treize options (RULES.md T)")
    g.add_argument("--mode", choices=("tempo", "turns"))
    g.add_argument("--tempo", type=whole(), help="ms between cards in tempo mode (500-4000)")
    g.add_argument("--slap-timeout", type=whole(), dest="slap_timeout", help="ms")
    g.add_argument("--false-window", type=whole(), dest="false_window", help="ms")
    g.add_argument("--settle", type=whole(), help="ms")
    g.add_argument("--rules", type=lambda s: [r.strip() for r in s.split(",") if r.strip()],
                   help="slap rules in force, e.g. match,double,sandwich,ten")
    g.add_argument("--hidden-count", action="store_const", const=True, dest="hidden_count")
    g.add_argument("--target", type=whole(), help="points to win the match")
    g.add_argument("--rounds", type=whole(), help="a fixed number of rounds instead of a target")
    g.add_argument("--head-start", type=parse_head_start, dest="head_start", metavar="auto|MS,MS,...",
                   help="S7 head starts: auto (learnt between rounds) or ms per player, 0-600")
    g = p.add_argument_group("the box as a player (RULES.md P)")
    g.add_argument("--box", type=whole(0, 7), help="seats the box plays, after the --players people")
    g.add_argument("--level", type=whole(1, 3), help="how the box plays Tape-treize: 1 a young "
                                                      "child's pace (default) to 3 an adult's")
    g = p.add_argument_group("players, input and output")
    g.add_argument("--bots", nargs="?", const="", default=None, metavar="MEAN,SPREAD,FALSE,MISS",
                   help="simulated players: reaction mean and spread in ms, false-slap and "
                        "missed-slap rates (default 450,150,0.02,0.03), one for all or one per "
                        "player separated by / ; in the window, the pads listed by --bot-pads")
    g.add_argument("--bot-pads", default=None, metavar="LIST",
                   help="window only: pads played by bots, e.g. 2,3,4 (pad 1 is yours)")
    g.add_argument("--script", metavar="FILE", help="scripted presses: '<ms> <pad> [<hold_ms>]' per line")
    g.add_argument("--log", metavar="FILE", help="write the game log (RULES.md L) to FILE, or - for stdout")
    g.add_argument("--audio", metavar="FILE", help="write what the box said (its speaker) to an 8-bit WAV file")
    g.add_argument("--screenshots", metavar="DIR", help="a PNG of the window at every change of screen")
    g.add_argument("--storage", metavar="DIR",
                   help="the box's file system (settings, logs/game_N.jsonl) in DIR, kept between "
                        "runs (default: a fresh temporary folder)")
    g.add_argument("--power-cut", type=whole(1, 10 ** 9), default=None, metavar="N",
                   help="headless: cut the power once the N-th line of the game's log reaches flash, "
                        "start the box again and go on (issue 40)")
    g.add_argument("--max-minutes", type=number(0, 100000, lo_open=True), default=120.0,
                   help="headless: stop after this much virtual time (default 120)")
    g.add_argument("--scale", type=number(0.25, 4), default=1.0, help="window size factor")
    g.add_argument("--lang", choices=("fr", "en"), default=None,
                   help="the box's language, as chosen in its Settings menu (default: its setting, French)")
    g = p.add_argument_group("replay")
    g.add_argument("--replay", metavar="FILE", help="replay a game log recorded by the box or the simulator")
    g.add_argument("--speed", type=number(0, 64, lo_open=True), default=None,
                   help="replay at X times the recorded speed (default: step by step in the window)")
    return p


class Config:
    """Everything a run needs, checked."""

    def __init__(self, ns):
        for flag, what in (("log", "a file, or - for stdout"), ("audio", "a file"), ("screenshots", "a folder"),
                           ("storage", "a folder"), ("script", "a file"), ("replay", "a file")):
            if getattr(ns, flag) == "":
                raise UsageError("--%s names %s: it got an empty name" % (flag, what))
        if ns.rules == []:
            raise UsageError("--rules takes at least one slap rule, e.g. match,double,sandwich,ten")
        self.board = ns.board
        self.headless = ns.headless
        self.game = ns.game or "bataille"
        self.seed = ns.seed
        self.log = ns.log
        self.script = ns.script
        self.screenshots = ns.screenshots
        self.audio = ns.audio
        self.replay = ns.replay
        self.speed = ns.speed
        self.scale = ns.scale
        self.lang = ns.lang
        self.storage = ns.storage
        self.max_us = int(ns.max_minutes * 60 * 1000000)
        self.power_cut = ns.power_cut
        self.bots = parse_bot_list(ns.bots) if ns.bots is not None else None
        self.bot_pads = None
        if ns.bot_pads is not None:
            if self.headless:
                raise UsageError("--bot-pads is for the window (headless, bots play every pad)")
            try:
                self.bot_pads = [int(x) - 1 for x in ns.bot_pads.split(",") if x.strip()]
            except ValueError:
                self.bot_pads = []
            if not self.bot_pads or min(self.bot_pads) < 0 or max(self.bot_pads) >= 8:
                raise UsageError("--bot-pads takes pad numbers from 1 to 8 separated by commas, "
                                 "e.g. 2,3 (got %r)" % ns.bot_pads)
        if isinstance(self.bots, list):
            want = len(self.bot_pads) if self.bot_pads is not None else ns.players
            if want != len(self.bots):
                raise UsageError("--bots: %d specs separated by '/' for %s: give one per player "
                                 "(or one for all)" % (len(self.bots), "%d bot pads" % want
                                                       if self.bot_pads is not None else
                                                       "%s players (--players)" % want))
        self.options = {}
        if ns.players is not None:
            self.options["players"] = ns.players
        for dest in sorted(GAME_FLAGS):
            v = getattr(ns, dest)
            if v is None:
                continue
            name, games = GAME_FLAGS[dest]
            if self.game not in games:
                raise UsageError("--%s is an option of %s, not of %s (pick the game with --game)"
                                 % (dest.replace("_", "-"), " and ".join(games), self.game))
            self.options[name] = v
        if self.replay and (ns.game or self.options or self.script):
            raise UsageError("--replay takes the game, its options and the presses from the log: "
                             "drop --game, the game options and --script")
        if self.speed is not None and self.speed <= 0:
            raise UsageError("--speed must be more than 0")
        if self.headless and not self.replay and self.bots is None and not self.script:
            # a headless game needs someone to press the pads
            self.bots = Bots()
        if self.power_cut is not None and (not self.headless or self.replay or self.script or self.bots is None):
            raise UsageError("--power-cut plays a headless game of bots (--headless, no --script, no --replay)")


def parse(argv):
    """argv (without the program name) -> Config; UsageError on a bad line.
    argparse's own errors exit with code 2 and its usage message."""
    ns = build_parser().parse_args(argv)
    return Config(ns)
