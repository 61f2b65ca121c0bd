# The engine of an unfinished game rebuilt from its log on the board's heap
# (app.resume): the log is read one line at a time, never whole, and each
# line is checked against what the rules give, as games.bataille_replay and
# games.tape_replay check a log on a PC; but those hold every line at once
# (1,000 lines of Tape-treize are some 200 KB of entries: more than the
# Pico's heap), so the box feeds its engine as it reads.
#
#   lines(f)             the entries of the log file f, one at a time:
#                        (lineno, t, ev, fields); a last line cut short (the
#                        power went while it was written) never happened;
#                        L `resumed` lines are left out.  LogError names a
#                        damaged line
#   engine(f) -> (g, n, last_t)   the engine as the log leaves it (its lines
#                        past the log's last in g.log.lines), the number of
#                        entries, the last one's time.  None for g when the
#                        log holds only its start line
#
# The engine's generator deals, as the box's did when the game was played:
# a log whose deal differs is refused at its deal line.  Tape-treize's
# presses go in at their times, and the timers between run up to the time
# of the line the engine must give next, or up to the next press when it
# comes within the same millisecond (the only one that can come before that
# bound): so the lines read ahead are those of one millisecond.
from core import log as _log
from core.log import LogError


def lines(f):
    n = 0
    last = 0
    while True:
        s = f.readline()
        if not s:
            return
        n += 1
        if s[-1:] != "\n":
            return      # cut short: it never happened
        s = s.strip()
        if not s:
            continue
        t, ev, d = _log.parse_line(s, n)
        if t < last:
            raise LogError(n, "time goes backwards (%d ms after %d ms)" % (t, last))
        if n == 1 and ev != "start":
            raise LogError(n, "a log must begin with a start event")
        last = t
        if ev != "resumed":
            yield n, t, ev, d


def _want(lineno, t, ev, d, got):
    try:
        want = _log.line(t, ev, [d.get(k) for k in _log.FIELDS[ev]])
    except ValueError as e:
        raise LogError(lineno, "%s; the rules give %s here" % (e, got))
    if want != got:
        raise LogError(lineno, "the rules give %s here, the log has %s" % (got, want))


def engine(f):
    it = lines(f)
    first = None
    for first in it:
        break
    if first is None:
        raise LogError(1, "an empty log")
    d = first[3]
    game = d["game"]
    opts = d["options"]
    if game not in _log.GAMES or not isinstance(opts, dict):
        raise LogError(1, "not a game's start line")
    log = _log.Log()
    g = _new(game, opts, d["seed"], log)
    g.start(0)
    out = log.lines
    _want(1, first[1], "start", d, out[0])
    pos = 1
    n = 1
    last_t = first[1]
    tape = game == "tape"
    group = []      # type: list  # (Tape-treize) the entries of one millisecond
    e = None
    for e in it:
        if tape and group and e[1] != group[0][1]:
            pos = _tape_ms(g, group, out, pos)
            group = []
        n += 1
        last_t = e[1]
        if tape:
            group.append(e)
            continue
        if pos >= len(out):
            del out[:]
            pos = 0
            if g.done:
                raise LogError(e[0], "the game is over (%s) but the log goes on" % (g.reason,))
            g.step(e[1])
            if not out:
                raise LogError(e[0], "the rules give no event here")
        _want(e[0], e[1], e[2], e[3], out[pos])
        pos += 1
    if group:
        pos = _tape_ms(g, group, out, pos)
    del out[:pos]
    return (g if n > 1 else None), n, last_t


def _new(game, opts, seed, log):
    """The game's engine, its generator seeded as the box's was."""
    if game == "tape":
        from games.tape import Tape
        return Tape(opts, seed, log)
    from games.bataille import Bataille
    return Bataille(opts, seed, log, game)


def _tape_ms(g, group, out, pos):
    """The entries of one millisecond through the Tape-treize engine."""
    turns = g.turns_mode
    for i in range(len(group)):
        lineno, t, ev, d = group[i]
        if pos >= len(out):
            if g.done:
                raise LogError(lineno, "the match is over (%s) but the log goes on" % (g.reason,))
            if ev == "slap":
                g.press_us(d["p"], d["t_us"])
            elif turns and ev == "count":
                g.press_us(d["p"], t * 1000 + 999)
            else:
                bound = t * 1000 + 999
                for j in range(i, len(group)):      # a press to come within this ms
                    if group[j][2] == "slap":
                        bound = min(bound, group[j][3]["t_us"])
                        break
                    if turns and group[j][2] == "count":
                        break
                g.advance_us(bound)
            if pos >= len(out):
                raise LogError(lineno, "the rules give no event here")
        _want(lineno, t, ev, d, out[pos])
        pos += 1
        if pos > 32:
            del out[:pos]
            pos = 0
    return pos
