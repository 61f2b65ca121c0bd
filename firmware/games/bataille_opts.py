# Bataille's and Bata-waf's options checked (games.bataille_rules.normalize):
# once a game, as it is made: loaded for the deal and let go after
# (app.play.Play.begin): its code and its messages were ~1 KB of the board's heap
# through the whole game on the `.mpy` route, core.options's with them
# (issue 41).
from core import options as _opt
from core.compat import const
from games.bataille_rules import GAMES, LENGTH_NAMES, MAX_DUELS

_MAX_MINUTES = const(600)


def _length(opts):
    """B6/W5 length: 'all', a number of duels, or '<n>min' (normalized)."""
    v = opts.get("length", "all")
    if isinstance(v, str) and v in LENGTH_NAMES:
        return LENGTH_NAMES[v]
    if v == "all":
        return v
    if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= MAX_DUELS:
        return v
    if isinstance(v, str) and v.endswith("min"):
        digits = v[:-3]
        if digits.isdigit() and 1 <= int(digits) <= _MAX_MINUTES:
            return str(int(digits)) + "min"
    raise ValueError("option 'length' must be 'all', 'court' (80 duels), 'moyen' "
                     "(200 duels), a number of duels from 1 to %d, or '<n>min' with "
                     "n from 1 to %d (got %r)" % (MAX_DUELS, _MAX_MINUTES, v))


def bataille(options, game):
    """The full options dict in force for `game`, checked (ValueError naming
    the option and its allowed values otherwise)."""
    if game not in GAMES:
        raise ValueError("game must be one of 'bataille', 'batawaf' (got %r)" % (game,))
    opts = options or {}
    if not isinstance(opts, dict):
        raise ValueError("options must be a dict of option names to values")
    out = {}
    if game == "bataille":
        _opt.unknown(opts, ("players", "ace", "down", "pickup", "length", "short", "addition",
                            "box", "level"))
        out["ace"] = _opt.choice(opts, "ace", ("high", "low"), "high")
        out["down"] = _opt.choice(opts, "down", (3, 1), 3)
        out["pickup"] = _opt.choice(opts, "pickup", ("shuffled", "ordered"), "shuffled")
        out["addition"] = _opt.flag(opts, "addition", False)
    else:
        # W3: one card down; W4: the pickup is always shuffled.  Both are
        # accepted at their only value so a generic menu may pass them.
        _opt.unknown(opts, ("players", "down", "pickup", "length", "short", "box", "level"))
        out["down"] = _opt.choice(opts, "down", (1,), 1)
        out["pickup"] = _opt.choice(opts, "pickup", ("shuffled",), "shuffled")
    # B4 variant short (W4: Bata-waf too): play on with the cards left, or
    # lose at once when a battle begins and there are not K+1 of them.
    out["short"] = _opt.choice(opts, "short", ("play", "lose"), "play")
    out["players"] = _opt.number(opts, "players", 2, 4, 2)
    out["length"] = _length(opts)
    # P1, P6: the seats the box plays (the last ones) and its level
    _opt.box(opts, out)
    return out
