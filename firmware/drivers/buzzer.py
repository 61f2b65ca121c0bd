# The buzzer: PWM tones and short melodies that never block.
#
# `pwm` is anything with freq(hz) and duty_u16(d): machine.PWM on the board,
# hal.host.pwm.HostPwm on the PC (it records every change), NullPwm for a
# board without a buzzer (the games play on, silently).  play() queues notes;
# poll(), called by the main loop, moves to the next note when one is over.
# Volume is the duty cycle: a piezo is loudest near 50 %, so volume 100 is
# duty 32768 and 0 is silence.


class NullPwm:
    """A board without a buzzer: every call is accepted and does nothing."""

    def freq(self, hz=None):
        return 0

    def duty_u16(self, d=None):
        return 0

    def deinit(self):
        pass


# Notes for the sound designers (app.sounds writes Hz), equal temperament:
# C4 262, D4 294, E4 330, F4 349, G4 392, A4 440, B4 494, C5 523, D5 587,
# E5 659, F5 698, G5 784, A5 880, B5 988, C6 1047, E6 1319, G6 1568.  (No
# table in the code: nothing read it, and its 18 names were interned in the
# heap of every box, issue 13.)


class Buzzer:
    def __init__(self, pwm, clock, volume=50):
        self.pwm = pwm
        self.clock = clock
        self.volume = volume
        self.notes = []      # [(freq, ms)], freq 0 = a rest
        self._i = 0
        self._end = 0        # ticks_ms when the current note ends
        self.playing = False
        pwm.duty_u16(0)

    def duty(self):
        v = self.volume
        v = 0 if v < 0 else (100 if v > 100 else v)
        return v * 32768 // 100

    def tone(self, freq, ms):
        """One note now (replaces whatever was playing)."""
        self.play(((freq, ms),))

    def play(self, notes):
        """A melody: a sequence of (freq_hz, ms) pairs, 0 Hz for a rest.
        Starts at once and returns; poll() plays the rest."""
        self.notes = list(notes)
        self._i = 0
        self.playing = bool(self.notes)
        if self.playing:
            self._start(self.clock.ticks_ms())
        else:
            self.stop()

    def _start(self, now):
        f, ms = self.notes[self._i]
        if f and self.volume > 0:
            self.pwm.freq(f)
            self.pwm.duty_u16(self.duty())
        else:
            self.pwm.duty_u16(0)
        self._end = self.clock.ticks_add(now, ms)

    def poll(self, now_ms=None):
        if not self.playing:
            return
        now = self.clock.ticks_ms() if now_ms is None else now_ms
        # Several notes may be over if the loop was slow: skip them, so the
        # melody keeps its tempo instead of stretching.
        while self.clock.ticks_diff(now, self._end) >= 0:
            end = self._end
            self._i += 1
            if self._i >= len(self.notes):
                self.stop()
                return
            self._start(end)
        return

    def stop(self):
        self.pwm.duty_u16(0)
        self.playing = False
        self.notes = []
        self._i = 0
