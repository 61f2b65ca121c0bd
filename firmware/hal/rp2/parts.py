# The board's buses for its parts (hal.wiring wires the parts over them):
# machine pins, SPI and I2C, the WS2812 matrix's PIO output (with the
# driver's per-pixel loop compiled by viper when the port has the native
# emitter), PWM, storage on the Pico's file system, the power parts
# (Power, below: the matrix's supply switch, the battery's ADC, the sleep),
# and the board's own two: its clock and its watchdog.  (One module: each
# .mpy import at boot is three littlefs lookups and a read, ~15 ms of the
# power-on to first frame, issue 41, 4.)
#
#   parts = Buses()
#   open_storage(root="/data")   settings and logs, through FlashFs
#   Power(board, pads, menu)
#   BoardClock(), Rp2Watchdog(timeout_ms)
import machine
import time
from micropython import const
from drivers.storage import Storage, OsFs

# Only the boot uses these (main.forget_boot drops them from this module once
# the box is up, with this tuple: the heap goes to the games)
_BOOT = ("Buses", "open_storage")

_SIO_GPIO_IN = const(0xD0000004)
# (private consts: no name kept for them on the board, issue 41)
_CTRL_CLEAR = const(0x4005B000)     # WATCHDOG CTRL (0x40058000), atomic bit-clear alias (+0x3000)
_ENABLE = const(0x40000000)         # CTRL.ENABLE (bit 30)
_MAX_MS = const(8388)   # the longest timeout machine.WDT accepts on the RP2040 (erratum E1: its 24-bit counter runs at 2 ticks per us)

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


# The Pico's flash file system, mounted only while the box uses it (issue
# 26).  littlefs's read and program caches (1 KB each), its lookahead and
# state: 2.4 KB of the heap while it is mounted, the game's the rest of the
# time.  _boot.py mounts it at "/" (with the port's own settings, repeated
# here); the boot reads the board file and the settings, then main.py lets it
# go, on the one-file firmware only (all its code frozen: an import never
# looks for a file).  From then on drivers.storage's `with fs:` mounts it
# for a save or a log's lines (~2 ms, at a quiet moment, with the flash
# write's 11-22 ms) and unmounts it after.  hold() mounts it for good: the
# host took the REPL, and its tools (mpremote cp, ls) find the files.
class FlashFs(OsFs):
    def __init__(self, root):
        super().__init__(root)
        self.users = 1          # the boot's, until let_go()
        self.mounted = True     # what _boot.py left
        self.mounts = 0         # since the boot (a look from the REPL)

    def __enter__(self):
        if not self.users:
            # (imported here: two names fewer in this module's table; _rp2,
            # rp2's C half: the rp2 module's Python is dropped after boot)
            import vfs
            from _rp2 import Flash  # type: ignore[import-not-found]
            try:
                # (the stubs call VfsLfs2 abstract: it is the C type)
                vfs.mount(vfs.VfsLfs2(Flash(), progsize=256), "/")  # type: ignore[abstract]
                self.mounted = True
                self.mounts += 1
            except OSError as e:
                # never formatted here: the files' own operations then fail
                # and each says so (settings not saved, log not written)
                print("flash file system not mounted:", e)
        self.users += 1
        return self

    def __exit__(self, *exc):
        self.users -= 1
        if not self.users and self.mounted:
            import vfs
            self.mounted = False
            vfs.umount("/")
        return False

    def let_go(self):
        """The boot's reads are over: unmounted until the next use."""
        if self.users:
            self.__exit__()

    def hold(self):
        """Mounted from now on (the host has the REPL)."""
        if not self.users:
            self.__enter__()


def open_storage(root="/data"):
    s = Storage(FlashFs(root))
    s.clean()   # boot: drop the temp file of a save a power cut interrupted
    return s


