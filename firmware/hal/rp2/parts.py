# The board's buses for its parts (hal.wiring wires the parts over them):
# machine pins, SPI and I2C, the WS2812 matrix's PIO output (with the
# driver's per-pixel loop compiled by viper when the port has the native
# emitter), PWM, and storage on the Pico's file system.
#
#   parts = Buses()
#   open_storage(root=STORAGE_DIR)
import machine
from drivers.storage import Storage, OsFs

STORAGE_DIR = "/data"
Pin = machine.Pin


class Buses:
    def out(self, gpio, value=0):
        return Pin(gpio, Pin.OUT, value=value)

    def pin(self, gpio):
        return Pin(gpio, Pin.IN, Pin.PULL_UP)

    def spi(self, d):
        return machine.SPI(d.spi, baudrate=d.baudrate, polarity=0, phase=0,
                           sck=Pin(d.sck), mosi=Pin(d.mosi))

    def i2c(self, d):
        return machine.I2C(d.i2c, sda=Pin(d.sda), scl=Pin(d.scl), freq=d.freq)

    def ssd1680(self, d):
        # BUSY with a pull-up: an unplugged panel reads "busy" and times out
        # with a clear error instead of looking ready for ever.
        from drivers.cmdbus import SpiCmdBus
        from drivers.ssd1680 import Ssd1680
        busy = self.pin(d.busy)
        return SpiCmdBus(self.spi(d), self.out(d.cs, 1), self.out(d.dc, 0)), busy, Ssd1680

    def pio(self, d):
        from hal.rp2.ws2812 import Ws2812Out
        return Ws2812Out(d.pin)

    def pwm(self, gpio):
        return machine.PWM(Pin(gpio), freq=1000, duty_u16=0)

    def finish(self, display):
        if display.kind == "ws2812":
            # the per-pixel loop compiled (25 ms a frame less: feedback)
            from core.compat import viper
            display.pack = viper("drivers.ws2812_viper", "pack", display.pack)


def open_storage(root=STORAGE_DIR):
    s = Storage(OsFs(root))
    s.clean()   # boot: drop the temp file of a save a power cut interrupted
    return s
