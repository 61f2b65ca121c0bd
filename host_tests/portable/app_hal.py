# A small host HAL for the app's tests: the real virtual clock and fake pads
# (hal.host), recorders for the display, pad LEDs and buzzer, storage in a
# dict.  It records WHEN things happened so the 50 ms feedback is testable.
from hal.host.clock import VirtualClock
from hal.host.pads import HostPads
from gfx import fb
from drivers.storage import Storage, OsFs
import os


class Display:
    def __init__(self, clock, w=16, h=16, colour=True):
        self.clock = clock
        self.width = w
        self.height = h
        self.colour = colour
        self.kind = "ws2812" if colour else "ssd1306"
        self.buf, self.fb = fb.new(w, h, fb.RGB565 if colour else fb.MONO_VLSB)
        self.shows = []
        self.full = 0

    def show(self, full=False):
        self.shows.append(self.clock.now)
        if full:
            self.full += 1

    def busy(self):
        return False


class Leds:
    def __init__(self, clock, n):
        self.clock = clock
        self.on = [False] * n
        self.changes = []

    def set(self, k, on):
        self.on[k] = on
        self.changes.append((self.clock.now, k, on))

    def show(self):
        pass


class Buzzer:
    """Records each melody with its start time; plays for its length."""

    def __init__(self, clock):
        self.clock = clock
        self.played = []
        self.volume = 50
        self.until = 0

    @property
    def playing(self):
        return self.clock.now < self.until

    def play(self, notes):
        self.played.append((self.clock.now, notes))
        ms = 0
        for f, d in notes:
            ms += d
        self.until = self.clock.now + ms * 1000

    def poll(self, now_ms=None):
        pass


def rmtree(d):
    try:
        names = os.listdir(d)
    except OSError:
        return
    for n in names:
        p = d + "/" + n
        try:
            os.remove(p)
        except OSError:
            rmtree(p)
    os.rmdir(d)


def fresh_dir():
    """An empty directory for the box's files (the board's flash)."""
    from hal.host.parts import default_dir
    return default_dir("box_app_test_")


def files(root, sub=""):
    """Every file under root, as relative names."""
    out = []
    base = root + ("/" + sub if sub else "")
    for n in os.listdir(base):
        rel = (sub + "/" + n) if sub else n
        try:
            out += files(root, rel)
        except OSError:
            out.append(rel)
    out.sort()
    return out


def read(root, name):
    with open(root + "/" + name) as f:
        return f.read()


class Watchdog:
    def __init__(self):
        self.n_feeds = 0

    def feed(self):
        self.n_feeds += 1


class MountedFs(OsFs):
    """hal.rp2.parts.FlashFs's counting on the PC: the directory is there
    only while a `with fs:` holds it (renamed away the rest of the time, as
    the one-file firmware's flash is unmounted), so a use of the files
    outside one fails as it would on the Pico.  Held at first (_boot.py's
    mount), until let_go()."""

    def __init__(self, root):
        super().__init__(root)
        self.users = 1
        self.mounts = 0

    def __enter__(self):
        if not self.users:
            os.rename(self.root + ".off", self.root)
            self.mounts += 1
        self.users += 1
        return self

    def __exit__(self, *exc):
        self.users -= 1
        if not self.users:
            os.rename(self.root, self.root + ".off")
        return False

    def let_go(self):
        self.__exit__()


class Hal:
    def __init__(self, n_pads=4, w=16, h=16, colour=True, files=None, start_us=0, mounted=False):
        self.clock = VirtualClock(start_us)
        self.pads = HostPads(n_pads, self.clock)
        self.display = Display(self.clock, w, h, colour)
        self.leds = Leds(self.clock, n_pads)
        self.buzzer = Buzzer(self.clock)
        self.root = fresh_dir()
        # mounted: the files there only while used (MountedFs)
        self.storage = Storage(MountedFs(self.root) if mounted else OsFs(self.root))
        if files:
            for name in files:
                with open(self.root + "/" + name, "w") as f:
                    f.write(files[name])
        self.watchdog = Watchdog()
        self.board = None


def game_log(hal, app):
    """The lines of the box's last game log: its file, then what is still
    buffered."""
    names = sorted([f for f in files(hal.root) if f.endswith(".jsonl")])
    text = read(hal.root, names[-1]) if names else ""
    return text.splitlines() + list(app.play.log.lines)
