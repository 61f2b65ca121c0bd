"""The box's voice as sound on the PC.

The host speaker (firmware/hal/host/speaker.py) records each phrase the
firmware said: its start time, its words, and every sample its modelled DMA
sent to the PWM, up to the moment the next phrase cut it.  `track` lays them
on a timeline at the voice's sample rate (silence is 128, as on the PWM),
`write_wav` saves that as an 8-bit mono WAV (--audio FILE, headless or not),
and `phrase` reads a phrase's samples from the open voice file for the
window's mixer, which plays each phrase as it starts.
"""
import wave

SILENCE = 128


def track(plays, t0_us, t1_us, rate):
    """bytes: the PWM level at each sample time from t0_us to t1_us."""
    n = max(0, (t1_us - t0_us) * rate // 1000000)
    out = bytearray([SILENCE]) * n
    for t, names, samples, cut in plays:
        i = (t - t0_us) * rate // 1000000
        s = bytes(samples)
        if i < 0:
            s = s[-i:]
            i = 0
        s = s[:max(0, n - i)]
        out[i:i + len(s)] = s
    return bytes(out)


def write_wav(path, data, rate):
    w = wave.open(path, "wb")
    try:
        w.setnchannels(1)
        w.setsampwidth(1)          # 8-bit WAV is unsigned, 128 = silence: as recorded
        w.setframerate(rate)
        w.writeframes(data)
    finally:
        w.close()


def read_wav(path):
    """(rate, bytes) of an 8-bit mono WAV written by write_wav."""
    w = wave.open(path, "rb")
    try:
        if w.getnchannels() != 1 or w.getsampwidth() != 1:
            raise ValueError("%s: not an 8-bit mono WAV" % path)
        return w.getframerate(), w.readframes(w.getnframes())
    finally:
        w.close()


def phrase(voice, names):
    """The samples of a phrase as the firmware's voice (drivers.voice.Voice)
    sends them, its volume applied: read whole from the voice file (the PC
    has the memory; the board streams them)."""
    out = bytearray()
    vol = voice.volume
    for name in names:
        off, n = voice.entry(name)
        voice.stream.seek(off)
        raw = voice.stream.read(n)
        out += bytes(128 + (((s - 128) * vol) >> 8) for s in raw)
    return bytes(out)
