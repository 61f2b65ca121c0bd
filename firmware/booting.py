# The box's boot, main.py's steps (main.py says what they do): MicroPython
# compiles main.py from source at each power-on, some 0.5 ms a line on the
# RP2040, so it holds only its globals and the loop; this module is .mpy
# on the file system (frozen in the one-file firmware) and main.py drops
# it once the box is up (its code goes to the games).  Not named boot.py:
# the rp2 port runs a boot.py of the file system at power-on by itself.
#
# The steps, as main.main runs them: the board file -> the rp2 HAL -> the
# box.  `make flash BOARD=...` copies boards/<BOARD>.json to the box as
# board.json.  In the one-file firmware (`make uf2`) main.py and the box are
# frozen in, with the board file as data (box_board): a board.json on the
# file system still wins over it (a maker who rewired the box).
#
# A bad or missing board file: the message on the REPL (USB) and a blink code
# on the Pico's own LED, since the pad LEDs are named in that very file.
# Once the box is up the watchdog is started: a hang reboots the box.
# Before anything else, flashcheck: a box whose `make flash` did not finish
# (Ctrl-C, a cable pulled) says "half flashed ... run make flash again" on
# its display, the REPL and a blink code, instead of running a mix of two
# versions.
# Its boot line on the console (mpremote shows it), ms since power-on as
# each step ends: "boot ms: main 150 check 162 board 213 hal 598 app 1129
# frame 1176" (main.py compiled and started and this module loaded,
# flashcheck, the board, the HAL open, the App made, the first frame drawn;
# docs/app.md, the .mpy boot).  What the first screen does without comes
# after it (up, booted.py): the pads, the voice, the boot's heap line.

ms = []     # type: list[int]  # the boot line's times (main, up)
# main.py's collection threshold, put back once the first frame is out (up):
# the boot's imports run without a collection (main)
gc_threshold = []   # type: list[int]


def blink_forever(code, say=None):
    import time
    from drivers import blink
    try:
        # The HAL cannot be opened without a board file, so the on-board
        # LED is reached directly (by name, no pin number).
        import machine
        led = machine.Pin("LED", machine.Pin.OUT)
    except Exception:
        led = None
    t0 = time.ticks_ms()
    said = t0
    while True:
        now = time.ticks_ms()
        v = blink.level(code, time.ticks_diff(now, t0))
        if led is not None:
            led.value(v)
        if say and time.ticks_diff(now, said) >= 5000:
            print(say)      # again, for a REPL opened after the boot
            said = now
        time.sleep_ms(20)


def half_flashed(say, board_file, open_hal):
    """The copy of `make flash` is not whole (flashcheck): say so on the
    display, if the board file and the display's code still work, on the
    REPL, and on the LED; never run the mix of versions."""
    try:
        from hal import board as _board
        import hal
        h = (open_hal or hal.open_board)(load_board(_board, board_file))
        from gfx import render
        from app import io
        d = io.Display(h)
        r = render.Renderer(render.Canvas(d.fb, d.width, d.height, d.colour))
        head = "half flashed: "
        r.message("make flash", [say[len(head):] if say.startswith(head) else say], "cross",
                  render.RED)
        d.show(True)
        return h
    except Exception as e:   # the display's own code may be the half-copied part
        print("(the display cannot show it: %s)" % e)
        return None


def load_board(checker, board_file, ok=None):
    """The Board from board_file; when there is no such file, the board file
    frozen into the firmware (box_board, made by tools/uf2.py), if any.
    (ok: whether board_file is there, when the caller knows.)"""
    if ok is None:
        try:
            open(board_file).close()
            ok = True
        except OSError:
            ok = False
    if not ok:
        try:
            import box_board  # type: ignore[import-not-found]
        except ImportError:
            box_board = None
        if box_board is not None:
            import sys
            sys.modules.pop("box_board", None)
            return checker.parse(box_board.JSON, "frozen board " + box_board.NAME)
    return checker.load(board_file)


