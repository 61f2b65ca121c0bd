"""`make stats` throughput (CPython): the statistics tool on every core, on
one core, and a plain Python War simulator written for this bench (the way
anyone would write one: two deques, random.shuffle of each pot), all on the
published figures' rules (2 players, one card down, shuffled pickup, B4
short=lose), so that the engine's speed is judged against an honest
baseline.  The goal: 3x the plain simulator on one core."""
import importlib.util
import os
import random
import time
from collections import deque

QUICK = bool(os.environ.get("BENCH_QUICK"))
HERE = os.path.dirname(os.path.abspath(__file__))
OPTS = {"down": 1, "short": "lose"}


def _stats():
    spec = importlib.util.spec_from_file_location(
        "bench_stats_tool", os.path.join(os.path.dirname(HERE), "tools", "stats.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def plain_war(seed, down=1):
    """One game of War, 2 players, `down` cards face down in a battle, the
    pot shuffled under the winner's pile, a player who cannot complete a
    battle loses.  Returns the number of duels."""
    rnd = random.Random(seed)
    deck = [r for r in range(13) for _ in range(4)]
    rnd.shuffle(deck)
    a = deque(deck[0::2])
    b = deque(deck[1::2])
    duels = 0
    while a and b:
        duels += 1
        pot = []
        while True:
            x = a.popleft()
            y = b.popleft()
            pot.append(x)
            pot.append(y)
            if x != y:
                break
            if len(a) < down + 1 or len(b) < down + 1:
                return duels
            for _ in range(down):
                pot.append(a.popleft())
                pot.append(b.popleft())
        rnd.shuffle(pot)
        (a if x > y else b).extend(pot)
    return duels


def bench_stats_throughput():
    """Wall-clock games/s (what `make stats` gives on a machine to itself;
    on a shared one every figure here shrinks with the neighbours' load),
    and the one-core ratio in CPU time, which the neighbours do not skew."""
    n = 600 if QUICK else 4000
    stats = _stats()
    t = time.perf_counter()
    c = time.process_time()
    duels = [plain_war(s) for s in range(1, n + 1)]
    plain = n / (time.perf_counter() - t)
    plain_cpu = n / (time.process_time() - c)
    c = time.process_time()
    mean_plain = sum(duels) / float(n)
    one = stats.simulate("bataille", OPTS, n, 1, jobs=1)
    one_rate = n / one["seconds"]
    one_cpu = n / (time.process_time() - c)
    jobs = os.cpu_count() or 1
    every = stats.simulate("bataille", OPTS, n, 1, jobs=jobs)
    every_rate = n / every["seconds"]
    assert every["duels"] == one["duels"]
    mean_engine = sum(one["duels"]) / float(n)
    return [("stats War 1-down games/s, plain Python simulator, 1 core", plain, "games/s"),
            ("stats War 1-down games/s, make stats engine, 1 core", one_rate, "games/s"),
            ("stats War 1-down games/s, make stats engine, %d cores" % jobs, every_rate, "games/s"),
            ("stats engine 1 core / plain simulator 1 core", one_rate / plain, "x"),
            ("stats engine 1 core / plain simulator 1 core, CPU time", one_cpu / plain_cpu, "x"),
            ("stats engine all cores / plain simulator 1 core (goal 3x)", every_rate / plain, "x"),
            ("stats engine all cores / engine 1 core", every_rate / one_rate, "x"),
            ("stats War 1-down mean duels, plain simulator / engine (same rules)",
             mean_plain / mean_engine, "ratio")]
