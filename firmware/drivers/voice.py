# The spoken words (issue 17): a voice file made at build time
# (tools/voices.py, firmware/voice/<lang>.vox) streamed to the speaker
# through a small ring, never loaded whole into RAM.
#
#   v = Voice(out)                 out: the speaker port (hal/rp2/speaker.py
#                                  DmaSpeaker, hal/host/speaker.py HostSpeaker)
#   v.open(stream)                 an open .vox file (or io.BytesIO of one):
#                                  reads its 16-byte header and index only
#   v.say(("joueur", "n3", "gagne"))   a phrase, words back to back; cuts
#                                  whatever is being said (never queued
#                                  behind it: a word late is a wrong word)
#   v.poll(now_ms)                 each pass of the main loop: keeps the ring
#                                  ahead of the DMA; never waits.  With the
#                                  loop's time it looks at the DMA only when
#                                  half the ring is due to be free (else two
#                                  comparisons); without, at every call
#   v.talking(), v.volume (0..256, 256 = as recorded), v.underruns
#
# The port plays the ring with no CPU in the loop (on the board: DMA paced
# at the sample rate into the PWM compare register); this module only keeps
# it filled.  The ring holds out.n 16-bit samples (a power of two; RING on
# the board and on the PC alike), sample k of a phrase in slot k % n,
# refilled half a ring at a time; out.start(count) plays `count` samples
# from slot 0, out.played() says how many have gone out, out.stop() cuts and
# leaves the output at mid-level (silence); out.open() makes the ring as a
# phrase starts, out.close() stops and frees it once the phrase is over or
# cut (the board's ring is 1 KB of the 40 KB per game, issue 26: it is only
# there while the box talks).  The board's DMA goes round the ring until it
# is stopped (hal/rp2/speaker.py), so once the phrase is in the ring the
# refills go on with silence: what plays between its last sample and the
# look that stops it is nothing.  Samples are unsigned 8-bit in the file
# (128 = silence) and widened to 16 bits here, volume applied, CHUNK at a
# time (hal/rp2 gives a machine-code expand(); the plain one below runs
# everywhere).  A refill is due when half the ring has been played: the
# loop then has another half ring (32 ms) to come by; a refill that comes
# later than that is counted in `underruns`: the DMA replayed old samples,
# a crackle, never a hang or a delay.  The file's bytes go through a CHUNK
# scratch made per phrase; the frozen voice's are read where they are, in
# flash (FlashStream.view: no scratch).
#
# The file: voice/<lang>.vox on the file system (make flash copies it), or,
# in the one-file firmware (make uf2), frozen as the bytes DATA of module
# voice_<lang> (tools/uf2.py): read from flash in place through
# drivers.voice_flash.FlashStream, no copy in RAM.  open_voice(path, lang) gives the one there is (the file
# wins, as a board.json does over the frozen board).
#
# The file's header and index (its format, the word looked up): drivers.vox.
from core.compat import const
from drivers import vox
from drivers.vox import VoiceError
RING = const(512)      # samples in the speaker's ring, board and PC: 64 ms at 8 kHz
                       # (a refill due every 32 ms, the loop passes every
                       # few ms; 1024 cost 2 KB more of the frozen box's
                       # 40 KB per game, issue 26)
CHUNK = 512            # samples read and widened at a time, at most the
                       # ring (fewer, bigger reads: the per-read Python work
                       # is most of the cost)
_MAX_WORDS = const(8)  # in one phrase
_TICKS_MASK = const(0x3FFFFFFF)    # core.ticks.MASK: ticks_ms wraps at 2**30
_TICKS_HALF = const(0x20000000)


def open_voice(path, lang):
    """The voice file at path, else the one frozen into the firmware
    (module voice_<lang>); OSError when there is neither."""
    try:
        return open(path, "rb")
    except OSError:
        pass
    try:
        data = __import__("voice_" + lang).DATA
    except ImportError:
        raise OSError("no such file, and no voice frozen in the firmware")
    from drivers.voice_flash import FlashStream    # only then: no RAM for it otherwise
    return FlashStream(data)


def expand(src, n, ring, pos, mask, vol):
    """ring[(pos + i) & mask] = 128 + (src[i] - 128) * vol / 256, i < n."""
    i = 0
    while i < n:
        ring[(pos + i) & mask] = 128 + (((src[i] - 128) * vol) >> 8)
        i += 1


