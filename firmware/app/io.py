# The app's view of the HAL: one small adapter per part, so the box logic
# (app.box) names no driver method directly, and a board without a part (no
# display, buzzer, menu button or pad LEDs) still plays.
#
# What each adapter needs from the HAL (hal.open_board / hal.open_host):
#   hal.clock     ticks_us(), ticks_ms(), sleep_ms()
#   hal.pads      .capture (a pads.capture.PadCapture) or the capture itself
#   hal.display   .fb (framebuf-like), .format, .width, .height, show(full),
#                 .busy; brightness or contrast() if it has them
#   hal.leds      set(k, on) and show() for the pad LEDs
#   hal.buzzer    drivers.buzzer.Buzzer: play(notes), poll(), volume, playing
#   hal.voice     (optional) drivers.voice.Voice: open(stream), say(names);
#                 hal.voice_dir holds <lang>.vox
#   hal.storage   drivers.storage.Storage: load(name, defaults), save(name,
#                 value), notices, slap_window, fs (root, path(name))
#   hal.watchdog  feed()
#   hal.menu      pressed() -> 0, or once per press of the menu button 1 (a
#                 press) or 2 (held: a long press), drivers.button
#   hal.poll      (optional) the display and buzzer chores of each loop pass
#   hal.power     (optional) read(): the battery in mV, -1 without a sense
#                 (app.battery.Power, the gauge, filters it: gauge(hal))
#
# apply_settings(box): the settings made to take effect on these parts (the
# sound's volume, mode and language, the display's level and refresh) and on
# the words the screens show; at boot and after a menu changed one.
import os
from app import strings
from gfx import fb as _fb
from core.compat import const


def capture(hal):
    pads = hal.pads
    return getattr(pads, "capture", pads)


def gauge(hal):
    """The battery gauge (app.battery.Power) of a board whose file names
    power.sense, else None (and until the board's power parts are open:
    its boot opens them after the first frame, booting.up)."""
    p = getattr(hal, "power", None)
    if p is None or p.read() < 0:
        return None
    from app import battery
    return battery.Power(p.read(), getattr(hal, "echo", False))


def n_pads(hal):
    b = getattr(hal, "board", None)
    if b is not None and getattr(b, "pads", None):
        return len(b.pads)
    return capture(hal).n_pads


class Display:
    """The frame the renderer draws into and how to send it."""

    def __init__(self, hal):
        d = getattr(hal, "display", None)
        self.d = d
        if d is None:
            # no display: draw into a frame nobody sees (the box still plays)
            self.width, self.height, self.colour = 16, 16, True
            self.buf, self.fb = _fb.new(16, 16, _fb.RGB565)
            self.format = _fb.RGB565  # type: int | None
            return
        self.width = d.width
        self.height = d.height
        self.fb = d.fb
        fmt = self.format = getattr(d, "format", None)     # (the canvas's, gfx.canvas)
        self.colour = getattr(d, "colour", fmt == _fb.RGB565)
        b = getattr(d, "busy", None)
        if callable(b):
            # the driver's own bound method, made once: the loop asks every
            # pass, and getattr on a method makes a new bound method each
            # time (16 bytes of heap a call, and twice the time; mypy
            # refuses an attribute over a method, this is on purpose)
            self.busy = b  # type: ignore[method-assign]

    def busy(self):
        # (a display without busy, or whose busy is a plain attribute)
        d = self.d
        if d is None:
            return False
        b = getattr(d, "busy", False)
        if callable(b):
            b = b()
        return bool(b)

    def show(self, full=None, rows=None):
        # rows: the rows drawn since the last frame, for a display that
        # sends only those (the e-ink's `dirty`; the OLED finds its own)
        d = self.d
        if d is not None:
            if rows is not None and hasattr(d, "dirty"):
                d.dirty = rows
            d.show(full)

    def set_full_every(self, n):
        """An e-ink driver that schedules its full refreshes itself gets the
        setting; False if the app must schedule them."""
        if self.d is not None and hasattr(self.d, "full_every"):
            self.d.full_every = n
            return True
        return False

    def set_level(self, level):
        """Brightness 1..5 in the display itself; False if it has no such
        control (the renderer then dims its colours)."""
        d = self.d
        if d is None:
            return False
        if hasattr(d, "brightness"):
            d.brightness = level * 51
            return True
        f = getattr(d, "contrast", None)
        if f is not None:
            f(level * 51)
            return True
        return False


class Lights:
    """The pad LEDs: written only when a pad's state changes.  While the HAL
    blinks an error code on them (the display failed: hal.blinker), the code
    owns them: the menu's hints and the press flashes would cut into the
    flashes someone is counting, so they are kept here and not shown."""

    def __init__(self, hal, n):
        self.leds = getattr(hal, "leds", None)
        self.hal = hal          # its blinker comes when the display fails
        self.state = [None] * n

    def set(self, k, on):
        if self.state[k] == on:
            return False
        self.state[k] = on
        b = getattr(self.hal, "blinker", None)
        if self.leds is not None and not (b is not None and b.code):
            self.leds.set(k, on)
        return True

    def show(self):
        if self.leds is not None:
            f = getattr(self.leds, "show", None)
            if f is not None:
                f()


