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


CHECKED = "boardok.json"


def checked_text(path):
    """The checked board the box reads at boot instead of checking its
    board file again (hal.boarddata.load, issue 41: the checker's ~145 ms
    and ~30 names a boot): [the board file's text, the Board's fields, its
    pads as [pin, led], its display's fields], made here by the firmware's
    own checker; the box takes it only when the text is its board file's.
    ValueError (the checker's BoardError) for a bad board file."""
    import json
    if FIRMWARE not in sys.path:
        sys.path.insert(0, FIRMWARE)
    from hal import board as _board
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    b = _board.parse(text, path)
    fields = {k: v for k, v in sorted(vars(b).items()) if k not in ("pads", "display", "source")}
    return json.dumps([text, fields, [[p.pin, p.led] for p in b.pads], dict(sorted(vars(b.display).items()))])
