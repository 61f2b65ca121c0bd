# The box talks on the emulated RP2040 (issue 17): pico_matrix flashed by
# `make flash` (its voice files included), a Tape-treize started with the
# pads, and the count said as the first card lands: one DMA channel, paced
# by DMA pacing timer 3 (TREQ 0x3E), writes the word's samples, half-words,
# to the speaker's PWM compare register (GP16: slice 0, 488 kHz carrier),
# a lap of the ring at a time (a second channel starts each next lap), with
# no CPU in the loop, while the box runs its game, at the 8 kHz pace;
# and a pad pressed while a count is said is stamped by its interrupt as
# soon as when the box is silent.
import pytest

from tools.pico.talk import word as _word

BOARD = "pico_matrix"
CC_SLICE0 = 0x40050000 + 0x0C
TREQ_TIMER3 = 0x3E


@pytest.fixture(scope="module")
def talking(flashed, tmp_path_factory):
    """The box flashed, in its menu, then Tape-treize chosen and joined by
    two players with the pads (tools/pico/talk.py): run until the first
    count has been said, then press pads 3 and 4 (nobody's) while the next
    counts are said and in the silence after each."""
    from tools.pico.pico import Pico
    from tools.pico import talk
    d = tmp_path_factory.mktemp("pico_voice")
    flashed(BOARD, d / "flash.bin")
    p = Pico(board=BOARD, flash=str(d / "flash.bin"))
    p.start()
    first = talk.start_tape(p)
    p.run_until(first["t"] + first["count"] * 125 + 50000)
    p.presses = talk.press_while_talking(p, words=WORDS)
    yield p
    p.close()


WORDS = 5


def test_pico_voice_dma_paced_by_a_timer_into_the_pwm_compare(talking):
    text = talking.serial_text()
    assert "Traceback" not in text, text[-2000:]
    from tools.pico import talk
    starts = talk.speaker_starts(talking)
    assert starts, "no DMA channel wrote to the speaker's PWM: %s" % text[-1500:]
    s = starts[0]
    assert s["treq"] == TREQ_TIMER3 and s["size"] == 2        # half-words (2 bytes), paced by timer 3
    # the count's first word, "un": laps of the 512-sample ring, one after
    # the other, until the box stopped them in the silence after the word
    n = len(_word("n1"))
    assert s["lap"] == 512 and s["laps"] >= 2
    assert n <= s["count"] <= n + 2 * 512, (s, n)


def _speaker_pwm(talking):
    from tools.pico import talk
    s = talk.speaker_starts(talking)[0]
    pwm = [e for e in talking.events("pwm") if e["gpio"] == 16 and s["t"] <= e["t"] <= s["t"] + s["count"] * 125 + 2000]
    assert pwm, "the speaker's PWM never changed"
    return s, pwm


def _dedup(xs):
    return [v for i, v in enumerate(xs) if i == 0 or xs[i - 1] != v]


def test_pico_voice_the_word_reaches_the_pwm_compare_in_order(talking):
    s, pwm = _speaker_pwm(talking)
    assert all(abs(e["freq"] - 125e6 / 256) < 1000 for e in pwm)      # the 488 kHz carrier
    levels = [round(e["duty"] * 256) for e in pwm]
    # what the box sends: the word at volume 3 (app.io.Sound.GAIN[3] = 144);
    # the first ring's worth (drivers.voice.RING samples) was in the ring when
    # it started, the rest came with the loop's refills: the whole word
    want = _dedup([128 + (((x - 128) * 144) >> 8) for x in _word("n1")])
    assert len(want) > 1000
    assert levels[:len(want) - 1] == want[:-1]


# rp2040js 1.4.1 gets the DMA pacing timers wrong (DMA.getTimer inverts
# X / Y and reads TIMER3's X with `>>> 36`: a timer-paced channel ran
# unpaced); tools/pico/lib/machine.mjs replaces it with the datasheet's
# clk_sys * X / Y, so the samples go out at 8 kHz as on the chip
# (host_tests/test_speaker_rp2.py checks the registers).
def test_pico_voice_samples_reach_the_pwm_at_8_khz(talking):
    s, pwm = _speaker_pwm(talking)
    n = len(_word("n1"))        # the word's samples (after them the ring plays silence)
    first = pwm[0]["t"]
    off = [(e["t"] - first) % 125 for e in pwm]
    assert all(o <= 2 or o >= 123 for o in off), off[:20]          # on the pacing timer's 125 us grid
    span = pwm[-1]["t"] - first
    assert abs(span - (n - 1) * 125) <= n * 125 * 0.05 + 250, (span, n)


