# Game logs on the board's file system: logs/game_N.jsonl, N counting up,
# the last KEEP (5) games kept (the oldest removed), so a family copies them with
#   mpremote cp :logs/game_12.jsonl .
# and replays them on a PC (make replay LOG=game_12.jsonl).  The box writes
# only between games or between Bataille duels, never in a slap window:
# flash writes mask interrupts and would delay slap timestamps (DESIGN.md).
from core.compat import const

DIR = "logs"
_KEEP = const(5)
# "resume": the small file naming the game a cut would leave unfinished
# (app.resume; a name the board has interned already)


def number_of(name):
    if name.startswith("game_") and name.endswith(".jsonl"):
        n = name[5:-6]
        if n.isdigit():
            return int(n)
    return -1


def path(n):
    return "%s/game_%d.jsonl" % (DIR, n)


class GameLogs:
    def __init__(self, store, keep=_KEEP):
        self.store = store
        self.keep = keep
        self.current = -1

    def numbers(self):
        out = []
        for f in self.store.listdir(DIR):
            n = number_of(f)
            if n >= 0:
                out.append(n)
        out.sort()
        return out

    def begin(self, pads=(), opts=None, n=0):
        """Choose the file of a new game and remove the oldest ones (the
        file system held throughout: one mount on the one-file firmware);
        then "resume" says which game a cut would leave unfinished, and the
        people's pads and the menus' options (app.resume).  n: the number of
        a game back after a cut (app.resume.Going), which goes on in its own
        file (a name the board has: a new one would cost a seventh pool of
        interned names, host_tests/test_app_heap_soak.py)."""
        if n:
            self.current = n
            return n
        with self.store:
            self.store.mkdir(DIR)
            nums = self.numbers()
            last = nums[-1] if nums else 0
            txt = self.store.read(DIR + "/last")
            if txt and txt.strip().isdigit():
                last = max(last, int(txt.strip()))
            self.current = last + 1
            self.store.write(DIR + "/last", str(self.current))
            for n in nums:
                if n <= self.current - self.keep:
                    self.store.remove(path(n))
        self.store.save("resume", {"n": self.current, "pads": list(pads), "opts": opts or {}})
        return self.current

    def done(self):
        """The game is over (or will not be resumed): "resume" goes."""
        self.store.remove("resume")

    def flush(self, log):
        """Append the lines buffered in log (core.log.Log) and forget them."""
        if self.current < 0 or not log.lines:
            return 0
        n = log.pending_bytes()
        with self.store:
            f = self.store.open_append(path(self.current))
            if f is None:
                log.lines = []
                return 0
            try:
                log.flush(f)
            finally:
                f.close()
        return n

    def error(self, t_ms, what):
        """What went wrong in a game, next to its log (logs/game_N.err): the
        log itself keeps only events of the rule book, so it still replays."""
        if self.current >= 0:
            with self.store:
                f = self.store.open_append("%s/game_%d.err" % (DIR, self.current))
                if f is not None:
                    try:
                        f.write("t=%d %s\n" % (t_ms, what))
                    finally:
                        f.close()
