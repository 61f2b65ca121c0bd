# Settings and scores as small files, written so a power cut never leaves a
# broken one: the new content goes to NAME.tmp, is closed, then renamed over
# NAME (rename is atomic on LittleFS, the Pico's file system, and on POSIX).
# A cut before the rename leaves the old file; after it, the new one.
#
# Each file is one JSON line followed by a checksum line, so a file damaged
# some other way (an SD card pulled, a half-flashed image) is recognised:
# load() then gives the defaults and a notice the box shows, never a crash.
#
# Flash writes and erases on the RP2040 run with interrupts masked: while a
# slap window is open (the app sets `slap_window`) save() refuses, so a slap
# is never timestamped late; save between rounds.
#
# `fs` does the file operations (OsFs below on both the board and the PC;
# hal.host.storage.CutFs adds power cuts and a record for the tests).
#
# `with fs:` around every use of the files, an open file's whole life
# included: the file system is there while it is held.  OsFs's is always
# there (the PC's disk, the .mpy box's flash, where the box's own code is);
# the one-file firmware's flash is mounted only then (hal.rp2.parts.FlashFs:
# littlefs's caches, 2.4 KB of heap, are the game's the rest of the time).
# Storage's methods hold it themselves; a caller holds it around several
# (one mount) or around a file it keeps open.
import json
import os


def checksum(data):
    """Fletcher-16 of a bytes-like: small ints only, the same everywhere."""
    a = 0
    b = 0
    for c in data:
        a = (a + c) % 255
        b = (b + a) % 255
    return (b << 8) | a


def encode(value):
    """The bytes of a file holding value."""
    body = json.dumps(value).encode()
    return body + ("\n#%04x\n" % checksum(body)).encode()


def decode(raw):
    """The value in a file's bytes, or ValueError saying what is wrong.
    Bytes, not text: a damaged file may not even be valid UTF-8."""
    nl = raw.find(b"\n")
    if nl < 0 or raw[nl + 1:nl + 2] != b"#":
        raise ValueError("no checksum line (cut short?)")
    body = raw[:nl]
    if len(raw) != nl + 7 or raw[-1:] != b"\n":
        raise ValueError("checksum line cut short or too long")
    try:
        want = int(raw[nl + 2:nl + 6], 16)
    except ValueError:
        raise ValueError("bad checksum line")
    if checksum(body) != want:
        raise ValueError("checksum mismatch")
    try:
        return json.loads(body.decode())
    except Exception as e:
        # Any exception is the file's fault: deeply nested JSON is a
        # RecursionError on CPython, a MemoryError on MicroPython.
        raise ValueError("not readable data (%s)" % type(e).__name__)


class OsFs:
    """Files under a directory, through os and open()."""

    def __init__(self, root):
        self.root = root.rstrip("/") if len(root) > 1 else root

    def path(self, name):
        return self.root + "/" + name

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def ensure(self):
        try:
            os.mkdir(self.root)
        except OSError:
            pass  # already there

    def read(self, name):
        with open(self.path(name), "rb") as f:
            return f.read()

    def open_write(self, name):
        return open(self.path(name), "wb")

    def rename(self, a, b):
        os.rename(self.path(a), self.path(b))

    def remove(self, name):
        os.remove(self.path(name))

    def listdir(self):
        return os.listdir(self.root)

    def exists(self, name):
        try:
            os.stat(self.path(name))
            return True
        except OSError:
            return False


class SlapWindowOpen(Exception):
    pass


class Storage:
    def __init__(self, fs):
        self.fs = fs
        self.slap_window = False
        self.notices = []   # what the box should tell the player, in order
        self.writes = 0
        with fs:
            fs.ensure()

    def load(self, name, defaults):
        """(value, notice): the saved value, or a copy of `defaults` and a
        notice saying why (None when all went well).  A saved dict misses
        no key of the defaults: new settings get their default value."""
        notice = None
        why = ""
        try:
            with self.fs:
                raw = self.fs.read(name)
        except OSError:
            # Missing: normal on the first start, so not kept in `notices`.
            return _copy(defaults), "%s not found: using the defaults" % name
        except Exception as e:   # e.g. MemoryError: a file too big to read
            raw = None
            why = type(e).__name__
        try:
            if raw is None:
                raise ValueError("unreadable: " + why)
            value = decode(raw)
        except Exception as e:
            # Never stops the box from starting: the file is at fault.
            notice = "%s was damaged (%s): back to the defaults" % (name, e)
            self.notices.append(notice)
            return _copy(defaults), notice
        if isinstance(defaults, dict):
            if not isinstance(value, dict):
                notice = "%s held the wrong kind of data: back to the defaults" % name
                self.notices.append(notice)
                return _copy(defaults), notice
            out = _copy(defaults)
            for k in value:
                out[k] = value[k]
            value = out
        return value, notice

    def save(self, name, value):
        """Write atomically.  Refused (SlapWindowOpen) while a slap window is
        open: flash writes mask interrupts."""
        if self.slap_window:
            raise SlapWindowOpen("not saving %s while a slap window is open: flash writes mask "
                                 "interrupts and would delay slap timestamps; save between rounds" % name)
        data = encode(value)
        tmp = name + ".tmp"
        fs = self.fs
        with fs:
            f = fs.open_write(tmp)
            try:
                f.write(data)
            finally:
                f.close()
            fs.rename(tmp, name)
        self.writes += 1

    def clean(self):
        """Remove temp files a power cut may have left (call at boot)."""
        fs = self.fs
        with fs:
            for name in fs.listdir():
                if name.endswith(".tmp"):
                    try:
                        fs.remove(name)
                    except OSError:
                        pass


def _copy(v):
    if isinstance(v, dict):
        return dict(v)
    if isinstance(v, list):
        return list(v)
    return v
