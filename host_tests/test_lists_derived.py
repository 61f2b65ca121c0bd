# Every list that follows the tree is derived from its one source (issue 38):
# in a copy of the repository, a module added under firmware/games/ and a
# board file copied under a new name reach the frozen manifest, `make
# flash`'s copy (tools/flash.py --dry-run), the simulator's boards and the
# web page's, with no list edited.  And the PC-only files are one rule
# (tools/firmware_files.py) that every route follows.
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import firmware_files  # noqa: E402

NEW_MODULE = "games/added_by_test.py"
NEW_BOARD = "pico_added_by_test"


def frozen(root):
    """The files manifest.py freezes, run as makemanifest runs it (from its
    folder, module() and package() its own)."""
    out = []

    def module(name, base_path="."):
        out.append(name)

    def package(name, files=(), base_path="."):
        out.extend(name + "/" + f for f in files)

    here = os.getcwd()
    os.chdir(root)
    try:
        with open(os.path.join(root, "manifest.py")) as f:
            exec(f.read(), {"module": module, "package": package, "metadata": lambda **kw: None})
    finally:
        os.chdir(here)
    return sorted(out)


def run(root, *argv):
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("PYTHONPATH", None)
    r = subprocess.run([sys.executable] + list(argv), capture_output=True, text=True, cwd=root, env=env,
                       timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("tree") / "box")
    ignore = shutil.ignore_patterns("node_modules", "__pycache__", "build")
    for d in ("firmware", "boards", "tools", "sim"):
        shutil.copytree(os.path.join(ROOT, d), os.path.join(root, d), ignore=ignore)
    shutil.copy(os.path.join(ROOT, "manifest.py"), root)
    with open(os.path.join(root, "firmware", *NEW_MODULE.split("/")), "w") as f:
        f.write("# a module of the board's, added by host_tests/test_lists_derived.py\nADDED = 1\n")
    shutil.copy(os.path.join(root, "boards", "pico_matrix.json"), os.path.join(root, "boards", NEW_BOARD + ".json"))
    return root


def test_a_new_module_is_frozen_and_flashed_with_no_list_edited(copy):
    fw = os.path.join(copy, "firmware")
    assert NEW_MODULE in frozen(copy)
    assert frozen(copy) == firmware_files.board_sources(fw)
    out = run(copy, "tools/flash.py", "--board", NEW_BOARD, "--dry-run").splitlines()
    mpy = os.path.join("build", "mpy", *NEW_MODULE[:-3].split("/")) + ".mpy"
    assert [ln for ln in out if " fs cp " in ln and " %s " % mpy in ln and ln.endswith(" :.flash/games/")], out
    # the board file copied under a new name is the box's board.json
    assert "mpremote fs cp boards/%s.json :.flash/board.json" % NEW_BOARD in out


def test_a_new_board_file_reaches_the_simulator_and_the_web_page(copy):
    said = run(copy, "-c", "import sys; sys.path[:0] = ['firmware', '.']\n"
                           "from sim import box\n"
                           "print(' '.join(box.board_names())); print(box.load_board(%r).n_pads)" % NEW_BOARD)
    names, pads = said.splitlines()
    assert NEW_BOARD in names.split() and int(pads) == 4
    web = run(copy, "-c", "import sys; sys.path.insert(0, 'tools'); import web; print(' '.join(web.BOARDS))")
    assert NEW_BOARD in web.split()


def test_the_pc_only_files_are_one_rule_every_route_follows():
    board = firmware_files.board_sources()
    host = firmware_files.host_sources()
    assert sorted(board + host) == firmware_files.sources() and not set(board) & set(host)
    # the host HAL, what plays the box off the board, the pure-Python framebuf
    for rel in ("hal/host/__init__.py", "host/bots.py", "host/headless.py", "gfx/framebuf_py.py",
                "gfx/framebuf_shapes.py"):
        assert rel in host, rel
    assert "main.py" in board and "gfx/fb.py" in board and "hal/rp2/__init__.py" in board
    # the routes: the frozen manifest, make flash's .mpy tree, package.json,
    # the 32-bit unix port's frozen host modules
    import flash
    import mpy
    import uf2
    assert frozen(ROOT) == board == flash.board_sources()
    assert sorted(r.replace(os.sep, "/") for r in mpy.sources(include_host=False)) == board
    assert uf2.host_files() == host
