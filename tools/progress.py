"""One line that says how far a long run is (make bench, make stats), rewritten
in place on a terminal and silent otherwise (a CI log or a pipe gets only the
results, not a thousand carriage returns).

    p = Progress("stats", total=10000)
    p.show(done, "games")     # stats [ 4210/10000]  42%  games
    p.close()                 # clears the line
"""
import shutil
import sys
import time


class Progress:
    def __init__(self, label, total=None, stream=None, every_s=0.2):
        self.label = label
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.on = bool(getattr(self.stream, "isatty", lambda: False)())
        self.every_s = every_s
        self._last = 0.0
        self._width = 0

    def show(self, done, what="", force=False):
        if not self.on:
            return
        now = time.monotonic()
        if not force and now - self._last < self.every_s and done != self.total:
            return
        self._last = now
        if self.total:
            n = len(str(self.total))
            text = "%s [%*d/%d] %3d%%  %s" % (self.label, n, done, self.total, 100 * done // self.total, what)
        else:
            text = "%s [%d]  %s" % (self.label, done, what)
        cols = shutil.get_terminal_size((80, 20)).columns - 1
        text = text[:cols]
        self.stream.write("\r" + text + " " * max(0, self._width - len(text)))
        self.stream.flush()
        self._width = len(text)

    def close(self):
        if self.on and self._width:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()
        self._width = 0
