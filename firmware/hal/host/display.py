# The displays on the PC: the real drivers on recording buses.  Only the
# driver of the board's display is imported (each costs some KB of heap on
# MicroPython); the e-ink panel's simulated BUSY line is in hal/host/eink.py.
from hal.host.bus import Wire, HostPin

FULL_US = 1600000     # DESIGN.md: ~1.6 s full refresh
PARTIAL_US = 400000   # 0.3-0.5 s partial
RESET_US = 2000       # software reset


def open_display(board, clock, wire=None, answers=True, busy_stuck=False):
    """The driver for the board's display, on host buses.  answers=False: an
    I2C display NACKs (nothing at its address).  busy_stuck: the e-ink BUSY
    pin never goes low."""
    if wire is None:
        wire = Wire()
    d = board.display
    if d.kind == "ws2812":
        from drivers.ws2812 import Ws2812Matrix
        from hal.host.pio import HostStateMachine
        drv = Ws2812Matrix(HostStateMachine(0), d.width, d.height, d.layout, d.order, d.max_ma)
    elif d.kind == "ssd1680":
        from hal.host.eink import open_eink
        drv = open_eink(d, clock, wire, busy_stuck)
    else:
        from drivers.ssd1306 import Ssd1306
        if d.bus == "i2c":
            from drivers.cmdbus import I2cCmdBus
            from hal.host.bus import HostI2C
            i2c = HostI2C(wire, d.i2c, d.freq, (d.addr,) if answers else ())
            bus = I2cCmdBus(i2c, d.addr)
            where = "I2C%d address 0x%02X (GP%d SDA, GP%d SCL)" % (d.i2c, d.addr, d.sda, d.scl)
            rst = None
        else:
            from drivers.cmdbus import SpiCmdBus
            from hal.host.bus import HostSPI
            bus = SpiCmdBus(HostSPI(wire, d.spi, d.baudrate), HostPin(d.cs, wire, 1), HostPin(d.dc, wire), True)
            where = "SPI%d (GP%d SCK, GP%d MOSI)" % (d.spi, d.sck, d.mosi)
            rst = HostPin(d.rst, wire, 1)
        drv = Ssd1306(bus, d.width, d.height, where, rst)
        drv.begin()
    drv.wire = wire
    return drv
