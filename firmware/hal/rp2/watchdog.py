# The board's watchdog: machine.WDT, fed by the main loop, so a hang reboots
# the box into its menu.  machine.WDT cannot be stopped once started, so
# start() is called by main.py after boot, not at import.  stop() is for a
# host that took the REPL (main.stand_down): it clears the ENABLE bit of the
# RP2040's WATCHDOG CTRL register (datasheet 4.7; pico-sdk's
# watchdog_disable does the same), which machine.WDT does not offer.
import machine
from micropython import const

# (private consts: no name kept for them on the board, issue 41)
_CTRL_CLEAR = const(0x4005B000)     # WATCHDOG CTRL (0x40058000), atomic bit-clear alias (+0x3000)
_ENABLE = const(0x40000000)         # CTRL.ENABLE (bit 30)
_MAX_MS = const(8388)   # the longest timeout machine.WDT accepts on the RP2040 (erratum E1: its 24-bit counter runs at 2 ticks per us)


class Rp2Watchdog:
    def __init__(self, timeout_ms=5000):
        if not 1 <= timeout_ms <= _MAX_MS:
            raise ValueError("watchdog timeout %d ms: the RP2040 allows 1 to %d ms" % (timeout_ms, _MAX_MS))
        self.timeout_ms = timeout_ms
        self.started = False
        self._wdt = None

    def start(self):
        self._wdt = machine.WDT(timeout=self.timeout_ms)
        self.started = True

    def feed(self):
        if self._wdt is not None:
            self._wdt.feed()

    def stop(self):
        machine.mem32[_CTRL_CLEAR] = _ENABLE
        self.started = False
