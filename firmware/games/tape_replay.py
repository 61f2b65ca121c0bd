# Replaying a Tape-treize log (RULES.md L): rebuild the engine from the
# start line and the deals of the log, feed it the presses at their times,
# and compare every line it emits with the log's next one.  The first
# difference raises core.log.LogError naming the line.  Loaded only when a
# log is replayed (the box never does).
from core import log as _log
from core import options as _opt
from games.tape import Tape


def replay(entries):
    """Re-run a log (the list of core.log.read) and check it line by line.

    The engine is rebuilt from the start line and the deals of the log; the
    presses (slap lines, and in turns mode the turn presses of the count
    lines) are fed at their times; every line the engine emits must equal the
    log's next line.  Returns the engine at the end of the log
    (`engine.truncated` is True when the log stops before the match ends);
    the first difference raises core.log.LogError naming its line."""
    LogError = _log.LogError
    if not entries or entries[0][2] != "start":
        raise LogError(entries[0][0] if entries else 1, "a log must begin with a start event")
    # The match length (T12's time limit) came later: older logs had none.
    entries = _opt.as_logged_before(entries, {"length": "all", "box": [],
                                              "level": 1})
    # L `resumed`: the match went on after a cut as the lines before left it
    entries = [e for e in entries if e[2] != "resumed"]
    lineno, t0, ev, d = entries[0]
    if d["game"] != "tape":
        raise LogError(lineno, "this is a %r log, not Tape-treize" % (d["game"],))
    opts = d["options"]
    if not isinstance(opts, dict):
        raise LogError(lineno, "options must be a JSON object")
    if opts.get("players") != d["players"]:
        raise LogError(lineno, "players (%r) and options.players (%r) differ"
                       % (d["players"], opts.get("players")))
    seed = d["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise LogError(lineno, "the seed must be a whole number, 0 or more")
    deals = [e for e in entries if e[2] == "deal"]
    if len(entries) < 2 or entries[1][2] != "deal":
        raise LogError(entries[1][0] if len(entries) > 1 else lineno,
                       "the start line must be followed by the deal")
    try:
        g = Tape(opts, seed, _log.Log(), deals[0][3]["hands"])
    except ValueError as e:
        raise LogError(lineno if "deal" not in str(e) else entries[1][0], str(e))

    def source(rnd):
        if rnd - 1 < len(deals):
            return deals[rnd - 1][3]["hands"]
        return None
    g.deal_source = source
    turns = g.turns_mode
    # The time of each input line, to bound how far timers may run before a
    # line the engine has not emitted yet.
    # (None, or the log's p and time: JSON values, checked where they are used)
    nxt = [None] * (len(entries) + 1)  # type: list
    for i in range(len(entries) - 1, -1, -1):
        row = entries[i]    # (not `e`: that name is the except clauses')
        nxt[i] = nxt[i + 1]
        if row[2] == "slap":
            nxt[i] = row[3]["p"], row[3]["t_us"]
        elif turns and row[2] == "count":
            nxt[i] = row[3]["p"], row[1] * 1000 + 999
        elif row[2] == "end" and row[3].get("reason") == "stopped":
            nxt[i] = -1, row[1] * 1000 + 999     # the menu stopped the match
    try:
        g.start(0)
    except ValueError as e:
        raise LogError(entries[1][0], str(e))
    out = g.log.lines
    pos = 0
    for i in range(len(entries)):
        lineno, t, ev, d = entries[i]
        if pos >= len(out):
            if g.done:
                raise LogError(lineno, "the match is over (%s) but the log goes on" % (g.reason,))
            inp = ev == "slap" or (turns and ev == "count")
            try:
                if ev == "end" and d.get("reason") == "stopped":
                    g.stop(g.clock.at(t))
                elif inp:
                    p, u = nxt[i]
                    if not isinstance(p, int) or not isinstance(u, int) or u < 0:
                        raise LogError(lineno, "p and t_us must be whole numbers")
                    g.press_us(p, u)
                else:
                    bound = t * 1000 + 999
                    if nxt[i] is not None and nxt[i][1] < bound:
                        bound = nxt[i][1]
                    g.advance_us(bound)
            except LogError:
                raise
            except ValueError as e:  # e.g. a later deal that is not one deck
                raise LogError(lineno, str(e))
            if pos >= len(out):
                raise LogError(lineno, "the rules give no event here, the log has %s"
                               % (_want(t, ev, d),))
        want = _want(t, ev, d)
        got = out[pos]
        if got != want:
            raise LogError(lineno, "the rules give %s here, the log has %s" % (got, want))
        pos += 1
        if pos > 256:
            # Keep memory flat on long logs: drop the lines already checked.
            del out[:pos]
            pos = 0
    g.truncated = not g.done
    return g


def _want(t, ev, d):
    return _log.line(t, ev, [d.get(k) for k in _log.FIELDS[ev]])
