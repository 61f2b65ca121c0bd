"""Which files of firmware/ go onto the board: the one rule, in one place.

Every .py under firmware/ is the board's but the PC-only ones, HOST_ONLY
(paths relative to firmware/, "dir/" for a whole folder).  The lists that
follow the tree are all made here, so a new module reaches every route with
no list edited (host_tests/test_shape.py adds one in a copy of the tree):
  - the frozen manifest (manifest.py: one package a folder, main.py and
    flashcheck.py as modules);
  - the .mpy tree `make flash` copies (tools/mpy.py build) and package.json
    (tools/flash.py --package-json);
  - the host modules the 32-bit unix port freezes beside the box
    (tools/uf2.py unix).
Standard library only: manifest.py loads this file by its path, inside
MicroPython's makemanifest.
"""
import os

# On the PC only: the host HAL (the simulator's and the tests' side of the
# hardware), what plays the box off the board (the bots, the headless
# driver), and the pure-Python framebuf (the board has the built-in one).
HOST_ONLY = ("hal/host/", "host/", "gfx/framebuf_py.py", "gfx/framebuf_shapes.py")

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")


def host_only(rel):
    """True for a path under firmware/ ("/" between folders) the board never gets."""
    return any(rel == x or (x.endswith("/") and rel.startswith(x)) for x in HOST_ONLY)


def sources(fw=FIRMWARE):
    """Every .py under fw, as sorted paths relative to it ("/" between folders)."""
    out = []
    for d, dirs, files in os.walk(fw):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        rel = os.path.relpath(d, fw).replace(os.sep, "/")
        out += [f if rel == "." else rel + "/" + f for f in files if f.endswith(".py")]
    return sorted(out)


def board_sources(fw=FIRMWARE):
    """The firmware files the board runs (all but HOST_ONLY's)."""
    return [r for r in sources(fw) if not host_only(r)]


def host_sources(fw=FIRMWARE):
    """The PC-only ones (HOST_ONLY's)."""
    return [r for r in sources(fw) if host_only(r)]


def packages(fw=FIRMWARE):
    """(modules, {package: files}) of the board's files as a frozen manifest
    names them: the top-level files as modules, each folder a package of
    its files (relative to the folder)."""
    modules, pkgs = [], {}
    for r in board_sources(fw):
        top, _, rest = r.partition("/")
        if rest:
            pkgs.setdefault(top, []).append(rest)
        else:
            modules.append(r)
    return modules, pkgs
