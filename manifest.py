# Freezing the box into a custom MicroPython build (like micropython-lib's
# manifests): from a MicroPython checkout,
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/this/manifest.py
# Frozen modules cost no RAM to import.  main.py is frozen too (MicroPython
# runs a frozen main.py when the file system has none); the board file still
# goes on the file system: mpremote fs cp boards/NAME.json :board.json
# The host port (firmware/hal/host), the pure-Python framebuf and the
# headless runner are PC-only and left out.  The spoken words
# (firmware/voice/*.vox) are data, not modules: copy them too
# (mpremote fs cp firmware/voice/*.vox :voice/) or the box beeps instead
# (tools/uf2.py freezes them as modules voice_<lang> for a board that talks).  A test checks what it freezes against
# the files under firmware/.
# The box's version, in the UF2's name (tools/uf2.py reads this line).  Not
# metadata()'s version=: makemanifest would append `__version__ = ...` to
# every frozen module, one more name in each module's table on the board
# (some 0.35 KB of a game's heap where a table was full, issue 26).
VERSION = "0.1.0"
metadata(description="Bataille box: Bataille, Bata-waf and Tape-treize for children")

# Each package freezes every .py under it but what runs on the PC only (the
# same exclusions as tools/flash.py's HOST_ONLY, which make flash and
# package.json use; test_manifest_freezes_every_board_file holds them
# equal), so a new module is frozen without an edit here.  makemanifest runs
# this file with the working directory at its folder.
import os

HOST_ONLY = ("hal/host/", "gfx/framebuf_py.py")


def board_files(name):
    top = os.path.join("firmware", name)
    out = []
    for d, dirs, files in os.walk(top):
        dirs.sort()
        rel = os.path.relpath(d, top).replace(os.sep, "/")
        for f in sorted(files):
            path = f if rel == "." else rel + "/" + f
            whole = name + "/" + path
            if f.endswith(".py") and not [x for x in HOST_ONLY if whole == x or whole.startswith(x)]:
                out.append(path)
    return tuple(out)


module("main.py", base_path="firmware")
module("flashcheck.py", base_path="firmware")
for name in ("core", "games", "pads", "drivers", "gfx", "app", "hal"):
    package(name, base_path="firmware", files=board_files(name))
