# The board's speaker port (hal/rp2/speaker.py) on CPython against stand-ins
# for machine, rp2 and uctypes: the registers it writes are the ones the
# RP2040 datasheet names for PWM at 488 kHz fed by a DMA channel paced by a
# pacing timer at the sample rate, reading an aligned ring.
import sys
import types

import pytest


class Mem32(dict):
    """The registers; CHAN_ABORT reads 0 (the abort is over at once) and
    remembers what was written to it."""
    aborted = 0

    def __missing__(self, k):
        return 0

    def __setitem__(self, k, v):
        if k == 0x50000444:
            self.aborted |= v
            v = 0
        dict.__setitem__(self, k, v)


class FakeDMA:
    def __init__(self):
        self.channel = 5
        self.configs = []
        self.on = False
        self.closed = False

    def pack_ctrl(self, **kw):
        self.ctrl_kw = kw
        return 0x1234

    def config(self, **kw):
        self.configs.append(kw)
        self.on = bool(kw.get("trigger"))

    def active(self, v=None):
        if v is not None:
            self.on = bool(v)
        return self.on

    def close(self):
        self.closed = True


@pytest.fixture
def port(monkeypatch):
    machine = types.ModuleType("machine")
    machine.mem32 = Mem32()
    machine.freq = lambda: 125000000
    machine.Pin = lambda g, *a, **k: ("pin", g)
    pwms = []

    class PWM:
        def __init__(self, pin, freq=0, duty_u16=0):
            self.pin = pin
            pwms.append(self)

        def deinit(self):
            self.off = True
    machine.PWM = PWM
    rp2 = types.ModuleType("rp2")
    rp2.DMA = FakeDMA
    uctypes = types.ModuleType("uctypes")
    uctypes.addressof = lambda obj: 0x20001234
    uctypes.at = []
    uctypes.bytearray_at = lambda addr, n: uctypes.at.append((addr, n)) or bytearray(n)
    micropython = types.ModuleType("micropython")
    micropython.const = lambda v: v
    micropython.viper = micropython.native = lambda f: f
    for name, mod in (("machine", machine), ("rp2", rp2), ("uctypes", uctypes), ("micropython", micropython)):
        monkeypatch.setitem(sys.modules, name, mod)
    for name in ("hal.rp2.speaker", "drivers.voice_viper"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import hal.rp2.speaker as sp
    sp.uctypes_at = uctypes.at
    yield sp, machine, pwms
    sys.modules.pop("hal.rp2.speaker", None)
    sys.modules.pop("drivers.voice_viper", None)


def test_speaker_rp2_pwm_carrier_far_above_hearing(port):
    sp, machine, pwms = port
    s = sp.DmaSpeaker(16)
    base = 0x40050000 + 0x14 * 0              # GP16: slice 0, channel A
    assert pwms[0].pin == ("pin", 16)
    assert machine.mem32[base + 0x10] == 255  # TOP: 256 steps, one per sample value
    assert machine.mem32[base + 0x04] == 1 << 4   # DIV 1.0: 125 MHz / 256 = 488 kHz
    assert s.cc == base + 0x0C
    assert machine.mem32[s.cc] == 128 | (128 << 16)   # silence: mid-level
    s28 = sp.DmaSpeaker(29)
    assert s28.cc == 0x40050000 + 0x14 * 6 + 0x0C


def test_speaker_rp2_dma_paced_by_a_timer_at_the_sample_rate(port):
    sp, machine, pwms = port
    s = sp.DmaSpeaker(16, n=512, timer=3)
    assert machine.mem32[0x50000420 + 4 * 3] == (1 << 16) | 15625     # 125 MHz * 1 / 15625 = 8 kHz
    kw = s.dma.ctrl_kw
    assert kw["treq_sel"] == 0x3B + 3             # TREQ of pacing timer 3
    assert kw["size"] == 1 and kw["inc_read"] and not kw["inc_write"]
    assert kw["ring_size"] == 10 and not kw["ring_sel"]   # read wraps on 1024 bytes = 512 samples
    assert s.ring is None and s.scratch is None     # no ring until a phrase starts (issue 26)
    s.open()
    assert s._ring_addr % 1024 == 0
    assert 0x20001234 <= s._ring_addr < 0x20001234 + 1024
    assert len(s.ring) == 512
    # the file reads (drivers.voice.CHUNK, 512) go to the array's bytes outside the ring: no more RAM
    at, size = sp.uctypes_at[-1]
    assert size == 512 and 0x20001234 <= at and at + size <= 0x20001234 + 2048
    assert at + size <= s._ring_addr or at >= s._ring_addr + 1024
    s2 = sp.DmaSpeaker(16)
    s2.open()
    assert len(s2.ring) == 512 and s2.dma.ctrl_kw["ring_size"] == 10       # the default: 64 ms
    s.start(4000)
    c = s.dma.configs[-1]
    assert c == {"read": s._ring_addr, "write": s.cc, "count": 4000, "ctrl": 0x1234, "trigger": True}
    machine.mem32[0x50000000 + 0x40 * 5 + 0x08] = 3900    # TRANS_COUNT left
    assert s.played() == 100


def test_speaker_rp2_stop_aborts_the_channel_and_goes_silent(port):
    sp, machine, pwms = port
    s = sp.DmaSpeaker(16)
    s.start(1000)
    machine.mem32[s.cc] = 200
    s.stop()
    assert not s.dma.on and machine.mem32[s.cc] == 128 | (128 << 16)
    assert machine.mem32.aborted == 1 << 5            # CHAN_ABORT of channel 5
    assert s.played() == 0


def test_speaker_rp2_timer_ratio_for_other_clocks(port):
    sp, machine, pwms = port
    assert sp._ratio(8000, 125000000) == (1, 15625)
    x, y = sp._ratio(11025, 125000000)
    assert y <= 0xFFFF and abs(125000000 * x / y - 11025) < 1
    x, y = sp._ratio(8000, 133000000)
    assert y <= 0xFFFF and abs(133000000 * x / y - 8000) < 1


def test_speaker_rp2_ring_only_while_a_phrase_plays(port):
    # issue 26 (40 KB per game, frozen): the ring's 2 KB array is made as a
    # phrase starts, silent, kept across a cut, and freed (the channel
    # stopped first) once the phrase is over
    sp, machine, pwms = port
    s = sp.DmaSpeaker(16)
    assert s._mem is None
    s.open()
    mem = s._mem
    assert len(mem) == 1024 and list(s.ring) == [128] * 512
    s.ring[3] = 7
    s.open()                                        # a cut: the same ring, as it was
    assert s._mem is mem and s.ring[3] == 7
    s.start(1000)
    s.close()
    assert not s.dma.on and machine.mem32[s.cc] == 128 | (128 << 16)
    assert s._mem is None and s.ring is None and s.scratch is None
    s.open()
    assert list(s.ring) == [128] * 512              # made again, silent


def test_speaker_rp2_voice_frees_the_ring_when_the_phrase_is_over(port):
    sp, machine, pwms = port
    import io
    import struct
    from drivers.voice import Voice
    s = sp.DmaSpeaker(16)
    v = Voice(s, expand_fn=lambda src, n, ring, pos, mask, vol: None)
    head = b"BVOX" + struct.pack("<BBH", 1, 1, 8000) + bytes(8)
    v.open(io.BytesIO(head + b"un\0\0\0\0\0\0" + struct.pack("<II", 32, 100) + bytes(100)))
    assert v.say(("un",)) and s._mem is not None and s.dma.on
    machine.mem32[0x50000000 + 0x40 * 5 + 0x08] = 40      # 60 of 100 played
    assert v.talking() and s._mem is not None
    machine.mem32[0x50000000 + 0x40 * 5 + 0x08] = 0       # all played
    assert not v.talking()
    assert s._mem is None and not s.dma.on
    assert v.say(("un",)) and s._mem is not None
    v.stop()
    assert s._mem is None