class Sound:
    """The buzzer sequencer (drivers.buzzer.Buzzer): play(notes) returns at
    once, poll() moves to the next note; and the voice (drivers.voice), when
    the board has a speaker: say(names).  Volume setting 0..5; mode "voice"
    (words where the box has one, beeps elsewhere), "beeps" or "silent"."""

    # the buzzer's loudness per volume: (0, 8, 16, 28, 40, 55), in set_volume
    GAIN = (0, 48, 96, 144, 200, 256)    # the voice's, 256 = as recorded

    def __init__(self, hal):
        self.bz = getattr(hal, "buzzer", None)
        self.voice = getattr(hal, "voice", None)
        self.voice_dir = getattr(hal, "voice_dir", "voice/")
        self.volume = 3
        self.mode = "voice"
        self.lang = None
        self.notice = None      # why the box cannot talk (no voice file)
        self.last = None

    def set_volume(self, v):
        self.volume = v
        if self.bz is not None and hasattr(self.bz, "volume"):
            self.bz.volume = (0, 8, 16, 28, 40, 55)[v]
        if self.voice is not None:
            self.voice.volume = self.GAIN[v]

    def set_lang(self, lang):
        """Open the voice file of lang (its index only: the words stay in
        flash).  A missing or damaged file: the box beeps instead, and says
        why on the REPL."""
        v = self.voice
        if v is None or lang == self.lang:
            return
        self.lang = lang
        path = self.voice_dir + lang + ".vox"
        try:
            v.close()
            from drivers.voice import open_voice
            v.open(open_voice(path, lang))
            self.notice = None
        except (OSError, ValueError) as e:
            self.notice = "voice: %s: %s" % (path, e)
            print(self.notice)

    def hear(self, voice, lang):
        """The voice opened after the boot's first frame (booting.up): its
        volume and its words as the settings say."""
        self.voice = voice
        self.set_volume(self.volume)
        self.set_lang(lang)

    def speaks(self):
        v = self.voice
        return v is not None and self.mode == "voice" and self.volume > 0 and v.index is not None

    def say(self, names):
        """Say a phrase now, cutting the one being said; False when the box
        does not talk (then it beeps)."""
        v = self.voice
        if v is None or not self.speaks():
            return False
        v.say(names)
        return True

    def busy_with(self):
        """The melody playing now (None when silent)."""
        bz = self.bz
        if bz is None or not getattr(bz, "playing", False):
            return None
        return self.last

    def play(self, notes):
        self.last = notes
        if self.bz is not None and self.volume > 0 and self.mode != "silent":
            self.bz.play(notes)

    def poll(self):
        if self.bz is not None:
            self.bz.poll()
        if self.voice is not None:
            self.voice.poll()


class Store:
    """Settings through the storage driver (atomic, checksummed); game logs
    appended line by line.  Each method holds the file system (`with fs:`,
    drivers.storage); `with store:` around several, and open_append's file."""

    def __init__(self, hal):
        self.s = getattr(hal, "storage", None)
        self.fs = getattr(self.s, "fs", None)

    def __enter__(self):
        if self.fs is not None:
            self.fs.__enter__()
        return self

    def __exit__(self, *exc):
        if self.fs is not None:
            self.fs.__exit__()
        return False

    def load(self, name, defaults):
        """(value, notice); notice None unless the file was damaged."""
        if self.s is None:
            return defaults, None
        before = len(getattr(self.s, "notices", ()))
        value, notice = self.s.load(name, defaults)
        if len(getattr(self.s, "notices", ())) == before:
            notice = None    # a missing file is the first start, not news
        return value, notice

    def save(self, name, value):
        if self.s is not None:
            self.s.save(name, value)

    def set_slap_window(self, on):
        if self.s is not None:
            self.s.slap_window = on

    def mkdir(self, d):
        self._os(os.mkdir, d)   # (already there: nothing)

    def open_append(self, name):
        if self.fs is None:
            return None
        return open(self.fs.path(name), "a")

    def read(self, name):
        if self.fs is None:
            return None
        try:
            with self, open(self.fs.path(name)) as f:
                return f.read()
        except OSError:
            return None

    def write(self, name, text):
        if self.fs is not None:
            with self, open(self.fs.path(name), "w") as f:
                f.write(text)

    def remove(self, name):
        self._os(os.remove, name)

    def _os(self, op, name):
        if self.fs is not None:
            try:
                with self:
                    op(self.fs.path(name))
            except OSError:
                pass

    def listdir(self, d):
        if self.fs is None:
            return []
        try:
            with self:
                return os.listdir(self.fs.path(d))
        except OSError:
            return []


class Menu:
    """The optional menu button."""

    def __init__(self, hal):
        self.m = getattr(hal, "menu", None)
        if self.m is not None:
            # asked every pass: no layer between (over the method, on purpose)
            self.pressed = self.m.pressed  # type: ignore[method-assign]

    def pressed(self):
        if self.m is None:
            return 0
        return self.m.pressed()


def apply_settings(box):
    """The settings box.settings holds, made to take effect on the box's
    parts (its words, the renderer, the sound, the display): at boot and
    after a menu changed one (app.join)."""
    st = box.settings
    box.tab = strings.table(st["lang"])
    box.renderer.s = box.tab
    box.renderer.faces_fr = st["lang"] == "fr"
    box.sound.set_volume(st["volume"])
    box.sound.mode = st["sound"]
    box.sound.set_lang(st["lang"])
    box.disp.set_full_every(st["eink_refresh"])    # (app.screens asks the driver whether it took it)
    if box.disp.set_level(st["brightness"]):
        box.canvas.set_level(5)
    else:
        box.canvas.set_level(st["brightness"])
    box.dirty = True
