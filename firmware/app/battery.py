# The battery gauge (issue 27): the supply's voltage as the board's ADC reads
# it (hal.power.read(): mV, on a board file with power.sense), filtered, as
# a level for the menus, a warning when low, and the floor below which the
# box saves what it has and sleeps instead of browning out in a flash write.
# Imported only on a box whose board file names a sense (its names then).
#
#   g = Gauge(mv)       the first reading
#   g.sample(mv)        4 times a second (the watchdog's feed, app.box):
#                       2 once the supply has stayed under the floor for 8
#                       filtered readings (2 s), 1 when what the menus show
#                       changed (a 10 % step, low), else 0
#   g.mv                the filtered supply, mV
#   g.percent()         0..100 between the floor (3300 mV) and full (4150 mV)
#   g.low, g.empty      under 3500 mV; at the floor (until it is back 150 mV
#                       over it: the USB cable plugged in, new cells)
# It says `battery <mV> <percent>%[ low]` on the console at each 10 % step
# and when it turns low (the emulator's tests follow it; a maker with a USB
# cable too).  The menus show it (app.screens): the percent in the settings'
# title, and "!" and the percent in every menu's title once low.
#
# The filter: the median of the last three readings (one reading taken while
# a bright WS2812 frame pulls its current step is an outlier, not a level),
# then a running mean over 8 samples (2 s).  Integers only, no allocation.
# The levels fit both supplies of the BOM: 3 x AA NiMH (1.1-1.4 V a cell:
# 3.3-4.2 V) and a one-cell LiPo (3.3-4.2 V); on USB power VSYS reads
# ~4.8 V, full.  The hours this gives: hardware/README.md, section 4.
from core.compat import const

_FULL_MV = const(4150)
_LOW_MV = const(3500)
_FLOOR_MV = const(3300)
_BACK_MV = const(150)
_EMPTY_SAMPLES = const(8)


class Gauge:
    def __init__(self, mv):
        self.a = self.b = self.mv = mv
        self.sum = mv * 8
        self.under = 0
        self.low = False
        self.empty = False
        self.said = -1

    def sample(self, mv):
        a = self.a
        b = self.b
        self.a = b
        self.b = mv
        # median of a, b, mv
        if a > b:
            a, b = b, a
        m = mv if mv < b else b
        if m < a:
            m = a
        self.sum += m - (self.sum >> 3)
        self.mv = v = self.sum >> 3
        if v < _LOW_MV:
            self.low = True
        elif v > _LOW_MV + 100:
            self.low = False
        r = 0
        said = self.percent() // 10 * 2 + self.low
        if said != self.said:
            # on the console (USB): each 10 % step, and when it turns low
            self.said = said
            print("battery %d mV %d%%%s" % (v, self.percent(), " low" if self.low else ""))
            r = 1
        if v < _FLOOR_MV:
            self.under += 1
        else:
            self.under = 0
        if self.empty:
            if v > _FLOOR_MV + _BACK_MV:
                self.empty = False
            return r
        if self.under >= _EMPTY_SAMPLES:
            self.empty = True
            return 2
        return r

    def percent(self):
        p = (self.mv - _FLOOR_MV) * 100 // (_FULL_MV - _FLOOR_MV)
        return 0 if p < 0 else 100 if p > 100 else p
