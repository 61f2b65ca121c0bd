# L: the game log, JSON Lines, one event per line.
#
# Games call `log.emit(t_ms, ev, *values)` with the values in the order of
# FIELDS[ev].  The writer encodes the line itself (fixed key order, dict keys
# sorted, no spaces) so that the same game gives the same bytes on CPython and
# on MicroPython, whose dicts do not keep insertion order.  Lines are buffered
# in RAM and written out only by `flush`, at a quiet moment chosen by the box:
# a flash write masks interrupts and would delay slap timestamps.
import json

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
    "end": ("winners", "reason", "cards", "points"),
}
# The JSON type of each field, checked by the reader so that a damaged log is
# refused with its line number before any game logic sees it:
# i whole number, s text, b true/false, d object, li list of whole numbers,
# ls list of texts, lls list of lists of texts, I whole number or null.
TYPES = {
    "game": "s", "players": "i", "seed": "i", "options": "d", "dealer": "i",
    "hands": "lls", "p": "i", "card": "s", "up": "b", "ps": "li", "n": "i",
    "t_us": "i", "rule": "s", "order": "li", "taker": "I", "out": "i",
    "points": "li", "winners": "li", "reason": "s",
}
# "cards" is names in a take, counts in round and end.
CARDS_TYPE = {"take": "ls", "round": "li", "end": "li"}

# Fields that may be left out (written only when not None).
OPTIONAL = {"end": ("points",)}

GAMES = ("bataille", "batawaf", "tape")


_ESCAPED = {}  # short strings already escaped: card names, rule names...


def _esc(s):
    # Logged strings are nearly all short and repeated (card names, rule
    # names), so remember their JSON form: a logged duel then builds no
    # per-character garbage on MicroPython.
    e = _ESCAPED.get(s)
    if e is not None:
        return e
    e = _esc_new(s)
    if len(s) <= 16 and len(_ESCAPED) < 256:
        _ESCAPED[s] = e
    return e


def _esc_new(s):
    out = []
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif o < 0x20:
            out.append("\\u%04x" % o)
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def encode(v):
    """JSON text of v, the same on both interpreters."""
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "null"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return _esc(v)
    if isinstance(v, (list, tuple)):
        return "[" + ",".join([encode(x) for x in v]) + "]"
    if isinstance(v, dict):
        ks = sorted(v)
        return "{" + ",".join([_esc(str(k)) + ":" + encode(v[k]) for k in ks]) + "}"
    if isinstance(v, (bytes, bytearray)):
        return "[" + ",".join([str(x) for x in v]) + "]"
    raise ValueError("cannot log a %s" % type(v).__name__)


# The fixed text around each value, built once: a line is then joined from
# these and the encoded values, with little garbage per event on MicroPython.
_HEAD = {}
_KEYS = {}
for _ev in FIELDS:
    _HEAD[_ev] = ',"ev":"' + _ev + '"'
    _KEYS[_ev] = tuple([',"' + _k + '":' for _k in FIELDS[_ev]])


def line(t, ev, values):
    """One log line (without newline) for event ev at t ms."""
    keys = FIELDS[ev]
    if len(values) != len(keys):
        raise ValueError("event %s takes %d values, got %d" % (ev, len(keys), len(values)))
    frags = _KEYS[ev]
    opt = OPTIONAL.get(ev, ())
    parts = ['{"t":', str(t), _HEAD[ev]]
    for i in range(len(keys)):
        v = values[i]
        if v is None and keys[i] in opt:
            continue
        parts.append(frags[i])
        parts.append(encode(v))
    parts.append("}")
    return "".join(parts)


class Log:
    """A log writer buffered in RAM.

    `listener`, if set, is called as listener(t, ev, values) for every event:
    the box uses it to draw and play sounds.  `keep=False` keeps no lines
    (the listener still hears everything): for statistics and benchmarks.
    """

    def __init__(self, keep=True, listener=None):
        self.keep = keep
        self.listener = listener
        self.lines = []
        self.count = 0
        self.last_t = 0

    def emit(self, t, ev, *values):
        self.count += 1
        self.last_t = t
        if self.keep:
            self.lines.append(line(t, ev, values))
        if self.listener is not None:
            self.listener(t, ev, values)

    def pending_bytes(self):
        n = 0
        for s in self.lines:
            n += len(s) + 1
        return n

    def flush(self, stream):
        """Write the buffered lines to stream and forget them."""
        for s in self.lines:
            stream.write(s)
            stream.write("\n")
        self.lines = []

    def text(self):
        return "".join([s + "\n" for s in self.lines])


class LogError(ValueError):
    """A malformed log line; `lineno` counts from 1."""

    def __init__(self, lineno, reason):
        super().__init__("line %d: %s" % (lineno, reason))
        self.lineno = lineno
        self.reason = reason


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
    except ValueError:
        raise LogError(lineno, "not valid JSON")
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
