"""Scripted presses for the simulator (`--script FILE`).

The format is meant to be written by hand, one press per line:

    # comments start with '#'; blank lines are ignored
    <ms> <pad>              press pad <pad> at <ms> after the start
    <ms> <pad> <hold_ms>    ... and keep it down for <hold_ms> (default 80)

`<ms>` is milliseconds of virtual time since the simulator started (the
menus included), `<pad>` is the pad number written on the box: 1 for
player 1, up to the number of pads of the board.  Lines may come in any
order; presses are sorted by time.  A bad line is refused with its number.
"""

DEFAULT_HOLD_MS = 80


class ScriptError(ValueError):
    """A line of a press script that cannot be understood; `lineno` from 1."""

    def __init__(self, source, lineno, reason):
        super().__init__("%s line %d: %s" % (source, lineno, reason))
        self.lineno = lineno
        self.reason = reason


def _whole(text, what, source, lineno, lo=0):
    try:
        v = int(text)
    except ValueError:
        raise ScriptError(source, lineno, "%s must be a whole number, not %r" % (what, text))
    if v < lo:
        raise ScriptError(source, lineno, "%s must be %d or more (got %d)" % (what, lo, v))
    return v


def parse(text, n_pads, source="script"):
    """The presses of a script: a list of (at_ms, pad index from 0, hold_ms),
    sorted by time (stable for equal times)."""
    out = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        s = raw.split("#", 1)[0].strip()
        if not s:
            continue
        parts = s.split()
        if len(parts) not in (2, 3):
            raise ScriptError(source, lineno, "expected '<ms> <pad> [<hold_ms>]', got %r" % raw.strip())
        at = _whole(parts[0], "the time in ms", source, lineno)
        pad = _whole(parts[1], "the pad number", source, lineno, lo=1)
        if pad > n_pads:
            raise ScriptError(source, lineno, "pad %d does not exist: this board has pads 1 to %d"
                              % (pad, n_pads))
        hold = DEFAULT_HOLD_MS
        if len(parts) == 3:
            hold = _whole(parts[2], "the hold time in ms", source, lineno, lo=1)
        out.append((at, pad - 1, hold))
    out.sort(key=lambda e: e[0])
    return out


def load(path, n_pads):
    """Read and parse a script file; OSError if it cannot be read."""
    with open(path, encoding="utf-8") as f:
        return parse(f.read(), n_pads, source=path)


def press_events(presses):
    """(at_us, pad, down) edges in time order for a list from parse(): each
    press and its release.  A press on a pad still held from an earlier line
    releases it 1 ms before, so every line is a press of its own."""
    by_pad = {}
    for at, pad, hold in presses:
        by_pad.setdefault(pad, []).append((at * 1000, (at + hold) * 1000))
    edges = []
    for pad in sorted(by_pad):
        spans = by_pad[pad]
        for i in range(len(spans)):
            t0, t1 = spans[i]
            if i + 1 < len(spans):
                nxt = spans[i + 1][0]
                if t1 > nxt - 1000:
                    t1 = max(t0 + 1, nxt - 1000)
            edges.append((t0, pad, True))
            edges.append((t1, pad, False))
    # releases before presses at the same instant
    edges.sort(key=lambda e: (e[0], 1 if e[2] else 0, e[1]))
    return edges
