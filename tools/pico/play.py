"""Games played through the pins of the emulated Pico (tools/pico/pico.py),
checked against the same presses on the host HAL (tools/pico/scenarios.py).

    g = play(scn, flash_path, out_dir)    # scn = scenarios.SCENARIOS[...]
    g.log, g.host.log, g.seed, g.console, g.t0, g.first_frame_us, g.log_path

The emulated box boots from a copy of a flash image filled by `make flash`
(tools/pico/images.py); once its first frame is on the display pin the
harness presses the menus and joins (the scenario's fixed presses), reads
the seed it dealt with from its REPL (`game <name> <seed>`), plays the game
on the host HAL from that seed (the players react to what the host box
shows), gives the emulated pins the very same presses at the same times
after T0, runs the board until the game is over and copies its log off with
`mpremote ... fs cp`, as a family would.
"""
import json
import os
import subprocess
import sys

from tools.pico import scenarios as S
from tools.pico.pico import Pico, PicoError, ROOT

BOOT_LIMIT_US = 30000000     # power-on to first frame, at most
SETTLE_US = 300000           # T0: this long after the first frame, on a whole ms
BOARD_DIR = "/data"          # hal.rp2.parts.STORAGE_DIR: the box's files
AFTER_US = 3000000           # run on after the host's game ended (log written)


class PlayError(AssertionError):
    """The board did not do what the scenario needs (with its console)."""


def first_frame(p, limit_us=BOOT_LIMIT_US, step_us=50000):
    """Run until the display shows its first frame: its emulated time."""
    while p.now_us < limit_us:
        p.run_for(step_us)
        fr = p.events("ws2812")
        if fr:
            return fr[0]["t"]
    raise PlayError("no frame on the display pin within %.0f s of power-on; console:\n%s"
                    % (limit_us / 1e6, p.serial_text()[-2000:]))


def up(p, limit_us=BOOT_LIMIT_US, step_us=50000):
    """Run until the box says its boot line (`boot ms: ...`, booting.up):
    its first frame is out and it reads its pads from then on (the .mpy
    box opens them some 200 ms after that frame).  Its emulated time."""
    while p.now_us < limit_us:
        if "boot ms:" in p.serial_text():
            return p.now_us
        p.run_for(step_us)
    raise PlayError("no boot line within %.0f s of power-on; console:\n%s"
                    % (limit_us / 1e6, p.serial_text()[-2000:]))