# Power: the board's power parts (issue 27): the matrix's supply switch, the
# battery's sense on the ADC, and the sleep a pad wakes.
#
#   p = Power(board, pads, menu)      hal.power on the Pico
#   p.value(on)          the matrix's supply (power.switch) on or off; no-op
#                        without a switch
#   p.read() -> mV       the supply through its divider (power.sense), -1
#                        without a sense
#   p.sleep(ms)          the CPU asleep for up to ms, woken at once by a pad
#                        or the menu button
#
# The sleep.  MicroPython v1.28's rp2 port offers two: machine.lightsleep(ms)
# (clk_sys on the 12 MHz crystal, the PLLs off, every clock but the timer's
# gated; the timer goes on, so ticks_ms and the game clock stay right) and
# machine.lightsleep() with no time (DORMANT: the crystal stopped; only a
# GPIO wake enabled in IO_BANK0's DORMANT_WAKE_INTE registers, which
# MicroPython's Pin does not offer, can end it; the timer stops and so does
# the watchdog).  A pin with an interrupt handler wakes lightsleep(ms)
# (MicroPython issue 7035: with a time and a handler), which is what a pad
# needs, so the box sleeps in lightsleep(ms) chunks shorter than the
# watchdog's timeout and the main loop feeds it between them: the watchdog
# never fires in a sleep, and a box that hangs is still reset (a hung loop
# does not come back to sleep).  What each costs, as MicroPython's
# maintainers measured a Pico (the commit that brought them, b004e7e3, and
# issue 8770): lightsleep(ms) 1.0-1.5 mA, dormant 0.9 mA: dormant would save
# well under 1 mA and gives up the watchdog and the clock.  hardware/README.md,
# section 4, turns these into days of standby.
# The wake: the pads timed by the PIO have no pin interrupt (the PIO, whose
# clock sleeps, sees their edges), and the menu button is polled: each gets
# a handler that does nothing while the box sleeps (a pin interrupt is what
# ends the sleep); pads timed by interrupts have theirs already.


def _wake(pin):
    pass    # (the interrupt itself ends the sleep; nothing to do, nothing allocated)


class Power:
    def __init__(self, board, pads, menu):
        sw, sense, full, _ = getattr(board, "power", None) or (None, None, None, None)
        self.switch = None if sw is None else machine.Pin(sw, machine.Pin.OUT, value=1)
        self.adc = None if sense is None else machine.ADC(sense)
        self.full = full or 0
        self.pins = []      # the pins to arm for the wake
        mask = 0
        if getattr(pads, "timing", "irq") == "pio":
            for g in board.pad_pins():
                self.pins.append(machine.Pin(g))
                mask |= 1 << g
        else:
            for g in board.pad_pins():
                mask |= 1 << g
        if menu is not None:
            self.pins.append(menu.pin)
            mask |= 1 << board.menu_pin
        self.mask = mask

    def value(self, on):
        if self.switch is not None:
            self.switch.value(1 if on else 0)

    def read(self):
        if self.adc is None:
            return -1
        return (self.adc.read_u16() >> 4) * self.full // 4096

    def sleep(self, ms):
        if machine.mem32[_SIO_GPIO_IN] & self.mask != self.mask:
            # a pad or the button is down: no sleep (its press is being read)
            machine.idle()
            return
        for p in self.pins:
            p.irq(_wake, machine.Pin.IRQ_FALLING)
        machine.lightsleep(ms)
        for p in self.pins:
            p.irq(None)


# The board's clock: time.ticks_us wraps every 2**30 us on the RP2040.
class BoardClock:
    def ticks_us(self):
        return time.ticks_us()

    def ticks_ms(self):
        return time.ticks_ms()

    def ticks_diff(self, a, b):
        return time.ticks_diff(a, b)

    def ticks_add(self, a, d):
        return time.ticks_add(a, d)

    def sleep_ms(self, ms):
        time.sleep_ms(ms)

    def sleep_us(self, us):
        time.sleep_us(us)


# The board's watchdog: machine.WDT, fed by the main loop, so a hang reboots
# the box into its menu.  machine.WDT cannot be stopped once started, so
# start() is called once the box is up (booting.main), not when it is made.  stop() is for a
# host that took the REPL (main.stand_down): it clears the ENABLE bit of the
# RP2040's WATCHDOG CTRL register (datasheet 4.7; pico-sdk's
# watchdog_disable does the same), which machine.WDT does not offer.
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
