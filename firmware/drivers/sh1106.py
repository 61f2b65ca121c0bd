# SH1106 OLED (the common 1.3" 128x64 module) over I2C or SPI: the SSD1306
# driver (drivers/ssd1306.py: frame buffer, changed pages only, pacing,
# errors) with the SH1106's own init and RAM addressing, from its datasheet
# (Sino Wealth SH1106 V2.6, command table):
#
# - 132 columns of display RAM, of which a 128-px glass shows columns 2-129
#   (segments SEG2-SEG129; the 2 is symmetric, so it holds with the segment
#   remap either way);
# - page addressing only: no 20h/21h/22h (memory mode, column and page
#   windows), so a page is opened by B0h+page and the column's low and high
#   nibbles (00h-0Fh, 10h-1Fh), one command run of three bytes, and the
#   column address counts up as bytes are written and never moves on to the
#   next page by itself;
# - its own supply commands: ADh 8Bh (the built-in DC-DC converter on; the
#   SSD1306's 8Dh charge pump is not an SH1106 command) and 30h-33h (the
#   pump voltage, 32h = 8.0 V, the reset value).
#
# Imported only on an SH1106 board (hal.wiring), so its names cost nothing
# on the others (the soak of the matrix box).
from drivers.ssd1306 import Ssd1306
from core.compat import const

_X_OFFSET = const(2)      # RAM column of the glass's first column


def init_sequence(width, height, external_vcc=False, flip=0):
    """(command, data) pairs of the power-on init (SH1106 datasheet: reset
    values where they suit the module, the DC-DC on, ADC and COM scan as
    the usual 1.3" module is wired, or flipped: drivers/ssd1306.py)."""
    return [
        (0xAE, None),                                # display off
        (0xD5, b"\x50"),                             # clock: divide 1, oscillator +0% (reset value)
        (0xA8, bytes([height - 1])),                 # multiplex ratio
        (0xD3, b"\x00"),                             # display offset
        (0x40, None),                                # start line 0
        (0xAD, b"\x8a" if external_vcc else b"\x8b"),   # DC-DC converter on (8Bh) / off
        (0x32, None),                                # pump voltage 8.0 V
        (0xA1 ^ (flip & 1), None),                   # ADC reverse: column 131 -> SEG0 (A0h: mirrored)
        (0xC8 ^ ((flip & 2) << 2), None),            # COM scan COM[N-1] -> COM0 (C0h: upside down)
        (0xDA, b"\x12"),                             # common pads: alternative (reset value)
        (0x81, b"\xff"),                             # contrast
        (0xD9, b"\x22"),                             # discharge/precharge: 2 and 2 clocks (reset value)
        (0xDB, b"\x35"),                             # VCOM deselect level (reset value)
        (0xA4, None),                                # show the RAM
        (0xA6, None),                                # normal (1 = lit)
        (0xAF, None),                                # display on
    ]


class Sh1106(Ssd1306):
    init_sequence = staticmethod(init_sequence)
    chip = "SH1106"

    def __init__(self, bus, width=128, height=64, where="", rst=None, flip=0):
        Ssd1306.__init__(self, bus, width, height, where, rst, flip)
        self._win3 = memoryview(self._win)[:3]

    def _window(self, p, c0, c1):
        # page p, from panel column c0 (the column counter runs to c1 - 1
        # as the bytes arrive)
        x = _X_OFFSET + ((128 - self.width) // 2 if self.width < 128 else 0) + c0
        b = self._win3
        b[0] = 0xB0 | p
        b[1] = x & 0x0F
        b[2] = 0x10 | (x >> 4)
        self.bus.cmds(b)
