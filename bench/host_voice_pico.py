"""The voice's CPU time per second of speech on the RP2040, measured on the
emulated Pico (tools/pico): the box flashed by `make flash`, its own
hal/rp2/speaker.py DmaSpeaker (the DMA paced at 8 kHz into the PWM) and
drivers.voice saying a phrase of 8 words from the voice file on the Pico's
littlefs, the loop's passes every PASS_MS; the time spent in the voice's
calls (say, poll) timed with time.ticks_us in emulated microseconds (cycle
counts approximate: rp2040js models no flash wait states), less the same
passes' cost with the box silent.  Two regimes in one run:

- before: what issue 17 landed first: the viper widening, 256-sample
  reads, the DMA's count read at every pass (poll() without the time);
- after: the Thumb widening (hal/rp2/speaker.py), 512-sample reads, the DMA
  looked at only when half the ring is due (poll(now_ms)).

No emulator inputs: no rows (make bench says so)."""
import os
import subprocess
import sys

PASS_MS = 5           # the loop's pass while talking (shorter than the box's ~10 ms: the worse case)
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

SCRIPT = r'''
CONFIGS = %s
PASS_MS = %d
import time, gc
from drivers import voice as V
from hal.rp2 import speaker as S
from drivers.voice_viper import expand as viper
WORDS = ("batawaf", "bataille", "gagne", "joueur", "n13", "rate", "n7", "n11")
for name, chunk, thumb, gated in CONFIGS:
    V.CHUNK = chunk
    gc.collect()
    a0 = gc.mem_alloc()
    o = S.DmaSpeaker(16)
    if not thumb:
        o.expand = viper
    v = V.Voice(o)
    v.open(open("voice/fr.vox", "rb"))
    v.volume = 144
    gc.collect()
    held = gc.mem_alloc() - a0
    ln = v.length(WORDS)
    # the silent passes: what the loop pays for the voice when it is quiet
    passes = ln * 1000 // v.rate // PASS_MS + 1
    quiet = 0
    for i in range(passes):
        time.sleep_ms(PASS_MS)
        now = time.ticks_ms()
        t0 = time.ticks_us()
        v.poll(now if gated else None)
        quiet += time.ticks_diff(time.ticks_us(), t0)
    t0 = time.ticks_us()
    v.say(WORDS)
    say_us = time.ticks_diff(time.ticks_us(), t0)
    spent = say_us
    k = 0
    while v.active:
        time.sleep_ms(PASS_MS)
        now = time.ticks_ms()
        t0 = time.ticks_us()
        v.poll(now if gated else None)
        spent += time.ticks_diff(time.ticks_us(), t0)
        k += 1
    spent -= quiet * k // passes
    print("VOICE", name, spent, ln * 1000000 // v.rate, held, say_us, v.underruns, k)
    v.close()
    o.deinit()
    del v, o
    V.CHUNK = 512
'''

CONFIGS = [("before", 256, False, False), ("after", 512, True, True)]


def _skipped(what):
    """True, and why on stderr, when the emulator cannot run here."""
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from tools.pico import pico as P
    why = P.not_ready()
    if why:
        sys.stderr.write("bench: %s on the emulated Pico skipped: %s\n" % (what, why))
    return why is not None


def measure(configs):
    """{name: {us_s, speech_us, held, say_us, underruns, passes}} of each config"""
    if _skipped("voice"):
        return []
    from tools.pico import pico as P
    from tools.pico import images
    import tempfile
    d = tempfile.mkdtemp(prefix="bench_voice_")
    images.copy_of("pico_matrix", os.path.join(d, "flash.bin"))
    p = P.Pico(board="pico_matrix", flash=os.path.join(d, "flash.bin"))
    try:
        p.start()
        p.run_for(3000000)
        p.run_free()
        mp = os.path.join(os.path.dirname(sys.executable), "mpremote")
        r = subprocess.run([mp if os.path.exists(mp) else "mpremote", "connect", "socket://127.0.0.1:%d" % p.port,
                            "exec", SCRIPT % (configs, PASS_MS)], capture_output=True, text=True, timeout=900)
        p.pause()
    finally:
        p.close()
    out = {}
    for ln in r.stdout.splitlines():
        if ln.startswith("VOICE"):
            w = ln.split()[1:]
            spent, speech = int(w[1]), int(w[2])
            out[w[0]] = {"us_s": spent * 1000000 // speech, "speech_us": speech, "held": int(w[3]),
                         "say_us": int(w[4]), "underruns": int(w[5]), "passes": int(w[6])}
    if not out:
        sys.stderr.write("bench: voice on the emulated Pico failed:\n%s\n" % (r.stdout + r.stderr)[-2000:])
    return out


def bench_voice_on_the_emulated_pico():
    got = measure(CONFIGS)
    interp = "rp2040-emulated"
    if "after" not in got or "before" not in got:
        return [("voice CPU share while talking", None, "%", interp)]
    b, a = got["before"], got["after"]
    return [("voice CPU per second of speech, before (viper, 256-sample reads, DMA read every pass)",
             b["us_s"], "us/s", interp),
            ("voice CPU per second of speech, after (Thumb widening, 512-sample reads, DMA read at half ring)",
             a["us_s"], "us/s", interp),
            ("voice CPU share while talking, before", round(b["us_s"] / 10000.0, 2), "%", interp),
            ("voice CPU share while talking", round(a["us_s"] / 10000.0, 2), "%", interp),
            ("voice underruns in a 8-word phrase, %d ms passes" % PASS_MS, a["underruns"], "count", interp),
            ("voice say(): a phrase started (ring filled)", a["say_us"], "us", interp),
            ("voice RAM held: driver, its ring, file index (board heap)", a["held"], "bytes", interp)]


def bench_voice_pad_latency_on_the_emulated_pico(words=8):
    """Pad edge to its interrupt timestamp while the box says the counts of a
    Tape-treize and in the silence between them (tools/pico/talk.py)."""
    import shutil
    import statistics
    import tempfile
    interp = "rp2040-emulated"
    names = ["pico pad: edge to interrupt timestamp, the box %s (%s)" % (w, m)
             for w in ("talking", "silent") for m in ("median", "max")]
    if _skipped("voice latency"):
        return [(n, None, "us emulated", interp) for n in names]
    from tools.pico import pico as P
    from tools.pico import images, talk
    d = tempfile.mkdtemp(prefix="bench_voice_lat_")
    try:
        images.copy_of("pico_matrix", os.path.join(d, "flash.bin"))
        p = P.Pico(board="pico_matrix", flash=os.path.join(d, "flash.bin"))
        try:
            p.start()
            first = talk.start_tape(p)
            p.run_until(first["t"] + first["count"] * talk.SAMPLE_US + 50000)
            on, off = talk.press_while_talking(p, words=words)
            lat = talk.latencies(p, on + off)
        finally:
            p.close()
    finally:
        shutil.rmtree(d, ignore_errors=True)
    said = [lat[e] for e, _ in on]
    quiet = [lat[e] for e, _ in off]
    vals = [round(v, 1) for v in (statistics.median(said), max(said), statistics.median(quiet), max(quiet))]
    return [(n, v, "us emulated", interp) for n, v in zip(names, vals)]