def settled(p, after_us):
    """T0 of a run's first press: SETTLE_US after `after_us` (the first
    frame) on a whole ms, and not before the box reads its pads (its boot
    line: up)."""
    ready = up(p)
    return (int(max(after_us + SETTLE_US, ready + 1000)) // 1000) * 1000


def tracebacks(text):
    return "Traceback" in text or "box error" in text


def mpremote(port, *args, timeout=120):
    """Run mpremote against the emulated board's USB serial socket."""
    cmd = [sys.executable, "-m", "mpremote", "connect", "socket://127.0.0.1:%d" % port] + list(args)
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    if r.returncode:
        raise PlayError("`mpremote %s` failed (exit %d): %s" % (" ".join(args), r.returncode,
                                                                (r.stderr or r.stdout)[-1500:]))
    return r.stdout


def copy_off(p, board_path, dest, extra=None):
    """Copy a file off the running board (the box stands down on mpremote's
    Ctrl-C); extra: more mpremote commands in the same session, their
    output returned."""
    p.run_free()
    try:
        args = ["resume", "fs", "cp", ":" + board_path, dest]
        if extra:
            args += ["+"] + list(extra)
        return mpremote(p.port, *args)
    finally:
        p.pause()


class Game:
    pass


def press_all(p, pins, t0, presses):
    for at, pad, hold in presses:
        p.press(pins[pad], t0 + at, hold)


def play(scn, flash, out_dir, pico=None, keep=None):
    """Play scenario `scn` on an emulated Pico booting from `flash` (a copy
    the run may write); the board's log is copied to out_dir.  pico: a
    started Pico to use (else one is made and closed); keep(p): called
    before it is closed (figures)."""
    os.makedirs(out_dir, exist_ok=True)
    g = Game()
    g.scn = scn
    own = pico is None
    p = pico or Pico(flash=flash, board=scn.board)
    try:
        if own:
            p.start()
        g.first_frame_us = first_frame(p)
        t0 = settled(p, g.first_frame_us)
        g.t0 = t0
        pins = scn.pins()
        pre = scn.prefix()
        press_all(p, pins, t0, pre)
        # the game is dealt at the last join (4 players on 4 pads) or 2.5 s
        # after it: run on until the board says so
        limit = t0 + pre[-1][0] + 4000000
        seed = None
        while seed is None and p.now_us < limit:
            p.run_for(250000)
            seed = S.seed_of_console(p.serial_text(), scn.game)
        g.console = p.serial_text()
        if seed is None:
            raise PlayError("%s: the board never dealt (no `game %s <seed>` line); console:\n%s"
                            % (scn.name, scn.game, g.console[-2000:]))
        g.seed = seed
        g.host = S.host_run(scn, seed)
        press_all(p, pins, t0, g.host.presses[len(pre):])
        g.game_end_us = t0 + g.host.end_us
        p.run_until(g.game_end_us + AFTER_US)
        g.console = p.serial_text()
        g.warnings = p.state()["warnings"]
        if keep is not None:
            keep(p, g)
        g.log_path = os.path.join(out_dir, "%s-%s" % (scn.name, g.host.log_name))
        if os.path.exists(g.log_path):
            os.remove(g.log_path)
        copy_off(p, "%s/logs/%s" % (BOARD_DIR, g.host.log_name), g.log_path)
        with open(g.log_path, encoding="utf-8") as f:
            g.log = f.read()
        g.console = p.serial_text()
        return g
    finally:
        if own:
            p.close()


# Registers rp2040js does not model that the stock firmware reads anyway,
# harmlessly: the flash interface (QSPI pads, SSI: the emulator runs flash
# from its own model), the USB controller's (the CDC host is ours), the
# system control register (sleep bits, read once at boot).
UNMODELLED_OK = ("IO_QSPI_BASE:", "SSI:", "USB:", "PPB: Unimplemented peripheral read from 0xd10")


def unmodelled(warnings):
    """The reads of registers the emulator does not model (rp2040js answers
    0xffffffff) among a run's warnings ([kind, count]), but for the known
    harmless ones: where the emulated board may part from a real one (a
    wait on such a register spins for ever: the DMA abort of issue 12)."""
    out = []
    for kind, n in warnings:
        if "read from" in kind or "Read from" in kind:
            if not kind.startswith(UNMODELLED_OK) and "invalid memory address: 14" not in kind:
                out.append((kind, n))
    return out


def heap_lines(text):
    """The box's `heap <tag> <alloc> <free>` console lines: [(tag, alloc, free)]."""
    out = []
    for line in text.splitlines():
        f = line.split()
        if len(f) == 4 and f[0] == "heap" and f[2].isdigit() and f[3].isdigit():
            out.append((f[1], int(f[2]), int(f[3])))
    return out


def replay_ok(path):
    """`make replay LOG=path`: (exit code, output)."""
    r = subprocess.run(["make", "--no-print-directory", "-o", ".venv/.installed", "replay", "LOG=" + path, "ARGS=--headless"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    return r.returncode, r.stdout + r.stderr


# A slap's t_us is the interrupt's timestamp, less the game's start (itself
# the timestamp of the press that began it).  The emulated RP2040 takes the
# interrupt 14-18 us after the edge, a microsecond or two more or less
# depending on the instruction the core was executing (or its wake from WFI):
# so t_us may differ from the host's, which takes each interrupt a fixed
# time after its edge, by the difference of two latencies.  Measured: 0 to 2
# us either way (tools/pico/play.py; docs/pico.md).  Everything else, every
# `t` in ms included, is equal byte for byte.
JITTER_US = 4


# A game left from its pause (scenarios.Players.leave: a pad held 2 s, then
# `leave`): the pause begins at the box's first loop tick after the 2 s,
# and the log's `end` `stopped` is at that tick's game time; the host's
# ticks are every 2 ms on the dot, the board's every 2 ms plus its loop's
# own time (a frame drawn in it, a log written at the same quiet moment,
# more), so that one `t` may part by a tick or a few (measured: the board
# 3-4 ms after the host, and once 42 ms, a make test of 2026-12-06 whose
# Tape-treize box-seat game paused as its log was written).  The
# scenarios hold the pad where nothing of the game can come for 200 ms
# (Bataille waits for flips; in Tape-treize a box seat's slap is 200 ms or
# more after a card, the next card a tempo away), so any `t` up to 150 ms
# later is the same stop of the same game.  Every line before it is equal
# byte for byte, its winners and cards too.
STOP_JITTER_MS = 150


def stopped(d):
    return d.get("ev") == "end" and d.get("reason") == "stopped"


def compare_logs(host, board, jitter_us=JITTER_US, stop_ms=STOP_JITTER_MS):
    """None if the board's log is the host's, but for slap t_us within
    jitter_us and a stopped end's t within stop_ms; else (line number, host line, board line).  A game's
    decisions never hang on a few us here: the scenarios' presses are 50 ms
    apart or at the very same microsecond (S2: one timestamp)."""
    la, lb = host.splitlines(), board.splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "<end>"
        y = lb[i] if i < len(lb) else "<end>"
        if x == y:
            continue
        try:
            dx, dy = json.loads(x), json.loads(y)
        except ValueError:
            return i + 1, x, y
        if dx.get("ev") == "slap" and dy.get("ev") == "slap":
            ux, uy = dx.pop("t_us"), dy.pop("t_us")
            if dx == dy and abs(ux - uy) <= jitter_us:
                continue
        if stopped(dx) and stopped(dy):
            ux, uy = dx.pop("t"), dy.pop("t")
            if dx == dy and abs(ux - uy) <= stop_ms:
                continue
        return i + 1, x, y
    return None


def first_difference(a, b):
    """(line number, line of a, line of b) where two logs first differ, or None."""
    la, lb = a.splitlines(), b.splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else "<end>"
        y = lb[i] if i < len(lb) else "<end>"
        if x != y:
            return i + 1, x, y
    return None


def head_starts_turned(text):
    """S7 at work in a Tape-treize log: the verdicts whose order (by the
    adjusted times) is not the order of their slaps' raw t_us, the one a
    box without head starts would give (ties aside: a window with two
    equal raw times is not counted)."""
    slaps = []
    turned = 0
    for ln in text.splitlines():
        d = json.loads(ln)
        if d["ev"] == "flip":
            slaps = []
        elif d["ev"] == "slap":
            slaps.append((d["t_us"], d["p"]))
        elif d["ev"] == "verdict":
            mine = sorted([s for s in slaps if s[1] in d["order"]])
            raw = [p for _, p in mine]
            times = [t for t, _ in mine]
            if len(set(times)) == len(times) and raw != d["order"]:
                turned += 1
            slaps = []
    return turned


__all__ = ["play", "first_frame", "up", "settled", "copy_off", "mpremote", "replay_ok", "first_difference",
           "head_starts_turned", "PlayError", "PicoError"]

