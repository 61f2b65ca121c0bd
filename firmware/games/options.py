# Tape-treize's options checked (games.tape_rules.normalize; Bataille's:
# games.bataille_opts): once a game, as it is made, so loaded for it and let
# go after (app.play.Play.begin): its code and messages were ~1.3 KB of the
# board's heap through the whole game on the `.mpy` route, core.options's
# with them (issue 41).  Named as the option dict its caller already names:
# two names more in the board's pools, not three (the game with the most
# names gets it; one module for both games put Bataille's ten option words
# in a Tape-treize game's pools).
from core import options as _opt
from games.tape_rules import RULES, DEFAULT_RULES, MAX_PLAYERS



def tape(options):
    """The full options dict in force (ValueError naming the option and its
    allowed values otherwise)."""
    opts = options or {}
    if not isinstance(opts, dict):
        raise ValueError("options must be a dict of option names to values")
    # the options a Tape-treize game takes (written here, not as a module
    # name: each is an interned name on the board, issue 41)
    _opt.unknown(opts, ("players", "mode", "tempo", "slap_timeout", "false_window", "settle",
                        "rules", "hidden_count", "target", "rounds", "length", "box", "level",
                        "head_start"))
    out = {}
    out["players"] = _opt.number(opts, "players", 2, MAX_PLAYERS, 4)
    out["mode"] = _opt.choice(opts, "mode", ("tempo", "turns"), "tempo")
    out["tempo"] = _opt.number(opts, "tempo", 500, 4000, 1500)
    out["slap_timeout"] = _opt.number(opts, "slap_timeout", 300, 10000, 2000)
    out["false_window"] = _opt.number(opts, "false_window", 0, 2000, 300)
    out["settle"] = _opt.number(opts, "settle", 0, 5000, 1000)
    rules = opts.get("rules", DEFAULT_RULES)
    if not isinstance(rules, (list, tuple)):
        raise ValueError("option 'rules' must be a list of rule names from %s (got %r)"
                         % (", ".join(RULES), rules))
    for r in rules:
        if r not in RULES:
            raise ValueError("option 'rules': %r is not a rule; allowed: %s"
                             % (r, ", ".join(RULES)))
    out["rules"] = [r for r in RULES if r in rules]
    if len(out["rules"]) != len(rules):
        raise ValueError("option 'rules' names a rule twice (%r)" % (rules,))
    out["hidden_count"] = _opt.flag(opts, "hidden_count", False)
    target = opts.get("target")
    rounds = opts.get("rounds")
    if target is not None and rounds is not None:
        raise ValueError("options 'target' and 'rounds': give one or the other, not both")
    if rounds is not None:
        out["rounds"] = _opt.number(opts, "rounds", 1, 99, 1)
        out["target"] = None
    else:
        out["target"] = _opt.number(opts, "target", 1, 99, 3)
        out["rounds"] = None
    v = opts.get("length", "30min")
    if v != "all":
        if not (isinstance(v, str) and v[-3:] == "min" and v[:-3].isdigit()
                and 0 < int(v[:-3]) <= 600):
            raise ValueError("option 'length': 'all' or '<n>min', n 1..600 (got %r)" % (v,))
        v = str(int(v[:-3])) + "min"
    out["length"] = v
    # P1, P6: the seats the box plays (the last ones) and its level (P5)
    _opt.box(opts, out)
    if opts.get("head_start", "off") == "off":
        out["head_start"] = "off"   # S7 off: games.tape_head stays unloaded (games.tape)
    else:
        from games import tape_head
        tape_head.option(opts, out)     # S7, after the box's seats (they get none)
    return out
