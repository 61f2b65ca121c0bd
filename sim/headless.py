"""`python -m sim --headless`: the box with nobody watching, as fast as the
virtual clock allows.

Bots (host.bots, through the HostPads fake pins) and/or a press script
play; the clock jumps from one thing to do to the next instead of waiting
for real time.  With --screenshots the window is drawn off screen at every
change of screen and saved.  Stops when the game is over, or after
--max-minutes of virtual time (exit 1, the log so far is still written).
"""
import sys

from sim import script as _script
from sim import view as _view


def run(cfg, b, presses=()):
    from sim import output
    for t, pad, down in _script.press_events(presses):
        if down:
            b.pads.press(pad, b.clock.now + t)
        else:
            b.pads.release(pad, b.clock.now + t)
    if getattr(cfg, "power_cut", None) is not None:
        # the game cut and resumed (issue 40): the box that went on, from here
        from sim import power_cut
        b = power_cut.run(cfg, b)
    elif cfg.bots is not None:
        b.add_bots(cfg.bots, cfg.seed)
    shooter = None
    shoot = None
    if cfg.screenshots:
        shooter, shoot = _offscreen(cfg, b)
    t0 = b.clock.now - getattr(b, "before_us", 0)   # (a cut run, over: both runs' time)
    limit = t0 + cfg.max_us
    b.begin()
    while not b.finished and not b.failed and b.clock.now < limit:
        b.step_until(min(limit, b.clock.now + b.quantum_us()))
        if shoot is not None:
            shoot(b.clock.now - t0)
    if shoot is not None:
        # the final screen (a refresh may still have been pending)
        shoot(b.clock.now - t0)
    if not b.finished:
        b.stop()     # left as with the menu button held: the log so far, ending `stopped`
    code = output.write_log(cfg, b)
    secs = (b.clock.now - t0) / 1e6
    if b.failed:
        sys.stderr.write("sim: the firmware stopped at t=%.1f s: %s\n" % (secs, b.failed))
        return 1
    if not b.finished:
        sys.stderr.write("sim: stopped after %.1f minutes of virtual time: the game was not finished "
                         "(--max-minutes raises the limit)\n" % (secs / 60.0))
        return 1
    msg = "sim: %s over after %.1f s of virtual time: %s" % (b.game_name(), secs, b.result())
    if shooter is not None:
        msg += "; %d screenshots in %s" % (shooter.count, cfg.screenshots)
    sys.stderr.write(msg + "\n")
    return code


def _offscreen(cfg, b):
    import os
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    from sim import shots
    pygame.font.init()
    layout = _view.Layout(b.kind, b.width, b.height, b.n_pads, cfg.scale, menu=b.board.menu_pin is not None)
    surf = pygame.Surface((layout.w, layout.h))
    v = _view.View(surf, layout, b.board.name)
    shooter = shots.Shooter(cfg.screenshots, surf)
    t0 = b.clock.now

    def draw(fr):
        rgb = _view.frame_rgb(b.kind, fr[1], b.width, b.height, fr[2])
        v.draw(rgb, b.leds(), b.down(), "%s   t=%.1f s   %s" % (b.board.name, (b.clock.now - t0) / 1e6,
                                                                b.status()))

    def shoot(t_us):
        # Draw and save the box's screen if it changed since the last shot.
        fr = b.frame()
        if fr is not None and fr[0] != shooter.last:
            draw(fr)
            shooter.maybe(fr[0], t_us)
    return shooter, shoot
