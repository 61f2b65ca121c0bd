"""The buzzer through the PC's speakers.

The firmware drives a PWM pin: a frequency and a duty.  The window polls the
host buzzer's recorded frequency and duty each frame and plays the same
square wave, looped, until they change.  Without an audio device
(SDL_AUDIODRIVER=dummy on CI, or no sound card) the mixer may fail to start:
the simulator then stays silent, without an error, and says so once.
"""
import array
import contextlib
import os

RATE = 22050


@contextlib.contextmanager
def _quiet_stderr():
    """ALSA prints several lines to the C stderr when there is no sound
    card; the simulator says it in one line of its own instead."""
    try:
        fd = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(fd, 2)
    finally:
        os.close(fd)


class Speaker:
    def __init__(self, enabled=True):
        self.ok = False
        self.notice = None
        self.playing = None      # (freq, volume) being played, or None
        self._sounds = {}
        self._channel = None
        self._voice_ch = None
        self._said = 0
        if not enabled:
            self.notice = "sound off"
            return
        try:
            import pygame
            self._pg = pygame
            if not pygame.mixer.get_init():
                with _quiet_stderr():
                    pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            self.ok = True
        except Exception as e:   # no audio device: the box plays on, silently
            self.notice = "no audio device (%s): the buzzer is silent" % (str(e) or type(e).__name__)

    def _sound(self, freq):
        s = self._sounds.get(freq)
        if s is None:
            init = self._pg.mixer.get_init()
            rate = init[0] if init else RATE
            channels = init[2] if init else 1
            # a whole number of periods in about 0.2 s, so the loop has no click
            period = max(2, int(round(rate / float(freq))))
            n = period * max(1, int(0.2 * rate) // period)
            half = period // 2
            amp = 9000
            samples = array.array("h", [amp if (i % period) < half else -amp
                                        for i in range(n) for _ in range(channels)])
            s = self._pg.mixer.Sound(buffer=samples.tobytes())
            self._sounds[freq] = s
        return s

    def set(self, freq, duty):
        """The PWM state now: freq in Hz (0 or None: off), duty 0..65535."""
        want = None
        if freq and duty:
            # a piezo gets loudest near 50 % duty
            d = min(duty, 65535 - duty) / 32768.0
            want = (int(freq), round(max(0.05, min(1.0, d * 2)), 2))
        if want == self.playing:
            return
        self.playing = want
        if not self.ok:
            return
        try:
            if self._channel is not None:
                self._channel.stop()
                self._channel = None
            if want is not None and 20 <= want[0] <= 20000:
                snd = self._sound(want[0])
                snd.set_volume(want[1])
                self._channel = snd.play(loops=-1)
        except Exception as e:   # a lost device mid-game: go silent, keep playing
            self.ok = False
            self.notice = "audio stopped (%s): the buzzer is silent" % (str(e) or type(e).__name__)

    def voice(self, v):
        """The box's speaker (drivers.voice.Voice on the host speaker, or
        None): each phrase it starts is played, the one before cut."""
        if v is None:
            return
        plays = v.out.plays
        n = v.said
        if n == self._said:
            return
        self._said = n
        if not plays or not self.ok:
            return
        try:
            from sim import audio
            pcm = audio.phrase(v, plays[-1][1])
            init = self._pg.mixer.get_init()
            rate = init[0] if init else RATE
            channels = init[2] if init else 1
            step = v.rate / float(rate)
            n_out = int(len(pcm) / step)
            samples = array.array("h", [(pcm[int(i * step)] - 128) * 200
                                        for i in range(n_out) for _ in range(channels)])
            if self._voice_ch is not None:
                self._voice_ch.stop()
            self._voice_ch = self._pg.mixer.Sound(buffer=samples.tobytes()).play()
        except Exception as e:   # a lost device mid-game: go silent, keep playing
            self.ok = False
            self.notice = "audio stopped (%s): the speaker is silent" % (str(e) or type(e).__name__)

    def close(self):
        self.set(0, 0)
