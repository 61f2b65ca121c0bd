# A board file checked as the box checks it at boot: by the firmware's own
# checker (hal.board.load), so that tools/flash.py (before copying) and
# hardware/diagrams.py (before drawing) refuse a bad pin with the same
# one-line message as the box and the simulator, from one piece of code.
import os
import sys

FIRMWARE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware")


def board_problem(path):
    """None if the board file at path is good, else the checker's one-line
    refusal (which pin, and why)."""
    if FIRMWARE not in sys.path:
        sys.path.insert(0, FIRMWARE)
    from hal import board as _board
    try:
        _board.load(path)
    except _board.BoardError as e:
        return str(e)
    return None
