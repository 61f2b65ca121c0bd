# The board files off the board, by name: boards/NAME.json of this
# repository (beside firmware/).  One place turns a board's name into its
# file, for the simulator, the tests, the emulator's tools and the build
# (a path to a .json file is taken as it is).  Portable: the MicroPython
# unix port's tests use it too.
#
#   path(name) -> the file        names() -> the boards there are
#   load(name) -> hal.board.Board (ValueError naming the boards there are)
import os

_f = __file__.replace("\\", "/")
_up = _f.split("/")[:-4]        # .../firmware/hal/host/boards.py -> ...
FOLDER = ("/".join(_up) if _up else "..") + "/boards"


def names():
    try:
        return sorted([f[:-5] for f in os.listdir(FOLDER) if f.endswith(".json")])
    except OSError:
        return []


def path(name):
    """The board file of `name` (boards/NAME.json), or `name` itself if it
    is a path (ends in .json or has a folder in it)."""
    if name.endswith(".json") or "/" in name or "\\" in name:
        return name
    return FOLDER + "/" + name + ".json"


def exists(p):
    try:
        os.stat(p)
        return True
    except OSError:
        return False


def load(name):
    """The board (hal.board.load) of a name or a path; ValueError naming
    the boards there are if there is no such file, or the loader's own."""
    from hal import board
    p = path(name)
    if not exists(p):
        raise ValueError("no board %r: choose one of %s (boards/*.json)" % (name, ", ".join(names())))
    return board.load(p)
