# The voice (issue 17): RAM the audio holds, and CPU time per second of
# speech (what the main loop spends keeping the ring ahead of the DMA:
# reading half a ring of samples from the file and widening them, volume
# applied).  The board's DMA needs no CPU per sample; these are the loop's
# chores only.  Measured on the host speaker model, polled every 5 ms with
# the loop's time (the DMA read only when half the ring is due); the viper
# widening only under MicroPython (the board's own Thumb loop and its figure
# on the emulated RP2040: bench/host_voice_pico.py).
import gc
from benchlib import now_us, elapsed_us, MICROPYTHON
from hal.host.clock import VirtualClock
from hal.host.speaker import HostSpeaker
from drivers import voice as V
import hal

SECONDS = 4


class _DmaOut:
    """The board's DMA as the driver sees it, at no cost: the samples
    played are the time elapsed times the rate (the host speaker's model
    records every sample, which is PC work the board does not do)."""

    def __init__(self, clock, n=V.RING):
        from array import array
        self.clock = clock
        self.n = n
        self.ring = memoryview(array("H", [128] * n))
        self.rate = 8000
        self.t0 = 0
        self.total = 0

    def set_rate(self, rate):
        self.rate = rate

    def start(self, count, names=None):
        self.t0 = self.clock.now
        self.total = count

    def played(self):
        k = (self.clock.now - self.t0) * self.rate // 1000000
        return k if k < self.total else self.total

    def stop(self):
        self.total = 0

    def open(self):
        pass

    def close(self):
        self.stop()


def _voice(expand_fn=None, out=None):
    clock = VirtualClock()
    v = V.Voice(out(clock) if out else HostSpeaker(clock, 16), expand_fn)
    v.open(open(hal._host_voice_dir() + "fr.vox", "rb"))
    return v, clock


def _cpu_per_speech_second(expand_fn=None):
    v, clock = _voice(expand_fn, _DmaOut)
    words = ("batawaf", "bataille", "gagne", "joueur", "n13", "rate", "n7", "n11")
    spent = 0
    speech_us = 0
    for _ in range(SECONDS):
        n = v.length(words)
        polls = n * 1000000 // v.rate // 5000 + 1
        # the loop's passes without the voice (the clock moving), then with
        t0 = now_us()
        for _ in range(polls):
            clock.advance(5000)
        empty = elapsed_us(t0)
        t0 = now_us()
        v.say(words)
        for _ in range(polls):
            clock.advance(5000)
            v.poll(clock.ticks_ms())
        spent += max(0, elapsed_us(t0) - empty)
        speech_us += n * 1000000 // v.rate
    return spent * 1000000 // speech_us


def bench_voice():
    rows = []
    if MICROPYTHON:
        gc.collect()
        a0 = gc.mem_alloc()
        v, clock = _voice()
        gc.collect()
        rows.append(("voice RAM held: driver, its ring (drivers.voice.RING), file index (unix port)",
                     gc.mem_alloc() - a0, "bytes"))
        del v
    # the board's ring: n half-words aligned on 2n bytes, carved from 4n
    # bytes, the file buffer in the rest (hal/rp2/speaker.py)
    rows.append(("voice RAM held by the board's ring and file buffer (hal/rp2/speaker.py)", 4 * V.RING, "bytes"))
    rows.append(("voice CPU per second of speech, plain widening", _cpu_per_speech_second(), "us/s"))
    if MICROPYTHON:
        try:
            from drivers.voice_viper import expand
            rows.append(("voice CPU per second of speech, viper widening", _cpu_per_speech_second(expand), "us/s"))
        except Exception:
            pass
    return rows
