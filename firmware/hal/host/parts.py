# The PC's buses for the board's parts (hal.wiring wires the parts over
# them, as on the board): pins that record to a Wire, the SPI and I2C
# recorders, the WS2812 state machine's recorder, a recording PWM (the
# simulator plays it), the simulated e-ink panel (hal/host/eink.py, loaded
# for an e-ink board only), and storage in a directory of the PC.
#
#   parts = Buses(clock, wire, answers=True, busy_stuck=False)
#   Power(board, clock, wire)      the power parts (below, issue 27)
#   open_display(board, clock, wire=None, answers=True, busy_stuck=False)
#   open_storage(root=None, cut_at=None, lean=False)
import hal.wiring
from hal.host.bus import Wire, HostPin


class Buses:
    """answers=False: an I2C display NACKs (nothing at its address).
    busy_stuck: the e-ink BUSY pin never goes low."""

    def __init__(self, clock, wire, answers=True, busy_stuck=False):
        self.clock = clock
        self.wire = wire
        self.answers = answers
        self.busy_stuck = busy_stuck
        self.panel = None

    def out(self, gpio, value=0):
        return HostPin(gpio, self.wire, value)

    def pin(self, gpio):
        return HostPin(gpio, None, 1)

    def spi(self, d):
        from hal.host.bus import HostSPI
        return HostSPI(self.wire, d.spi, d.baudrate)

    def i2c(self, d):
        from hal.host.bus import HostI2C
        return HostI2C(self.wire, d.i2c, d.freq, (d.addr,) if self.answers else ())

    def ssd1680(self, d):
        from hal.host.eink import open_eink
        bus, busy, self.panel, driver = open_eink(d, self.clock, self, self.busy_stuck)
        return bus, busy, driver

    def pio(self, d):
        from hal.host.pio import HostStateMachine
        return HostStateMachine(0)

    def pwm(self, gpio):
        from hal.host.pwm import HostPwm
        return HostPwm(self.clock, gpio)

    def finish(self, display):
        display.wire = self.wire
        if self.panel is not None:
            display.panel = self.panel


def open_display(board, clock, wire=None, answers=True, busy_stuck=False):
    """The driver for the board's display, on host buses (see Buses)."""
    return hal.wiring.open_display(board, clock, Buses(clock, wire or Wire(), answers, busy_stuck))


def default_dir(prefix="bataille_box_"):
    """A new empty directory for the box's files, under TMPDIR as tempfile
    makes them (the test runners point TMPDIR at a directory of their own
    and remove it when they end: nothing is left in /tmp)."""
    try:
        import tempfile
        return tempfile.mkdtemp(prefix=prefix)
    except ImportError:  # MicroPython: no tempfile
        import errno
        import os
        import time
        # a new one each call: the unix port's ticks_us gives the same value
        # to calls within one microsecond, and two boxes sharing a directory
        # lose their files when the first one's test removes it
        base = "%s/%s%d" % (os.getenv("TMPDIR") or "/tmp", prefix, time.ticks_us())
        n = 0
        while True:
            d = base if n == 0 else "%s_%d" % (base, n)
            try:
                os.mkdir(d)
                return d
            except OSError as e:
                if e.errno != errno.EEXIST:
                    raise
            n += 1


def open_storage(root=None, cut_at=None, lean=False):
    """Files in a directory of the PC, through CutFs (power cuts, a log of
    every step); lean: through the board's own OsFs, nothing recorded."""
    from drivers.storage import Storage
    if lean:
        from drivers.storage import OsFs
        return Storage(OsFs(root or default_dir()))
    from hal.host.storage import CutFs
    return Storage(CutFs(root or default_dir(), cut_at))


# Power: the PC's power parts (issue 27), the same API as hal.rp2.parts.Power: the
# matrix's supply switch as a recorded pin, the battery's sense as a voltage
# a test or the simulator sets, and a sleep on the virtual clock.
#
#   p = Power(board, clock, wire)
#   p.value(on)      the supply switch (power.switch): the pin's level on the
#                    wire (p.switch.level)
#   p.read() -> mV   p.level (mV, a test or the simulator sets it) as the
#                    ADC would read it: its 12 bits through the board's
#                    divider; -1 without a sense
#   p.sleep(ms)      the virtual clock moves on by ms


class Power:
    def __init__(self, board, clock, wire):
        sw, sense, full, _ = getattr(board, "power", None) or (None, None, None, None)
        self.clock = clock
        self.switch = None if sw is None else HostPin(sw, wire, 1)
        self.sense = sense
        self.full = full or 0
        self.level = 4800       # USB power: VSYS through the Pico's Schottky diode

    def value(self, on):
        if self.switch is not None:
            self.switch.value(1 if on else 0)

    def read(self):
        if self.sense is None:
            return -1
        count = self.level * 4096 // self.full
        count = 0 if count < 0 else 4095 if count > 4095 else count
        return count * self.full // 4096

    def sleep(self, ms):
        self.clock.sleep_ms(ms)
