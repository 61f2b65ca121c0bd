"""The board files (boards/*.json) as hardware/'s scripts read them: every
one checked by the firmware's own checker (tools/boardcheck.py: hal.board,
the box's one-line message for a bad pin), as plain JSON.  Apart from
diagrams.py and hours.py, which both draw from them, so that neither needs
the other to read a board.
"""
import glob
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(1, os.path.join(ROOT, "tools"))
from boardcheck import board_problem  # noqa: E402


def check_board(path):
    """The firmware's own board-file checker (hal.board, what the box runs at
    boot): a bad pin stops the drawing with its one-line message."""
    bad = board_problem(path)
    if bad:
        sys.stderr.write("diagrams: %s; nothing drawn\n" % bad)
        raise SystemExit(2)


def load_boards(boards_dir=os.path.join(ROOT, "boards")):
    """{name: board dict} of every boards/*.json, each checked, as plain JSON."""
    out = {}
    for path in sorted(glob.glob(os.path.join(boards_dir, "*.json"))):
        check_board(path)
        with open(path) as f:
            out[os.path.basename(path)[:-5]] = json.load(f)
    if not out:
        sys.stderr.write("diagrams: no board file (*.json) in %s\n" % boards_dir)
        raise SystemExit(2)
    return out
