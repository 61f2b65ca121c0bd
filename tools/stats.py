"""Game statistics for Bataille and Bata-waf: how long a game takes.

    python tools/stats.py --game bataille|batawaf --players N -n GAMES
        [--ace low] [--down 1] [--pickup ordered] [--length X] [--addition]
        [--short play|lose] [--both-short] [--seed S] [--pace S] [--png PATH]
        [--jobs J] [--check]

Simulates GAMES games (seeds S, S+1, ...; log off, the engine's fast path)
on every core (--jobs; the games are cut into runs of consecutive seeds and
put back in seed order, so the figures are those of one core) and prints the
length in duels: mean with its standard error, median with a 95% confidence
interval, the mode as the peak of a smoothed histogram (a Gaussian kernel,
bandwidth by Silverman's rule: the single most frequent length is noise),
the 5th and 95th percentiles, max; the share of draws and of cycles,
battles per game, the time at the box's pace, and how many games a second.

With 2 players, 52 or 36 cards, shuffled pickup and short=lose (B4) the
published figures (Paternault) are printed beside ours: War with one card
down 441.4 / median 334, Bata-waf 118.9 / 90.  --check exits with status 1
when the mean is more than 3 standard errors away, or the published median
is outside the confidence interval (`make stats-check`: 20,000 games each).

The histogram PNG is named after the game and the options that differ
from the defaults (build/stats_bataille_2p.png,
build/stats_bataille_2p_pickup-ordered.png...), so runs with different
options keep their own; --both-short plays the same seeds under both B4
rules and draws both distributions on it (..._short-both.png).  On a
terminal, one line says how many games are done.
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
import stats_tape  # noqa: E402
import stats_head  # noqa: E402

# Paternault's War figures (2 players, shuffled pickup, a player who cannot
# complete a battle loses, i.e. B4 short=lose): (mean, median) of the length
# in duels, keyed by (game, cards down).
PUBLISHED = {("bataille", 1): (441.4, 334), ("batawaf", 1): (118.9, 90)}
Z95 = 1.959964
CHUNK = 250          # games per task handed to a worker


def percentile(sorted_values, q):
    """Nearest-rank percentile (q in 0..100) of an already sorted list."""
    if not sorted_values:
        return 0
    rank = int(math.ceil(q / 100.0 * len(sorted_values)))
    k = max(0, min(len(sorted_values) - 1, rank - 1))
    return sorted_values[k]


def mean_se(values):
    """Mean and its standard error (sample standard deviation / sqrt(n))."""
    n = len(values)
    m = sum(values) / float(n)
    if n < 2:
        return m, 0.0
    var = sum((v - m) * (v - m) for v in values) / (n - 1.0)
    return m, math.sqrt(var / n)


def median_ci(sorted_values, z=Z95):
    """Median and a distribution-free confidence interval (order statistics:
    the number of values below the true median is Binomial(n, 1/2), taken as
    normal): ranks n/2 -/+ z*sqrt(n)/2, rounded outwards."""
    n = len(sorted_values)
    med = percentile(sorted_values, 50)
    half = z * math.sqrt(n) / 2.0
    lo = max(0, int(math.floor(n / 2.0 - half)) - 1)
    hi = min(n - 1, int(math.ceil(n / 2.0 + half)))
    return med, sorted_values[lo], sorted_values[hi]


def bandwidth(sorted_values):
    """Silverman's rule of thumb: 0.9 * min(sd, IQR/1.34) * n^(-1/5)."""
    n = len(sorted_values)
    m, se = mean_se(sorted_values)
    sd = se * math.sqrt(n)
    iqr = percentile(sorted_values, 75) - percentile(sorted_values, 25)
    spread = min(sd, iqr / 1.34) if iqr > 0 else sd
    return max(1.0, 0.9 * spread * n ** -0.2)


