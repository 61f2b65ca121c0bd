# The displays on the PC: the real drivers on recording buses.  The e-ink
# panel's BUSY line is simulated on the virtual clock: it goes high when the
# controller is told to refresh (command 0x20) for as long as a real panel
# takes, or for ever when a test says the panel is stuck.
from drivers.cmdbus import SpiCmdBus, I2cCmdBus
from drivers.ssd1680 import Ssd1680, MASTER_ACTIVATION, UPDATE_CTRL2, SEQ_FULL, SW_RESET
from drivers.ssd1306 import Ssd1306
from drivers.ws2812 import Ws2812Matrix
from hal.host.bus import Wire, HostPin, HostSPI, HostI2C
from hal.host.pio import HostStateMachine

FULL_US = 1600000     # DESIGN.md: ~1.6 s full refresh
PARTIAL_US = 400000   # 0.3-0.5 s partial
RESET_US = 2000       # software reset


class EinkBusy:
    """The SSD1680's BUSY output as a function of the commands it got."""

    def __init__(self, clock, stuck=False):
        self.clock = clock
        self.stuck = stuck
        self.until = 0
        self._seq = SEQ_FULL
        self.activations = []   # (t_us, "full"/"partial")

    def level(self):
        if self.stuck:
            return 1
        return 1 if self.clock.now < self.until else 0

    def command(self, c, data):
        if c == UPDATE_CTRL2 and data:
            self._seq = data[0]
        elif c == MASTER_ACTIVATION:
            full = self._seq == SEQ_FULL
            self.activations.append((self.clock.now, "full" if full else "partial"))
            self.until = self.clock.now + (FULL_US if full else PARTIAL_US)
        elif c == SW_RESET:
            self.until = self.clock.now + RESET_US


class _WatchingBus(SpiCmdBus):
    """SpiCmdBus that also tells the simulated panel what it was told."""

    def __init__(self, spi, cs, dc, panel):
        super().__init__(spi, cs, dc)
        self.panel = panel

    def cmd(self, c, data=None):
        super().cmd(c, data)
        self.panel.command(c, data)


def open_display(board, clock, wire=None, answers=True, busy_stuck=False):
    """The driver for the board's display, on host buses.  answers=False: an
    I2C display NACKs (nothing at its address).  busy_stuck: the e-ink BUSY
    pin never goes low."""
    if wire is None:
        wire = Wire()
    d = board.display
    if d.kind == "ws2812":
        drv = Ws2812Matrix(HostStateMachine(0), d.width, d.height, d.layout, d.order, d.max_ma)
    elif d.kind == "ssd1680":
        panel = EinkBusy(clock, busy_stuck)
        busy = HostPin(d.busy, None)
        busy.reader = panel.level
        bus = _WatchingBus(HostSPI(wire, d.spi, d.baudrate), HostPin(d.cs, wire, 1), HostPin(d.dc, wire), panel)
        drv = Ssd1680(bus, HostPin(d.rst, wire, 1), busy, clock, d.width, d.height, d.full_every,
                      "BUSY (GP%d)" % d.busy)
        drv.panel = panel
    else:
        if d.bus == "i2c":
            i2c = HostI2C(wire, d.i2c, d.freq, (d.addr,) if answers else ())
            bus = I2cCmdBus(i2c, d.addr)
            where = "I2C%d address 0x%02X (GP%d SDA, GP%d SCL)" % (d.i2c, d.addr, d.sda, d.scl)
            rst = None
        else:
            bus = SpiCmdBus(HostSPI(wire, d.spi, d.baudrate), HostPin(d.cs, wire, 1), HostPin(d.dc, wire), True)
            where = "SPI%d (GP%d SCK, GP%d MOSI)" % (d.spi, d.sck, d.mosi)
            rst = HostPin(d.rst, wire, 1)
        drv = Ssd1306(bus, d.width, d.height, where, rst)
        drv.begin()
    drv.wire = wire
    return drv
