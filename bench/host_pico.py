"""Figures of the real firmware on the emulated RP2040 (interpreter
`rp2040-emulated`; tools/pico, docs/pico.md): the box flashed by `make
flash`, driven through its pins, times in emulated microseconds (the
emulator counts cycles: approximately a real Pico's time, busy code
included).

- boot: power-on to the first frame on the display pin;
- pads: electrical edge to the timestamp the hard interrupt takes (read
  from the capture's ring), edge to the pad's LED lit and to the start of
  the next display frame (the 50 ms feedback promise);
- WS2812 frame: CPU time of a frame (render, then show(): the PIO and DMA
  send it), and the interrupt latency during a frame's transfer less the
  idle one (time with interrupts masked: must be 0);
- the spread of the timestamps of four pads pressed at the same instant
  (S2: one read of every pad, so they must tie);
- heap: free after boot, in the menu (collected).

Nothing here runs without the emulator's inputs (../shared/pico) and node:
the rows then say n/a with the reason on stderr.
"""
import os
import shutil
import statistics
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

INTERP = "rp2040-emulated"
BOARD = "pico_matrix"


def _ready():
    from tools.pico import pico as P
    why = P.not_ready()
    if why:
        sys.stderr.write("bench: no emulated RP2040: %s\n" % why)
    return why is None


def _image(tmp):
    from tools.pico import images
    path = os.path.join(tmp, "flash.bin")
    images.copy_of(BOARD, path)
    return path


def _board():
    import json
    with open(os.path.join(ROOT, "boards", BOARD + ".json")) as f:
        b = json.load(f)
    return [pd["pin"] for pd in b["pads"]], [pd.get("led") for pd in b["pads"]], b.get("menu_button", {}).get("pin")


def _ring(text):
    """The capture's ring as printed by _READ: (write index, times, pads)."""
    for line in text.splitlines():
        if line.startswith("RING "):
            parts = line[5:].split(" ", 1)
            w = int(parts[0])
            times, pads = eval(parts[1], {})    # two lists of ints, printed by the board
            return w, times, pads
    raise ValueError("no ring in %r" % text[-500:])


def _last_events(w, times, pads, n):
    size = len(times)
    out = []
    for j in range(n, 0, -1):
        i = (w - j) % (2 * size)
        i = i % size
        out.append((times[i], pads[i]))
    return out


# (the frame's CPU timed from the previous transfer's end: the wait for it
# is the wire's 7.7 ms; Ws2812Matrix.busy() is always False, the DMA's is
# its out.busy())
_READ = ("import time, gc\n"
         "c = BOX.cap\n"
         "print('RING', c._w, (list(c._ring_t), list(c._ring_pad)))\n"
         "d = BOX.disp\n"
         "s = []\n"
         "r = []\n"
         "for i in range(5):\n"
         "    while d.d.out.busy():\n"
         "        pass\n"
         "    t = time.ticks_us()\n"
         "    BOX.dirty = True\n"
         "    BOX.draw()\n"
         "    r.append(time.ticks_diff(time.ticks_us(), t))\n"
         "    while d.d.out.busy():\n"
         "        pass\n"
         "    t = time.ticks_us()\n"
         "    d.show()\n"
         "    s.append(time.ticks_diff(time.ticks_us(), t))\n"
         "print('DRAW', max(r), 'SHOW', max(s))\n"
         "gc.collect()\n"
         "print('HEAP', gc.mem_free(), gc.mem_alloc())\n")


# The emulator's TIMER reads its clock (rp2040js: clock.nanos / 1000), so
# on a board never reset since power-on, time.ticks_us() is the emulated
# microsecond itself (tools/pico/lib/machine.mjs counts on across resets;
# these runs check there was none).
def _no_reset(p):
    st = p.state()
    if st["resets"]:
        raise RuntimeError("the board was reset (%s): its ticks no longer read the emulated time" % st)


