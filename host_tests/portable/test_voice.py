# The voice driver (issue 17) on the host speaker, whose DMA model takes
# sample i at start + i / rate: what it records is what the board's DMA
# would send to the PWM.  Words are streamed through the ring, never loaded
# whole; a phrase in progress is cut by the next one, never delays it.
import io
import sys
import hal
from hal.host.clock import VirtualClock
from hal.host.speaker import HostSpeaker
from drivers import voice as V
from drivers.voice_flash import FlashStream

LOOP_US = 5000


def _vox(lang="fr"):
    return hal._host_voice_dir() + lang + ".vox"


def _words(path):
    """{name: samples bytes} read straight from the file (the reference)."""
    import struct
    with open(path, "rb") as f:
        data = f.read()
    n = data[5]
    out = {}
    for i in range(n):
        e = data[16 + 16 * i:32 + 16 * i]
        k = 8
        while k and e[k - 1] == 0:
            k -= 1
        off, length = struct.unpack("<II", e[8:16])
        out[e[:k].decode()] = data[off:off + length]
    return out


def _voice(lang="fr", n=512):
    clock = VirtualClock()
    sp = HostSpeaker(clock, 16, n)
    v = V.Voice(sp)
    v.open(open(_vox(lang), "rb"))
    return v, sp, clock


def _run(v, clock, us, step=LOOP_US):
    end = clock.now + us
    while clock.now < end:
        clock.advance(min(step, end - clock.now))
        v.poll()


def _scaled(samples, vol):
    return [128 + (((s - 128) * vol) >> 8) for s in samples]


def test_voice_index_names_every_word_of_both_languages():
    for lang in ("fr", "en"):
        v, sp, clock = _voice(lang)
        assert v.rate == 8000 and sp.rate == 8000
        for k in range(1, 14):
            assert v.has("n%d" % k)
        for w in ("batawaf", "bataille", "tape", "rate", "gagne", "joueur"):
            assert v.has(w)


def test_voice_a_word_reaches_the_pwm_sample_for_sample_at_the_rate():
    v, sp, clock = _voice()
    ref = _words(_vox())["n13"]
    v.volume = 256
    assert v.say(("n13",))
    _run(v, clock, 1000000)
    assert len(sp.plays) == 1
    t0, names, got, cut = sp.plays[0]
    assert t0 == 0 and names == ("n13",) and cut is None
    assert list(got) == list(ref)
    assert v.underruns == 0 and not v.talking()


