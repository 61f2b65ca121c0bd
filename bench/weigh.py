"""What each module of the `.mpy` route costs in the heap, in seconds (issue 41, 2).

    python bench/weigh.py [MODULE ...] [--all] [--exe MICROPYTHON32]

compiles the board's files as `make flash` does (mpy-cross -O3 -s, no line
tables; viper files for the host's x86 instead of armv6m: their native code
is not the board's, the bytecode of every other file is the same bytes), into
a scratch tree, and runs the 32-bit MicroPython unix port (the RP2040's word
size and 16-byte blocks; host_tests/app_heap.py micropython32) in it:

- every module named (default: the games', gfx's and core's modules the box
  holds in a game) is imported, then each popped from sys.modules and
  imported again alone: the heap the import takes (its function objects,
  bytecode, class and globals tables), as tools/pico/heapmap.py --modules
  weighs it on the emulated board;
- the names: each .mpy's own (its qstr table less the firmware's static
  ones: what its load interns if no other module has), and the interned
  names the whole import added in the process (micropython.qstr_info()).

`--all`: every board module of core/, gfx/, games/ that imports here.
Prints one line a module and the totals; `--json` for a machine.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "tools"), os.path.join(ROOT, "host_tests")]
import firmware_files  # noqa: E402
import mpy  # noqa: E402

# The modules of mine the box holds in a game (tools/pico/heapmap.py's census
# of a Tape-treize and a Bataille game on the emulated board, 6 December 2026;
# core.options left it with the games' option checks (forgotten once dealt); core.pile
# with its Pile, now in core.cards).
IN_PLAY = ("core", "core.cards", "core.compat", "core.log", "core.rng",
           "core.ticks", "gfx", "gfx.canvas", "gfx.fb", "gfx.glyphs", "gfx.region", "gfx.render",
           "gfx.style", "gfx.tape", "gfx.tape16", "gfx.table", "gfx.faces", "gfx.gauge", "gfx.menu",
           "games", "games.tape", "games.tape_rules", "games.tape_head", "games.bataille",
           "games.bataille_rules", "games.bataille_setup", "games.bataille_fast")

SCRIPT = """
import gc, sys, micropython
gc.collect()
names = %r
for n in names:
    try:
        __import__(n)
    except Exception as e:
        print('FAIL', n, repr(e))
gc.collect()
for n in names:
    if n not in sys.modules:
        continue
    old = sys.modules.pop(n)
    gc.collect()
    a = gc.mem_alloc()
    __import__(n)
    gc.collect()
    print('W', n, gc.mem_alloc() - a)
    i = n.rfind('.')
    sys.modules[n] = old
    if i > 0:
        setattr(sys.modules[n[:i]], n[i + 1:], old)
    gc.collect()
"""


def exe32():
    """The 32-bit unix port tools/uf2.py built under build/mp/."""
    import glob
    for p in sorted(glob.glob(os.path.join(ROOT, "build", "mp", "*", "micropython32"))):
        return p
    sys.exit("no build/mp/*/micropython32: python tools/uf2.py unix builds it")


def build(out):
    cross = mpy.mpy_cross()
    for rel in firmware_files.board_sources():
        if rel == "main.py" or not rel.startswith(("core/", "gfx/", "games/", "pads/", "voice/")):
            continue
        dst = os.path.join(out, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        arch = ["-march=x86"] if "viper" in rel else []
        subprocess.run([cross, "-O3"] + arch + ["-s", rel[:-3] + ".mpy", "-o", dst,
                                                 os.path.join(ROOT, "firmware", rel)], check=True)


def _uint(b, i):
    v = 0
    while True:
        c = b[i]
        i += 1
        v = (v << 7) | (c & 0x7F)
        if not c & 0x80:
            return v, i


def own_names(path):
    """The names an .mpy brings (its qstr table less the static ones): a set."""
    if not os.path.exists(path):        # a folder without __init__: nothing loaded
        return set()
    with open(path, "rb") as f:
        b = f.read()
    i = 4
    if b[2] & 0x40:          # MP_NATIVE_ARCH_FLAGS_PRESENT
        _, i = _uint(b, i)
    n, i = _uint(b, i)
    _, i = _uint(b, i)
    out = set()
    for _ in range(n):
        ln, i = _uint(b, i)
        if ln & 1:
            continue
        ln >>= 1
        out.add(b[i:i + ln].decode())
        i += ln + 1
    return out


def module_file(tree, name):
    p = os.path.join(tree, *name.split("."))
    return p + "/__init__.mpy" if os.path.isdir(p) else p + ".mpy"


def weigh(names, exe=None, tree=None):
    """{module: (bytes, own names)}, the union of their names, and the
    process's n_qstr grown by the imports."""
    with tempfile.TemporaryDirectory(prefix="weigh_") as d:
        tree = tree or d
        build(tree)
        if not names:
            names = []
            for rel in firmware_files.board_sources():
                if rel.startswith(("core/", "gfx/", "games/")):
                    names.append(rel[:-3].replace("/__init__", "").replace("/", "."))
        code = SCRIPT % (list(names),)
        qs = "import micropython\nmicropython.qstr_info()\n"
        run = lambda c: subprocess.run([exe or exe32(), "-X", "heapsize=4M", "-c", c], cwd=tree,
                                       env=dict(os.environ, MICROPYPATH=""), capture_output=True,
                                       text=True, timeout=120)
        r = run(code)
        q0 = run(qs).stdout
        q1 = run("import sys\nfor n in %r:\n  try:\n    __import__(n)\n  except Exception:\n    pass\n"
                 % (list(names),) + qs).stdout
        rows = {}
        union = set()
        for line in r.stdout.splitlines():
            w = line.split()
            if w and w[0] == "W":
                own = own_names(module_file(tree, w[1]))
                union |= own
                rows[w[1]] = (int(w[2]), len(own))
            elif w and w[0] == "FAIL":
                print(line, file=sys.stderr)
        if r.returncode:
            print(r.stderr, file=sys.stderr)
        n = lambda t: int(t.split("n_qstr=")[1].split(",")[0]) if "n_qstr=" in t else 0
        return rows, len(union), n(q1) - n(q0)


def main(argv):
    import json
    names = [a for a in argv if not a.startswith("--")]
    if not names and "--all" not in argv:
        names = list(IN_PLAY)
    rows, union, grown = weigh(names)
    if "--json" in argv:
        print(json.dumps({"modules": rows, "names": union, "qstr_grown": grown}))
        return 0
    for n, (b, q) in sorted(rows.items(), key=lambda kv: -kv[1][0]):
        print("%6d B %4d names  %s" % (b, q, n))
    print("%6d B %4d names  all %d (the process interned %d more names)"
          % (sum(b for b, q in rows.values()), union, len(rows), grown))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