def bench_pico_boot_and_pads():
    if not _ready():
        return [("pico boot: power-on to first frame", None, "ms emulated", INTERP)]
    from tools.pico import play as PL
    from tools.pico.pico import Pico
    pins, leds, menu_pin = _board()
    tmp = tempfile.mkdtemp(prefix="bench_pico_")
    rows = []
    try:
        flash = _image(tmp)
        p = Pico(flash=flash, board=BOARD)
        p.start()
        try:
            ff = PL.first_frame(p)
            rows.append(("pico boot: power-on to first frame", ff / 1000.0, "ms emulated", INTERP))
            t0 = (int(ff) // 1000) * 1000 + 500000
            # pad 4 chooses (home -> join: its LED goes from dark to lit),
            # the menu button goes back; pad 1 moves on (a new frame); at
            # phases spread over the loop's period
            presses = []
            t = t0
            for i in range(6):
                e = t + (i * 997) % 4000
                p.press(pins[3], e, 40000)
                presses.append((e, 3))
                p.press(menu_pin, e + 400000, 100000)
                e1 = e + 900000 + (i * 1511) % 4000
                p.press(pins[0], e1, 40000)
                presses.append((e1, 0))
                t += 1400000
            # four pads at the same instant (S2: they must tie)
            together = t + 300000
            for g in pins:
                p.press(g, together, 40000)
            p.run_until(together + 1000000)
            frames = [e["t"] for e in p.events("ws2812")]
            gpio = p.events("gpio")
            from tools.pico import faults
            _no_reset(p)
            text = faults.look(p, _READ)
            off = 0
            w, times, pads = _ring(text)
            evs = _last_events(w, times, pads, len(presses) + 4)
            lat = []
            for (e, k), (tt, kk) in zip(presses, evs[:len(presses)]):
                if kk != k:
                    raise RuntimeError("ring out of step: pad %d for %d" % (kk, k))
                lat.append((tt + off) - e)
            tie = [tt for tt, kk in evs[len(presses):]]
            rows.append(("pico pad: edge to interrupt timestamp (median)", statistics.median(lat),
                         "us emulated", INTERP))
            rows.append(("pico pad: edge to interrupt timestamp (max)", max(lat), "us emulated", INTERP))
            rows.append(("pico pad: timestamp spread, 4 pads at once", max(tie) - min(tie), "us emulated", INTERP))
            led_ms = []
            frame_ms = []
            for e, k in presses:
                if k == 3:
                    on = [g["t"] for g in gpio if g["gpio"] == leds[3] and g["level"] == 1 and g["t"] >= e]
                    if on:
                        led_ms.append((on[0] - e) / 1000.0)
                nxt = [f for f in frames if f >= e]
                if nxt:
                    frame_ms.append((nxt[0] - e) / 1000.0)
            rows.append(("pico pad: edge to its LED lit (max)", max(led_ms) if led_ms else None,
                         "ms emulated", INTERP))
            rows.append(("pico pad: edge to next display frame start (max)", max(frame_ms) if frame_ms else None,
                         "ms emulated", INTERP))
            for line in text.splitlines():
                if line.startswith("DRAW "):
                    f = line.split()
                    rows.append(("pico ws2812 frame: CPU render + show", int(f[1]), "us emulated", INTERP))
                    rows.append(("pico ws2812 frame: CPU in show() (PIO + DMA send it)", int(f[3]),
                                 "us emulated", INTERP))
                if line.startswith("HEAP "):
                    rows.append(("pico heap: free after boot (menu, collected)", int(line.split()[1]),
                                 "bytes", INTERP))
        finally:
            p.close()
        rows += _masked(tmp, pins)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return rows


_FRAMES = ("import time\n"
           "c = BOX.cap\n"
           "d = BOX.disp\n"
           "w0 = c._w\n"
           "while c._w == w0:\n"          # wait for the harness's first press
           "    c.poll(time.ticks_us())\n"
           "w0 = c._w\n"
           "end = time.ticks_add(time.ticks_us(), 2700000)\n"
           "while time.ticks_diff(end, time.ticks_us()) > 0:\n"
           "    c.poll(time.ticks_us())\n"
           "    if not d.busy():\n"
           "        d.show()\n"
           "RESULT = (w0, c._w, list(c._ring_t), list(c._ring_pad))\n")


def _masked(tmp, pins):
    """Presses while frames are sent back to back (the box stood down, a
    loop on it showing frames and polling the pads), against presses
    between transfers: the extra latency is the time interrupts were
    masked."""
    from tools.pico import faults
    from tools.pico import play as PL
    flash = _image(tmp)
    p, t0 = faults.boot(flash, BOARD)
    rows = []
    try:
        p.run_free()
        try:
            PL.mpremote(p.port, "resume", "exec", "--no-follow", _FRAMES)
        finally:
            now = p.pause()
        start = int(now) + 5000
        p.press(pins[0], start, 5000)       # the loop starts at this press
        edges = []
        e = start + 300000
        k = 0
        while e < start + 2500000:
            p.press(pins[k % 4], e, 5000)
            edges.append((e, k % 4))
            e += 23000 + (k * 389) % 3000
            k += 1
        p.run_until(start + 3200000)
        out = faults.look(p, "print('R', RESULT)")
        line = [x for x in out.splitlines() if x.startswith("R ")][-1]
        w0, w1, times, pads = eval(line[2:], {})
        _no_reset(p)
        frames = [(f["t"], f["end"]) for f in p.events("ws2812") if f["t"] > start]
        got = []
        size = len(times)
        idx = w0
        while idx != w1:
            i = idx % size
            got.append((times[i], pads[i]))
            idx = (idx + 1) % (2 * size)
        lat_in, lat_out = [], []
        for tt, kk in got:
            # the edge this timestamp answers: the latest edge of its pad before it
            cand = [e for e, k2 in edges if k2 == kk and e <= tt]
            if not cand:
                continue
            e = cand[-1]
            inside = any(a <= e <= b for a, b in frames)
            (lat_in if inside else lat_out).append(tt - e)
        rows.append(("pico ws2812 frame: presses measured during transfers", len(lat_in), "presses", INTERP))
        if lat_in and lat_out:
            rows.append(("pico ws2812 frame: extra interrupt latency during a transfer (max)",
                         max(lat_in) - statistics.median(lat_out), "us emulated", INTERP))
    finally:
        p.close()
    return rows
