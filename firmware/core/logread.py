# L: reading a game log back (replay, the simulator, tests): each line
# checked, field by field, so that a damaged log is refused with its line
# number before any game logic sees it.  Apart from core.log so that the box,
# which only writes logs, does not keep the reader in its heap; use it
# through core.log.read / core.log.parse_line.
import json
from core import FIELDS, OPTIONAL, LogError

# The JSON type of each field, checked by the reader so that a damaged log is
# refused with its line number before any game logic sees it:
# i whole number, s text, b true/false, d object, li list of whole numbers,
# ls list of texts, lls list of lists of texts, I whole number or null.
TYPES = {
    "game": "s", "players": "i", "seed": "i", "options": "d", "dealer": "i",
    "hands": "lls", "p": "i", "card": "s", "up": "b", "ps": "li", "n": "i",
    "t_us": "i", "rule": "s", "order": "li", "taker": "I", "out": "i",
    "points": "li", "winners": "li", "reason": "s", "ms": "li", "cut": "s",
}
# L `resumed` (a game gone on after a cut): in the table here rather than in
# core's, loaded at every boot, where its two names would be interned on the
# board for ever; the one writer of it, app.resume, reads the log first.
FIELDS["resumed"] = ("cut",)
# "cards" is names in a take, counts in round and end.
CARDS_TYPE = {"take": "ls", "round": "li", "end": "li"}


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _type_ok(v, kind):
    if kind == "i":
        return _is_int(v)
    if kind == "I":
        return v is None or _is_int(v)
    if kind == "s":
        return isinstance(v, str)
    if kind == "b":
        return v is True or v is False
    if kind == "d":
        return isinstance(v, dict)
    if not isinstance(v, list):
        return False
    if kind == "li":
        for x in v:
            if not _is_int(x):
                return False
        return True
    if kind == "ls":
        for x in v:
            if not isinstance(x, str):
                return False
        return True
    if kind == "lls":
        for x in v:
            if not _type_ok(x, "ls"):
                return False
        return True
    return False


_KIND_TEXT = {"i": "a whole number", "I": "a whole number or null", "s": "a text",
              "b": "true or false", "d": "an object", "li": "a list of whole numbers",
              "ls": "a list of texts", "lls": "a list of lists of texts"}


def parse_line(text, lineno=1):
    """One line to (t, ev, fields dict); LogError naming the line otherwise."""
    try:
        d = json.loads(text)
    except Exception as e:   # deep nesting: RecursionError / MemoryError
        raise LogError(lineno, "not valid JSON" if isinstance(e, ValueError)
                       else "not readable JSON (%s)" % type(e).__name__)
    if not isinstance(d, dict):
        raise LogError(lineno, "not a JSON object")
    t = d.get("t")
    ev = d.get("ev")
    if not isinstance(t, int) or isinstance(t, bool) or t < 0:
        raise LogError(lineno, "'t' must be a whole number of ms, 0 or more")
    if not isinstance(ev, str) or ev not in FIELDS:
        raise LogError(lineno, "unknown event %r" % (ev,))
    opt = OPTIONAL.get(ev, ())
    for k in FIELDS[ev]:
        if k not in d and k not in opt:
            raise LogError(lineno, "event %s lacks field %r" % (ev, k))
    for k in d:
        if k == "t" or k == "ev":
            continue
        if k not in FIELDS[ev]:
            raise LogError(lineno, "event %s has unknown field %r" % (ev, k))
        kind = CARDS_TYPE.get(ev, "ls") if k == "cards" else TYPES[k]
        if not _type_ok(d[k], kind):
            raise LogError(lineno, "field %r of %s must be %s" % (k, ev, _KIND_TEXT[kind]))
    return t, ev, d


def read(lines):
    """Parse an iterable of text lines; a list of (lineno, t, ev, fields).
    Blank lines are skipped; times must not go backwards."""
    out = []
    last = 0
    n = 0
    for s in lines:
        n += 1
        s = s.strip()
        if not s:
            continue
        t, ev, d = parse_line(s, n)
        if t < last:
            raise LogError(n, "time goes backwards (%d ms after %d ms)" % (t, last))
        last = t
        out.append((n, t, ev, d))
    if out and out[0][2] != "start":
        raise LogError(out[0][0], "a log must begin with a start event")
    return out
