# The PC's speaker port: the same ring and calls as the board's DMA speaker
# (hal/rp2/speaker.py), with the DMA modelled on the virtual clock.  The
# "DMA" takes sample i of a phrase at start + i / rate, reading the ring slot
# as it is at that moment; the model catches up whenever it is asked
# (played(), start(), stop()), and since the voice driver writes the ring only
# after asking, what it records is what the board's DMA would have sent to
# the PWM, stale samples of an underrun included.
#
#   sp = HostSpeaker(clock, gpio, n=RING)  the board's ring (drivers.voice.RING
#                                          samples, as bytes), same behaviour
#   sp.plays      [[t_us, names, samples array('B') as sent, cut_at_us or None]]
#   sp.level      the compare level now (128 = silence)
#   sp.keep       False: record the phrases' times and names, not their samples
from array import array

from drivers.voice import RING


class HostSpeaker:
    def __init__(self, clock, gpio=None, n=RING):
        if n & (n - 1):
            raise ValueError("speaker ring of %d samples: a power of two is needed" % n)
        self.clock = clock
        self.gpio = gpio
        self.n = n
        # the board's ring holds the compare register's half-words; the
        # levels fit a byte (0..255), so the PC's holds bytes: half the heap
        ring = bytearray(n)
        for i in range(n):
            ring[i] = 128
        self.ring = memoryview(ring)
        self.rate = 8000
        self.plays = []
        self.keep = True
        self.level = 128
        self._t0 = 0
        self._total = 0
        self._read = 0
        self._on = False
        self._cur = None

    def set_rate(self, rate):
        if not 1000 <= rate <= 48000:
            raise ValueError("sample rate %r Hz out of range" % (rate,))
        self.rate = rate

    def _catch_up(self):
        if not self._on:
            return
        due = (self.clock.now - self._t0) * self.rate // 1000000
        if due > self._total:
            due = self._total
        mask = self.n - 1
        ring = self.ring
        cur = self._cur[2]
        while self._read < due:
            v = ring[self._read & mask]
            if self.keep:
                cur.append(v if v < 256 else 255)
            self._read += 1
        if self._read:
            self.level = ring[(self._read - 1) & mask]
        if self._read >= self._total:
            self._on = False

    def start(self, count, names=()):
        self._catch_up()
        self._on = True
        self._t0 = self.clock.now
        self._total = count
        self._read = 0
        self._cur = [self.clock.now, tuple(names), array("B"), None]
        if self.keep:
            self.plays.append(self._cur)
        else:
            self.plays = [self._cur]

    def open(self):
        pass    # (the PC's ring stays: the board's is made per phrase, hal/rp2/speaker.py)

    def close(self):
        self.stop()

    def played(self):
        self._catch_up()
        return self._read

    def stop(self):
        self._catch_up()
        if self._on:
            self._cur[3] = self.clock.now
        self._on = False
        self.level = 128

    def busy(self):
        self._catch_up()
        return self._on
