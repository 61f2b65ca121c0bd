# The engine's memory promise, checked on the real MicroPython unix port:
# with the log off, a duel allocates nothing (DESIGN.md: no allocation per
# trick), whatever the options; the engine's own heap stays small.
from mp import run

CODE = """
import gc
from games.bataille import Bataille


def grown_per_duels(game, opts, seed):
    # locals only: a new global would grow the module's dict
    g = Bataille(opts, seed, None, game)
    g.start(0)
    for _ in range(13):
        g.step(0)
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    before = a0
    d0 = g.duels
    while not g.done and g.duels < d0 + 150:
        before = gc.mem_alloc()
        g.step(0)
    # the step that ends the game builds the winners list: not a duel's cost
    grown = (before if g.done else gc.mem_alloc()) - a0
    gc.enable()
    return g.duels - d0, grown


for game, opts, seed in %r:
    duels, grown = grown_per_duels(game, opts, seed)
    print(game, duels, grown)
gc.collect()
a0 = gc.mem_alloc()
g = Bataille({"players": 4, "pickup": "ordered"}, 1)
g.start(0)
gc.collect()
print("engine", gc.mem_alloc() - a0)
"""

CASES = [("bataille", {}, 3), ("bataille", {"players": 4, "down": 1}, 8),
         ("bataille", {"pickup": "ordered"}, 5), ("bataille", {"addition": True, "players": 3}, 2),
         ("bataille", {"length": "moyen", "ace": "low"}, 4), ("batawaf", {"players": 3}, 6)]


def test_b2_b3_b5_a_duel_allocates_nothing_with_the_log_off():
    lines = run(CODE % (CASES,)).split("\n")
    for line in lines[:len(CASES)]:
        game, duels, grown = line.split()
        assert int(duels) >= 20, line
        assert int(grown) == 0, line
    engine = int(lines[len(CASES)].split()[1])
    assert engine < 8000, engine


SMALL = """
from games.bataille import Bataille
from core.log import Log
g = Bataille({"players": 4, "pickup": "ordered"}, 3)
g.start(0)
while not g.done:
    g.step(0)
lg = Log()
g = Bataille({"addition": True}, 3, lg)
g.start(0)
while not g.done:
    g.step(0)
    lg.lines = []          # the box writes the log out between duels
print("ok", g.reason)
"""


def test_b5_l_whole_games_fit_a_64k_heap_as_mpy(tmp_path):
    """The engine as the board runs it (.mpy, no compiling) plays a 4-player
    ordered game and a logged game in a 64 KB heap of the 64-bit unix port,
    whose objects are bigger than the Pico's (about 240 KB free)."""
    import os
    import subprocess
    from mp import FIRMWARE, micropython_bin
    cross = os.path.join(os.path.dirname(micropython_bin()), "mpy-cross")
    for sub, names in (("core", sorted(os.listdir(os.path.join(FIRMWARE, "core")))),
                       # every Bataille module (what the engine imports is read from the
                       # tree, not listed here: a split of the engine needs no edit)
                       ("games", sorted(f for f in os.listdir(os.path.join(FIRMWARE, "games"))
                                        if f.startswith("bataille")))):
        os.makedirs(str(tmp_path / sub))
        for name in names:
            if name.endswith(".py"):
                subprocess.run([cross, "-o", str(tmp_path / sub / (name[:-3] + ".mpy")),
                                os.path.join(FIRMWARE, sub, name)], check=True)
    r = subprocess.run([micropython_bin(), "-X", "heapsize=64k", "-c", SMALL], capture_output=True,
                       text=True, timeout=120, env=dict(os.environ, MICROPYPATH=str(tmp_path)))
    assert r.returncode == 0 and r.stdout.startswith("ok"), r.stderr
