"""The simulator window: the real firmware in real time, pads under your
fingers.

Each frame (60 a second) the window turns the input of that frame into pad
edges at the current virtual time (HostPads.press/release: the same fake
pins and interrupt handler as the tests), then runs the firmware up to the
virtual time that matches the real time elapsed, and draws what reached the
hardware.

Input: mouse (a click holds the pad under it until the button is released),
touch (FINGERDOWN/FINGERUP, several fingers at once), keys (each pad's digit
and letter, shown on it: 1/Q, 2/W, ...; M: the menu button).  A pad is down
while anything holds it, so a key held down is one press until released,
and mashing keys gives the presses the debounce lets through.  Closing the
window or Esc stops the box mid-game cleanly: the game is left as with the
menu button held (its log ends `stopped`, L).
"""
import os
import sys

from sim import script as _script
from sim import sound as _sound
from sim import view as _view

MAX_LAG_US = 250000


class Holders:
    """Who holds each pad down: keys, mouse buttons, fingers."""

    def __init__(self, n):
        self.by_pad = [set() for _ in range(n)]
        self.where = {}

    def down(self, who, pad):
        """Returns True when the pad goes down (was not held)."""
        if who in self.where:
            return False
        self.where[who] = pad
        first = not self.by_pad[pad]
        self.by_pad[pad].add(who)
        return first

    def up(self, who):
        """Returns the pad that goes up (nothing holds it any more), or None."""
        pad = self.where.pop(who, None)
        if pad is None:
            return None
        self.by_pad[pad].discard(who)
        return pad if not self.by_pad[pad] else None

    def release_all(self):
        pads = [k for k in range(len(self.by_pad)) if self.by_pad[k]]
        self.by_pad = [set() for _ in self.by_pad]
        self.where = {}
        return pads

    def held(self):
        return [bool(s) for s in self.by_pad]


def _menu_up(b, menu_by, who):
    """`who` lets go of the menu button: up once nothing holds it (held
    1.5 s, it left the game: drivers.button times it from its edges)."""
    if who in menu_by:
        menu_by.discard(who)
        if not menu_by:
            b.menu_button(False)


