# The PC's power parts (issue 27), the same API as hal.rp2.power: the
# matrix's supply switch as a recorded pin, the battery's sense as a voltage
# a test or the simulator sets, and a sleep on the virtual clock.
#
#   p = HostPower(board, clock, wire)
#   p.value(on)      the supply switch (power.switch): the pin's level on the
#                    wire (p.switch.level)
#   p.read() -> mV   p.mv as the ADC would read it (its 12 bits, through the
#                    board's divider), plus p.noise(): a function a test sets
#                    (the current step of a frame); -1 without a sense
#   p.sleep(ms)      the virtual clock moves on by ms (p.slept counts them)
from hal.host.bus import HostPin


class HostPower:
    def __init__(self, board, clock, wire):
        sw, sense, full, _ = getattr(board, "power", None) or (None, None, None, None)
        self.clock = clock
        self.switch = None if sw is None else HostPin(sw, wire, 1)
        self.sense = sense
        self.full = full or 0
        self.mv = 4800          # USB power: VSYS through the Pico's Schottky diode
        self.noise = None
        self.slept = 0

    def value(self, on):
        if self.switch is not None:
            self.switch.value(1 if on else 0)

    def read(self):
        if self.sense is None:
            return -1
        mv = self.mv + (self.noise() if self.noise is not None else 0)
        count = mv * 4096 // self.full
        count = 0 if count < 0 else 4095 if count > 4095 else count
        return count * self.full // 4096

    def sleep(self, ms):
        self.slept += ms
        self.clock.sleep_ms(ms)