def test_pico_voice_every_count_is_dma_paced_at_8_khz(talking):
    # each count said while pads were pressed: one DMA start per word, its
    # samples on the 125 us grid of the pacing timer from start to end
    from tools.pico import talk
    starts = talk.speaker_starts(talking)
    assert len(starts) >= WORDS + 1
    pwm = [e for e in talking.events("pwm") if e["gpio"] == 16]
    for s in starts[1:WORDS + 1]:
        assert s["treq"] == TREQ_TIMER3 and s["size"] == 2
        ts = [e["t"] for e in pwm if s["t"] <= e["t"] <= s["t"] + s["count"] * 125 + 2000]
        assert len(ts) > s["count"] // 20, (s, len(ts))
        # the grid: the phase most samples share; off it may be only the
        # CPU's own write of silence as the phrase closes (DmaSpeaker.close
        # stops the channel and sets the compare to the middle: since the
        # ring is made per phrase, that write can fall in this window)
        phases = [(t - s["t"]) % 125 for t in ts]
        phase = max(set(phases), key=phases.count)

        def on_grid(t):
            d = (t - s["t"] - phase) % 125
            return d <= 2 or d >= 123
        inner = ts[:-1] if not on_grid(ts[-1]) else ts
        assert all(on_grid(t) for t in inner), [t - s["t"] for t in ts if not on_grid(t)]
        assert inner[-1] - s["t"] <= s["count"] * 125 + 500


def test_pico_voice_pad_timestamps_as_prompt_while_the_box_talks(talking):
    # the pad interrupt stamps an edge as soon while the DMA feeds the
    # speaker (and the loop refills its ring) as in silence: the samples
    # cost the CPU no interrupt and no masked time
    from tools.pico import talk
    on, off = talking.presses
    assert len(on) == WORDS and len(off) == WORDS
    lat = talk.latencies(talking, on + off)
    said = sorted(lat[e] for e, _ in on)
    quiet = sorted(lat[e] for e, _ in off)
    assert max(quiet) < 200, quiet                   # the interrupt's own latency: tens of us
    assert said[len(said) // 2] <= quiet[len(quiet) // 2] + 20, (said, quiet)
    assert max(said) <= max(quiet) + 20, (said, quiet)


WIDEN = """
from array import array
from hal.rp2 import speaker as S
from drivers import voice as V
o = S.DmaSpeaker(16)
o.open()
src = bytearray(list(range(256)) * 2 + list(range(255, -1, -1)) * 2)
bad = 0
for vol in (0, 77, 144, 256):
    for pos in (100, 1020):
        for n in (7, 512):
            for i in range(o.n):
                o.ring[i] = 0
            ref = array("H", bytes(2 * o.n))
            o.expand(src[n % 200:], n, o.ring, pos, o.n - 1, vol)
            V.expand(src[n % 200:], n, memoryview(ref), pos, o.n - 1, vol)
            bad += list(o.ring) != list(ref)
print("WIDEN", S._widen is not None, bad)
o.deinit()
"""


def test_pico_voice_the_thumb_widening_is_the_plain_one(talking):
    # hal/rp2/speaker.py's machine-code loop, compiled on the board at
    # import, writes the ring as drivers.voice.expand does: four volumes,
    # within and across the ring's end, runs of 7 and 512 samples
    from tools.pico import faults
    out = faults.look(talking, WIDEN)
    assert "WIDEN True 0" in out, out[-1500:]


FREED = """
import gc
from hal.rp2 import speaker as S
o = S.DmaSpeaker(16)
gc.collect()
a = gc.mem_alloc()
o.open()
o.start(o.n)
gc.collect()
b = gc.mem_alloc()
o.close()
gc.collect()
print("FREED", b - a, gc.mem_alloc() - a)
o.deinit()
"""


def test_pico_voice_the_ring_is_freed_when_the_phrase_is_over(talking):
    # the ring (512 half-words) is heap only while the box talks (issue 26:
    # 40 KB a game): nothing the speaker keeps after close() points into it,
    # not even the word the lap channel reads the ring's address from
    from tools.pico import faults
    out = faults.look(talking, FREED)
    m = [ln.split() for ln in out.splitlines() if ln.startswith("FREED ")]
    assert m, out[-1500:]
    made, left = int(m[0][1]), int(m[0][2])
    assert made >= 1024, out[-1500:]
    assert left < 64, out[-1500:]
