# Replaying a Bataille / Bata-waf log (RULES.md L): rebuild the engine from
# the start and deal lines, step it at the time of each next line, and
# compare every line it emits with the log.  The first difference raises
# core.log.LogError naming the line and what the rules give there.
from core import log as _log
from core import options as _opt
from games.bataille import Bataille, GAMES


def replay(entries):
    """Re-run a log (the list of core.log.read) and check it line by line.

    Returns the engine at the end of the log; `engine.truncated` is True when
    the log stops before the game's last line (the engine may still know the
    game is over: `done`).  The first line that differs from what
    the rules give raises core.log.LogError naming it."""
    if not entries or entries[0][2] != "start":
        raise _log.LogError(entries[0][0] if entries else 1, "a log must begin with a start event")
    # B4's `short` came later, and P6's `box` and `level`: older logs played
    # their defaults (no box seat).
    entries = _opt.as_logged_before(entries, {"short": "play", "box": [],
                                              "level": 1})
    # L `resumed`: the game went on after a cut as the lines before left it
    entries = [e for e in entries if e[2] != "resumed"]
    lineno, t0, ev, d = entries[0]
    if d["game"] not in GAMES:
        raise _log.LogError(lineno, "this is a %r log, not Bataille or Bata-waf" % (d["game"],))
    if len(entries) < 2 or entries[1][2] != "deal":
        raise _log.LogError(entries[1][0] if len(entries) > 1 else lineno,
                            "the start line must be followed by the deal")
    hands = entries[1][3]["hands"]
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        raise _log.LogError(entries[1][0], "hands must be a list of lists of card names")
    opts = d["options"]
    if not isinstance(opts, dict):
        raise _log.LogError(lineno, "options must be a JSON object")
    try:
        g = Bataille(opts, d["seed"], _log.Log(), d["game"], hands)
    except (ValueError, TypeError) as e:
        raise _log.LogError(lineno if "deal" not in str(e) else entries[1][0], str(e))
    g.start(t0)
    pos = _compare(g, entries, 0)
    while not g.done and pos < len(entries):
        lineno, t, ev, d = entries[pos]
        if ev == "end" and d.get("reason") == "stopped":
            g.stop(t)       # ended from the menu between two steps (L)
        else:
            g.step(t)
        pos = _compare(g, entries, pos)
    if pos < len(entries):
        lineno = entries[pos][0]
        raise _log.LogError(lineno, "the game is over (%s) but the log goes on" % (g.reason,))
    g.truncated = g.truncated or not g.done
    return g


def _compare(g, entries, pos):
    """Match the lines the engine emitted with the log from entries[pos];
    returns the next position.  Running out of log is a truncation."""
    lines = g.log.lines
    for i in range(len(lines)):
        got = lines[i]
        if pos >= len(entries):
            g.truncated = True   # the log stops inside this step: the step's
            g.log.lines = lines[i:]     # other lines stay (a resume writes them: app.resume_feed)
            return pos
        lineno, t, ev, d = entries[pos]
        values = [d.get(k) for k in _log.FIELDS[ev]]
        try:
            want = _log.line(t, ev, values)
        except ValueError as e:
            raise _log.LogError(lineno, "%s; the rules give %s here" % (e, got))
        if want != got:
            raise _log.LogError(lineno, "the rules give %s here, the log has %s" % (got, want))
        pos += 1
    g.log.lines = []
    return pos
