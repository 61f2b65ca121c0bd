# RULES.md L `resumed` on the emulated RP2040 (issue 40, docs/resume.md):
# the `make flash` box (.mpy route) plays a Bataille game and a Tape-treize
# match of 2 players to 1 point through its pins (a scenario of
# tools/pico/scenarios.py: its menu and join presses, then the presses the
# host run of the board's seed made), the game is cut at a seeded instant
# a few duels or cards in, in the middle of the next flash write when one
# comes within WRITE_WAIT_US (run_until's flash_ops: the log's append cut
# short): Bataille by a power loss (Pico.power_cycle(): the flash image
# kept), Tape-treize by the watchdog (Pico.watchdog(): its counter run
# out, the chip reset); and the box boots again.  Then:
#   - the console says no "not resumed" and shows no traceback;
#   - one press of a seated pad (pad 1, which moves in a menu) goes on;
#   - the game is played to its end through the pins: Bataille's seated
#     pads pressed together, duel after duel (play_to_the_end); Tape-treize
#     (its cards come by themselves) gets the host's presses its log on
#     flash does not hold at the same game times (tape_goes_on: the
#     resumed clock goes on from the last line's t at the press);
#     the UF2's Bataille (both seated pads flip) goes on a little and the
#     menu button held leaves it (L `stopped`);
# and the log copied off the emulated flash with mpremote holds exactly one
# `resumed`, cut `power` or `watchdog` as it was cut (and
# machine.reset_cause() over the REPL says 1 or 3), its lines before it are
# the start of the uncut game (the host run's, line for line), flips after
# it; a game played to its end ends as the uncut game, event for event
# (Bataille's `t`s aside: the game does not hang on the press times;
# Tape-treize's slaps all the same few hundred us off the host's, every
# other `t` within a ms), the UF2's `stopped`; it passes `make replay`;
# the file `resume` is gone.
#
# The cut instant comes from CUT_SEED ($PICO_CUT_SEED re-runs a failure:
# the seed is printed).  Its own file (xdist: a unit of its own).
import collections
import json
import os
import random
import subprocess

import pytest

from tools.pico import play as P
from tools.pico import scenarios as S
from tools.pico.pico import Pico

OUT = os.path.join(S.ROOT, "build", "pico", "resume")
CUT_SEED = int(os.environ.get("PICO_CUT_SEED", "40"))
WRITE_WAIT_US = 6000000     # after the cut instant, a flash write this soon is cut in its middle
BOOT_US = 6000000           # power-on to the paused game, at most
MENU_HOLD_US = 2000000      # the menu button held (1.5 s leaves the game)
FLIP_US = 1250000           # a Bataille duel's show and take (app.duels: 1.2 s), and 50 ms
FINISH_US = 150000000       # a resumed Bataille played to its end within (`court`: 80 duels at most, some 115 s)


def menu_gpio(scn):
    with open(scn.board_path(), encoding="utf-8") as f:
        return json.load(f)["menu_button"]["pin"]


def dealt(p, scn, t0):
    """The scenario's menu and join presses from t0: the seed the board dealt."""
    pins = scn.pins()
    pre = scn.prefix()
    P.press_all(p, pins, t0, pre)
    limit = t0 + pre[-1][0] + 4000000
    seed = None
    while seed is None and p.now_us < limit:
        p.run_for(250000)
        seed = S.seed_of_console(p.serial_text(), scn.game)
    assert seed is not None, p.serial_text()[-2000:]
    return seed, pre


def groups(presses):
    """Presses (sorted) in groups that overlap in time: a group is given
    whole, so no press is still to come on the pins at a cut."""
    out = []
    for x in presses:
        if out and x[0] <= max(at + hold for at, _, hold in out[-1]) + 2000:
            out[-1].append(x)
        else:
            out.append([x])
    return out


def entries(text):
    return [json.loads(ln) for ln in text.splitlines() if ln.strip()]


