"""Faults done to the emulated Pico (issue 12, item 3), for the tests of
host_tests/pico/test_pico_faults.py and the long runs of `make pico-soak`.

    cut_during_save(image, tmp, k)   power cut after the k-th flash operation
                                     of the settings save that choosing a
                                     game makes: -> (ops in the save, report)
    cut_during_log(image, tmp, op)   power cut after flash operation `op`
                                     of a game-log write (log_write_ops
                                     finds them): -> (console, logs)
    look(p, expr)                    a Python expression evaluated on the
                                     running box (mpremote resume exec;
                                     main.BOX is the App)
    hang(p)                          the main loop hangs (a draw that never
                                     returns, with the watchdog armed again)
    hammer(p, pins, t0, seconds, hz) every pad pressed at hz for seconds

The box boots from a copy of the flashed image (tools/pico/images.py); its
first frame on the display pin is the sign it is up (play.first_frame).
"""
import os
import shutil

from tools.pico import play as P
from tools.pico.pico import Pico

STEP_US = 500       # the run is cut this finely around a flash write


def boot(flash, board="pico_matrix"):
    """A started Pico on `flash`, run to its first frame: (p, t0 on a whole
    ms, SETTLE_US after that frame and once the box reads its pads)."""
    p = Pico(flash=flash, board=board)
    p.start()
    return p, P.settled(p, P.first_frame(p))


def look(p, code):
    """Run `code` on the box (its loop interrupted: it stands down) and
    return what it printed; the box is left at its REPL."""
    p.run_free()
    try:
        return P.mpremote(p.port, "resume", "exec", code)
    finally:
        p.pause()


def values(p, *exprs):
    """The values of Python expressions on the box, as repr strings."""
    code = "print(%s, sep='|')" % ", ".join(["repr(%s)" % e for e in exprs])
    out = look(p, code).strip().splitlines()
    return out[-1].split("|")


def choose_bataille(p, pins, t0):
    """Home menu: next (Bataille), choose: the box opens the join screen and
    saves its settings (the game chosen: "bataille")."""
    p.press(pins[0], t0, 60000)
    p.press(pins[1], t0 + 400000, 60000)
    return t0 + 400000


def ops(p):
    return p.state()["flash_ops"]


def boot_and_choose(image, tmp, name, board="pico_matrix"):
    """A copy of the flashed image (tmp/name) booted and run to the choose
    press that saves the settings: (p, time of the press, flash operations
    before it)."""
    flash = os.path.join(tmp, name)
    shutil.copyfile(image, flash)
    p, t0 = boot(flash, board)
    try:
        pins = P.S.Scenario("probe", "bataille", [0, 1], {}, None, board).pins()
        t = choose_bataille(p, pins, t0)
        p.run_until(t)
        return p, t, ops(p)
    except BaseException:
        p.close()
        raise


def save_ops(image, tmp, board="pico_matrix", window_us=600000):
    """Probe: the flash operations of the save, as (count before, times of
    each operation after the choose press)."""
    p, t, n0 = boot_and_choose(image, tmp, "probe.bin", board)
    try:
        times = []
        last = n0
        while p.now_us < t + window_us:
            p.run_for(STEP_US)
            n = ops(p)
            while last < n:
                last += 1
                times.append(p.now_us)
        return n0, times
    finally:
        p.close()


def cut_during_save(image, tmp, k, board="pico_matrix"):
    """Power cut once the k-th flash operation of the save is done (the
    flash image is saved as it is then), then power on again from it: the
    box's settings as it loaded them, (notice, game), and its console."""
    name = "cut%d.bin" % k
    p, t, n0 = boot_and_choose(image, tmp, name, board)
    try:
        # stopped right after the k-th operation, by the emulator itself: since
        # the save waits for the end of the press's pass (issue 26), two
        # operations can fall within one STEP_US
        while ops(p) < n0 + k and p.now_us < t + 2000000:
            p.run_for(STEP_US, flash_ops=n0 + k - ops(p))
        done = ops(p) - n0
    finally:
        p.close()       # the power goes: the flash as it is now
    p, t0 = boot(os.path.join(tmp, name), board)
    try:
        console = p.serial_text()
        notice, game = values(p, "BOX.notice", "BOX.settings['game']")
        return done, notice, game, console
    finally:
        p.close()


# ---- a power cut in the middle of a game-log write -------------------
#
# Bata-waf with two players reacting to their pad LEDs (tools/pico/rounds.py:
# the same image and the same calls give the same presses at the same
# emulated times, so every run reaches the same writes).  The box writes its
# log between duels once 1 KB is pending (app.box _FLUSH_BYTES), appending to
# logs/game_N.jsonl; the flash operations of a write come within
# WRITE_GAP_US of each other.

