# L: the game log, JSON Lines, one event per line.
#
# Games call `log.emit(t_ms, ev, *values)` with the values in the order of
# FIELDS[ev].  The writer encodes the line itself (fixed key order, dict keys
# sorted, no spaces) so that the same game gives the same bytes on CPython and
# on MicroPython, whose dicts do not keep insertion order.  Lines are buffered
# in RAM and written out only by `flush`, at a quiet moment chosen by the box:
# a flash write masks interrupts and would delay slap timestamps.

# The events and their fields (FIELDS, OPTIONAL), GAMES and LogError live in
# the core package (core/__init__.py), below both this writer and the
# reader (core.logread).
from core import FIELDS, OPTIONAL, GAMES, LogError  # noqa: F401


def _esc(s):
    # Logged strings are nearly all short and plain (card names, rule
    # names): one concatenation, about 128 bytes of garbage on MicroPython.
    # No cache of their JSON form: it held 5-8 KB for the whole game,
    # scattered among the game's own objects, and the box's heap budget
    # (docs/app.md, Memory) is limited by such scattered blocks, not by
    # short-lived garbage.
    e = _escaped(s)
    return '"' + s + '"' if e is None else e


def _escaped(s):
    """s as a JSON string when it has something to escape; None when it is
    logged as it is, between quotes."""
    # (by letter, not s.encode(): no allocation a logged string, per trick;
    # the letters it interns are the logged words', a few names)
    for ch in s:
        if ch == '"' or ch == "\\" or ch < " ":
            break
    else:
        return None
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
        # a list of plain strings (a hand of card names: the deal's are all
        # 52) in one join, no quoted copy of each: 4 KB less garbage at the
        # deal, the .mpy box's fullest moment (issue 41)
        for x in v:
            if not isinstance(x, str) or _escaped(x) is not None:
                break
        else:
            if v:
                return '"'.join(("[", '","'.join(v), "]"))
        return "[" + ",".join([encode(x) for x in v]) + "]"
    if isinstance(v, dict):
        ks = sorted(v)
        return "{" + ",".join([_esc(str(k)) + ":" + encode(v[k]) for k in ks]) + "}"
    if isinstance(v, (bytes, bytearray)):
        return "[" + ",".join([str(x) for x in v]) + "]"
    raise ValueError("cannot log a %s" % type(v).__name__)


def line(t, ev, values):
    """One log line (without newline) for event ev at t ms."""
    keys = FIELDS[ev]
    if len(values) != len(keys):
        raise ValueError("event %s takes %d values, got %d" % (ev, len(keys), len(values)))
    opt = OPTIONAL.get(ev, ())
    # Joined from constant fragments, the event's own key names and the
    # encoded values: no text is built per key, and no table of prebuilt
    # fragments sits in the heap for ever (some 5 KB on the unix port).
    parts = ['{"t":', str(t), ',"ev":"', ev, '"']
    for i in range(len(keys)):
        v = values[i]
        k = keys[i]
        if v is None and k in opt:
            continue
        parts.append(',"')
        parts.append(k)
        parts.append('":')
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


def parse_line(text, lineno=1):
    """One line to (t, ev, fields dict); LogError naming the line otherwise."""
    from core import logread   # the reader stays out of the box's heap
    return logread.parse_line(text, lineno)


def read(lines):
    """Parse an iterable of text lines; a list of (lineno, t, ev, fields).
    Blank lines are skipped; times must not go backwards."""
    from core import logread
    return logread.read(lines)
