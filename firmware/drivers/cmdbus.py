# Command/data buses of the display controllers (SSD1680, SSD1306, SH1106):
# the same calls over SPI (a D/C pin says which) or I2C (a control byte says).
# Pins are anything with .value(v): machine.Pin or a host recorder pin.


class SpiCmdBus:
    """args_are_commands: the SSD1306 takes a command's arguments with D/C
    LOW (D/C high would write them to its display RAM); the SSD1680 takes
    them as data, D/C high."""

    def __init__(self, spi, cs, dc, args_are_commands=False):
        self.spi = spi
        self.cs = cs
        self.dc = dc
        self.args_are_commands = args_are_commands
        self.bytes_sent = 0
        cs.value(1)
        self._one = bytearray(1)

    def cmd(self, c, data=None):
        self._one[0] = c
        self.dc.value(0)
        self.cs.value(0)
        self.spi.write(self._one)
        if data and self.args_are_commands:
            self.spi.write(data)
            self.bytes_sent += len(data)
        self.cs.value(1)
        self.bytes_sent += 1
        if data and not self.args_are_commands:
            self.data(data)

    def cmds(self, buf):
        """A run of command bytes (an SSD1306/SH1106 window: command and
        arguments all with D/C low) in one transfer."""
        self.dc.value(0)
        self.cs.value(0)
        self.spi.write(buf)
        self.cs.value(1)
        self.bytes_sent += len(buf)

    def data(self, buf):
        self.dc.value(1)
        self.cs.value(0)
        self.spi.write(buf)
        self.cs.value(1)
        self.bytes_sent += len(buf)


class I2cCmdBus:
    """SSD1306 over I2C: control byte 0x00 = commands follow, 0x40 = data."""

    def __init__(self, i2c, addr):
        self.i2c = i2c
        self.addr = addr
        self.bytes_sent = 0
        self._pre = b"\x40"
        self._cpre = b"\x00"

    def cmd(self, c, data=None):
        b = bytearray(2 + (len(data) if data else 0))
        b[1] = c
        if data:
            b[2:] = data
        self.i2c.writeto(self.addr, b)
        self.bytes_sent += len(b) + 1  # + the address byte

    def cmds(self, buf):
        """A run of command bytes in one write (one control byte 0x00)."""
        self.i2c.writevto(self.addr, (self._cpre, buf))
        self.bytes_sent += len(buf) + 2

    def data(self, buf):
        self.i2c.writevto(self.addr, (self._pre, buf))
        self.bytes_sent += len(buf) + 2
