# Press feedback and the pad lights: every press lights its pad and clicks
# at once (within 50 ms), the pads lit for the players awaited show it, and
# a pad held _HOLD_MS asks for the pause.
#
#   f = Feedback(lights, sound, n_pads)    app.io.Lights, app.io.Sound
#   f.pressed(k, now)     pad k pressed: flash it, click, start its hold
#   f.lit                 the pads to light (a mask; the box sets it)
#   f.shown               the lit mask every pad shows (-1: not known)
#   f.flashing, f.holding masks: tick() and held() are only called while
#                         there is one (the idle pass stays small)
#   f.tick(now)           end the flashes that are over, show f.lit
#   f.held(now)           True once a pad of f.holding (the box keeps only
#                         the pads still down in it) has been held _HOLD_MS
#
# Times are ticks_us; a flash is _FLASH_MS, a hold _HOLD_MS, both far
# within what a ticks difference spans.
from core import ticks
from core.compat import const
from app import sounds

_HOLD_MS = const(2000)
_FLASH_MS = const(120)


class Feedback:
    def __init__(self, lights, sound, n_pads):
        self.lights = lights
        self.sound = sound
        self.n_pads = n_pads
        self.flash_until = [0] * n_pads
        self.flashing = 0
        self.hold_from = [0] * n_pads
        self.holding = 0
        self.lit = 0
        self.shown = -1

    def pressed(self, k, now):
        self.flash_until[k] = ticks.add(now, _FLASH_MS * 1000)
        self.flashing |= 1 << k
        self.lights.set(k, True)
        self.lights.show()
        if self.sound.busy_with() not in (sounds.FANFARE, sounds.ERROR):
            self.sound.play(sounds.CLICK)
        self.hold_from[k] = now
        self.holding |= 1 << k

    def tick(self, now):
        changed = False
        for k in range(self.n_pads):
            bit = 1 << k
            if self.flashing & bit:
                if ticks.diff(now, self.flash_until[k]) < 0:
                    continue
                self.flashing &= ~bit
            if self.lights.set(k, bool(self.lit & bit)):
                changed = True
        if changed:
            self.lights.show()
        if not self.flashing:
            self.shown = self.lit

    def held(self, now):
        for k in range(self.n_pads):
            if self.holding & (1 << k) and ticks.diff(now, self.hold_from[k]) >= _HOLD_MS * 1000:
                self.holding = 0
                return True
        return False
