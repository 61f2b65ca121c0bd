"""S7 head starts in figures: who takes the piles when players of known,
different speeds play Tape-treize, with head starts off and `auto`.

    python tools/stats.py --game tape [--head-bots 250,450,700] [--head-n N]

Bots of the given median reactions (ms, spread SPREAD, no false or missed
slap) play N matches of LENGTH game time with head starts off, then the
same seeds with `auto`.  The table gives the valid-window piles each player
took from round 2 on (auto sets the head starts between rounds: round 1 is
the same for both), a chi-square test that the shares are equal (the test
of host_tests/test_tape_fairness.py) and the mean head starts auto set after
round 1 and at its next two changes (between later rounds).  Without head starts the slowest takes nearly
every pile; with auto the shares even out, though not to exact thirds:
the head starts come from medians of 8 slaps, and their errors make the
players who get one a little more often last (the fastest gets none, and
its own median's error moves everyone else's head start): 32/35/33 % over
100 matches of the default bots (engine, chi-square p = 0.02), 0/0/100 %
without head starts.

Two ways to play a match: `box` (host.bots.TapeMatch: the box's App, the
real pad capture and the virtual clock, as every other statistic) and
`engine` (the engine fed each bot's reaction in each window: the same
draws of the bots' kind, some fifty times faster, for the suite's short
version in host_tests/test_tape_head_stats.py).
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from chi2 import chi2_stat, p_equal  # noqa: E402

BOTS = (250, 450, 700)    # a nine-year-old, an adult in a hurry, a three-year-old (ms)
SPREAD = 80
LENGTH = "10min"
DEFAULT_N = 12


def tally(lines, n):
    """From a Tape-treize log: the valid-window piles each player took from
    round 2 on, and the head-start lists logged (in order)."""
    from core import log
    piles = [0] * n
    heads = []
    deals = 0
    for ln in lines:
        t, ev, d = log.parse_line(ln)
        if ev == "deal":
            deals += 1
        elif ev == "verdict" and d["rule"] != "false" and deals >= 2:
            piles[d["taker"]] += 1
        elif ev == "head_start":
            heads.append(d["ms"])
    return piles, heads


def _bots(medians, seed):
    from host.bots import Bot
    return [Bot(m, SPREAD, 0, 0, seed * 8 + p + 1) for p, m in enumerate(medians)]


def box_match(medians, head_start, seed, length=LENGTH):
    from host.bots import TapeMatch
    opts = {"players": len(medians), "length": length, "head_start": head_start}
    m = TapeMatch(opts, seed, _bots(medians, seed))
    m.run()
    return m.lines()


def engine_match(medians, head_start, seed, length=LENGTH):
    """The engine alone: in each slap window every bot presses after its
    reaction (in time order), nobody presses otherwise."""
    from games.tape import Tape
    bots = _bots(medians, seed)
    g = Tape({"players": len(medians), "length": length, "head_start": head_start}, seed)
    g.start(0)
    seen = 0
    while not g.done:
        g.advance_us(g.next_deadline_us())
        if g.window_open and g.windows != seen:
            seen = g.windows
            w = g.window_open_us
            for u, p in sorted((w + b.reaction_us(), p) for p, b in enumerate(bots)):
                g.press_us(p, u)
    return g.log.lines


def row(medians, head_start, n, seed, play=box_match, length=LENGTH):
    """The figures of n matches (seeds seed...): piles per player, the
    p-value of equal shares, the mean head starts after rounds 1-3."""
    k = len(medians)
    piles = [0] * k
    after = [[], [], []]
    for i in range(n):
        p, heads = tally(play(medians, head_start, seed + i, length), k)
        piles = [a + b for a, b in zip(piles, p)]
        for r in range(min(3, len(heads))):
            after[r].append(heads[r])
    means = [[sum(h[p] for h in a) / float(len(a)) for p in range(k)] if a else None for a in after]
    return {"head_start": head_start, "piles": piles, "chi2": chi2_stat(piles), "p": p_equal(piles),
            "after": means}


def text(r):
    tot = float(sum(r["piles"]) or 1)
    shares = " ".join("%5d (%2.0f%%)" % (c, 100 * c / tot) for c in r["piles"])
    after = "  ".join("-" if a is None else "/".join("%d" % round(x) for x in a) for a in r["after"])
    return "%-10s %s   chi2=%.1f p=%.2g   %s" % (r["head_start"], shares, r["chi2"], r["p"], after)


def main(medians=BOTS, n=DEFAULT_N, seed=1, out=print, play=box_match):
    """Print the table; the two rows (off, auto)."""
    out("S7 head starts: %d players, bots of median %s ms (spread %d, no false or missed slap), "
        "%d matches of %s (seeds %d-%d); piles taken in slap windows from round 2 on"
        % (len(medians), "/".join(str(m) for m in medians), SPREAD, n, LENGTH, seed, seed + n - 1))
    out("head_start piles per player (share)   chi-square p (equal shares)   "
        "auto's head starts set after round 1, then at its next two changes (mean ms)")
    rows = []
    for hs in ("off", "auto"):
        r = row(medians, hs, n, seed, play)
        out(text(r))
        rows.append(r)
    return rows
