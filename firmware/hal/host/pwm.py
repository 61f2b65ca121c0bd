# A host PWM pin (the buzzer): the current frequency and duty, which the
# simulator plays, and every change with its time, which tests read.


class HostPwm:
    def __init__(self, clock, gpio=None):
        self.clock = clock
        self.gpio = gpio
        self.f = 1000
        self.duty = 0
        self.changes = []   # (t_us, freq, duty)

    def freq(self, hz=None):
        if hz is None:
            return self.f
        if not 8 <= hz <= 62500000:
            # machine.PWM on the RP2040 refuses these too
            raise ValueError("freq out of range: %r" % (hz,))
        self.f = hz
        self.changes.append((self.clock.now, self.f, self.duty))
        return None

    def duty_u16(self, d=None):
        if d is None:
            return self.duty
        self.duty = d
        self.changes.append((self.clock.now, self.f, self.duty))
        return None

    def deinit(self):
        self.duty_u16(0)

    def sounding(self):
        """(freq, duty) now, or None when silent."""
        return (self.f, self.duty) if self.duty else None
