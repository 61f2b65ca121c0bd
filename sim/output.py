"""What a simulator run writes besides its window: its messages on stderr
and the game log (--log).  The lowest of sim.runner, sim.headless and
sim.window, which all write through it (so none imports another back).
"""
import os
import sys


def say(msg):
    sys.stderr.write("sim: %s\n" % msg)


def cannot(path, what, e):
    """An OSError on `path` while trying to `what`; status 1."""
    say("%s: cannot %s (%s)" % (path, what, e.strerror or e))
    return 1


def write_log(cfg, b):
    """--log FILE or -: the log of the game(s) played, as the box wrote it."""
    if not cfg.log:
        return 0
    text = b.log_text()
    if cfg.log == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return 0
    try:
        d = os.path.dirname(os.path.abspath(cfg.log))
        os.makedirs(d, exist_ok=True)
        with open(cfg.log, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        return cannot(cfg.log, "write the log", e)
    return 0
