# The battery gauge (issue 27), Power: the supply's voltage as the board's ADC reads
# it (hal.power.read(): mV, on a board file with power.sense), filtered, as
# a level for the menus, a warning when low, and the floor below which the
# box saves what it has and sleeps instead of browning out in a flash write.
# Made only on a box whose board file names a sense (app.box).
#
#   g = Power(mv, echo) the first reading; echo: say it on the console
#   g.feed(mv)          4 times a second (the watchdog's feed, app.box):
#                       2 once the supply has stayed under the floor for 8
#                       filtered readings (2 s; asleep, the loop passes once
#                       a second: 8 s), 1 when what the menus show
#                       changed (a 10 % step, low), else 0
#   g.value             the filtered supply, mV
#   g.level()           0..100 between the floor (3300 mV) and full (4150 mV)
#   g.low, g.out        under 3500 mV; at the floor (the battery out, until it
#                       is back 150 mV over it: the USB cable plugged in, new cells)
#   g.warn              the low-battery warning (app.low): -1 as it turns
#                       low, once (again only after it is back 100 mV over),
#                       then when it was first shown; None: none to show
# It says `battery <mV> <percent>% low` (or `(filtered)`) on the console at each 10 % step
# and when it turns low (the emulator's tests follow it; a maker with a USB
# cable too).  The menus show it (app.screens): the percent in the settings'
# title, and in every menu's once low.
#
# The filter: the median of the last three readings (one reading taken while
# a bright WS2812 frame pulls its current step is an outlier, not a level),
# then a running mean over 8 samples (2 s).  Integers only, no allocation.
# The levels fit both supplies of the BOM: 3 x AA NiMH (1.1-1.4 V a cell:
# 3.3-4.2 V) and a one-cell LiPo (3.3-4.2 V); on USB power VSYS reads
# ~4.8 V, full.  The hours this gives: hardware/README.md, section 4.
# (Apart from app.io: the gauge is imported only on a board that senses it.)
from core.compat import const

_FULL_MV = const(4150)
_LOW_MV = const(3500)
_FLOOR_MV = const(3300)
_BACK_MV = const(150)
_EMPTY_SAMPLES = const(8)


class Power:
    """The battery gauge (issue 27), the app's view of hal.power: the
    comment above says its API."""

    def __init__(self, value, echo=False):
        self.echo = echo        # its console lines (the board's REPL; not the PC's stdout)
        self.a = self.b = self.value = value
        self.sum = value * 8
        self.count = 0
        self.low = False
        self.out = False
        self.warn = None
        self.said = -1

    def feed(self, value):
        a = self.a
        b = self.b
        self.a = b
        self.b = value
        # median of a, b, value
        if a > b:
            a, b = b, a
        m = value if value < b else b
        if m < a:
            m = a
        self.sum += m - (self.sum >> 3)
        self.value = v = self.sum >> 3
        if v < _LOW_MV:
            if not self.low:
                self.warn = -1      # the warning, once (app.low)
            self.low = True
        elif v > _LOW_MV + 100:
            self.low = False
            self.warn = None
        r = 0
        said = self.level() // 10 * 2 + self.low
        if said != self.said:
            # on the console (USB): each 10 % step, and when it turns low
            self.said = said
            r = 1
            if not self.echo:
                pass
            elif self.low:
                print("battery %d mV %d%% low" % (v, self.level()))
            else:
                print("battery %d mV %d%% (filtered)" % (v, self.level()))
        if v < _FLOOR_MV:
            self.count += 1
        else:
            self.count = 0
        if self.out:
            if v > _FLOOR_MV + _BACK_MV:
                self.out = False
            return r
        if self.count >= _EMPTY_SAMPLES:
            self.out = True
            return 2
        return r

    def level(self):
        p = (self.value - _FLOOR_MV) * 100 // (_FULL_MV - _FLOOR_MV)
        return 0 if p < 0 else 100 if p > 100 else p
