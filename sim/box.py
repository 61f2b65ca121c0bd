"""The real firmware on the host HAL, as the simulator sees it.

Box opens the host HAL for a board file (hal.open_host), starts the
firmware's App on it and exposes what reached the fake hardware: the
display's frame buffer, the pad LEDs, the buzzer's PWM, plus the game log the
box wrote.  Presses go in through hal.pads (HostPads): the same fake pins and
interrupt handler as the tests.
"""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = os.path.join(ROOT, "boards")


class BoxError(Exception):
    """The box cannot start: the message says why (bad board, bad option)."""


def board_names():
    try:
        return sorted(f[:-5] for f in os.listdir(BOARDS) if f.endswith(".json"))
    except OSError:
        return []


def load_board(name):
    """A board by name (boards/NAME.json) or by path; BoxError naming the
    boards there are if it does not exist, or the board loader's message."""
    from hal import board as _board
    path = name
    if not (name.endswith(".json") or os.sep in name):
        path = os.path.join(BOARDS, name + ".json")
    if not os.path.exists(path):
        raise BoxError("no board %r: choose one of %s (boards/*.json)" % (name, ", ".join(board_names())))
    try:
        return _board.load(path)
    except ValueError as e:
        raise BoxError(str(e))