def load(path="start"):
    """A game's seed and options fixed by whoever wrote the flash (the web
    page's links and its log replays, docs/web.md): the JSON file `start`,
    {"seed": n, "options": {game: engine options}}, as `make sim --seed`
    and its options do; the first game is dealt from n, the next from n + 1
    (App's seed).  (seed, options_of) from path, or (None, None) with no
    such file or one that is not a JSON object (a box with no start file
    deals from the moment of the last join).  Its names are ones the box
    has ("load", "start"): the .mpy box's interned names are at the edge of
    six pools (host_tests/test_app_heap_soak.py)."""
    try:
        import json
        with open(path) as f:
            d = json.load(f)
    except (OSError, ValueError):
        return None, None
    if not isinstance(d, dict):
        return None, None
    seed = d.get("seed")
    opts = d.get("options")
    return (seed if isinstance(seed, int) else None,
            (lambda game: opts.get(game) or {}) if isinstance(opts, dict) else None)


def main(board_file, open_hal, run, seed, into):
    """main.main's boot up to the App made (main.py says its arguments);
    `into`: main.py's globals, whose BOX it sets.  The App, or None when
    the flash or the board file is bad (run: its blink code, for ever)."""
    import sys
    import gc
    if run and hasattr(gc, "threshold"):
        # Two collections in the boot, not one every 16 KB (main.py's
        # threshold, put back by up once the first frame is out): one when
        # the HAL is open (the PIO assembler's garbage), one once the App's
        # modules are in, before it is made.  main.py's threshold made some
        # eight collections of a heap growing to 110 KB, up to 15 ms each:
        # the two cost 33 ms, the eight 112 ms (the .mpy boot, pico_matrix:
        # first frame 1,055 -> 976 ms, issue 41, 4), and the heap after
        # boot is as whole: its largest free block 7,848 blocks against
        # 8,049 (with no collection at all, 2,428: the boot's garbage
        # scattered holes between what lives on).
        gc_threshold[:] = [gc.threshold()]
        gc.threshold(-1)
    if sys.implementation.name == "micropython":
        # The extensible built-ins the box imports: MicroPython looks for
        # each on the file system, in every sys.path folder, at each import
        # before it takes the built-in (py/builtinimport.c), unless it is
        # in sys.modules; some 20 such imports were ~4-7 ms each of the .mpy
        # boot's littlefs lookups.  Taken once here with sys.path empty (no
        # look at all), then kept in sys.modules: each import is a dict
        # lookup (issue 41, 4).
        p = list(sys.path)
        sys.path.clear()
        try:
            for n in ("time", "machine", "array", "os", "json", "struct", "collections"):
                try:
                    sys.modules[n] = __import__(n)
                except ImportError:
                    pass
        finally:
            sys.path.extend(p)
    import time     # (once: an extensible built-in is looked for on the file system at each import)
    clock = getattr(time, "ticks_ms", int)      # int() is 0: CPython
    ms[:] = [clock()]      # the boot line's times (ms since power-on): main, check, board, hal, app, frame
    boot = tuple(sys.modules)   # what was there before this boot: forget_boot leaves it alone
    import flashcheck   # first: everything else may be half copied
    say = flashcheck.problem()
    del flashcheck
    sys.modules.pop("flashcheck", None)    # its heap goes to the box
    ms.append(clock())
    if say:
        print(say)
        half_flashed(say, board_file, open_hal)
        if run:
            blink_forever(3, say)   # blink code of a copy `make flash` did not finish
        return None
    # the board as `make flash` checked it (boardok.json), if it was made of
    # this very board file; else the checker's look at the file itself
    from hal import boarddata
    try:
        b = boarddata.load(board_file)
        ok = True
    except OSError:     # no board file: the frozen one's (one look, not two: the frozen boot)
        b = None
        ok = False
    if b is None:
        from hal import board as _board
        try:
            b = load_board(_board, board_file, ok)
        except (OSError, ValueError) as e:
            print("bad board file %s: %s" % (board_file, e))
            print("fix it, or copy one from boards/ with: make flash BOARD=<name>")
            if run:
                blink_forever(5)   # blink code: 5 flashes, pause, again
            return None
        del _board
    ms.append(clock())
    import hal
    # its notices go to the REPL itself; the board's voice after the first frame (below)
    # the board's pads (and its power parts) after the first frame too (up):
    # until then the App reads none
    h = open_hal(b) if open_hal is not None else hal.open_board(b, voice=not run, pads=not run)
    if h.pads is None:
        h.pads = _NoPads()
    ms.append(clock())
    # the display's own start (the e-ink's reset pulse, its pauses and BUSY
    # waits) goes on while the box's code loads: polled here, after the
    # App's import and once the App is made (up waits for what is left)
    poll = h.display.poll
    poll()
    if run:
        hal.forget_board_checks()   # the checker's heap goes to the games
        # the PIO assembler (the rp2 module's Python, 1.4 KB) assembled the
        # board's programs: hal/rp2 keeps only its C types; _boot.py left
        # it in main.py's globals too
        sys.modules.pop("rp2", None)
        into.pop("rp2", None)
        # the board's code that only ran to open the HAL (0.6 KB of the
        # frozen box's 40 KB per game, issue 26): what the modules this boot
        # loaded name as boot-only (forget_boot).  Only for the board's own
        # HAL (open_hal not given): a test's process opens it with its own
        if open_hal is None:
            forget_boot(boot)
        del boot        # (its tuple lives no longer than the boot)
        if gc_threshold:
            gc.collect()    # (the HAL's garbage, before the App's code)
    from app.box import App
    if gc_threshold:
        gc.collect()    # (the imports' garbage, before the App's objects)
    poll()
    options_of = None
    if seed is None and open_hal is None:
        seed, options_of = load()
    app = App(h, seed=seed, options_of=options_of)
    poll()
    ms.append(clock())
    into["BOX"] = app
    h.watchdog.start()
    return app


