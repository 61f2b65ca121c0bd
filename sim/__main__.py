"""`python -m sim`: the box on a PC (run it from the repository root).

    python -m sim [--board NAME]                 the window, you press the pads
    python -m sim --headless --game tape ...     a game played by bots, no window
    python -m sim --replay FILE [--headless]     check and play back a game log

`python -m sim --help` lists every flag; docs/sim.md has examples.
Exit codes: 0 done, 1 a file cannot be read or the run stopped early,
2 a bad command line, script or log (refused, with its line), 3 a replayed
log that is valid but stops before the game ends.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(ROOT, "firmware") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def _say(msg):
    sys.stderr.write("sim: %s\n" % msg)


def main(argv=None):
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from sim import cli
    try:
        cfg = cli.parse(sys.argv[1:] if argv is None else argv)
    except cli.UsageError as e:
        _say(str(e))
        return 2
    try:
        if cfg.replay:
            from sim import replay_run
            return replay_run.run(cfg)
        from sim import runner
        return runner.run(cfg)
    except KeyboardInterrupt:
        _say("stopped (Ctrl-C)")
        return 1
    except BrokenPipeError:
        # `python -m sim --log - | head`: the reader left, nothing to report
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0
    except Exception as e:
        # a bug of the simulator or the firmware: one line, and the way to
        # get the whole story
        if os.environ.get("SIM_DEBUG"):
            raise
        _say("stopped by an unexpected %s: %s (SIM_DEBUG=1 shows where)" % (type(e).__name__, e))
        return 1


if __name__ == "__main__":
    sys.exit(main())
