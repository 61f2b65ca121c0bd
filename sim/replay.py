"""Replaying a game log (RULES.md section L) recorded by the box or by the
simulator.

The checking is the engines' own: games.bataille_replay.replay and games.tape_replay.replay
re-run the rules from the log's start and deal lines, feed them the presses
found in the log and compare every line they emit with the log.  This module
reads the file, picks the engine, and turns the outcome into a verdict a
person can read:

    OK          the log replays to its end and the game is over   (exit 0)
    TRUNCATED   every line agrees but the game stops before its end (exit 3)
    REFUSED     a malformed or rule-breaking line: its number and why (exit 2)
    unreadable  a missing or unreadable file (exit 1)

A log cut in the middle of its last line (the box lost power while writing)
is TRUNCATED, not REFUSED: the lines before it are replayed.
"""
from core import cards as _cards
from core import log as _log

EXIT_OK = 0
EXIT_UNREADABLE = 1
EXIT_REFUSED = 2
EXIT_TRUNCATED = 3


class Verdict:
    def __init__(self, status, code, message, engine=None, entries=None, lines=None):
        self.status = status      # "OK", "TRUNCATED", "REFUSED", "UNREADABLE"
        self.code = code          # process exit code
        self.message = message    # one line
        self.engine = engine      # the engine at the end of the replay, if any
        self.entries = entries or []
        self.lines = lines or []

    def __repr__(self):
        return "Verdict(%s, %r)" % (self.status, self.message)


def read_text(path):
    """The log's text; OSError/UnicodeError become one-line messages."""
    with open(path, "rb") as f:
        data = f.read()
    return data.decode("utf-8")


def engine_replay(game):
    """The replay function of the engine that plays `game`."""
    if game == "tape":
        from games import tape_replay
        return tape_replay.replay
    from games import bataille_replay
    return bataille_replay.replay


def check_text(text, source="log"):
    """Replay the text of a log; a Verdict (never raises for a bad log)."""
    lines = text.splitlines()
    cut = None
    if lines and not text.endswith("\n"):
        # the last line was still being written: is it whole?
        try:
            _log.parse_line(lines[-1].strip(), len(lines))
        except _log.LogError:
            cut = len(lines)
            lines = lines[:-1]
    bad = _unhashable_event(lines)
    if bad is not None:
        return Verdict("REFUSED", EXIT_REFUSED, "%s line %d: 'ev' must be an event name" % (source, bad),
                       lines=lines)
    try:
        entries = read_games(lines)
    except _log.LogError as e:
        return Verdict("REFUSED", EXIT_REFUSED, "%s line %d: %s" % (source, e.lineno, e.reason), lines=lines)
    if not entries:
        return Verdict("REFUSED", EXIT_REFUSED, "%s: no event in this log (is it a game log?)" % source,
                       lines=lines)
    bad = type_problem(entries)
    if bad is not None:
        return Verdict("REFUSED", EXIT_REFUSED, "%s line %d: %s" % (source, bad[0], bad[1]),
                       entries=entries, lines=lines)
    games = split_games(entries)
    g = None
    game = None
    for i, part in enumerate(games):
        game = part[0][3].get("game")
        if game not in _log.GAMES:
            return Verdict("REFUSED", EXIT_REFUSED, "%s line %d: unknown game %r (expected %s)"
                           % (source, part[0][0], game, ", ".join(_log.GAMES)), entries=entries, lines=lines)
        try:
            g = engine_replay(game)(part)
        except _log.LogError as e:
            return Verdict("REFUSED", EXIT_REFUSED, "%s line %d: %s" % (source, e.lineno, e.reason),
                           entries=entries, lines=lines)
        except (ValueError, KeyError, TypeError, IndexError) as e:
            # a field of the right name and type but a value the engine
            # chokes on
            return Verdict("REFUSED", EXIT_REFUSED, "%s: not a log the rules can replay (%s: %s), "
                           "between lines %d and %d" % (source, type(e).__name__, e, part[0][0], part[-1][0]),
                           entries=entries, lines=lines)
        if i + 1 < len(games) and (not getattr(g, "done", False) or getattr(g, "truncated", False)):
            return Verdict("REFUSED", EXIT_REFUSED, "%s line %d: a new game starts before the game of line "
                           "%d is over" % (source, games[i + 1][0][0], part[0][0]), entries=entries, lines=lines)
    summary = describe(g, game)
    if len(games) > 1:
        summary = "%d games; the last: %s" % (len(games), summary)
    if cut is not None:
        return Verdict("TRUNCATED", EXIT_TRUNCATED, "%s: line %d is cut short (the box stopped while "
                       "writing it); lines 1-%d replay: %s" % (source, cut, cut - 1, summary),
                       g, entries, lines)
    if not getattr(g, "done", False) or getattr(g, "truncated", False):
        return Verdict("TRUNCATED", EXIT_TRUNCATED, "%s: all %d lines agree with the rules, but the game "
                       "stops before its end: %s" % (source, len(entries), summary), g, entries, lines)
    return Verdict("OK", EXIT_OK, "%s: all %d lines agree with the rules; %s" % (source, len(entries), summary),
                   g, entries, lines)


def read_games(lines):
    """core.log.read, game by game: a file of several games has its clock
    back at 0 at each start line, which one read would call time going
    backwards.  Line numbers are those of the file."""
    starts = []
    for n, s in enumerate(lines):
        if '"start"' in s:
            try:
                if _log.parse_line(s.strip(), n + 1)[1] == "start":
                    starts.append(n)
            except _log.LogError:
                pass
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    out = []
    for i, a in enumerate(starts):
        b = starts[i + 1] if i + 1 < len(starts) else len(lines)
        try:
            part = _log.read(lines[a:b])
        except _log.LogError as e:
            raise _log.LogError(e.lineno + a, e.reason)
        out += [(ln + a, t, ev, d) for ln, t, ev, d in part]
    return out