def on_flash(p, path):
    """The file `path` on the board's flash image as it is now (the
    emulator's own littlefs reader, tools/pico/lib/littlefs.mjs, as the
    web page reads a running box's logs): the box not stopped."""
    p.save()
    js = ("import fs from 'node:fs'; import { LittleFs } from '%s';"
          "const f = new LittleFs(new Uint8Array(fs.readFileSync(process.argv[1])));"
          "process.stdout.write(Buffer.from(f.readFile(process.argv[2])));"
          % os.path.join(S.ROOT, "tools", "pico", "lib", "littlefs.mjs"))
    r = subprocess.run(["node", "--input-type=module", "-e", js, p.flash, path],
                       capture_output=True, timeout=60)
    assert r.returncode == 0, r.stderr.decode()[-1000:]
    return r.stdout.decode()


def game_start(scn, host, game):
    """The host game's start, T0 us: every slap's press time less its t_us."""
    starts = collections.Counter()
    slaps = [e for e in entries(host.log) if e["ev"] == "slap"]
    for e in slaps:
        for at, pad, _ in game:
            if pad == scn.pads[e["p"]]:
                starts[at - e["t_us"]] += 1
    g0, n = starts.most_common(1)[0]
    assert n == len(slaps), (n, len(slaps))
    return g0


