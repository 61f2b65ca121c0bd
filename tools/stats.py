"""Game statistics for Bataille and Bata-waf: how long a game takes.

    python tools/stats.py --game bataille|batawaf --players N -n GAMES
        [--ace low] [--down 1] [--pickup ordered] [--length X] [--addition]
        [--seed S] [--pace S] [--png PATH]

Simulates GAMES games (seeds S, S+1, ...; log off, the engine's fast path)
and prints the length in duels (mean, median, mode, 5th and 95th
percentiles, max), the share of draws and of cycles, battles per game, and
the time at the box's pace.  Writes a histogram of the lengths as a PNG
named after the game and the options that differ from the defaults
(build/stats_bataille_2p.png, build/stats_bataille_2p_pickup-ordered.png...),
so runs with different options keep their own.  On a terminal, one line
says how many games are done.
"""
import argparse
import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from games.bataille import Bataille  # noqa: E402


def percentile(sorted_values, q):
    """Nearest-rank percentile (q in 0..100) of an already sorted list."""
    if not sorted_values:
        return 0
    rank = int(math.ceil(q / 100.0 * len(sorted_values)))
    k = max(0, min(len(sorted_values) - 1, rank - 1))
    return sorted_values[k]


def mode(values):
    counts = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    best = max(counts.values())
    return min(v for v, c in counts.items() if c == best)


def parse_length(text):
    if text is None:
        return None
    return int(text) if text.isdigit() else text


def options_from(args):
    opts = {"players": args.players}
    if args.length is not None:
        opts["length"] = parse_length(args.length)
    if args.game == "bataille":
        opts["ace"] = args.ace
        opts["down"] = args.down
        opts["pickup"] = args.pickup
        opts["addition"] = args.addition
    else:
        for name, default in (("ace", "high"), ("down", None), ("pickup", "shuffled"), ("addition", False)):
            value = getattr(args, name)
            if default is not None and value != default:
                raise ValueError("option %r is Bataille's only (Bata-waf: W3, W4)" % name)
    return opts


def simulate(game, opts, n, seed=1, step_ms=1500, progress=None):
    """Play n games; returns a dict of per-game lists and the elapsed time.
    progress: a tools/progress.Progress told of each game done."""
    g = Bataille(opts, seed, None, game)
    duels, battles, reasons, winners = [], [], [], []
    t0 = time.perf_counter()
    for k in range(n):
        if progress is not None:
            progress.show(k, "games")
        g.new_game(seed + k)
        g.play(0, step_ms)
        duels.append(g.duels)
        battles.append(g.battles)
        reasons.append(g.reason)
        winners.append(tuple(g.winners))
    return {"duels": duels, "battles": battles, "reasons": reasons, "winners": winners,
            "seconds": time.perf_counter() - t0, "options": g.options}


def summary(res):
    d = sorted(res["duels"])
    n = len(d)
    share = {r: res["reasons"].count(r) / float(n) for r in ("all_cards", "limit", "draw", "cycle")}
    return {
        "games": n,
        "mean": sum(d) / float(n),
        "median": percentile(d, 50),
        "mode": mode(d),
        "p5": percentile(d, 5),
        "p95": percentile(d, 95),
        "max": d[-1],
        "draws": share["draw"],
        "cycles": share["cycle"],
        "limits": share["limit"],
        "battles": sum(res["battles"]) / float(n),
    }


def histogram(res, title, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    d = res["duels"]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    bins = min(80, max(10, len(set(d))))
    ax.hist(d, bins=bins, color="#3b6ea8", edgecolor="white")
    ax.set_xlabel("length of a game (duels)")
    ax.set_ylabel("games")
    ax.set_title(title)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


# The options a histogram's file is named after, in this order.
NAMED_OPTIONS = ("ace", "down", "pickup", "length", "addition")
MAX_GAMES = 10 ** 7


def png_name(ap, args):
    """stats_<game>_<players>p[_<option>-<value>...].png: the options given
    that differ from their defaults (a flag that is on: its name)."""
    parts = [args.game, "%dp" % args.players]
    for name in NAMED_OPTIONS:
        value = getattr(args, name)
        if value is None or value == ap.get_default(name):
            continue
        parts.append(name if value is True else "%s-%s" % (name, value))
    safe = "".join(c if c.isalnum() or c in "-_." else "-" for c in "_".join(parts))
    return "stats_%s.png" % safe


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=("bataille", "batawaf"), default="bataille")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("-n", type=int, default=10000, help="number of games")
    ap.add_argument("--ace", choices=("high", "low"), default="high")
    ap.add_argument("--down", type=int, default=None, help="cards face down in a battle (3 or 1)")
    ap.add_argument("--pickup", choices=("shuffled", "ordered"), default="shuffled")
    ap.add_argument("--length", default=None, help="all, court, moyen, a number of duels or <n>min")
    ap.add_argument("--addition", action="store_true")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game")
    ap.add_argument("--pace", type=float, default=2.0,
                    help="seconds per duel at the box (for the time estimate and <n>min limits)")
    ap.add_argument("--png", default=None,
                    help="histogram path (default build/stats_<game>_<players>p[_<options>].png)")
    args = ap.parse_args(argv)
    if not 1 <= args.n <= MAX_GAMES:
        ap.error("-n must be from 1 to %d games (got %d)" % (MAX_GAMES, args.n))
    if not (math.isfinite(args.pace) and 0 < args.pace <= 600):
        ap.error("--pace must be more than 0 and at most 600 seconds a duel (got %s)" % args.pace)
    png = args.png or os.path.join(ROOT, "build", png_name(ap, args))
    if not png.lower().endswith(".png") or os.path.isdir(png):
        ap.error("--png must name a .png file (got %r)" % args.png)
    if args.down is None and args.game == "bataille":
        args.down = 3
    try:
        opts = options_from(args)
        # A duel is two steps at the box (the flip, then the take).
        from progress import Progress
        bar = Progress("stats", total=args.n)
        res = simulate(args.game, opts, args.n, args.seed, int(args.pace * 500), bar)
        bar.close()
    except ValueError as e:
        ap.error(str(e))
    s = summary(res)
    o = res["options"]
    label = ", ".join("%s=%s" % (k, o[k]) for k in sorted(o))
    print("%s: %d games (%s), seeds %d..%d, %.1f s"
          % (args.game, s["games"], label, args.seed, args.seed + args.n - 1, res["seconds"]))
    print("length in duels: mean %.1f  median %d  mode %d  p5 %d  p95 %d  max %d"
          % (s["mean"], s["median"], s["mode"], s["p5"], s["p95"], s["max"]))
    print("battles per game: %.1f" % s["battles"])
    print("ended by: one player holds every card %.1f%%, limit %.1f%%, draw %.2f%%, cycle %.2f%%"
          % (100 * (1 - s["limits"] - s["draws"] - s["cycles"]), 100 * s["limits"],
             100 * s["draws"], 100 * s["cycles"]))
    mins = lambda duels: duels * args.pace / 60.0  # noqa: E731
    print("at %.1f s a duel: median %.0f min, 95%% of games under %.0f min, longest %.0f min"
          % (args.pace, mins(s["median"]), mins(s["p95"]), mins(s["max"])))
    try:
        histogram(res, "%s, %d players: %d games (%s)" % (args.game, args.players, s["games"],
                                                        "pickup " + o["pickup"]), png)
    except OSError as e:
        ap.error("cannot write the histogram %s (%s)" % (png, e.strerror or e))
    print("histogram: %s" % os.path.relpath(png, os.getcwd()))
    return s


if __name__ == "__main__":
    main()
