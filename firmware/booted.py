# What the box opens once its first frame is out (booting.up calls pads,
# says its boot line, then calls rest): the first screen reads no pad and
# says nothing, and each .mpy import before it is some 15 ms of the
# power-on to first frame (issue 41, 4), so the pads and the power parts
# with the battery gauge (~200 ms on the .mpy route: a press in that time
# is not read; the boot line, said once they are, tells a host the box is
# ready), then the voice, come after it; and the one-file firmware lets
# its file system go.  Dropped with booting once the box is up.


def pads(app):
    """The board's pads from now on (in place of booting's _NoPads), and
    its power parts with the battery gauge."""
    late(app, _pads)


def rest(app, open_hal, tick):
    """After the first frame and the pads (booting.up): the loop's passes
    (tick) while the e-ink's first refresh goes on, then the voice.  The
    file system the box lets go between its uses (the one-file firmware),
    for main.py to hold again when the box stops; else None."""
    h = app.hal
    # the e-ink's first refresh started after its reset's pauses: the
    # loop's passes meanwhile (presses are read from now on)
    while app.disp.busy():
        h.clock.sleep_ms(2)
        tick(app)
    if open_hal is None:
        late(app, voice)
    # the boot has read its files: on the one-file firmware the flash
    # file system is mounted only while the box uses it from now on
    # (2.4 KB of heap for the games, issue 26); mounted for good when the
    # box stops, whatever stopped it, for the REPL's user
    fs = getattr(getattr(h, "storage", None), "fs", None)
    if not hasattr(fs, "let_go") or open_hal is not None or not one_file():
        fs = None
    if fs is not None:
        fs.let_go()
    return fs


def late(app, step):
    """step(app), a part of the board the first frame did without (_pads,
    voice), opened after it: its modules stay as the box's own (a game's
    end drops what came after the App: app.play's lean)."""
    import sys
    before = tuple(sys.modules)
    step(app)
    if app.modules is not None:
        app.modules += tuple(k for k in sys.modules if k not in before)


def _pads(app):
    # (pads: the pads, the power parts, the gauge)
    import sys
    from hal.rp2 import open_pads
    from app import io
    h = app.hal
    open_pads(h)
    # the PIO assembler (the rp2 module's Python, 1.4 KB) assembled the
    # pads' program at their import: gone again, as after the HAL (booting)
    sys.modules.pop("rp2", None)
    app.cap = io.capture(h)
    app.power = io.gauge(h)


def voice(app):
    """The voice and its speaker, in the box's language."""
    from hal.rp2 import open_voice
    h = app.hal
    if open_voice(h) is not None:
        app.sound.hear(h.voice, app.settings["lang"])


def one_file():
    """The one-file firmware, all its code frozen in (tools/uf2.py): its
    board module is there, and none of the box's code or voices is on the
    file system (an older `make flash` copy: first in sys.path, its late
    imports and its open voice file would need the file system mounted).
    Only then can the box let the file system go between its uses
    (hal.rp2.parts.FlashFs)."""
    import os
    import sys
    try:
        import box_board  # type: ignore[import-not-found]
    except ImportError:
        return False
    sys.modules.pop("box_board", None)
    for d in ("app", "voice"):
        try:
            os.stat(d)
            return False
        except OSError:
            pass
    return True
