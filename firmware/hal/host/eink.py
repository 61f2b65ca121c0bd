# The e-ink display on the PC (imported only for an e-ink board: the other
# boards keep its driver out of the heap).  The SSD1680's BUSY line is
# simulated on the virtual clock: it goes high when the controller is told to
# refresh (command 0x20) for as long as a real panel takes, or for ever when
# a test says the panel is stuck.
from drivers.cmdbus import SpiCmdBus
from drivers.ssd1680 import (Ssd1680, MASTER_ACTIVATION, UPDATE_CTRL2, SEQ_FULL, SW_RESET,
                              FULL_US, PARTIAL_US, RESET_US)
from hal.host.bus import HostPin


class EinkBusy:
    """The SSD1680's BUSY output as a function of the commands it got."""

    def __init__(self, clock, stuck=False):
        self.clock = clock
        self.stuck = stuck
        self.until = 0
        self._seq = SEQ_FULL
        self.activations = []   # (t_us, "full"/"partial")

    def level(self):
        if self.stuck:
            return 1
        return 1 if self.clock.now < self.until else 0

    def command(self, c, data):
        if c == UPDATE_CTRL2 and data:
            self._seq = data[0]
        elif c == MASTER_ACTIVATION:
            full = self._seq == SEQ_FULL
            self.activations.append((self.clock.now, "full" if full else "partial"))
            self.until = self.clock.now + (FULL_US if full else PARTIAL_US)
        elif c == SW_RESET:
            self.until = self.clock.now + RESET_US


class _WatchingBus(SpiCmdBus):
    """SpiCmdBus that also tells the simulated panel what it was told."""

    def __init__(self, spi, cs, dc, panel):
        super().__init__(spi, cs, dc)
        self.panel = panel

    def cmd(self, c, data=None):
        super().cmd(c, data)
        self.panel.command(c, data)


def open_eink(d, clock, parts, busy_stuck):
    """The SSD1680's command bus and BUSY pin on the host parts, with the
    panel that watches the one and drives the other, and the driver's class:
    (bus, busy, panel, Ssd1680)."""
    panel = EinkBusy(clock, busy_stuck)
    busy = HostPin(d.busy, None)
    busy.reader = panel.level
    bus = _WatchingBus(parts.spi(d), parts.out(d.cs, 1), parts.out(d.dc), panel)
    return bus, busy, panel, Ssd1680