def split_games(entries):
    """A log file may hold several games one after the other (a session
    in the window, --log of several games): one list of entries per game,
    each beginning with its start line."""
    games = []
    for e in entries:
        if e[2] == "start" or not games:
            games.append([])
        games[-1].append(e)
    return games


def _unhashable_event(lines):
    """The number of the first line whose "ev" is a list or an object:
    core.log.read would fail on it with a TypeError instead of a LogError
    (reported to the lead); None if there is none."""
    import json
    for n, s in enumerate(lines, 1):
        if '"ev"' not in s:
            continue
        try:
            d = json.loads(s)
        except Exception:   # not JSON, or too deep: core.log names the line
            continue
        if isinstance(d, dict) and isinstance(d.get("ev"), (list, dict)):
            return n
    return None


_INTS = ("p", "n", "t_us", "taker", "dealer", "players", "seed")
_LISTS = ("ps", "order", "cards", "hands", "winners", "points")


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def type_problem(entries):
    """(lineno, reason) for the first field whose JSON type is wrong (a
    number where a list goes, a float...), so that the line is named even
    when an engine would only trip over it later; None if all are right."""
    for lineno, t, ev, d in entries:
        for k, v in d.items():
            if k in ("t", "ev"):
                continue
            if k in _INTS and not (_is_int(v) or (v is None and k == "taker")):
                return lineno, "%r of %s must be a whole number, not %r" % (k, ev, v)
            if k in _LISTS and not (isinstance(v, list) or (v is None and k == "points")):
                return lineno, "%r of %s must be a list, not %r" % (k, ev, v)
            if k == "up" and not isinstance(v, bool):
                return lineno, "'up' of flip must be true or false, not %r" % (v,)
            if k in ("card", "rule", "reason", "game") and not isinstance(v, str):
                return lineno, "%r of %s must be a name, not %r" % (k, ev, v)
            if k == "options" and not isinstance(v, dict):
                return lineno, "'options' must be a JSON object, not %r" % (v,)
    return None


def check_file(path):
    try:
        text = read_text(path)
    except FileNotFoundError:
        return Verdict("UNREADABLE", EXIT_UNREADABLE, "%s: no such file" % path)
    except IsADirectoryError:
        return Verdict("UNREADABLE", EXIT_UNREADABLE, "%s is a directory, not a log file" % path)
    except OSError as e:
        return Verdict("UNREADABLE", EXIT_UNREADABLE, "%s: cannot read it (%s)" % (path, e.strerror or e))
    except UnicodeError:
        return Verdict("UNREADABLE", EXIT_UNREADABLE, "%s is not a text log (not UTF-8)" % path)
    return check_text(text, path)


def _players(n):
    return ", ".join(["P%d" % (p + 1) for p in n])


def describe(g, game):
    """One line on the state of the engine g."""
    parts = []
    counts = None
    try:
        counts = list(g.counts())
    except Exception:
        pass
    if getattr(g, "done", False):
        winners = list(getattr(g, "winners", []) or [])
        reason = getattr(g, "reason", None)
        if winners:
            parts.append("%s %s (%s)" % (_players(winners), "wins" if len(winners) == 1 else "share the win",
                                         reason))
        else:
            parts.append("no winner (%s)" % reason)
    else:
        parts.append("game in progress")
    if counts is not None:
        parts.append("cards " + " ".join(["P%d:%d" % (p + 1, c) for p, c in enumerate(counts)]))
    points = getattr(g, "points", None)
    if game == "tape" and points is not None:
        try:
            parts.append("points " + " ".join(["P%d:%d" % (p + 1, c) for p, c in enumerate(points)]))
        except TypeError:
            pass
    hs = (getattr(g, "options", None) or {}).get("head_start") if game == "tape" else None
    if hs is not None and hs != "off":
        # S7: the head starts in force at the end (auto: the last ones it set)
        now = list(getattr(g, "head_ms", []))
        given = " ".join(["P%d:%d" % (p + 1, ms) for p, ms in enumerate(now) if ms]) or "none"
        parts.append("head starts %s%s ms" % ("auto, now " if hs == "auto" else "", given))
    return "; ".join(parts)


def final_state(g):
    """A dict of the engine's final state, to compare two runs."""
    out = {"done": bool(getattr(g, "done", False)),
           "winners": list(getattr(g, "winners", []) or []),
           "reason": getattr(g, "reason", None)}
    try:
        out["counts"] = list(g.counts())
    except Exception:
        pass
    pts = getattr(g, "points", None)
    if pts is not None and not callable(pts):
        out["points"] = list(pts)
    return out


def final_text(st):
    """final_state() as a person reads it: players P1..P8, as on the box
    (the log numbers them from 0, as RULES.md L defines it)."""
    parts = ["over" if st["done"] else "not over"]
    if st["winners"]:
        parts.append("winners " + _players(st["winners"]))
    elif st["done"]:
        parts.append("no winner")
    if st["reason"] is not None:
        parts.append("reason " + str(st["reason"]))
    for key, name in (("counts", "cards"), ("points", "points")):
        if key in st:
            parts.append(name + " " + " ".join(["P%d:%s" % (p + 1, c) for p, c in enumerate(st[key])]))
    return "; ".join(parts)


def card_names(cards):
    return " ".join([_cards.name(c) if isinstance(c, int) else str(c) for c in cards])
