"""The box talking on the emulated RP2040 (issue 17), for its test
(host_tests/pico/test_pico_voice.py) and its `make bench` rows
(bench/host_voice_pico.py): the same scenario for both.

    p = Pico(board="pico_matrix", flash=copy)   # flashed by `make flash`
    p.start()
    first = start_tape(p)        # Tape-treize chosen and joined with pads 1-2:
                                 # the first count's DMA start {t, count, ...}
    talking, silent = press_while_talking(p, words=6)
    lat = latencies(p, talking + silent)     # {edge: timestamp - edge}

press_while_talking presses the pads of nobody (pads 3 and 4: the game
ignores them, the pad interrupt timestamps them all the same) once while each
count is being said (the DMA channel writing the PWM compare) and once in
the silence after it, at phases spread over the loop's pass.  latencies()
stands the box down and reads its capture ring: what the hard interrupt
stamped for each edge, in emulated microseconds (the board's ticks_us is the
emulated time while it was never reset)."""
from tools.pico.pico import PicoError

PAD_GPIO = (2, 3, 4, 5)          # boards/pico_matrix.json, pads 1..4
SPEAKER_CC = 0x40050000 + 0x0C   # PWM slice 0's CC: GP16, the speaker
SAMPLE_US = 125                  # 8 kHz
HOLD_US = 60000


def word(name, lang="fr"):
    """The samples of a word as firmware/voice/<lang>.vox holds them."""
    import os
    import struct
    from tools.pico.pico import ROOT
    with open(os.path.join(ROOT, "firmware", "voice", lang + ".vox"), "rb") as f:
        data = f.read()
    for i in range(data[5]):
        e = data[16 + 16 * i:32 + 16 * i]
        if e[:8].rstrip(b"\0").decode() == name:
            off, n = struct.unpack("<II", e[8:16])
            return data[off:off + n]
    raise KeyError(name)


def speaker_starts(p):
    """The phrases the box said: each a DMA start writing the speaker's PWM
    compare {t, count, laps, lap, treq, size, ...}, its laps merged.  The
    board plays its ring a lap at a time (hal/rp2/speaker.py): each lap is a
    start of the sample channel, at the end of the one before (the lap
    channel restarts it), until the box stops it after the phrase.  count:
    the samples from the first lap's start to the last lap's end, so the
    phrase's own length and at most a lap or two of the silence after it;
    lap: the first lap's count (the ring's length)."""
    out = []
    for e in p.events("dma"):
        if e["write"] != SPEAKER_CC:
            continue
        last = out[-1] if out else None
        if last is not None and abs(e["t"] - (last["t"] + last["count"] * SAMPLE_US)) <= 2 * SAMPLE_US:
            last["count"] += e["count"]
            last["laps"] += 1
            continue
        out.append(dict(e, laps=1, lap=e["count"]))
    return out


def start_tape(p, limit_us=8000000):
    """From power-on: the home menu on the display, Tape-treize chosen (pad 1
    twice, pad 2), players 1 and 2 joined; run until the first count is
    being said.  Returns that DMA start."""
    while not p.events("ws2812") and p.now_us < 10e6:
        p.run_for(250000)
    t = p.now_us + 1000000
    for pad in (1, 1, 2, 1, 2):
        p.press(PAD_GPIO[pad - 1], t, 80000)
        t += 600000
    p.run_until(t)
    # the game deals 2.5 s after the last join, the first card one tempo later
    end = t + limit_us
    while p.now_us < end and not speaker_starts(p):
        p.run_for(100000)
    got = speaker_starts(p)
    if not got:
        raise PicoError("the box said nothing within %.0f s of the join; console:\n%s"
                        % (limit_us / 1e6, p.serial_text()[-1500:]))
    return got[0]


def press_while_talking(p, words=6, step_us=20000, limit_us=20000000):
    """For each of the next `words` counts: a press of pad 3 or 4 while the
    word plays (its DMA channel running) and one 150 ms after it ended
    (silence).  Returns ([(edge_us, pad index)] talking, [...] silent)."""
    talking, silent = [], []
    seen = len(speaker_starts(p))
    end = p.now_us + limit_us
    k = 0
    while len(talking) < words and p.now_us < end:
        p.run_for(step_us)
        starts = speaker_starts(p)
        if len(starts) <= seen:
            continue
        idx = seen
        s = starts[idx]
        seen = len(starts)
        over = s["t"] + s["count"] * SAMPLE_US     # its laps so far: the first at least
        phase = (k * 1733) % 4000             # spread over the loop's ~10 ms pass
        e = p.now_us + 2000 + phase
        if e + 5000 > over:
            continue                          # too short a word to press in
        pad = 2 + k % 2
        p.press(PAD_GPIO[pad], e, HOLD_US)
        talking.append((e, pad))
        # the word's end: its laps stop (the box stops the DMA in the silence after it)
        p.run_until(e + HOLD_US)
        while True:
            s = speaker_starts(p)[idx]
            over = s["t"] + s["count"] * SAMPLE_US
            if p.now_us > over + 2 * SAMPLE_US or p.now_us >= end:
                break
            p.run_for(step_us)
        q = max(over, e + HOLD_US) + 150000 + phase
        p.press(PAD_GPIO[pad], q, HOLD_US)
        silent.append((q, pad))
        p.run_until(q + HOLD_US + 10000)
        seen = len(speaker_starts(p))
        k += 1
    # no speaker DMA may have been running at a silent press
    for q, pad in silent:
        for s in speaker_starts(p):
            if s["t"] <= q < s["t"] + s["count"] * SAMPLE_US:
                raise PicoError("the box was talking at the 'silent' press at %d us" % q)
    return talking, silent


READ_RING = ("c = BOX.cap\n"
             "print('RING', list(c._ring_t), list(c._ring_pad))\n")


def latencies(p, edges, within_us=20000):
    """{edge_us: interrupt timestamp - edge_us} of each (edge_us, pad index),
    from the box's capture ring (the box stands down to be read).  A stamp
    of the PIO path is the edge's own us, to within 0.75: it can read 1 us
    before an edge given in whole us."""
    from tools.pico import faults
    if p.state()["resets"]:
        raise PicoError("the board was reset: its ticks no longer read the emulated time")
    text = faults.look(p, READ_RING)
    line = [ln for ln in text.splitlines() if ln.startswith("RING ")]
    if not line:
        raise PicoError("no capture ring in %r" % text[-500:])
    a, b = line[-1][5:].split("] [")
    times = [int(x) for x in a.strip("[] ").split(",") if x.strip()]
    pads = [int(x) for x in b.strip("[] ").split(",") if x.strip()]
    out = {}
    for e, pad in edges:
        got = [t - e for t, k in zip(times, pads) if k == pad and -1 <= t - e < within_us]
        if not got:
            raise PicoError("no timestamp of pad %d within %d us of its edge at %d us" % (pad + 1, within_us, e))
        out[e] = min(got)
    return out
