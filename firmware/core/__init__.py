# Core primitives shared by every game (RULES.md section C and L).
# Pure code: no hardware, no clock, runs on CPython and MicroPython alike.
#
# L: the game log's events, the fields of each in the order they are
# written (FIELDS; OPTIONAL: written only when not None), the games a start
# line may name, and LogError.  Here, below both the writer (core.log, which
# the box keeps) and the reader (core.logread, loaded only to read a log
# back), so neither reaches into the other for them; and the package is
# loaded with either, so they cost no module of their own.

FIELDS = {
    "start": ("game", "players", "seed", "options"),
    "deal": ("dealer", "hands"),
    "flip": ("p", "card", "up"),
    "battle": ("ps",),
    "count": ("p", "n"),
    "slap": ("p", "t_us"),
    "verdict": ("rule", "order", "taker"),
    "take": ("p", "cards"),
    "out": ("p",),
    "round": ("n", "points", "cards"),
    "head_start": ("ms",),
    "end": ("winners", "reason", "cards", "points"),
}
# Fields that may be left out (written only when not None).
OPTIONAL = {"end": ("points",)}

GAMES = ("bataille", "batawaf", "tape")


class LogError(ValueError):
    """A malformed log line; `lineno` counts from 1."""

    def __init__(self, lineno, reason):
        super().__init__("line %d: %s" % (lineno, reason))
        self.lineno = lineno
        self.reason = reason




def normalize(module, fn, *args):
    """fn(*args) of `module`: a game's options checked (once a game, as it
    is made: games.options).  On MicroPython every module the call loaded
    (that one, core.options, ...) is let go after, as app.join's
    forget_since does for a phase: their code and messages leave the heap
    at the next collection instead of staying for the whole game (on the
    `.mpy` route the bytecode is in the heap, issue 41); one needed later is
    loaded again then.  CPython keeps every module.  (Named as the games'
    own normalize: no name more in the board's pools.)"""
    import sys
    lean = sys.implementation.name == "micropython"
    before = tuple(sys.modules) if lean else ()
    try:
        return getattr(__import__(module, None, None, (fn,)), fn)(*args)
    finally:
        for k in [k for k in sys.modules if k not in before] if lean else ():
            sys.modules.pop(k)
            i = k.rfind(".")
            pkg = sys.modules.get(k[:i]) if i > 0 else None
            if pkg is not None and hasattr(pkg, k[i + 1:]):
                delattr(pkg, k[i + 1:])
