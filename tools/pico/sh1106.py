"""A model of the SH1106 OLED controller (the common 1.3" 128x64 module), fed
the bytes the firmware sends, giving the pictures the panel shows: the
SSD1306 model (tools/pico/ssd1306.py: same I2C control bytes, same MONO
pages, same remap/scan/start line/offset/multiplex/inverse) with what the
SH1106 datasheet (V2.6, command table) does differently:

- 132 columns of RAM (the glass shows columns 2-129: segments SEG2-SEG129);
- page addressing only: B0h-B7h the page, 00h-0Fh / 10h-1Fh the column's
  low and high nibbles (0-131); the column counts up after each byte and
  stays within the page (a byte past 131, the model reports);
- ADh + 8Ah/8Bh: the DC-DC converter off/on (the glass is dark with it
  off, as the SSD1306's with no charge pump); 30h-33h the pump voltage;
- 20h/21h/22h (SSD1306 addressing modes and windows), 8Dh (its charge
  pump), 26h-2Fh and A3h (its scrolling) are not SH1106 commands: the real
  chip would take their bytes for something else, so they are `problems`.

After a reset the DC-DC is on (datasheet: ADh's reset value 8Bh), so a
driver that never sends ADh still lights the glass.  Frames as the SSD1306
model's ("transfer" when the last byte of the glass's area is written,
"page" after any other transfer, "on" at AFh).
"""
from tools.pico.ssd1306 import Ssd1306

_ARGS = {
    0x81: 1,            # contrast
    0xAD: 1,            # DC-DC control
    0xA8: 1,            # multiplex ratio
    0xD3: 1,            # display offset
    0xD5: 1,            # clock divide / oscillator
    0xD9: 1,            # discharge / precharge
    0xDA: 1,            # common pads
    0xDB: 1,            # VCOM deselect
}
_NOT_SH1106 = {0x20: "memory addressing mode", 0x21: "column window", 0x22: "page window",
               0x8D: "charge pump", 0x26: "scrolling", 0x27: "scrolling", 0x29: "scrolling",
               0x2A: "scrolling", 0x2E: "scrolling", 0x2F: "scrolling", 0xA3: "scrolling"}


class Sh1106(Ssd1306):
    args = _ARGS
    cols = 132
    edge = 2
    name = "sh1106"

    def reset(self):
        Ssd1306.reset(self)
        self.mode = 2                     # page addressing, the only one
        self.dcdc = True                  # ADh reset value 8Bh
        self.pump_v = 0x32
        self._past = False

    def dark(self):
        return not self.on or (not self.external_vcc and not self.dcdc)

    def _run(self, c, a):
        if c in _NOT_SH1106:
            self.problems.append("%02Xh: the SSD1306's %s is not an SH1106 command" % (c, _NOT_SH1106[c]))
        elif c == 0xAD:
            if a[0] & 0xFE != 0x8A:
                self.problems.append("ADh: DC-DC mode 0x%02X (8Ah off, 8Bh on)" % a[0])
            self.dcdc = bool(a[0] & 1)
        elif 0x30 <= c <= 0x33:
            self.pump_v = c
        elif 0x10 <= c <= 0x1F:
            self._past = False
            self.col = ((c & 0x0F) << 4) | (self.col & 0x0F)
            if self.col > 131:
                self.problems.append("column %d: the SH1106 has 132 (0-131)" % self.col)
        elif c <= 0x0F:
            self._past = False
            self.col = (self.col & 0xF0) | c
        else:
            Ssd1306._run(self, c, a)

    def _advance(self):
        # past column 131 the datasheet says nothing useful: a byte written
        # there is reported (it lands on column 131 again here)
        if self.col < 131:
            self.col += 1
            self._past = False
        elif self._past:
            self.problems.append("data past column 131 of page %d" % self.page)
        else:
            self._past = True
