"""The project's layers as data, and the imports read against them.

    python tools/layers.py      print every upward import and import circle
                                (file:line and why); exit 1 if there is one

The order is written here once; host_tests/test_shape.py (in `make test`)
holds the code to it.  A module may import its own layer or a lower one:
  - the firmware's layers, lowest first (FIRMWARE_LAYERS): the pure rules
    and data (core), the pads' capture, the games, the drawing and the
    spoken words, the drivers of the parts, the HAL that opens them, the
    box (app), what plays the box off the board (host: bots, headless), and
    the boot (main.py, and flashcheck.py which main imports first);
  - the trees, lowest first (TREES): firmware/ (the board's code), sim/
    (the box on a PC), tools/ (build, flash, emulate), hardware/ (drawings
    and figures of the box) and bench/ (measurements, the highest).
Every import is read from the source with ast, at module level and inside
functions alike (a late import still ties two modules together).  Firmware
modules are named as the board imports them (firmware/ is the root); the
other trees' from the repository's root, and their scripts' bare imports
(`import bom`: their folder is on sys.path) are read as their folder's.
Standard library only.
"""
import ast
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FIRMWARE_LAYERS = (("core",), ("pads",), ("games", "gfx", "voice"), ("drivers",), ("hal",), ("app",),
                   ("host",), ("main", "booting", "booted", "flashcheck"))
# (folder, the prefix of its modules' names), lowest first
TREES = (("firmware", ""), ("sim", "sim"), ("tools", "tools"), ("hardware", "hardware"), ("bench", "bench"))
SKIP = ("node_modules", "__pycache__")


def modules(root=ROOT):
    """{module name: (tree, path)} of every .py under the trees."""
    out = {}
    for top, prefix in TREES:
        base = os.path.join(root, top)
        for d, dirs, files in os.walk(base):
            dirs[:] = sorted(x for x in dirs if x not in SKIP)
            for f in sorted(files):
                if not f.endswith(".py"):
                    continue
                parts = os.path.relpath(os.path.join(d, f), base)[:-3].split(os.sep)
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                name = ".".join(([prefix] if prefix else []) + parts)
                if name:
                    out[name] = (top, os.path.join(d, f))
    return out


def known(mods, name):
    """The longest prefix of a dotted name that is one of ours, or None."""
    while name:
        if name in mods:
            return name
        name = name.rpartition(".")[0]
    return None


def _resolve(mods, m, name):
    """The module of ours an import of `name` in module m reaches, or None:
    outside firmware/ a bare name is first its own folder's (a script's
    folder is on its sys.path)."""
    tree = mods[m][0]
    if tree != "firmware":
        folder = m.rpartition(".")[0] if not mods[m][1].endswith("__init__.py") else m
        while folder:
            k = mods.get(folder + "." + name.partition(".")[0]) and known(mods, folder + "." + name)
            if k:
                return k
            folder = folder.rpartition(".")[0]
    k = known(mods, name)
    if k is None and tree != "firmware":
        # a script that puts another tree's folder on its sys.path (hardware/
        # takes tools/boardcheck.py so): a bare name one tree's top holds
        found = [known(mods, p + "." + name) for _, p in TREES
                 if p and p + "." + name.partition(".")[0] in mods]
        k = found[0] if len(found) == 1 else None
    return k


def imports(mods):
    """{module: {module of ours it imports: the first line that does}}."""
    graph = {}
    for m, (_, path) in mods.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        pkg = m if path.endswith("__init__.py") else m.rpartition(".")[0]
        seen = {}
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = pkg.split(".") if pkg else []
                    if node.level > 1:
                        up = up[:len(up) - (node.level - 1)]
                    base = ".".join(up + ([node.module] if node.module else []))
                names = [base + "." + a.name for a in node.names] + [base]
            for n in names:
                k = _resolve(mods, m, n) if n else None
                if k is not None and k != m and (k not in seen or node.lineno < seen[k]):
                    seen[k] = node.lineno
        graph[m] = seen
    return graph


def rank(mods, m):
    """(tree's rank, firmware layer's rank or 0) of module m."""
    tree = mods[m][0]
    t = [x for x, _ in TREES].index(tree)
    if tree != "firmware":
        return t, 0
    top = m.split(".")[0]
    for i, group in enumerate(FIRMWARE_LAYERS):
        if top in group:
            return t, i
    raise ValueError("firmware/%s: in no layer of tools/layers.py's FIRMWARE_LAYERS" % top)


def upward(mods, graph, root=ROOT):
    """[(path, line, module, what it imports, why)] of every import of a
    higher layer or tree, sorted."""
    out = []
    for m, targets in graph.items():
        rm = rank(mods, m)
        for t, line in targets.items():
            rt = rank(mods, t)
            if rt > rm:
                if rt[0] > rm[0]:
                    why = "%s/ is below %s/" % (mods[m][0], mods[t][0])
                else:
                    why = "%s is below %s" % (m.split(".")[0], t.split(".")[0])
                out.append((os.path.relpath(mods[m][1], root), line, m, t, why))
    return sorted(out)


def circles(graph):
    """The strongly connected groups of two or more modules (Tarjan), each
    sorted."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def circle_lines(mods, graph, group, root=ROOT):
    """A circle as its imports, 'path:line imports module' each."""
    inside = set(group)
    return ["%s:%d imports %s" % (os.path.relpath(mods[m][1], root), line, t)
            for m in group for t, line in sorted(graph[m].items()) if t in inside]


def problems(root=ROOT):
    """Every upward import and circle, one line each (empty: the shape holds)."""
    mods = modules(root)
    graph = imports(mods)
    out = ["%s:%d: upward import: %s imports %s (%s)" % u for u in upward(mods, graph, root)]
    for group in circles(graph):
        out.append("import circle %s: %s" % (" <-> ".join(group),
                                              "; ".join(circle_lines(mods, graph, group, root))))
    return out


if __name__ == "__main__":
    found = problems()
    for ln in found:
        print(ln)
    print("layers: %d upward imports or circles" % len(found))
    sys.exit(1 if found else 0)
