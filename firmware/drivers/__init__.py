# Hardware-independent drivers: each talks to a bus object (machine.SPI,
# machine.I2C, an rp2 StateMachine, machine.PWM on the board; the recorders
# of hal/host on the PC) and never imports machine itself.


class DisplayError(Exception):
    """A display that does not answer; the message says what to check.
    `code` is the blink code shown on the pad LEDs (drivers.blink)."""

    def __init__(self, msg, code):
        super().__init__(msg)
        self.code = code
