"""Running the box: in a window (a person presses the pads) or headless
(bots and scripts press them, as fast as the virtual clock allows).

Both drive the same sim.box.Box: the real firmware app on the host HAL.
The imports point one way: this module opens sim.headless or sim.window,
and all three write through sim.output.
The window maps real time to the virtual clock; headless runs jump the
clock from one thing to do to the next.
"""
import os

from sim import box as _box
from sim import script as _script
from sim.output import say as _say, cannot as _cannot

FRAME_US = 1000 * 1000 // 60


def _refused(e):
    """A board, script or option the box refuses: its message; status 2."""
    _say(str(e))
    return 2


def run(cfg):
    if not cfg.headless:
        from sim import screen as _screen
        why = _screen.missing()
        if why:
            # `make sim` over SSH or in a container: show the box working
            # anyway, as bots playing a game, rather than an error alone
            _say("%s: bots play a game headless instead (--headless asks for it)" % why)
            cfg.headless = True
            cfg.bot_pads = None    # headless, bots play every pad and drive the menus
            if cfg.bots is None and not cfg.script:
                from sim import cli
                cfg.bots = cli.Bots()
    try:
        board = _box.load_board(cfg.board)
    except _box.BoxError as e:
        return _refused(e)
    presses = []
    if cfg.script:
        try:
            presses = _script.load(cfg.script, board.n_pads)
        except _script.ScriptError as e:
            return _refused(e)
        except OSError as e:
            return _cannot(cfg.script, "read the press script", e)
    for path, what in ((cfg.log, "the log"), (getattr(cfg, "audio", None), "the sound track")):
        if path and path != "-":
            # before the game, not after it: a file that cannot be written
            why = _log_problem(path)
            if why:
                _say("%s: cannot write %s (%s)" % (path, what, why))
                return 1
    if cfg.screenshots:
        try:
            os.makedirs(cfg.screenshots, exist_ok=True)
        except OSError as e:
            return _cannot(cfg.screenshots, "make the screenshot folder", e)
    try:
        if cfg.storage:
            os.makedirs(cfg.storage, exist_ok=True)
        b = _box.Box(board, cfg, cfg.storage)
    except _box.BoxError as e:
        return _refused(e)
    except OSError as e:
        return _cannot(cfg.storage, "use it as the box's file system", e)
    if getattr(cfg, "audio", None) and b.hal.voice is None:
        b.close()
        return _refused(ValueError("--audio: board %s has no speaker (no \"speaker\" in its board file), "
                                   "nothing would be said" % cfg.board))
    try:
        if cfg.headless:
            from sim import headless
            code = headless.run(cfg, b, presses)
        else:
            from sim import window
            code = window.run(cfg, b, presses)
        if getattr(cfg, "audio", None):
            code = write_audio(cfg, b) or code
        return code
    finally:
        b.close()


def write_audio(cfg, b):
    """--audio FILE: the sound track of the whole run, as the speaker's PWM
    carried it (8-bit WAV at the voice's rate)."""
    from sim import audio
    out = b.hal.voice.out
    # the game is over: let the box finish its sentence (the winner's name)
    end = b.clock.now + 5000000
    while b.hal.voice.talking() and b.clock.now < end:
        b.step_until(b.clock.now + 20000)
    out.played()              # the modelled DMA catches up with the clock
    data = audio.track(out.plays, 0, b.clock.now, out.rate)
    try:
        d = os.path.dirname(os.path.abspath(cfg.audio))
        os.makedirs(d, exist_ok=True)
        audio.write_wav(cfg.audio, data, out.rate)
    except OSError as e:
        return _cannot(cfg.audio, "write the sound track", e)
    _say("%d phrases said, %.1f s of sound in %s" % (len(out.plays), len(data) / float(out.rate), cfg.audio))
    return 0


def _log_problem(path):
    """Why the log cannot be written at path, or None."""
    if os.path.isdir(path):
        return "it is a folder"
    d = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(d, exist_ok=True)
    except OSError as e:
        return "its folder cannot be made: %s" % (e.strerror or e)
    if not os.access(d, os.W_OK):
        return "its folder is read-only"
    # the file itself (read-only, or a device): opened to append, so an
    # existing file loses nothing; one made here is removed again
    existed = os.path.exists(path)
    try:
        open(path, "a").close()
    except OSError as e:
        return "it cannot be written: %s" % (e.strerror or e)
    if not existed:
        os.remove(path)
    return None