def tape_goes_on(p, scn, pins, host, game, kept, go_at):
    """Tape-treize after the go-on press at go_at: the host's presses the
    log on flash at the cut (kept: its text, a last line cut short
    dropped as the box drops it) does not hold, given again at the same
    game times: the resumed clock goes on from that log's last line's t
    (RULES L) at the press, so a host press at game time g comes at
    go_at + g - t_last."""
    n = kept.count("\n")
    hl = entries(host.log)
    diff = P.compare_logs("\n".join(host.log.splitlines()[:n]), kept[:kept.rfind("\n")])
    assert n >= 3 and diff is None, (n, diff)
    t_last = hl[n - 1]["t"] * 1000
    g0 = game_start(scn, host, game)
    logged = set([e["t_us"] for e in hl[:n] if e["ev"] == "slap"])
    later = [(at - g0 - t_last, pad, hold) for at, pad, hold in game
             if at - g0 > t_last and at - g0 not in logged]
    assert later and later[0][0] > 20000, later[:2]     # (after the go-on press)
    for d, pad, hold in later:
        p.press(pins[pad], go_at + d, hold)
    host.plan = {"lines": n, "t_last": t_last // 1000, "presses": len(later)}
    end = go_at + hl[-1]["t"] * 1000 - t_last
    return end


def cut_and_resume(p, first_us, name, rnd, duels, finish=False, by="power"):
    """Play `name` through the pins of the started Pico p (its first frame
    at first_us), cut it at a seeded instant (by: "power", a power cycle,
    or "watchdog", the watchdog fired), boot again, go on with one press,
    then a few flips or cards and the menu button held, or (finish) the
    game played to its end: (board log, its copy's path, host run, console
    after the cut, the board's files and reset cause)."""
    scn = S.SCENARIOS[name]
    pins = scn.pins()
    t0 = (int(first_us) // 1000) * 1000 + P.SETTLE_US
    seed, pre = dealt(p, scn, t0)
    host = S.host_run(scn, seed)
    game = host.presses[len(pre):]
    # the cut: from a seeded instant 0.2-0.5 s after the k-th press of
    # the game, the game goes on (the host's presses, given one group
    # at a time) until the next flash write, cut after its first or
    # second operation (seeded); none within WRITE_WAIT_US: cut there
    k = rnd.randint(*duels)
    game = sorted(game)
    assert len(game) > k + 4, (name, len(game))
    cut = game[k][0] + rnd.randint(200000, 500000)
    assert cut < host.end_us
    # the presses over before the cut: a prefix of the sorted presses (the
    # rest are given in groups below, from where it ends)
    k_first = 0
    while k_first < len(game) and game[k_first][0] + game[k_first][2] + 1000 < cut:
        k_first += 1
    first = game[:k_first]
    P.press_all(p, pins, t0, first)
    p.run_until(t0 + cut)
    goal = p.state()["flash_ops"] + rnd.randint(1, 2)
    how = "at a random instant"
    for group in groups([x for x in game[len(first):] if x[0] < cut + WRITE_WAIT_US]):
        if t0 + group[0][0] - 1000 > p.now_us:
            left = max(1, goal - p.state()["flash_ops"])
            p.run_until(t0 + group[0][0] - 1000, flash_ops=left)
            if p.stopped_by == "flash":
                break
        P.press_all(p, pins, t0, group)
        p.run_until(t0 + max(at + hold for at, _, hold in group) + 1000)
    else:
        left = max(1, goal - p.state()["flash_ops"])
        p.run_until(t0 + cut + WRITE_WAIT_US, flash_ops=left)
    if p.stopped_by == "flash":
        how = "in a flash write"
    cut_us = p.now_us
    before = len(p.serial_text())
    if by == "watchdog":
        p.watchdog()            # its counter run out: the chip resets, REASON says so
    else:
        p.power_cycle()
    resets = [e["reason"] for e in p.events("reset")]
    assert resets[-1] == {"power": "power-on"}.get(by, by), resets
    if finish and scn.game == "tape":
        kept = on_flash(p, "%s/logs/%s" % (P.BOARD_DIR, host.log_name))
    # booted again: the paused game on the display
    frames = len(p.events("ws2812"))
    limit = p.now_us + BOOT_US
    while len(p.events("ws2812")) == frames and p.now_us < limit:
        p.run_for(100000)
    assert len(p.events("ws2812")) > frames, p.serial_text()[before:][-2000:]
    # and the box at its loop, the game rebuilt from its log (main's `heap
    # boot` line): a press while it still rebuilds is taken when its loop
    # begins, and the game's clock goes on from then, not from the press
    # (Tape-treize's later presses are timed from the press: they would
    # come early, by the rebuild's time; 1.4 s on one flash image)
    while "heap boot" not in p.serial_text()[before:] and p.now_us < limit:
        p.run_for(100000)
    assert "heap boot" in p.serial_text()[before:], p.serial_text()[before:][-2000:]
    p.run_for(1500000)
    # one press of a seated pad goes on
    at = p.now_us + 1000
    p.press(pins[scn.pads[0]], at, S.TAP_US)
    if finish and scn.game == "tape":
        # the host's later presses, given now (the first may come before
        # 800 ms), then on to the end screen (app.quiet's `heap end`)
        end = tape_goes_on(p, scn, pins, host, game, kept, at)
        while "heap end" not in p.serial_text()[before:]:
            assert p.now_us < end + 5000000, p.serial_text()[before:][-2000:]
            p.run_until(max(end, p.now_us + 500000))
        p.run_for(500000)
    elif finish:
        p.run_until(at + 800000)
        play_to_the_end(p, scn, pins, before)
    else:
        p.run_until(at + 800000)
        for i in range(8):          # the seated pads flip
            at = p.now_us + 1000
            for pad in scn.pads:
                p.press(pins[pad], at, S.TAP_US)
            p.run_until(at + 700000)
    if not finish:
        at = p.now_us + 1000
        p.press(menu_gpio(scn), at, MENU_HOLD_US)
        p.run_until(at + MENU_HOLD_US + 2500000)
    console = p.serial_text()[before:]
    os.makedirs(OUT, exist_ok=True)
    dest = os.path.join(OUT, "%s-%s" % (name, host.log_name))
    if os.path.exists(dest):
        os.remove(dest)
    files = P.copy_off(p, "%s/logs/%s" % (P.BOARD_DIR, host.log_name), dest,
                       ["fs", "ls", ":" + P.BOARD_DIR, "+", "exec",
                        "import machine; print('cause', machine.reset_cause())"])
    with open(dest, encoding="utf-8") as f:
        log = f.read()
    print("\n[pico] %s seed %d: cut (%s) %s at %.3f s (PICO_CUT_SEED=%d), %d lines"
          % (name, seed, by, how, cut_us / 1e6, CUT_SEED, len(log.splitlines())))
    return log, dest, host, console, files


def play_to_the_end(p, scn, pins, before):
    """Bataille through the pins to its end: the seated pads pressed
    together every FLIP_US (the box shows a duel FLIP_US - 50 ms, its take
    included; a press while it shows a step, a battle's, is nothing: the
    next one flips) until the box is at its end screen (its `heap end`
    console line, app.quiet) and its log written."""
    limit = p.now_us + FINISH_US
    while "heap end" not in p.serial_text()[before:]:
        assert p.now_us < limit, p.serial_text()[before:][-2000:]
        at = p.now_us + 1000
        for pad in scn.pads:
            p.press(pins[pad], at, S.TAP_US)
        p.run_until(at + FLIP_US)
    p.run_for(500000)


def check(log, dest, host, console, files, game, finish=False, cut="power"):
    assert "not resumed" not in console, console[-2000:]
    assert not P.tracebacks(console), console[-3000:]
    es = entries(log)
    cuts = [i for i in range(len(es)) if es[i]["ev"] == "resumed"]
    assert len(cuts) == 1, log[-3000:]
    i = cuts[0]
    assert es[i]["cut"] == cut, es[i]
    # machine.reset_cause() over the REPL, the game over: 1 (PWRON_RESET)
    # after a power-on, 3 (WDT_RESET) after the watchdog's reset
    assert "cause %d" % {"power": 1, "watchdog": 3}[cut] in files, files
    assert i >= 3, log[:2000]          # a game had begun: the deal and more
    # the lines before the cut: the uncut game's, line for line
    mine = "\n".join(log.splitlines()[:i])
    diff = P.compare_logs("\n".join(host.log.splitlines()[:i]), mine)
    assert diff is None, "line %d: host %s\n        board %s" % diff
    # it went on (flips after the cut) and was left from the menu button,
    # or played to its end: the uncut game's end, event for event (a
    # Bataille does not hang on the press times; the `t`s do)
    assert any(e["ev"] == "flip" for e in es[i + 1:]), log[-2000:]
    if finish:
        rest = entries(host.log)[i:]
        mine = es[i + 1:]
        plan = getattr(host, "plan", None)
        if plan is not None:
            # Tape-treize: the presses came at the host's game times from
            # the last line's t, but for where in the go-on press's loop
            # pass the box's clock went on: the same for every slap
            assert es[i - 1]["t"] == plan["t_last"], (plan, es[i - 1])
            ds = [b["t_us"] - h["t_us"] for h, b in zip(rest, mine)
                  if h["ev"] == b["ev"] == "slap"]
            assert ds and max(ds) - min(ds) <= 2 * P.JITTER_US, ds
            assert abs(ds[0]) < 5000, ds
            tol = abs(ds[0]) // 1000 + 1
            far = [(h, b) for h, b in zip(rest, mine) if abs(h["t"] - b["t"]) > tol]
            assert not far, far[:3]
            print("[pico] %s: %d lines on flash at the cut, %d presses after it, "
                  "its slaps %+d us from the host's" % (game, plan["lines"], plan["presses"], ds[0]))
        for e in rest + mine:
            e.pop("t")
            e.pop("t_us", None)
        assert mine == rest, log[-2000:]
        assert es[-1]["ev"] == "end" and es[-1]["reason"] != "stopped", es[-1]
    else:
        assert es[-1]["ev"] == "end" and es[-1]["reason"] == "stopped", es[-1]
    assert es[0]["game"] == game
    code, out = P.replay_ok(dest)
    assert code == 0, out
    assert "resume" not in files.split(), files


@pytest.mark.parametrize("name", ["bataille", "tape_duo"])
def test_l_resumed_after_a_cut_goes_on_with_one_press(flashed, tmp_path, name):
    """The `.mpy` box of `make flash`: Bataille cut by a power loss, and
    Tape-treize's 2 players to 1 point by the watchdog's reset (its
    counter run out, as when the box hangs), resumed and played to their
    end."""
    scn = S.SCENARIOS[name]
    flash = tmp_path / "flash.bin"
    flashed(scn.board, flash)
    rnd = random.Random("%d %s" % (CUT_SEED, name))
    duels = (4, 8) if name == "bataille" else (3, 6)
    by = "power" if name == "bataille" else "watchdog"
    with Pico(flash=str(flash), board=scn.board) as p:
        p.start()
        got = cut_and_resume(p, P.first_frame(p), name, rnd, duels, finish=True, by=by)
    check(*got, game=scn.game, finish=True, cut=by)


def test_l_resumed_after_a_power_cut_frozen_uf2(frozen_booted):
    """The one-file UF2 (the box frozen into MicroPython, a fresh flash):
    Bataille cut, resumed, left from the menu button."""
    scn = S.SCENARIOS["bataille"]
    _, p, first = frozen_booted(scn.board)
    rnd = random.Random("%d frozen" % CUT_SEED)
    check(*cut_and_resume(p, first, "bataille", rnd, (4, 8)), scn.game)