def test_voice_ends_when_its_last_sample_is_played():
    v, sp, clock = _voice()
    n = len(_words(_vox())["tape"])
    v.say(("tape",))
    clock.advance(n * 1000000 // 8000 - 1000)
    v.poll()
    assert v.talking()
    clock.advance(1000)
    v.poll()
    assert not v.talking()


def test_voice_a_phrase_is_its_words_back_to_back():
    v, sp, clock = _voice("en")
    ref = _words(_vox("en"))
    v.say(("joueur", "n3", "gagne"))
    _run(v, clock, 3000000)
    got = list(sp.plays[0][2])
    assert got == list(ref["joueur"]) + list(ref["n3"]) + list(ref["gagne"])


def test_voice_a_word_in_progress_is_cut_by_the_next_not_delayed():
    v, sp, clock = _voice()
    ref = _words(_vox())
    v.say(("batawaf",))
    _run(v, clock, 100000)
    v.say(("n1",))                    # at 100 ms, the first word not over
    t_cut = clock.now
    _run(v, clock, 1000000)
    first, second = sp.plays
    assert first[3] == t_cut == 100000
    assert list(first[2]) == list(ref["batawaf"][:800])    # 100 ms at 8 kHz
    assert second[0] == t_cut                              # at once
    assert list(second[2]) == list(ref["n1"])
    assert v.cut == 1 and v.said == 2


def test_voice_volume_scales_around_silence():
    v, sp, clock = _voice()
    ref = _words(_vox())["n2"]
    v.volume = 96
    v.say(("n2",))
    _run(v, clock, 500000)
    assert list(sp.plays[0][2]) == _scaled(ref, 96)
    v.volume = 0
    v.say(("n2",))
    _run(v, clock, 500000)
    assert set(sp.plays[1][2]) == {128}


def test_voice_never_holds_a_whole_word_in_ram():
    # the ring is 512 samples and the scratch CHUNK bytes, the word is longer
    v, sp, clock = _voice()
    assert len(_words(_vox())["batawaf"]) > 4 * sp.n
    assert len(sp.ring) == 512 and v._buf is None
    v.say(("batawaf",))
    assert len(v._buf) == V.CHUNK          # the file's bytes, CHUNK at a time, while it talks
    # what is in the ring now is at most the ring: the rest is in the file
    assert v.filled == sp.n


class _Counting(HostSpeaker):
    """The host speaker counting how often the driver looks at the DMA."""
    looks = 0

    def played(self):
        self.looks += 1
        return HostSpeaker.played(self)


def test_voice_the_loop_looks_at_the_dma_only_when_half_the_ring_is_due():
    # the board's loop passes every few ms (5 here); with its time the driver reads
    # the DMA's count once per half ring (32 ms at 8 kHz), not every pass
    clock = VirtualClock()
    sp = _Counting(clock, 16)
    assert sp.n == V.RING == 512
    v = V.Voice(sp)
    v.open(open(_vox(), "rb"))
    ref = _words(_vox())["batawaf"]
    v.volume = 256
    v.say(("batawaf",))
    passes = 0
    end = len(ref) * 125 + 50000
    while clock.now < end:
        clock.advance(5000)
        v.poll(clock.ticks_ms())
        passes += 1
    got = sp.plays[0][2]
    assert list(got) == list(ref) and v.underruns == 0
    assert not v.active
    half_rings = len(ref) // (V.RING // 2) + 1
    assert sp.looks <= half_rings + 2 and passes > 4 * half_rings, (sp.looks, half_rings, passes)


def test_voice_a_late_loop_with_its_time_still_refills_at_once():
    clock = VirtualClock()
    sp = _Counting(clock, 16)
    v = V.Voice(sp)
    v.open(open(_vox(), "rb"))
    v.say(("batawaf",))
    v.poll(clock.ticks_ms())
    looks = sp.looks
    clock.advance(200000)             # a 200 ms pass: the ring ran dry
    v.poll(clock.ticks_ms())
    assert sp.looks == looks + 1 and v.underruns == 1


def test_voice_the_due_time_survives_the_ticks_wrap():
    clock = VirtualClock()
    clock.now = ((1 << 30) - 30) * 1000   # ticks_ms wraps 30 ms into the word
    sp = _Counting(clock, 16)
    v = V.Voice(sp)
    v.open(open(_vox(), "rb"))
    ref = _words(_vox())["batawaf"]
    v.volume = 256
    v.say(("batawaf",))
    t0 = clock.now
    while clock.now < t0 + len(ref) * 125 + 50000:
        clock.advance(10000)
        v.poll(clock.ticks_ms())
    assert list(sp.plays[0][2]) == list(ref) and v.underruns == 0
    assert sp.looks <= len(ref) // (V.RING // 2) + 3


def test_voice_a_stalled_loop_crackles_but_never_delays_the_phrase():
    v, sp, clock = _voice()
    ref = _words(_vox())["batawaf"]
    v.say(("batawaf",))
    _run(v, clock, 20000)
    clock.advance(200000)             # no poll for 200 ms: the ring ran dry
    v.poll()
    assert v.underruns == 1
    _run(v, clock, 1000000)
    got = sp.plays[0][2]
    assert len(got) == len(ref)       # over when it was due, not later
    assert list(got[-500:]) == list(ref[-500:])   # back in step after it


def test_voice_refuses_a_file_that_is_not_a_voice_file():
    v = V.Voice(HostSpeaker(VirtualClock()))
    try:
        v.open(io.BytesIO(b"RIFF0000WAVEfmt "))
    except V.VoiceError as e:
        assert "not a voice file" in str(e) and "make voices" in str(e)
    else:
        raise AssertionError("a WAV file was taken for a voice file")
    assert not v.say(("n1",))         # no file: nothing said, no error


def test_voice_an_unknown_word_is_named():
    v, sp, clock = _voice()
    try:
        v.say(("n14",))
    except V.VoiceError as e:
        assert "'n14'" in str(e)
    else:
        raise AssertionError("an unknown word was said")


def test_voice_viper_expand_is_the_plain_one():
    if sys.implementation.name != "micropython":
        return   # CPython has no viper; the plain loop is the reference
    try:
        from drivers.voice_viper import expand as vexp
    except Exception:
        return   # a port without the native emitters uses the plain one
    from array import array
    src = bytearray(range(256))
    for vol in (0, 1, 77, 128, 255, 256):
        a = array("H", [0] * 64)
        b = array("H", [0] * 64)
        V.expand(src, 100, memoryview(a), 40, 63, vol)
        vexp(src, 100, memoryview(b), 40, 63, vol)
        assert list(a) == list(b), vol


def test_voice_host_speaker_refuses_a_ring_not_a_power_of_two():
    try:
        HostSpeaker(VirtualClock(), 16, 500)
    except ValueError as e:
        assert "power of two" in str(e)
    else:
        raise AssertionError("a 500-sample ring was accepted")


def test_voice_frozen_in_the_firmware_is_read_in_place_like_the_file():
    # the one-file firmware holds the voice as module voice_<lang>'s bytes
    # (tools/uf2.py): FlashStream reads them in place, the words are the same
    with open(_vox(), "rb") as f:
        data = f.read()
    ref = _words(_vox())
    clock = VirtualClock()
    sp = HostSpeaker(clock, 16)
    v = V.Voice(sp)
    v.open(FlashStream(data))
    v.volume = 256
    v.say(("joueur", "n2"))
    _run(v, clock, 2000000)
    assert list(sp.plays[0][2]) == list(ref["joueur"]) + list(ref["n2"])


class _Frozen:
    DATA = b""


def test_voice_open_prefers_the_file_then_the_frozen_voice_then_says_neither():
    path = _vox()
    f = V.open_voice(path, "fr")
    assert not isinstance(f, FlashStream)
    f.close()
    try:
        V.open_voice("/nowhere/xx.vox", "xx")
    except OSError as e:
        assert "no voice frozen in the firmware" in str(e)
    else:
        raise AssertionError("a voice was opened from nowhere")
    with open(path, "rb") as f:
        _Frozen.DATA = f.read()
    sys.modules["voice_xx"] = _Frozen
    try:
        s = V.open_voice("/nowhere/xx.vox", "xx")
        assert isinstance(s, FlashStream)
        v = V.Voice(HostSpeaker(VirtualClock(), 16))
        v.open(s)
        assert v.has("n13") and v.rate == 8000
    finally:
        del sys.modules["voice_xx"]
