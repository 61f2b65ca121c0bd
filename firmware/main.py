# Boot: MicroPython runs this file at power-on.  It stays a .py (only
# main.py is run at boot; everything it imports is .mpy) and is compiled
# from source at each boot, so it is short: the steps are booting.py's
# (the board file -> the rp2 HAL -> the box; flashcheck's "half flashed"
# and a bad board file's blink code; the watchdog; the boot line "boot ms:
# ..."), dropped once the box is up.  A host that interrupts the box
# (Ctrl-C on USB: the first thing mpremote, `make flash`, `make repl` send)
# makes it stand down: the watchdog is turned off and the REPL is left to
# the host, so a copy that takes longer than the watchdog's 5 s is not cut
# by a reset (issue 12).  `mpremote reset` (the last step of `make flash`)
# or a power cycle starts the box again.
try:
    import micropython
    # room for the traceback of an exception raised in the pad interrupt
    micropython.alloc_emergency_exception_buf(100)
except (ImportError, AttributeError):
    pass    # CPython (tests, simulator); the unix port has no such buffer

import gc
# Collect after every 16 KB allocated, from the first import on: garbage is
# recycled at once, so what lives for ever is packed together (a heap
# 12-16 KB smaller, docs/app.md, Memory; a collection takes 1-2 ms).  The
# boot's own steps collect twice instead, at their ends (booting.main).
try:
    gc.threshold(16384)
except AttributeError:
    pass    # CPython: its own collector

BOARD_FILE = "board.json"
# The running box, for a look from the REPL once its loop is interrupted
# (`mpremote resume exec "print(BOX.cap.overflow)"`: resume keeps main.py's
# globals; the emulator's tests read the pad counters this way).
BOX = None


def main(board_file=BOARD_FILE, open_hal=None, run=True, seed=None):
    """Open the HAL for board_file and start the box.  open_hal defaults to
    hal.open_board (the Pico); run=False returns the App without looping
    (tests and benchmarks pass hal.open_host)."""
    import sys
    import booting
    app = booting.main(board_file, open_hal, run, seed, globals())
    if not run or app is None:
        return app
    fs = None
    try:
        fs = booting.up(app, open_hal)
        del booting
        sys.modules.pop("booting", None)    # its code goes to the games
        app.quiet.boot()    # the heap lines on the console (docs/app.md, heap lines)
        app.run()
    except KeyboardInterrupt:
        stand_down(app.hal)
    finally:
        if fs is not None:
            fs.hold()
    return app


def stand_down(h):
    """The host took the REPL: no watchdog reset in the middle of its work,
    and the box silent (the speaker's DMA goes round its ring until it is
    stopped, a note lasts until the loop's next look: neither comes now)."""
    h.watchdog.stop()
    for part in (getattr(h, "voice", None), getattr(h, "buzzer", None)):
        if part is not None:
            part.stop()
    print("box stopped by the host: watchdog off; `mpremote reset` starts the box again")


if __name__ == "__main__":
    main()
