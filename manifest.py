# Freezing the box into a custom MicroPython build (like micropython-lib's
# manifests): from a MicroPython checkout,
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/this/manifest.py
# Frozen modules cost no RAM to import.  main.py is frozen too (MicroPython
# runs a frozen main.py when the file system has none); the board file still
# goes on the file system: mpremote fs cp boards/NAME.json :board.json
# What runs on the PC only (the host HAL, the bots and headless runner, the
# pure-Python framebuf) is left out.  The spoken words
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

# Every file of firmware/ the board runs, from the tree: one package a
# folder, the top-level files as modules, the PC-only files left out by the
# one rule of tools/firmware_files.py (which make flash and package.json
# follow too), so a new module or folder is frozen without an edit here.
# makemanifest runs this file with the working directory at its folder.
import importlib.util
import os

_spec = importlib.util.spec_from_file_location("firmware_files", os.path.join("tools", "firmware_files.py"))
_files = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_files)
_modules, _packages = _files.packages(os.path.join(os.getcwd(), "firmware"))
for name in _modules:
    module(name, base_path="firmware")
for name in sorted(_packages):
    package(name, base_path="firmware", files=tuple(_packages[name]))
