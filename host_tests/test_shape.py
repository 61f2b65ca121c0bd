# The project's shape from its own imports (issues 22, 38): the layers are
# data (tools/layers.py: the firmware's order core < pads < games, gfx,
# voice < drivers < hal < app < host < main, and the trees' firmware < sim <
# tools < hardware < bench), and every import of every module of the five
# trees, module-level and function-level alike, points down that order or
# sideways, with no circle (each seam points one way: shared names live in
# the lower module).  A failure names the file and the line.  And no
# firmware module over 350 lines (small modules with one job,
# ARCHITECTURE.md).
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import layers  # noqa: E402

MAX_LINES = 350


def long_modules(limit=MAX_LINES):
    """'path (n lines)' of every firmware module over `limit` lines."""
    out = []
    for m, (tree, path) in sorted(layers.modules().items()):
        if tree != "firmware":
            continue
        rel = os.path.relpath(path, ROOT)
        with open(path, encoding="utf-8") as f:
            n = sum(1 for _ in f)
        if n > limit:
            out.append("%s (%d lines)" % (rel, n))
    return out


def test_shape_no_import_circle():
    mods = layers.modules()
    graph = layers.imports(mods)
    found = layers.circles(graph)
    assert not found, "import circles: " + "; ".join(
        " <-> ".join(c) + " (" + ", ".join(layers.circle_lines(mods, graph, c)) + ")" for c in found)


def test_shape_no_upward_import():
    mods = layers.modules()
    found = layers.upward(mods, layers.imports(mods))
    assert not found, "upward imports:\n" + "\n".join("%s:%d: %s imports %s (%s)" % u for u in found)


def test_shape_every_firmware_folder_has_its_layer():
    # a new top-level folder or file of firmware/ gets its place in the
    # order (tools/layers.py), or the check could not say what it may import
    tops = sorted({m.split(".")[0] for m, (tree, _) in layers.modules().items() if tree == "firmware"})
    placed = [t for group in layers.FIRMWARE_LAYERS for t in group]
    assert [t for t in tops if t not in placed] == []
    assert "host" in tops and "flashcheck" in tops


def test_shape_no_firmware_module_over_350_lines():
    over = long_modules()
    assert not over, "firmware modules over their limit (%d lines): %s" % (MAX_LINES, ", ".join(over))


def write(root, rel, text):
    path = os.path.join(root, *rel.split("/"))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def test_shape_names_an_upward_import_and_a_circle_by_file_and_line(tmp_path):
    # the reader itself, on a small tree: an upward import inside a
    # function, a tree importing a higher tree, a circle through a late
    # import; a one-way seam and a sideways import are fine
    root = str(tmp_path)
    write(root, "firmware/core/a.py", "import os\n\n\ndef late():\n    from app import box\n")
    write(root, "firmware/app/box.py", "from core import a\nfrom games import g\n")
    write(root, "firmware/games/g.py", "from gfx import menu\n")
    write(root, "firmware/gfx/menu.py", "from core import a\n")
    write(root, "sim/__init__.py", "")
    write(root, "sim/x.py", "import tools.t\n")
    write(root, "tools/t.py", "import sim.x\nfrom app import box\n")
    found = layers.problems(root)
    assert os.path.join("firmware", "core", "a.py") + ":5: upward import: core.a imports app.box " \
        "(core is below app)" in found
    assert os.path.join("sim", "x.py") + ":1: upward import: sim.x imports tools.t (sim/ is below tools/)" in found
    circles = [ln for ln in found if ln.startswith("import circle")]
    assert len(circles) == 2, found
    assert "app.box <-> core.a" in circles[0] and os.path.join("firmware", "core", "a.py") + ":5" in circles[0]
    assert "sim.x <-> tools.t" in circles[1]
    assert len(found) == 4, found


def test_shape_reads_late_and_bare_imports_of_the_real_tree():
    mods = layers.modules()
    graph = layers.imports(mods)
    # a function-level import is read (Bataille.play loads its fast path)
    assert "games.bataille_fast" in graph["games.bataille"]
    assert "core.ticks" in graph["games.tape"]
    # a script's bare import is its folder's, or the tree it puts on sys.path
    assert "tools.mpy" in graph["tools.flash"]
    assert {"hardware.bom", "hardware.boardfiles"} <= set(graph["hardware.diagrams"])
    assert "tools.boardcheck" in graph["hardware.boardfiles"]


def test_shape_counts_lines_against_the_limit():
    assert long_modules(10**6) == []
    assert any(s.startswith(os.path.join("firmware", "games", "bataille.py")) for s in long_modules(100))