LOG_DIR = P.BOARD_DIR + "/logs"
WRITE_GAP_US = 100000


def log_writes(flash_events, after_t):
    """The flash operations after after_t grouped into writes: [[n, ...]]."""
    groups = []
    last_t = None
    for e in flash_events:
        if e["t"] < after_t:
            continue
        if last_t is None or e["t"] - last_t > WRITE_GAP_US:
            groups.append([])
        groups[-1].append(e["n"])
        last_t = e["t"]
    return groups


def _log_run(image, tmp, name, board, stop=None, halt_op=None):
    from tools.pico import rounds
    flash = os.path.join(tmp, name)
    shutil.copyfile(image, flash)
    p = Pico(flash=flash, board=board)
    p.start()
    try:
        r = rounds.games_in_a_row(p, "batawaf", 1, board, stop=stop, halt_op=halt_op)
    except BaseException:
        p.close()
        raise
    return p, r, flash


def read_logs(p):
    """{file name: text} of the box's game logs (the box stands down)."""
    out = look(p, "import os\n"
                  "for f in sorted(os.listdir(%r)):\n"
                  "    print('LOG', f, repr(open(%r + '/' + f).read()))\n" % (LOG_DIR, LOG_DIR))
    logs = {}
    for line in out.splitlines():
        if line.startswith("LOG "):
            _, f, text = line.split(" ", 2)
            if f.startswith("game_"):      # (not `last`, the numbering)
                logs[f] = eval(text, {})   # a str printed by the board
    return logs


def log_write_ops(image, tmp, board="pico_matrix", write=2):
    """Probe: play until the `write`-th write after the deal is done:
    (flash operation numbers of that write, {file: text} after it)."""
    def stop(p, r):
        if r.deal_t is None:
            return False
        g = log_writes(p.events("flash"), r.deal_t)
        return len(g) > write or (len(g) == write and p.now_us - _t_of(p, g[-1][-1]) > 2 * WRITE_GAP_US)
    p, r, _ = _log_run(image, tmp, "logprobe.bin", board, stop=stop)
    try:
        ops_of = log_writes(p.events("flash"), r.deal_t)
        if len(ops_of) < write:
            raise P.PlayError("only %d flash writes after the deal" % len(ops_of))
        return ops_of[write - 1], read_logs(p)
    finally:
        p.close()


def _t_of(p, n):
    for e in p.events("flash"):
        if e["n"] == n:
            return e["t"]
    return 0


def cut_during_log(image, tmp, op, board="pico_matrix"):
    """Power cut right after flash operation number `op` of the game (a
    log write, found by log_write_ops), then power on again from that
    flash: (console of the boot, {file: text} of the logs, first frame
    time)."""
    name = "logcut%d.bin" % op
    p, r, flash = _log_run(image, tmp, name, board, halt_op=op)
    try:
        if not r.halted:
            raise P.PlayError("the game ended before flash operation %d" % op)
    finally:
        p.close()       # the power goes
    p, t0 = boot(flash, board)
    try:
        console = p.serial_text()
        return console, read_logs(p)
    finally:
        p.close()


def hang(p):
    """The main loop hangs: mpremote takes the REPL (the box stands down,
    its watchdog off), then the box runs again with its watchdog armed and a
    draw that never returns (a loop that never ends).  Returns the emulated
    time the hang began (about).  (A hang in an idle wait, time.sleep(3600),
    froze the emulator's free run: reported to the harness's owner.)"""
    code = ("BOX.wdt.start()\n"
            "def stuck():\n"
            "    while True:\n"
            "        pass\n"
            "BOX.draw = stuck\n"
            "BOX.dirty = True\n"
            "BOX.run()\n")
    p.run_free()
    try:
        P.mpremote(p.port, "resume", "exec", "--no-follow", code)
    finally:
        t = p.pause()
    return t


def hammer(p, pins, t0, seconds, hz=50, hold_us=8000):
    """Every pad pressed hz times a second for `seconds`, all in phase
    (the worst case: every interrupt at once).  Returns the falling edges
    driven."""
    period = 1000000 // hz
    n = 0
    t = t0
    end = t0 + seconds * 1000000
    while t < end:
        for g in pins:
            p.set_input(g, 0, t)
            p.set_input(g, 1, t + hold_us)
            n += 1
        t += period
    return n
