# S7 head starts in Tape-treize: the option, the adjusted order of a slap
# window (T6, T7), and `auto`, which learns each player's head start between
# rounds from their reaction times.  Apart from the engine (games.tape,
# games.tape_rules) so that each stays one job and under its line budget.
#
#   option(opts, out)        out["head_start"]: "off", "auto" or [ms, ...]
#   setup(g, o)              engine g's head starts, adjusted times, Learner
#   logged(out)              the start line's value, or None (off: left out)
#   decide(order, k, t, head, win, adj, rng)
#                            order[0:k] by adjusted time, ties drawn (T7)
#   Learner(n, box)          .note(p, reaction_us)  a valid slap (T6)
#                            .head_starts(head)     the list for next round
#
# Off is a head start of 0 for everyone, and the engine (games.tape) then
# never loads this module: it decides on the press times as before S7
# (games.tape_rules._tie_broken).  decide() with zeros gives exactly that
# order, the same tie groups and so the same draws of the generator (the
# property tests hold them byte for byte), so every log written before S7
# replays as it was.  For the same reason a start line carries
# `head_start` only when some head start is not 0 (or `auto`).
#
# Integers only: times are us since the engine's epoch (small ints on the
# board, S4); a head start is at most 600 ms, 600000 us.
from core.compat import const

_MAX_MS = const(600)
_KEEP = const(8)       # auto: the last 8 valid slaps of each player


def option(opts, out):
    """out["head_start"] from opts (players and box in out already):
    "off" (the default), "auto", or one whole number of ms per player,
    0..600, none for the box's seats (P); ValueError naming the option."""
    v = opts.get("head_start", "off")
    n = out["players"]
    if v == "off" or v == "auto":
        out["head_start"] = v
        return
    ok = isinstance(v, (list, tuple)) and len(v) == n
    if ok:
        for x in v:
            if not isinstance(x, int) or isinstance(x, bool) or x < 0 or x > _MAX_MS:
                ok = False
    if not ok:
        raise ValueError("option 'head_start' must be 'off', 'auto' or one whole number of ms "
                         "per player (%d), each 0 to %d (got %r)" % (n, _MAX_MS, v))
    for s in out["box"]:
        if v[s]:
            raise ValueError("option 'head_start': the box's seat %d gets no head start (S7, got %r)"
                             % (s, v))
    out["head_start"] = list(v)


def logged(out):
    """What the start line says of head starts: None (left out) when
    nobody has one, else "auto" or the list."""
    v = out["head_start"]
    if v == "off":
        return None
    if v == "auto":
        return v
    for x in v:
        if x:
            return v
    return None


def setup(g, o):
    """Engine g's S7 state from its options o (not off): the head starts
    of the first round, the window's adjusted times, auto's record."""
    g.head_ms = first_list(o)
    g._adj = [0] * g.n
    if o["head_start"] == "auto":
        g._learner = Learner(g.n, o["box"])


def first_list(out):
    """The head starts in force in the first round (auto: nobody's yet)."""
    v = out["head_start"]
    if v == "off" or v == "auto":
        return [0] * out["players"]
    return list(v)


def decide(order, k, t, head, win, adj, rng):
    """The order of a slap window (T7 on S7's adjusted times), in place:
    order[0:k] are the players who pressed, in press order, t[p] their
    first press (us), head[p] their head start (ms), win the card's time
    (us).  adj[p] gets each adjusted time: t[p] less the head start, never
    before the card.  Then order[0:k] is sorted by it (a stable insertion
    sort: equal times keep press order) and each group of equal times is
    shuffled by the game's generator (T7), never by pad number.  Allocates
    nothing (the verdict's line is built after)."""
    for i in range(k):
        p = order[i]
        a = t[p] - head[p] * 1000
        if a < win:
            a = win
        adj[p] = a
    for i in range(1, k):
        p = order[i]
        a = adj[p]
        j = i - 1
        while j >= 0 and adj[order[j]] > a:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = p
    i = 0
    while i < k:
        j = i + 1
        while j < k and adj[order[j]] == adj[order[i]]:
            j += 1
        if j - i > 1:
            rng.shuffle(order, i, j)
        i = j


class Learner:
    """`auto`: each player's last KEEP (8) reaction times (us from the card
    that opened the window to their first press in it, T6), and the head
    starts they call for between rounds."""

    def __init__(self, n, box):
        self.n = n
        self.box = list(box)
        self.times = [0] * (n * _KEEP)   # a ring of KEEP per player
        self.seen = [0] * n             # valid slaps noted, per player

    def note(self, p, reaction_us):
        """A valid slap of player p (in the window): no allocation."""
        k = self.seen[p]
        self.times[p * _KEEP + k % _KEEP] = reaction_us
        self.seen[p] = k + 1

    def median_us(self, p):
        """p's median reaction over their last KEEP (8) valid slaps (fewer if
        they have fewer; an even count: the mean of the middle two, rounded
        down), or None with none."""
        k = self.seen[p]
        if k > _KEEP:
            k = _KEEP
        if not k:
            return None
        v = sorted(self.times[p * _KEEP:p * _KEEP + k])
        if k & 1:
            return v[k // 2]
        return (v[k // 2 - 1] + v[k // 2]) // 2

    def head_starts(self, head):
        """The list in force next round (S7): each player's median less
        the fastest player's, in whole ms, capped at _MAX_MS; the fastest
        gets none, the box's seats none, a player with no valid slap keeps
        what they had (head: the list in force now)."""
        meds = [self.median_us(p) for p in range(self.n)]
        fastest = None
        for m in meds:
            if m is not None and (fastest is None or m < fastest):
                fastest = m
        out = list(head)
        for p in range(self.n):
            if p in self.box:
                out[p] = 0
            elif meds[p] is not None:
                ms = (meds[p] - fastest) // 1000
                out[p] = ms if ms < _MAX_MS else _MAX_MS
        return out

