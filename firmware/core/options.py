# Checking game options: a wrong option is refused with a message that names
# the option and the allowed values (a parent reads it on the screen or REPL).


def choice(opts, key, allowed, default):
    """opts[key] (or default) if it is one of `allowed`, else ValueError."""
    v = opts.get(key, default)
    if v not in allowed:
        raise ValueError("option %r must be one of %s (got %r)"
                         % (key, ", ".join([repr(a) for a in allowed]), v))
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


def unknown(opts, known):
    """Refuse option names a game does not have (a typo must not be ignored)."""
    for k in opts:
        if k not in known:
            raise ValueError("unknown option %r (known: %s)" % (k, ", ".join(sorted(known))))
