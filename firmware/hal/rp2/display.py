# The board's display, from the board file: the driver on machine buses.
# Only the board's own driver is imported: each costs some KB of RAM.
import machine

Pin = machine.Pin


def _spi(d):
    return machine.SPI(d.spi, baudrate=d.baudrate, polarity=0, phase=0,
                       sck=Pin(d.sck), mosi=Pin(d.mosi))


def open_display(board, clock):
    d = board.display
    if d.kind == "ws2812":
        from drivers.ws2812 import Ws2812Matrix
        from hal.rp2.ws2812 import Ws2812Out
        m = Ws2812Matrix(Ws2812Out(d.pin), d.width, d.height, d.layout, d.order, d.max_ma)
        try:
            # the per-pixel loops compiled (25 ms a frame less: feedback)
            from drivers import ws2812_viper
            # (a port whose viper decorator does nothing fails this call)
            ws2812_viper.channels(bytes(2), bytearray(3), 1, bytes(32), bytes(64))
            m.channels = ws2812_viper.channels
            m.pack = ws2812_viper.pack
        except Exception:   # a port built without the native emitters
            pass
        return m
    if d.kind == "ssd1680":
        # BUSY with a pull-up: an unplugged panel reads "busy" and times out
        # with a clear error instead of looking ready for ever.
        from drivers.cmdbus import SpiCmdBus
        from drivers.ssd1680 import Ssd1680
        busy = Pin(d.busy, Pin.IN, Pin.PULL_UP)
        bus = SpiCmdBus(_spi(d), Pin(d.cs, Pin.OUT, value=1), Pin(d.dc, Pin.OUT, value=0))
        return Ssd1680(bus, Pin(d.rst, Pin.OUT, value=1), busy, clock, d.width, d.height,
                       d.full_every, "BUSY (GP%d)" % d.busy)
    from drivers.ssd1306 import Ssd1306
    if d.bus == "i2c":
        from drivers.cmdbus import I2cCmdBus
        i2c = machine.I2C(d.i2c, sda=Pin(d.sda), scl=Pin(d.scl), freq=d.freq)
        drv = Ssd1306(I2cCmdBus(i2c, d.addr), d.width, d.height,
                      "I2C%d address 0x%02X (GP%d SDA, GP%d SCL)" % (d.i2c, d.addr, d.sda, d.scl))
    else:
        from drivers.cmdbus import SpiCmdBus
        bus = SpiCmdBus(_spi(d), Pin(d.cs, Pin.OUT, value=1), Pin(d.dc, Pin.OUT, value=0), True)
        drv = Ssd1306(bus, d.width, d.height, "SPI%d (GP%d SCK, GP%d MOSI)" % (d.spi, d.sck, d.mosi),
                      Pin(d.rst, Pin.OUT, value=1))
    drv.begin()
    return drv