def smoothed_mode(values, h=None):
    """(peak, h): the length where a Gaussian kernel density of the values,
    bandwidth h (Silverman's rule by default), is highest.  The values are
    first counted in bins of h/4 (at least 1), the kernel is cut at 4 h."""
    v = sorted(values)
    if h is None:
        h = bandwidth(v)
    lo = v[0]
    w = max(1, int(h / 4))
    nb = (v[-1] - lo) // w + 1
    while nb > 100000:
        w *= 2
        nb = (v[-1] - lo) // w + 1
    counts = [0] * nb
    for x in v:
        counts[(x - lo) // w] += 1
    s = h / w
    r = int(4 * s) + 1
    kern = [math.exp(-0.5 * (k / s) ** 2) for k in range(r + 1)]
    best = -1.0
    at = 0
    for i in range(nb):
        d = counts[i] * kern[0]
        for k in range(1, r + 1):
            if i - k >= 0:
                d += counts[i - k] * kern[k]
            if i + k < nb:
                d += counts[i + k] * kern[k]
        if d > best:
            best = d
            at = i
    return lo + at * w + (w - 1) / 2.0, h


def parse_length(text):
    if text is None:
        return None
    return int(text) if text.isdigit() else text


def options_from(args):
    opts = {"players": args.players}
    if args.length is not None:
        opts["length"] = parse_length(args.length)
    if args.short is not None:
        opts["short"] = args.short
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


def _run(task):
    """Play games seed .. seed+count-1 (a worker's task): the per-game lists."""
    game, opts, seed, count, step_ms = task
    g = Bataille(opts, seed, None, game)
    duels, battles, reasons, winners = [], [], [], []
    for k in range(count):
        g.new_game(seed + k)
        g.play(0, step_ms)
        duels.append(g.duels)
        battles.append(g.battles)
        reasons.append(g.reason)
        winners.append(tuple(g.winners))
    return duels, battles, reasons, winners


def _worker(tasks, results):
    while True:
        item = tasks.get()
        if item is None:
            return
        results.put((item[0], _run(item[1])))


def _parallel(tasks, jobs):
    """_run over tasks on `jobs` processes, yielding the results in the
    order of tasks.  Forked workers (where the system can fork) inherit this
    module, so it works however the module was loaded (tests load it from
    its path); only plain lists travel back."""
    import multiprocessing
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    todo = ctx.Queue()
    back = ctx.Queue()
    for i, t in enumerate(tasks):
        todo.put((i, t))
    procs = []
    for _ in range(jobs):
        todo.put(None)
        pr = ctx.Process(target=_worker, args=(todo, back), daemon=True)
        pr.start()
        procs.append(pr)
    try:
        early = {}
        for i in range(len(tasks)):
            while i not in early:
                k, part = back.get()
                early[k] = part
            yield early.pop(i)
    finally:
        for pr in procs:
            pr.join(1)
            if pr.is_alive():
                pr.terminate()


def simulate(game, opts, n, seed=1, step_ms=1500, jobs=1, progress=None):
    """Play n games (seeds seed .. seed+n-1) on `jobs` processes; returns a
    dict of per-game lists (in seed order whatever jobs is), the elapsed time
    and the options in force.  progress(done, n, seconds) after each task."""
    g = Bataille(opts, seed, None, game)          # checks the options first
    tasks = [(game, opts, s, min(CHUNK, seed + n - s), step_ms) for s in range(seed, seed + n, CHUNK)]
    res = {"duels": [], "battles": [], "reasons": [], "winners": [], "options": g.options}
    t0 = time.perf_counter()
    done = 0
    if jobs > 1 and len(tasks) > 1:
        parts = _parallel(tasks, min(jobs, len(tasks)))
    else:
        parts = map(_run, tasks)
    for task, part in zip(tasks, parts):
        for key, lst in zip(("duels", "battles", "reasons", "winners"), part):
            res[key].extend(lst)
        done += task[3]
        if progress:
            progress(done, n, time.perf_counter() - t0)
    res["seconds"] = time.perf_counter() - t0
    return res


def summary(res):
    d = sorted(res["duels"])
    n = len(d)
    share = {r: res["reasons"].count(r) / float(n) for r in ("all_cards", "limit", "draw", "cycle")}
    m, se = mean_se(d)
    med, lo, hi = median_ci(d)
    peak, h = smoothed_mode(d)
    return {
        "games": n,
        "mean": m,
        "se": se,
        "median": med,
        "median_ci": (lo, hi),
        "mode": peak,
        "bandwidth": h,
        "p5": percentile(d, 5),
        "p95": percentile(d, 95),
        "max": d[-1],
        "draws": share["draw"],
        "cycles": share["cycle"],
        "limits": share["limit"],
        "battles": sum(res["battles"]) / float(n),
        "rate": n / res["seconds"] if res.get("seconds") else 0.0,
    }


def published(game, o):
    """The published (mean, median) for these options, or None."""
    if (o["players"] != 2 or o["pickup"] != "shuffled" or o["length"] != "all"
            or o.get("ace", "high") != "high" or o.get("addition")):
        return None
    return PUBLISHED.get((game, o["down"]))


def compare(s, pub):
    """(mean within 3 SE, published median inside our CI, z of the mean)."""
    z = (s["mean"] - pub[0]) / s["se"] if s["se"] else float("inf")
    lo, hi = s["median_ci"]
    return abs(z) <= 3.0, lo <= pub[1] <= hi, z


def histogram(runs, title, path):
    """runs: [(label, duels)]; one step histogram each, on common bins."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(8, 4.5))
    every = [x for _, d in runs for x in d]
    top = percentile(sorted(every), 99.5)
    lo = min(every)
    bins = min(80, max(10, top - lo + 1))
    colours = ("#3b6ea8", "#c8553d")
    for i, (label, d) in enumerate(runs):
        ax.hist(d, bins=bins, range=(lo, top + 1), histtype="stepfilled" if len(runs) == 1 else "step",
                linewidth=2, color=colours[i % 2], label=label)
    ax.set_xlabel("length of a game (duels; the longest 0.5% are off the right edge)")
    ax.set_ylabel("games")
    ax.set_title(title)
    if len(runs) > 1:
        ax.legend()
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


# The options a histogram's file is named after, in this order.
NAMED_OPTIONS = ("ace", "down", "pickup", "length", "addition", "short")
MAX_GAMES = 10 ** 7


def png_name(ap, args):
    """stats_<game>_<players>p[_<option>-<value>...].png: the options given
    that differ from their defaults (a flag that is on: its name)."""
    parts = [args.game, "%dp" % args.players]
    for name in NAMED_OPTIONS:
        value = getattr(args, name, None)
        if value is None or value == ap.get_default(name):
            continue
        parts.append(name if value is True else "%s-%s" % (name, value))
    if getattr(args, "both_short", False):
        parts.append("short-both")
    safe = "".join(c if c.isalnum() or c in "-_." else "-" for c in "_".join(parts))
    return "stats_%s.png" % safe


def report(game, args, res, s, label):
    o = res["options"]
    opts = ", ".join("%s=%s" % (k, o[k]) for k in sorted(o))
    print("%s%s: %d games (%s), seeds %d..%d, %.1f s on %d process%s: %.0f games/s"
          % (game, label, s["games"], opts, args.seed, args.seed + args.n - 1, res["seconds"],
             args.jobs, "es" if args.jobs > 1 else "", s["rate"]))
    print("length in duels: mean %.1f +/- %.1f (standard error)  median %d (95%% CI %d..%d)"
          % (s["mean"], s["se"], s["median"], s["median_ci"][0], s["median_ci"][1]))
    print("  mode %.0f (peak of a Gaussian-kernel smoothed histogram, bandwidth %.1f duels, "
          "Silverman's rule)  p5 %d  p95 %d  max %d"
          % (s["mode"], s["bandwidth"], s["p5"], s["p95"], s["max"]))
    print("battles per game: %.1f" % s["battles"])
    print("ended by: one player holds every card %.1f%%, limit %.1f%%, draw %.2f%%, cycle %.2f%%"
          % (100 * (1 - s["limits"] - s["draws"] - s["cycles"]), 100 * s["limits"],
             100 * s["draws"], 100 * s["cycles"]))
    mins = lambda duels: duels * args.pace / 60.0  # noqa: E731
    print("at %.1f s a duel: median %.0f min, 95%% of games under %.0f min, longest %.0f min"
          % (args.pace, mins(s["median"]), mins(s["p95"]), mins(s["max"])))
    pub = published(game, o)
    ok = True
    if pub is not None:
        mean_ok, med_ok, z = compare(s, pub)
        if o["short"] == "lose":
            ok = mean_ok and med_ok
            print("published (Paternault, short=lose): mean %.1f: ours is %+.1f SE away (%s); "
                  "median %d: %s our CI"
                  % (pub[0], z, "within 3 SE" if mean_ok else "MORE THAN 3 SE",
                     pub[1], "inside" if med_ok else "OUTSIDE"))
        else:
            print("published (Paternault) figures %.1f / %d use short=lose (B4): ours is %+.1f SE "
                  "away with short=play" % (pub[0], pub[1], z))
    return ok


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=("bataille", "batawaf", "tape"), default="bataille",
                    help="tape: match length, turns and rounds for 2-8 players (tools/stats_tape.py)")
    ap.add_argument("--players", default=None,
                    help="number of players (default 2); Tape-treize: N or N-M (default 2-8)")
    ap.add_argument("-n", type=int, default=None,
                    help="number of games (default 10000; Tape-treize: %d matches a player count)"
                    % stats_tape.DEFAULT_N)
    ap.add_argument("--mode", choices=("tempo", "turns"), default=None, help="Tape-treize's T3 mode")
    ap.add_argument("--rules", default=None, help="Tape-treize's slap rules, e.g. match,double")
    ap.add_argument("--ace", choices=("high", "low"), default="high")
    ap.add_argument("--down", type=int, default=None, help="cards face down in a battle (3 or 1)")
    ap.add_argument("--pickup", choices=("shuffled", "ordered"), default="shuffled")
    ap.add_argument("--length", default=None, help="all, court, moyen, a number of duels or <n>min")
    ap.add_argument("--addition", action="store_true")
    ap.add_argument("--short", choices=("play", "lose"), default=None,
                    help="B4: a battler short of cards plays what is left (default) or loses")
    ap.add_argument("--both-short", action="store_true",
                    help="play the same seeds with short=play and short=lose, both on the PNG")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game")
    ap.add_argument("--pace", type=float, default=2.0,
                    help="seconds per duel at the box (for the time estimate and <n>min limits)")
    ap.add_argument("--png", default=None, help="histogram path (default build/stats_<game>.png)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="processes (default: every core); the figures do not depend on it")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 unless the published figures are reproduced (short=lose)")
    ap.add_argument("--quiet", action="store_true", help="no progress lines")
    ap.add_argument("--head-bots", default=None, metavar="MS,MS,...",
                    help="Tape-treize, S7 head starts: the bots' median reactions (default %s)"
                    % ",".join(str(m) for m in stats_head.BOTS))
    ap.add_argument("--head-n", type=int, default=None,
                    help="Tape-treize: matches for the head-start table, with head starts off and "
                         "auto (default %d; 0: no table)" % stats_head.DEFAULT_N)
    args = ap.parse_args(argv)
    if args.game == "tape":
        return _tape(ap, args)
    if args.mode is not None or args.rules is not None:
        ap.error("--mode and --rules are Tape-treize options (--game tape)")
    if args.head_bots is not None or args.head_n is not None:
        ap.error("--head-bots and --head-n are Tape-treize's (--game tape)")
    try:
        args.players = int(args.players or 2)
    except ValueError:
        ap.error("--players must be a whole number (got %r)" % args.players)
    if args.n is None:
        args.n = 10000
    if not 1 <= args.n <= MAX_GAMES:
        ap.error("-n must be from 1 to %d games (got %d)" % (MAX_GAMES, args.n))
    if not (math.isfinite(args.pace) and 0 < args.pace <= 600):
        ap.error("--pace must be more than 0 and at most 600 seconds a duel (got %s)" % args.pace)
    if not 1 <= args.jobs <= 256:
        ap.error("--jobs must be from 1 to 256 (got %d)" % args.jobs)
    png = args.png or os.path.join(ROOT, "build", png_name(ap, args))
    if not png.lower().endswith(".png") or os.path.isdir(png):
        ap.error("--png must name a .png file (got %r)" % args.png)
    if args.down is None:
        args.down = 3 if args.game == "bataille" else 1
    if args.both_short and args.short is not None:
        ap.error("--both-short plays both values of --short: drop --short")
    shorts = ("play", "lose") if args.both_short else (args.short,)
    runs = []
    ok = True
    try:
        for short in shorts:
            args.short = short
            opts = options_from(args)
            # A duel is two steps at the box (the flip, then the take).
            from progress import Progress
            bar = Progress("stats" + (" short=%s" % short if short else ""), total=args.n)
            if args.quiet:
                bar.on = False
            res = simulate(args.game, opts, args.n, args.seed, int(args.pace * 500), args.jobs,
                           lambda done, n, s: bar.show(done, "games"))
            bar.close()
            s = summary(res)
            label = " (short=%s)" % short if args.both_short else ""
            ok = report(args.game, args, res, s, label) and ok
            runs.append((res, s))
    except ValueError as e:
        ap.error(str(e))
    o = runs[0][0]["options"]
    if args.check and published(args.game, o) is None:
        ap.error("--check: no published figures for these options (2 players, shuffled, "
                 "length all, ace high, no addition; bataille --down 1 or batawaf)")
    if args.check and not any(r[0]["options"]["short"] == "lose" for r in runs):
        ap.error("--check: the published figures use --short lose")
    try:
        histogram([("short=%s" % r[0]["options"]["short"], r[0]["duels"]) for r in runs],
                  "%s, %d players: %d games (pickup %s, %d down)"
                  % (args.game, args.players, args.n, o["pickup"], o["down"]), png)
    except OSError as e:
        ap.error("cannot write the histogram %s (%s)" % (png, e.strerror or e))
    print("histogram: %s" % os.path.relpath(png, os.getcwd()))
    if args.check and not ok:
        print("the published figures are NOT reproduced")
        sys.exit(1)
    return runs[-1][1] if len(runs) == 1 else [r[1] for r in runs]


def _tape(ap, args):
    """--game tape: the table of tools/stats_tape.py."""
    for name, default in (("ace", "high"), ("down", None), ("pickup", "shuffled"), ("addition", False),
                          ("short", None), ("both_short", False), ("png", None), ("check", False)):
        if getattr(args, name) != default:
            ap.error("--%s is not a Tape-treize option" % name.replace("_", "-"))
    n = stats_tape.DEFAULT_N if args.n is None else args.n
    if not 1 <= n <= MAX_GAMES:
        ap.error("-n must be from 1 to %d matches (got %d)" % (MAX_GAMES, n))
    opts = {}
    if args.length is not None:
        opts["length"] = args.length
    if args.mode is not None:
        opts["mode"] = args.mode
    if args.rules is not None:
        opts["rules"] = [r.strip() for r in args.rules.split(",") if r.strip()]
        if not opts["rules"]:
            ap.error("--rules takes at least one slap rule, e.g. match,double")
    head_n = stats_head.DEFAULT_N if args.head_n is None else args.head_n
    medians = stats_head.BOTS
    if args.head_bots is not None:
        try:
            medians = tuple(int(x) for x in args.head_bots.split(","))
        except ValueError:
            medians = ()
        if not 2 <= len(medians) <= 8 or min(medians) < 1 or max(medians) > 2000:
            ap.error("--head-bots takes 2 to 8 median reactions in ms, 1 to 2000, e.g. 250,450,700 "
                     "(got %r)" % args.head_bots)
    if not 0 <= head_n <= MAX_GAMES:
        ap.error("--head-n must be from 0 to %d matches (got %d)" % (MAX_GAMES, head_n))
    try:
        rows = stats_tape.main(args.players or "2-8", n, args.seed, opts)
    except ValueError as e:
        ap.error(str(e))
    if head_n:
        print("")
        stats_head.main(medians, head_n, args.seed)
    return rows


if __name__ == "__main__":
    main()
