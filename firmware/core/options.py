# Checking game options: a wrong option is refused with a message that names
# the option and the allowed values (a parent reads it on the screen or REPL).


def choice(opts, key, values, default):
    """opts[key] (or default) if it is one of `values`, else ValueError."""
    v = opts.get(key, default)
    if v not in values:
        raise ValueError("option %r must be one of %s (got %r)"
                         % (key, ", ".join([repr(a) for a in values]), v))
    return v


def number(opts, key, lo, hi, default):
    """A whole number opts[key] (or default) within lo..hi, else ValueError."""
    v = opts.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or v > hi:
        raise ValueError("option %r must be a whole number from %d to %d (got %r)"
                         % (key, lo, hi, v))
    return v


def flag(opts, key, default):
    v = opts.get(key, default)
    if v is not True and v is not False:
        raise ValueError("option %r must be true or false (got %r)" % (key, v))
    return v


def unknown(opts, names):
    """Refuse option names a game does not have (a typo must not be ignored)."""
    for k in opts:
        if k not in names:
            raise ValueError("unknown option %r (known: %s)" % (k, ", ".join(sorted(names))))


def as_logged_before(entries, before):
    """A log's entries with the start line's options completed by `before`
    ({name: value it had before the option existed}) for each name the line
    lacks: a log written by an older box (say before Tape-treize's `length`
    or B4's `short`) still replays as the game it was, and its start line
    then compares equal to the engine's.  The list is copied only when a
    name was missing."""
    lineno, t, ev, d = entries[0]
    opts = d.get("options")
    if not isinstance(opts, dict):
        return entries
    missing = [k for k in before if k not in opts]
    if not missing:
        return entries
    opts = dict(opts)
    for k in missing:
        opts[k] = before[k]
    d = dict(d)
    d["options"] = opts
    return [(lineno, t, ev, d)] + list(entries[1:])


# P1, P6: the seats the box plays, and how well it plays them (P5).
def box(opts, out):
    """out["box"]: the seats the box plays, the last ones (people first, in
    pad order), at least one seat left to a person, [] when none (players
    in out already); out["level"]: 1 (a young child's pace) to 3 (an
    adult's), default 1."""
    players = out["players"]
    v = opts.get("box", [])
    ok = False
    if isinstance(v, (list, tuple)):
        k = len(v)
        ok = k < players
        for i in range(k):
            s = v[i]
            if not isinstance(s, int) or isinstance(s, bool) or s != players - k + i:
                ok = False
    if not ok:
        raise ValueError("option 'box' must list the last seats, people first and at least "
                         "one person (P1), e.g. [%d] for %d players (got %r)"
                         % (players - 1, players, v))
    out["box"] = list(v)
    out["level"] = number(opts, "level", 1, 3, 1)
