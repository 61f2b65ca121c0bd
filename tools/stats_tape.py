"""Tape-treize figures a family wants before a match: how long it lasts.

    python tools/stats.py --game tape [--players N | --players 2-8] [-n MATCHES]
        [--seed S] [--length all|Nmin] [--mode tempo|turns] [--rules LIST]

Plays MATCHES whole matches for each player count (seeds S, S+1, ...) with
the host's bots (host.bots.TapeMatch: the real engine, the real pad
capture, the virtual clock) and prints one row per player count: the match
length in minutes of game time (mean, median, 5th-95th percentiles), in
turns (cards turned over: T3), rounds per match (T10) and how many matches
the time limit ended (T12, `length`, 30 min by default) rather than the
target.  The bots are the simulator's (450 ms mean reaction, 2 % false
slaps, 3 % missed slaps): children are slower and slap more falsely, so
these are the short end.  Called by tools/stats.py (`make stats GAME=tape`).
"""
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

PLAYERS = (2, 8)          # what the box seats (T1)
DEFAULT_N = 100           # a match is 2-3 s of CPU (most run to the 30-min limit): ~30 min for 2-8 players


def players_of(text):
    """'4' -> [4]; '2-8' -> [2, ..., 8]; ValueError with the range otherwise."""
    lo, sep, hi = str(text).partition("-")
    try:
        a = int(lo)
        b = int(hi) if sep else a
    except ValueError:
        a = b = 0
    if not (PLAYERS[0] <= a <= b <= PLAYERS[1]):
        raise ValueError("--players for Tape-treize is N or N-M, from %d to %d (got %r)"
                         % (PLAYERS[0], PLAYERS[1], text))
    return list(range(a, b + 1))


def one_match(opts, seed):
    """(minutes, turns, rounds, ended by the limit) of one bot match."""
    from host.bots import TapeMatch
    m = TapeMatch(dict(opts), seed)
    g = m.run()
    # the log the box wrote (TapeMatch plays the box's App)
    turns = sum(1 for ln in m.lines() if '"ev":"flip"' in ln)
    return g.now_us / 60e6, turns, g.round, g.reason == "limit"


def _pct(v, q):
    v = sorted(v)
    k = max(0, min(len(v) - 1, int(math.ceil(q / 100.0 * len(v))) - 1))
    return v[k]


def row(players, opts, n, seed):
    """The figures of n matches of `players` players (a dict)."""
    o = dict(opts, players=players)
    runs = [one_match(o, seed + i) for i in range(n)]
    mins = [r[0] for r in runs]
    turns = [r[1] for r in runs]
    rounds = [r[2] for r in runs]
    return {"players": players, "n": n,
            "minutes": (sum(mins) / n, _pct(mins, 50), _pct(mins, 5), _pct(mins, 95)),
            "turns": (sum(turns) / float(n), _pct(turns, 50), _pct(turns, 5), _pct(turns, 95)),
            "rounds": (sum(rounds) / float(n), min(rounds), max(rounds)),
            "limit": sum(1 for r in runs if r[3]) / float(n)}


HEADER = ("players  minutes: mean median (5%-95%)   turns: mean median (5%-95%)   "
          "rounds: mean (min-max)   ended by the time limit")


def text(r):
    m, t, rd = r["minutes"], r["turns"], r["rounds"]
    return ("%7d  %13.1f %6.1f (%4.1f-%4.1f)   %11.0f %6d (%d-%d)   %13.1f (%d-%d)   %5.0f %%"
            % (r["players"], m[0], m[1], m[2], m[3], t[0], t[1], t[2], t[3], rd[0], rd[1], rd[2],
               100 * r["limit"]))


def main(players, n, seed, opts, out=print):
    """Print the table; the rows (list of dicts)."""
    counts = players_of(players)
    out("Tape-treize: %d bot matches per player count (seeds %d-%d), options %s"
        % (n, seed, seed + n - 1, opts or "default"))
    out(HEADER)
    rows = []
    for p in counts:
        r = row(p, opts, n, seed)
        out(text(r))
        rows.append(r)
    return rows