class _NoPads:
    """hal.pads until the board's are open (booted.pads): the App's first
    pass, its first frame, reads no pad (a PadCapture's calls, none down)."""
    stuck_mask = 0
    ev_pad = -1
    ev_t = 0

    def poll(self, now):
        return 0

    def next_event(self):
        return -1

    def pending(self):
        return False

    def held_mask(self):
        return 0

    def clear(self):
        pass


def _tick(app):
    """One pass of the box's loop, a failure its error screen (as app.run)."""
    try:
        app.tick()
    except Exception as e:
        app.fail(e)


def up(app, open_hal):
    """The box's first frame (app.run's own pass, its failure the same),
    the boot line, then what the first screen does without (booted.rest,
    which returns the file system the box lets go, or None; main.py's heap
    line comes once this module is gone)."""
    import sys
    h = app.hal
    # the first frame is drawn only on a display ready for it: the rest of
    # the e-ink's start, a few ms (its own timeout ends a stuck one)
    while app.disp.busy():
        h.clock.sleep_ms(1)
    _tick(app)
    ms.append(h.clock.ticks_ms())
    if gc_threshold:
        import gc
        gc.collect()
        gc.threshold(gc_threshold.pop())
    import booted
    try:
        if open_hal is None:
            booted.pads(app)
        # said once the box reads its pads: a host (mpremote, the web page,
        # the tests) presses from then on
        print("boot ms: main %d check %d board %d hal %d app %d frame %d" % tuple(ms))
        return booted.rest(app, open_hal, _tick)
    finally:
        sys.modules.pop("booted", None)     # (as this module: main.py drops it)


def forget_boot(boot):
    """What only the boot used goes: every module loaded since `boot`
    (sys.modules as main() began) that names its boot-only names in a
    _BOOT tuple (hal's and hal.rp2's openers, the buses the parts were
    wired over, the wiring's dispatch) loses them and the tuple; the parts
    and their classes live on.  Each such module stays in sys.modules, its
    dict emptied of them: a later import of any hal.rp2.x (the REPL's tests,
    a part made late) would run its package's __init__ again, whose names
    from the wiring are gone.  Derived, not listed here: a new module of
    the boot says its own, and one loaded before this boot (a test
    process's) is left alone."""
    import sys
    for mod in [k for k in sys.modules if k not in boot]:
        m = sys.modules[mod]
        names = getattr(m, "_BOOT", None)
        if not names:
            continue
        d = m.__dict__
        for n in names + ("_BOOT",):
            d.pop(n, None)
        # and its table made again for what is left: a dict never
        # shrinks as names go (hal.rp2's stayed at 23 slots for 11)
        kept = list(d.items())
        d.clear()
        for n, v in kept:
            d[n] = v
