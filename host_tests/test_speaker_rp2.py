# The board's speaker port (hal/rp2/speaker.py) on CPython against stand-ins
# for machine, rp2, uctypes and the ticks: the registers it writes are the
# ones the RP2040 datasheet names for PWM at 488 kHz fed by a DMA channel
# paced by a pacing timer at the sample rate, reading the ring a lap at a
# time, a second channel starting each lap again.
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
    made = [5]          # the channel numbers handed out: 5, 6, ...

    def __init__(self):
        self.channel = FakeDMA.made[-1]
        FakeDMA.made.append(self.channel + 1)
        self.configs = []
        self.on = False
        self.closed = False

    def pack_ctrl(self, **kw):
        self.ctrl_kw = kw
        return 0x1234

    def config(self, **kw):
        self.configs.append(kw)
        self.on = self.on or bool(kw.get("trigger"))

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
    FakeDMA.made[:] = [5]
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
    clock = types.SimpleNamespace(ms=1000)      # the board's ticks_ms, moved by the tests
    sp.time = types.SimpleNamespace(ticks_ms=lambda: clock.ms, ticks_diff=lambda a, b: a - b)
    sp.clock = clock
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
    assert "ring_size" not in kw                   # no address wrap: the ring needs no alignment
    assert kw["chain_to"] == s.lap.channel == 6    # each lap ends in the lap channel
    lk = s.lap.ctrl_kw
    assert lk["size"] == 2 and not lk["inc_read"] and not lk["inc_write"] and lk["treq_sel"] == 0x3F
    assert s.ring is None                          # no ring until a phrase starts (issue 26)
    s.open()
    assert len(s.ring) == 512 and s._ring_addr == 0x20001234
    assert not sp.uctypes_at                       # no scratch carved anywhere
    s.start(4000)
    c = s.dma.configs[-1]
    assert c == {"read": s._ring_addr, "write": s.cc, "count": 512, "ctrl": 0x1234, "trigger": True}
    lap = s.lap.configs[-1]
    # the lap channel: the ring's address into the sample channel's AL3_READ_ADDR_TRIG (channel 5)
    assert lap["read"] is s._addr and s._addr[0] == s._ring_addr
    assert lap["write"] == 0x50000000 + 0x40 * 5 + 0x3C and lap["count"] == 1 and not lap.get("trigger")
    # played: the laps by the clock, the place in the lap by the read address
    read_addr = 0x50000000 + 0x40 * 5
    machine.mem32[read_addr] = s._ring_addr + 2 * 100
    sp.clock.ms += 12                               # 96 samples due by the clock
    assert s.played() == 100
    machine.mem32[read_addr] = s._ring_addr + 2 * 10
    sp.clock.ms += 55                               # 67 ms: 536 due, the second lap
    assert s.played() == 512 + 10
    machine.mem32[read_addr] = s._ring_addr + 2 * 500
    sp.clock.ms += 400                              # a look 400 ms late (467 ms: 3736 due)
    assert s.played() == 6 * 512 + 500              # still the right lap: the seventh
    machine.mem32[read_addr] = s._ring_addr + 2 * 300
    sp.clock.ms += 100
    assert s.played() == 4000                       # the phrase is over: never more than it


def test_speaker_rp2_stop_aborts_the_channel_and_goes_silent(port):
    sp, machine, pwms = port
    s = sp.DmaSpeaker(16)
    s.start(1000)
    machine.mem32[s.cc] = 200
    s.stop()
    assert not s.dma.on and machine.mem32[s.cc] == 128 | (128 << 16)
    assert machine.mem32.aborted == (1 << 5) | (1 << 6)   # CHAN_ABORT of both channels
    assert s.played() == 0


def test_speaker_rp2_timer_ratio_for_other_clocks(port):
    sp, machine, pwms = port
    assert sp._ratio(8000, 125000000) == (1, 15625)
    x, y = sp._ratio(11025, 125000000)
    assert y <= 0xFFFF and abs(125000000 * x / y - 11025) < 1
    x, y = sp._ratio(8000, 133000000)
    assert y <= 0xFFFF and abs(133000000 * x / y - 8000) < 1


def test_speaker_rp2_ring_only_while_a_phrase_plays(port):
    # issue 26 (40 KB per game, frozen): the ring's 1 KB array is made as a
    # phrase starts, silent, kept across a cut, and freed (the channels
    # stopped first) once the phrase is over
    sp, machine, pwms = port
    s = sp.DmaSpeaker(16)
    assert s.ring is None
    s.open()
    ring = s.ring
    assert len(ring) == 512 and list(ring) == [128] * 512
    s.ring[3] = 7
    s.open()                                        # a cut: the same ring, as it was
    assert s.ring is ring and s.ring[3] == 7
    s.start(1000)
    s.close()
    assert not s.dma.on and machine.mem32[s.cc] == 128 | (128 << 16)
    assert s.ring is None
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
    assert v.say(("un",)) and s.ring is not None and s.dma.on
    read_addr = 0x50000000 + 0x40 * 5
    machine.mem32[read_addr] = s._ring_addr + 2 * 60       # 60 of 100 played
    sp.clock.ms += 8
    assert v.talking() and s.ring is not None
    machine.mem32[read_addr] = s._ring_addr + 2 * 110      # past its end: the silence after it
    sp.clock.ms += 6
    assert not v.talking()
    assert s.ring is None and not s.dma.on and v._buf is None
    assert v.say(("un",)) and s.ring is not None
    v.stop()
    assert s.ring is None
