# Host watchdog: records the feeds on the virtual clock and says whether the
# real one would have rebooted the box (a gap between feeds over the timeout).


class HostWatchdog:
    def __init__(self, clock, timeout_ms=5000):
        self.clock = clock
        self.timeout_ms = timeout_ms
        self.started = False
        self.feeds = []        # virtual us of each feed
        self.max_gap_us = 0
        self._last = None

    def start(self):
        self.started = True
        self._last = self.clock.now

    def stop(self):
        """A host took the REPL (main.stand_down): no more reboots."""
        self.started = False

    def feed(self):
        if not self.started:
            return
        now = self.clock.now
        gap = now - self._last
        if gap > self.max_gap_us:
            self.max_gap_us = gap
        self._last = now
        self.feeds.append(now)

    def would_have_fired(self):
        """True if some gap between feeds (or since the last one, now) was
        longer than the timeout: the board would have rebooted."""
        if not self.started:
            return False
        gap = max(self.max_gap_us, self.clock.now - self._last)
        return gap > self.timeout_ms * 1000
