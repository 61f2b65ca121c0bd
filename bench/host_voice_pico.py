"""The voice's CPU time per second of speech on the RP2040, measured on the
emulated Pico (tools/pico): the box flashed by `make flash`, the same
drivers.voice filling a 512-sample ring from the voice file on the Pico's
littlefs (viper widening), polled every 5 ms of a clock that stands for the
DMA (the emulator's DMA pacing timers are wrong, docs/voice.md), timed with
time.ticks_us in emulated microseconds (cycle counts approximate: rp2040js
models no flash wait states).  No emulator inputs: no rows (make bench says
so)."""
import os
import subprocess
import sys

RING = 1024           # hal/rp2/speaker.py DmaSpeaker's default ring
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

SCRIPT = r'''
CONFIGS = %s
import time, gc
from array import array
from drivers import voice as V
try:
    from drivers.voice_viper import expand
except Exception:
    expand = None
class Out:
    def __init__(s, n, chunk):
        s.n = n
        s.ring = memoryview(array("H", [128] * n))
        s.scratch = memoryview(bytearray(chunk))
        s.t = 0
        s.total = 0
        s.now = 0
    def set_rate(s, r):
        s.rate = r
    def start(s, c, names=None):
        s.t = s.now
        s.total = c
    def played(s):
        k = (s.now - s.t) * 8 // 1000
        return k if k < s.total else s.total
    def stop(s):
        s.total = 0
for n, chunk in CONFIGS:
    V.CHUNK = chunk
    gc.collect()
    a0 = gc.mem_alloc()
    o = Out(n, chunk)
    v = V.Voice(o, expand)
    v.open(open("voice/fr.vox", "rb"))
    v.volume = 144
    gc.collect()
    held = gc.mem_alloc() - a0
    words = ("batawaf", "bataille", "gagne", "joueur", "n13", "rate", "n7", "n11")
    ln = v.length(words)
    polls = ln * 125 // 5000 + 1
    t0 = time.ticks_us()
    for i in range(polls):
        o.now += 5000
    empty = time.ticks_diff(time.ticks_us(), t0)
    o.now = 0
    t0 = time.ticks_us()
    v.say(words)
    for i in range(polls):
        o.now += 5000
        v.poll()
    spent = time.ticks_diff(time.ticks_us(), t0) - empty
    t0 = time.ticks_us()
    v.say(("n1",))
    say_us = time.ticks_diff(time.ticks_us(), t0)
    print("VOICE", n, chunk, spent, ln * 125, held, say_us, v.underruns, expand is not None)
    v.close()
'''


def measure(configs):
    """{(ring, chunk): (us/s, speech us, held bytes, say us, underruns, viper)}"""
    sys.path.insert(0, ROOT)
    try:
        from tools.pico import pico as P
        from tools.pico import images
        P.find_input(P.BOOTROM_NAME, env="PICO_BOOTROM")
        P.find_input(P.UF2_NAME, env="PICO_UF2")
        if not P.node_ready():
            raise P.MissingInput("the emulator (make pico-deps)")
    except Exception as e:
        sys.stderr.write("bench: voice on the emulated Pico skipped: %s\n" % e)
        return []
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
                            "exec", SCRIPT % (configs,)], capture_output=True, text=True, timeout=900)
        p.pause()
    finally:
        p.close()
    out = {}
    for ln in r.stdout.splitlines():
        if ln.startswith("VOICE"):
            w = ln.split()[1:]
            out[(int(w[0]), int(w[1]))] = (int(w[2]) * 1000000 // int(w[3]), int(w[3]), int(w[4]), int(w[5]),
                                           int(w[6]), w[7] == "True")
    if not out:
        sys.stderr.write("bench: voice on the emulated Pico failed:\n%s\n" % (r.stdout + r.stderr)[-2000:])
    return out


def bench_voice_on_the_emulated_pico():
    from drivers import voice as V
    cfg = (RING, V.CHUNK)
    got = measure([cfg])
    if cfg not in got:
        return []
    us_s, speech_us, held, say_us, under, viper = got[cfg]
    interp = "rp2040 (emulated)"
    return [("voice CPU per second of speech, %s widening" % ("viper" if viper else "plain"), us_s, "us/s", interp),
            ("voice CPU share while talking", round(us_s / 10000.0, 2), "%", interp),
            ("voice say(): a phrase started (ring filled)", say_us, "us", interp),
            ("voice RAM held: driver, its ring, file index (board heap)", held, "bytes", interp)]
