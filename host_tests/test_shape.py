# The project's shape from its own imports (issue 22): no import circle in
# firmware/, sim/ or tools/ (each seam points one way: shared names live in
# the lower module), and no firmware module over 400 lines (small modules
# with one job, ARCHITECTURE.md).  The imports are read from the source with
# ast, module-level and function-level alike (a late import still ties two
# modules together); firmware modules are named as the board imports them
# (firmware/ is the root), sim and tools from the repository's root.
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_LINES = 400
TREES = (("firmware", ""), ("sim", "sim"), ("tools", "tools"))


def modules():
    """{module name: path} of every .py under the trees."""
    out = {}
    for top, prefix in TREES:
        base = os.path.join(ROOT, top)
        for d, dirs, files in os.walk(base):
            dirs[:] = [x for x in dirs if x not in ("node_modules", "__pycache__")]
            for f in files:
                if not f.endswith(".py"):
                    continue
                parts = os.path.relpath(os.path.join(d, f), base)[:-3].split(os.sep)
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                name = ".".join(([prefix] if prefix else []) + parts)
                if name:
                    out[name] = os.path.join(d, f)
    return out


def _known(mods, name):
    """The longest prefix of a dotted name that is one of ours, or None."""
    while name:
        if name in mods:
            return name
        name = name.rpartition(".")[0]
    return None


def imports(mods):
    """{module: set of our modules it imports}, function-level imports too."""
    graph = {}
    for m, path in mods.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        pkg = m if path.endswith("__init__.py") else m.rpartition(".")[0]
        seen = set()
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
                names = [base] + [base + "." + a.name for a in node.names]
            for n in names:
                k = _known(mods, n)
                if k is not None and k != m:
                    seen.add(k)
        graph[m] = seen
    return graph


def circles(graph):
    """The strongly connected groups of two or more modules (Tarjan)."""
    index = {}
    low = {}
    stack = []
    on = set()
    out = []
    counter = [0]

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

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def long_modules(mods, limit=MAX_LINES):
    out = []
    for m, path in sorted(mods.items()):
        if os.path.relpath(path, ROOT).split(os.sep)[0] != "firmware":
            continue
        with open(path, encoding="utf-8") as f:
            n = sum(1 for _ in f)
        if n > limit:
            out.append("%s (%d lines)" % (os.path.relpath(path, ROOT), n))
    return out


def test_shape_no_import_circle():
    found = circles(imports(modules()))
    assert not found, "import circles: " + "; ".join(" <-> ".join(c) for c in found)


def test_shape_no_firmware_module_over_400_lines():
    over = long_modules(modules())
    assert not over, "firmware modules over %d lines: %s" % (MAX_LINES, ", ".join(over))


def test_shape_finds_a_circle_and_names_it():
    # the reader itself: a function-level import back is a circle, a
    # one-way seam is not
    g = {"a": {"b"}, "b": {"c"}, "c": set(), "d": {"e"}, "e": {"d"}}
    assert circles(g) == [["d", "e"]]
    mods = modules()
    graph = imports(mods)
    # a function-level import is read (Bataille.play loads its fast path)
    assert "games.bataille_fast" in graph["games.bataille"]
    assert "core.ticks" in graph["games.tape"]


def test_shape_counts_lines_against_the_limit():
    mods = modules()
    assert long_modules(mods, 10**6) == []
    assert any(s.startswith(os.path.join("firmware", "app", "box.py"))
               for s in long_modules(mods, 100))