def run(cfg, b, presses=(), quit_after_s=None, on_frame=None):
    """The window until it is closed; an exit code.  on_frame(n), if given,
    is called before each frame's events are read (tests post events)."""
    import pygame
    from sim import output, shots
    from sim import screen as _screen
    if quit_after_s is None and os.environ.get("SIM_QUIT_AFTER"):
        # for CI and the tests: close the window after this many seconds
        quit_after_s = float(os.environ["SIM_QUIT_AFTER"])
    layout = _view.Layout(b.kind, b.width, b.height, b.n_pads, cfg.scale, menu=b.board.menu_pin is not None)
    if cfg.bots is not None:
        b.add_bots(cfg.bots, cfg.seed)
    try:
        surf = _screen.open_window((layout.w, layout.h))
    except RuntimeError as e:
        sys.stderr.write("sim: %s\n" % e)
        return 1
    pygame.display.set_caption("Bataille box - %s" % b.board.name)
    pygame.key.set_repeat()    # a held key is one press, not a stream of them
    v = _view.View(surf, layout, b.board.name)
    speaker = _sound.Speaker()
    if speaker.notice:
        sys.stderr.write("sim: %s\n" % speaker.notice)
    eink = _view.EinkPanel(b.board.display.full_every or 5) if b.kind == "ssd1680" else None
    holders = Holders(b.n_pads)
    menu_by = set()     # what holds the menu button down (key M, a mouse button, a finger)
    edges = _script.press_events(presses)
    ei = 0
    shooter = shots.Shooter(cfg.screenshots, surf) if cfg.screenshots else None
    clock = pygame.time.Clock()
    real0 = pygame.time.get_ticks()
    virt0 = b.clock.now
    slip_us = 0
    serial = None
    rgb = None
    reason = None
    n_frame = 0
    try:
        while reason is None:
            if on_frame is not None:
                on_frame(n_frame)
            n_frame += 1
            now = b.clock.now
            for ev in pygame.event.get():
                if ev.type == pygame.QUIT:
                    reason = "window closed"
                elif ev.type == pygame.KEYDOWN:
                    if ev.key == pygame.K_ESCAPE:
                        reason = "Esc pressed"
                        continue
                    if ev.key == pygame.K_m:
                        menu_by.add("key")
                        b.menu_button(True)
                        continue
                    pad = _view.key_to_pad(pygame.key.name(ev.key), b.n_pads)
                    if pad is not None and holders.down(("key", ev.key), pad):
                        b.pads.press(pad, now)
                elif ev.type == pygame.KEYUP:
                    if ev.key == pygame.K_m:
                        _menu_up(b, menu_by, "key")
                        continue
                    pad = holders.up(("key", ev.key))
                    if pad is not None:
                        b.pads.release(pad, now)
                elif ev.type == pygame.MOUSEBUTTONDOWN and not getattr(ev, "touch", False):
                    if layout.menu_rect is not None and layout.menu_rect.collidepoint(ev.pos):
                        menu_by.add(("mouse", ev.button))
                        b.menu_button(True)
                        continue
                    pad = layout.pad_at(*ev.pos)
                    if pad is not None and holders.down(("mouse", ev.button), pad):
                        b.pads.press(pad, now)
                elif ev.type == pygame.MOUSEBUTTONUP and not getattr(ev, "touch", False):
                    _menu_up(b, menu_by, ("mouse", ev.button))
                    pad = holders.up(("mouse", ev.button))
                    if pad is not None:
                        b.pads.release(pad, now)
                elif ev.type == pygame.FINGERDOWN:
                    if layout.menu_rect is not None and \
                            layout.menu_rect.collidepoint(ev.x * layout.w, ev.y * layout.h):
                        menu_by.add(("finger", ev.touch_id, ev.finger_id))
                        b.menu_button(True)
                        continue
                    pad = layout.pad_at(ev.x * layout.w, ev.y * layout.h)
                    if pad is not None and holders.down(("finger", ev.touch_id, ev.finger_id), pad):
                        b.pads.press(pad, now)
                elif ev.type == pygame.FINGERUP:
                    _menu_up(b, menu_by, ("finger", ev.touch_id, ev.finger_id))
                    pad = holders.up(("finger", ev.touch_id, ev.finger_id))
                    if pad is not None:
                        b.pads.release(pad, now)
                elif ev.type == pygame.WINDOWFOCUSLOST:
                    # keys released while the window had no focus never come
                    for pad in holders.release_all():
                        b.pads.release(pad, now)
                    for who in list(menu_by):
                        _menu_up(b, menu_by, who)
            elapsed_ms = pygame.time.get_ticks() - real0
            target = virt0 + slip_us + elapsed_ms * 1000
            if target - b.clock.now > MAX_LAG_US:
                # the PC fell behind (a slow frame, the window dragged): let
                # the virtual clock slip rather than rush the firmware
                slip_us -= target - b.clock.now - MAX_LAG_US
                target = b.clock.now + MAX_LAG_US
            while ei < len(edges) and edges[ei][0] <= target:
                t, pad, down = edges[ei]
                t = max(t, b.clock.now)
                if down:
                    b.pads.press(pad, t)
                else:
                    b.pads.release(pad, t)
                ei += 1
            if target > b.clock.now:
                b.step_until(target)
            if b.failed:
                reason = "the firmware stopped: %s" % b.failed
            fr = b.frame()
            if fr is not None and fr[0] != serial:
                serial = fr[0]
                rgb = _view.frame_rgb(b.kind, fr[1], b.width, b.height, fr[2])
                if eink is not None:
                    eink.refresh(rgb, fr[4], fr[3])
            shown = eink.frame(b.clock.now) if eink is not None else rgb
            speaker.set(*b.tone())
            speaker.voice(b.hal.voice)
            down = [a or h for a, h in zip(b.down(), holders.held())]
            status = "%s   t=%.1f s   %s" % (b.board.name, (b.clock.now - virt0) / 1e6, b.status())
            if speaker.notice:
                status += "   (silent: no audio)"
            v.draw(shown, b.leds(), down, status)
            if shooter is not None:
                if eink is None or not eink.busy(b.clock.now):
                    shooter.maybe(fr[0] if fr else None, b.clock.now)
            pygame.display.flip()
            if quit_after_s is not None and elapsed_ms >= quit_after_s * 1000:
                pygame.event.post(pygame.event.Event(pygame.QUIT))
            clock.tick(60)
    finally:
        speaker.close()
        pygame.quit()
    if not b.finished:
        b.stop()
    code = output.write_log(cfg, b)
    if b.failed:
        code = 1
    done = b.finished
    note = ""
    if not done:
        note = " (the game was not finished)"
        if getattr(b.app.play.view, "reason", None) == "stopped":
            note = " (the game was not finished: left, as with the menu button held; its log ends `stopped`)"
    sys.stderr.write("sim: %s at t=%.1f s%s\n" % (reason, (b.clock.now - virt0) / 1e6, note))
    return code