class Voice:
    def __init__(self, out, expand_fn=None):
        self.out = out
        self.expand = expand_fn or getattr(out, "expand", None) or expand
        self.volume = 256
        self.stream = None
        self.rate = 0
        self.index = None       # the file's header and index: 16 bytes a word after the header's 16
        self.words = 0
        # the phrase being said: word offsets and lengths (preallocated)
        self._off = [0] * _MAX_WORDS
        self._len = [0] * _MAX_WORDS
        self._words = 0
        self._w = 0             # word being read
        self._pos = 0           # samples of that word already read
        self.total = 0          # samples in the phrase
        self.filled = 0         # samples written to the ring
        self.active = False
        self._fpos = -1         # where the file is (no seek when reading on)
        self._due = -1          # ticks_ms of the next look at the DMA (-1: next poll)
        self._view = None       # the stream's view(at, n) when it has one (drivers.voice_flash)
        self._buf = None        # else the file's bytes, CHUNK at a time (made per phrase)
        self.underruns = 0
        self.said = 0           # phrases started
        self.cut = 0            # phrases cut by the next one

    # ---- the voice file ------------------------------------------------

    def open(self, stream):
        """Read the header and index of a .vox file (drivers.vox);
        VoiceError if it is not one.  The samples stay in the file."""
        self.stop()
        raw, n, rate = vox.read(stream)
        self.stream = stream
        self._view = getattr(stream, "view", None)
        self._fpos = -1
        self.rate = rate
        self.index = raw        # the header and index as read, or the frozen file: no string or int per word in the heap
        self.words = n
        set_rate = getattr(self.out, "set_rate", None)
        if set_rate is not None:
            set_rate(rate)

    def close(self):
        self.stop()
        s = self.stream
        self.stream = None
        self._view = None
        self.index = None
        self.words = 0
        if s is not None:
            s.close()

    def has(self, name):
        return self.index is not None and vox._at(self.index, self.words, name) >= 0

    def entry(self, name):
        """(offset in the file, length) of a word; VoiceError if absent."""
        return vox.entry(self.index, self.words, name)

    def length(self, names):
        """Samples in a phrase (VoiceError on a word the file lacks)."""
        n = 0
        for name in names:
            n += self.entry(name)[1]
        return n

    # ---- saying --------------------------------------------------------

    def say(self, names):
        """Say the words of `names` back to back, now: whatever is being
        said is cut.  Returns at once (the first chunks are in the ring and
        the DMA started).  No voice file open: nothing said."""
        if self.index is None:
            return False
        if len(names) > _MAX_WORDS:
            raise VoiceError("a phrase of %d words, at most %d" % (len(names), _MAX_WORDS))
        total = 0
        k = 0
        for name in names:
            off, length = self.entry(name)
            self._off[k] = off
            self._len[k] = length
            total += length
            k += 1
        if self.active:
            self.cut += 1
            self.out.stop()
        self.active = False
        if not total:
            return False
        self._words = k
        self._w = 0
        self._pos = 0
        self.total = total
        self.filled = 0
        self._due = -1
        self.out.open()
        if self._view is None and self._buf is None:
            self._buf = memoryview(bytearray(CHUNK))
        self._fill(self.out.n)
        self.active = True
        self.said += 1
        self.out.start(total, names)
        return True

    def talking(self):
        if self.active and self.out.played() >= self.total:
            self._over()
        return self.active

    def stop(self):
        if self.active:
            self._over()

    def _over(self):
        # the phrase said or cut: the ring and the scratch go
        self.active = False
        self.out.close()
        self._buf = None

    def poll(self, now_ms=None):
        """Refill the ring behind the DMA.  Cheap when silent, and with the
        loop's now_ms cheap until half the ring is played."""
        if not self.active:
            return
        if now_ms is not None and self._due >= 0 and 0 < ((self._due - now_ms) & _TICKS_MASK) < _TICKS_HALF:
            return              # not yet: the ring still holds over half its samples
        self._refill(now_ms)

    def _refill(self, now_ms):
        # (apart from poll, which the loop calls every pass: this frame is
        # too big for the C stack, see app.box.App.tick)
        out = self.out
        played = out.played()
        if played >= self.total:
            self._over()
            return
        if played > self.filled:
            # the loop came too late: the DMA played what was left there
            self.underruns += 1
            self.filled = played
            self._seek(played)
        n = out.n
        half = n >> 1
        space = n - (self.filled - played)
        if space >= n >> 2:
            # a look comes when about half the ring is free: fill what is
            # (in steps of an eighth: one read, not a read and a crumb),
            # so that no look goes without a refill
            self._fill(space - space % (n >> 3))
        if now_ms is not None:
            # the next look: when half the ring is free again, or the phrase
            # over if that is sooner (the silence after it keeps the lead:
            # a look every half ring to the end, hal/rp2/speaker.py counts
            # its laps by them)
            wait = self.filled - played - half
            if self.total - played < wait:
                wait = self.total - played
            if wait < 0:
                wait = 0
            self._due = (now_ms + (wait * 1000 + self.rate - 1) // self.rate) & _TICKS_MASK

    def _seek(self, k):
        """Move the reader to sample k of the phrase (after an underrun)."""
        w = 0
        while w < self._words and k >= self._len[w]:
            k -= self._len[w]
            w += 1
        self._w = w
        self._pos = k

    def _fill(self, room):
        # the reader's state in locals: this runs for every half ring (32 ms)
        out = self.out
        view = self._view
        buf = self._buf
        mask = out.n - 1
        vol = self.volume
        stream = self.stream
        expand = self.expand
        ring = out.ring
        w = self._w
        pos = self._pos
        filled = self.filled
        fpos = self._fpos
        words = self._words
        while room > 0 and w < words:
            length = self._len[w]
            k = length - pos
            if k > room:
                k = room
            if k > CHUNK:
                k = CHUNK
            at = self._off[w] + pos
            if view is not None:
                src = view(at, k)       # in flash, where it is
                got = len(src)
            elif stream is not None and buf is not None:   # (play makes buf for a stream without view)
                if at != fpos:
                    stream.seek(at)     # a new phrase, or the next word elsewhere
                got = stream.readinto(buf[:k]) if k < CHUNK else stream.readinto(buf)
                src = buf
            else:
                got = 0     # the file (or its scratch) gone under the reader: as one cut short
            if not got:
                self._fpos = -1
                raise VoiceError("voice file cut short in its word %d of the phrase" % (w + 1))
            fpos = at + got
            expand(src, got, ring, filled, mask, vol)
            filled += got
            room -= got
            pos += got
            if pos >= length:
                w += 1
                pos = 0
        if room > 0 and w >= words:
            # past the phrase: silence (volume 0, whatever the source)
            expand(ring, room, ring, filled, mask, 0)
            filled += room
        self._w = w
        self._pos = pos
        self.filled = filled
        self._fpos = fpos
