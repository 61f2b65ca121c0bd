# Host recorders for what the drivers send to the hardware: pins, SPI, I2C.
# Everything lands in one Wire, in order, so a test can read back the exact
# sequence a display controller would have received (commands() decodes the
# SPI traffic with the D/C and CS levels of the moment, like the chip does).
import errno


class Wire:
    def __init__(self):
        self.events = []   # ("pin", gpio, v) | ("spi", bus, bytes) | ("i2c", bus, addr, bytes)
        self.levels = {}   # gpio -> last level driven
        # None: every transfer is copied whole (tests read them back).  A
        # number: a longer transfer keeps only its first max_copy bytes, for
        # long runs in a small heap (host.headless.play) where a copy of each
        # e-ink frame (4.7 KB in one block) would not find room.
        self.max_copy = None

    def copy(self, buf):
        n = self.max_copy
        if n == 0:
            return b""
        if n is not None and len(buf) > n:
            return bytes(memoryview(buf)[:n])
        return bytes(buf)

    def clear(self):
        self.events = []

    def commands(self, dc, cs=None):
        """The SPI traffic as [(command, data bytes)]: a byte sent with D/C
        low (and CS low, if cs given) is a command, bytes with D/C high are
        its data."""
        out = []
        level = {}
        for ev in self.events:
            if ev[0] == "pin":
                level[ev[1]] = ev[2]
            elif ev[0] == "spi":
                if cs is not None and level.get(cs, 1) != 0:
                    continue  # chip not selected: the controller ignores it
                if level.get(dc, 0) == 0:
                    for c in ev[2]:
                        out.append([c, b""])
                elif out:
                    out[-1][1] += ev[2]
        return [(c, d) for c, d in out]

    def i2c_writes(self, addr=None):
        return [ev[3] for ev in self.events if ev[0] == "i2c" and (addr is None or ev[2] == addr)]

    def bytes_on(self, kind):
        return sum(len(ev[-1]) for ev in self.events if ev[0] == kind)


class Tally:
    """A recorder's list in a lean run (open_host(lean=True)): it counts what
    would have been recorded and keeps the last record only, so the heap
    measured is the box's own, as on the board (which records nothing)."""

    def __init__(self):
        self.n = 0
        self.last = None

    def append(self, record):
        self.n += 1
        self.last = record

    def __len__(self):
        return self.n


class HostPin:
    """An output (or an input a test drives through `level`)."""

    def __init__(self, gpio, wire=None, value=0):
        self.gpio = gpio
        self.wire = wire
        self.level = value
        self.reader = None   # optional function -> level (a simulated chip)

    def value(self, v=None):
        if v is None:
            if self.reader is not None:
                return self.reader()
            return self.level
        v = 1 if v else 0
        if v != self.level and self.wire is not None:
            self.wire.events.append(("pin", self.gpio, v))
            self.wire.levels[self.gpio] = v
        self.level = v
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


class HostSPI:
    def __init__(self, wire, id=0, baudrate=1000000):
        self.wire = wire
        self.id = id
        self.baudrate = baudrate

    def write(self, buf):
        self.wire.events.append(("spi", self.id, self.wire.copy(buf)))


class HostI2C:
    """An I2C bus with the devices at `addrs` answering; any other address
    NACKs, which machine.I2C reports as OSError(EIO)."""

    def __init__(self, wire, id=0, freq=400000, addrs=(0x3C,)):
        self.wire = wire
        self.id = id
        self.freq = freq
        self.addrs = list(addrs)

    def scan(self):
        return list(self.addrs)

    def _check(self, addr):
        if addr not in self.addrs:
            raise OSError(errno.EIO)

    def writeto(self, addr, buf, stop=True):
        self._check(addr)
        self.wire.events.append(("i2c", self.id, addr, self.wire.copy(buf)))
        return len(buf)

    def writevto(self, addr, bufs, stop=True):
        self._check(addr)
        b = b"".join(bytes(x) for x in bufs)
        self.wire.events.append(("i2c", self.id, addr, b))
        return len(bufs)
