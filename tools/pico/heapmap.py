"""Where the box's heap goes, on the emulated RP2040 (issue 26: 40 KB a game).

    python -m tools.pico.heapmap [--board pico_matrix] [--game tape]
                                 [--turns 14] [--uf2 F] [--modules]

boots the board's one-file firmware (tools/uf2.py builds it, or --uf2),
plays `turns` duels or turns of `game` (host_tests/pico_box.py's players),
then, at the box's REPL (tools/pico/faults.look: the loop stands down, the
game's objects stay):

- the live heap after a collection and the box's own `heap_peak`;
- the collector's block map (`micropython.mem_info(1)`) counted by kind:
  tuples, lists, dicts, strings/bytes, arrays, floats, function objects,
  modules, and "other" (instances, classes, dict and set tables, buffers of
  the C types): how many objects and bytes of each (16-byte blocks);
- with --modules, each module's weight: popped from sys.modules, imported
  again alone, the heap it took (its function objects, class and globals
  tables: what the box would give back without it).  A module whose import
  loads another that the box had let go counts that one too (hal.rp2.pads_pio
  brings back rp2's assembler, ~1.4 KB, which main.py drops after boot).

The REPL's own objects (a few hundred bytes) are in the figures.  Takes a
minute or more of wall time (the game in emulated time, then the census).
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# the letters of mem_info(1)'s map: the head block of an object of that kind
# ('=' continues it, '.' is free)
KINDS = {"T": "tuple", "L": "list", "D": "dict", "S": "str/bytes", "A": "array/bytearray", "F": "float",
         "B": "function", "M": "module", "h": "other"}
BLOCK = 16

# Run on the box: the heap after a collection, the game's peak, the map.
CENSUS = """
import gc, micropython, sys
gc.collect()
print('HEAPMAP alloc', gc.mem_alloc(), 'peak', 'BOX' in globals() and BOX.quiet.heap_peak)
micropython.mem_info(1)
print('HEAPMAP modules', ' '.join(sorted(sys.modules)))
micropython.qstr_info()
"""

# Run on the box: each module popped, imported alone, weighed, put back
# (in sys.modules and in its package: the box's own module again).
WEIGH = """
import gc, sys
for n in %r or sorted(sys.modules):
    old = sys.modules.pop(n, None)
    gc.collect()
    a = gc.mem_alloc()
    try:
        m = __import__(n)
        gc.collect()
        print('HEAPMAP module', n, gc.mem_alloc() - a)
    except Exception as e:
        print('HEAPMAP module', n, -1)
    i = n.rfind('.')
    pkg = sys.modules.get(n[:i]) if i > 0 else None
    if old is not None:
        sys.modules[n] = old
        if pkg is not None:
            setattr(pkg, n[i + 1:], old)
    else:
        sys.modules.pop(n, None)
    m = None
    gc.collect()
"""


def blocks(text):
    """mem_info(1)'s map as [(kind letter, bytes)], one an object, in heap
    order.  Lines are `xxxxxxxx: <64 letters>`; `(N lines all free)`
    between them are free blocks (nothing to count)."""
    out = []
    cur = None
    for line in text.splitlines():
        m = re.match(r"^([0-9a-f]{8}): (\S+)", line)
        if not m:
            continue
        for c in m.group(2):
            if c in KINDS:
                cur = [c, BLOCK]
                out.append(cur)
            elif c == "=" and cur is not None:
                cur[1] += BLOCK
            else:
                cur = None
    return [tuple(x) for x in out]


def by_kind(objs):
    """{kind name: (objects, bytes)}."""
    out = {}
    for c, n in objs:
        k = KINDS[c]
        o, b = out.get(k, (0, 0))
        out[k] = (o + 1, b + n)
    return out


def module_weights(text):
    """[(bytes, module)] from WEIGH's lines, heaviest first (-1: its import
    failed there)."""
    rows = []
    for line in text.splitlines():
        w = line.split()
        if len(w) == 4 and w[0] == "HEAPMAP" and w[1] == "module":
            rows.append((int(w[3]), w[2]))
    return sorted(rows, reverse=True)


def report(census, weights=None):
    """The printed report from CENSUS's output (and WEIGH's)."""
    lines = []
    m = re.search(r"HEAPMAP alloc (\d+) peak (\S+)", census)
    if m:
        lines.append("live heap after a collection: %s B; the game's peak (heap_peak): %s B" % m.groups())
    m = re.search(r"n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)", census)
    if m:
        lines.append("interned names: %s (%s B of text, %s B in all)" % m.groups())
    m = re.search(r"HEAPMAP modules (.*)", census)
    if m:
        lines.append("modules held: " + m.group(1).strip())
    objs = blocks(census)
    kinds = by_kind(objs)
    lines.append("%-16s %8s %8s" % ("kind", "objects", "bytes"))
    for k, (o, b) in sorted(kinds.items(), key=lambda kv: -kv[1][1]):
        lines.append("%-16s %8d %8d" % (k, o, b))
    lines.append("%-16s %8d %8d" % ("all", len(objs), sum(n for c, n in objs)))
    big = sorted((n, KINDS[c]) for c, n in objs if n >= 256)
    if big:
        lines.append("objects of 256 B or more: " + ", ".join("%d (%s)" % x for x in reversed(big)))
    if weights:
        rows = module_weights(weights)
        lines.append("modules, heaviest first (bytes the import takes again):")
        for b, n in rows:
            lines.append("  %6d  %s" % (b, n))
        lines.append("  %6d  all %d" % (sum(b for b, n in rows if b > 0), len(rows)))
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", default="pico_matrix")
    ap.add_argument("--game", default="bataille", choices=("bataille", "batawaf", "tape"))
    ap.add_argument("--turns", type=int, default=8, help="duels (Bataille, Bata-waf) or turns (Tape-treize)")
    ap.add_argument("--players", type=int, default=0, help="default: 4 in Tape-treize, else 2")
    ap.add_argument("--uf2", help="the one-file firmware (default: tools/uf2.py builds the board's)")
    ap.add_argument("--modules", action="store_true", help="weigh every module too (a minute or more)")
    ap.add_argument("--mpy", action="store_true",
                    help="the .mpy route: the stock firmware with the box copied by `make flash` (not the one-file firmware)")
    a = ap.parse_args(argv)
    import subprocess
    import tempfile
    sys.path[:0] = [ROOT, os.path.join(ROOT, "host_tests")]
    import pico_box
    from tools.pico import faults
    players = a.players or (4 if a.game == "tape" else 2)
    with tempfile.TemporaryDirectory(prefix="heapmap_") as d:      # (a 2 MB flash image: not left behind)
        uf2 = a.uf2
        flash = os.path.join(d, "flash.bin")
        if a.mpy:
            from tools.pico import images
            images.copy_of(a.board, flash)     # the box `make flash` left on the stock firmware
        elif uf2 is None:
            uf2 = os.path.join(d, "box.uf2")
            r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "uf2.py"), "firmware", "--board",
                                a.board, "--out", uf2], cwd=ROOT)
            if r.returncode:
                return r.returncode
        b = pico_box.Box(uf2=uf2, flash=flash, board=a.board, fresh=not a.mpy)
        try:
            b.start()
            b.begin(a.game, players)
            for i in range(a.turns):
                b.turn(a.game, players, i)
            census = faults.look(b.pico, CENSUS)
            weights = faults.look(b.pico, WEIGH % ([],)) if a.modules else None
        finally:
            b.close()
    print("%s, %s, %d players, %d turns:" % (a.board, a.game, players, a.turns))
    print(report(census, weights))
    return 0


if __name__ == "__main__":
    sys.exit(main())
