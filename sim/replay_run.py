"""`python -m sim --replay FILE`: check a log, then show it.

Headless, the verdict and the final state are printed (stdout), and the exit
code says how it went (see sim.replay).  In the window, a refused log is
still refused first (with its line and reason) and a valid one is played
back step by step (space or a pad key: next step) or at `--speed X`.
"""
import sys

from sim import replay


def run(cfg):
    v = replay.check_file(cfg.replay)
    if v.status in ("UNREADABLE", "REFUSED"):
        sys.stderr.write("sim: replay refused: %s\n" % v.message if v.status == "REFUSED"
                         else "sim: %s\n" % v.message)
        return v.code
    if cfg.headless:
        sys.stdout.write("%s %s\n" % (v.status, v.message))
        sys.stdout.write("final state: %s\n" % replay.final_text(replay.final_state(v.engine)))
        if cfg.screenshots:
            code = _screenshots(cfg, v)
            if code:
                return code
        return v.code
    from sim import replay_window
    code = replay_window.run(cfg, v)
    return v.code if code == 0 else code


def _screenshots(cfg, v):
    import os
    from sim import box as _box
    from sim import replay_window, view
    try:
        board = _box.load_board(cfg.board)
        os.makedirs(cfg.screenshots, exist_ok=True)
    except _box.BoxError as e:
        sys.stderr.write("sim: %s\n" % e)
        return 2
    except OSError as e:
        sys.stderr.write("sim: %s: cannot make the screenshot folder (%s)\n" % (cfg.screenshots, e.strerror or e))
        return 1
    d = board.display
    screens = replay_window.Screens(v.entries, d.kind, d.width, d.height, cfg.lang or "fr")
    layout = view.Layout(d.kind, d.width, d.height, max(board.n_pads, screens.n), cfg.scale)
    n = replay_window.save_screens(screens, cfg.screenshots, layout, board.name)
    sys.stdout.write("%d screenshots in %s\n" % (n, cfg.screenshots))
    return 0
