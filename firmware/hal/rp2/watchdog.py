# The board's watchdog: machine.WDT, fed by the main loop, so a hang reboots
# the box into its menu.  It cannot be stopped once started (a hardware
# fact), so start() is called by main.py after boot, not at import.
import machine

MAX_MS = 8388   # the longest timeout machine.WDT accepts on the RP2040 (erratum E1: its 24-bit counter runs at 2 ticks per us)


class Rp2Watchdog:
    def __init__(self, timeout_ms=5000):
        if not 1 <= timeout_ms <= MAX_MS:
            raise ValueError("watchdog timeout %d ms: the RP2040 allows 1 to %d ms" % (timeout_ms, MAX_MS))
        self.timeout_ms = timeout_ms
        self.started = False
        self._wdt = None

    def start(self):
        self._wdt = machine.WDT(timeout=self.timeout_ms)
        self.started = True

    def feed(self):
        if self._wdt is not None:
            self._wdt.feed()
