"""Faults done to the emulated Pico (issue 12, item 3), for the tests of
host_tests/pico/test_pico_faults.py and the long runs of `make pico-soak`.

    cut_during_save(image, tmp, k)   power cut after the k-th flash operation
                                     of the settings save that choosing a
                                     game makes: -> (ops in the save, report)
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
    ms, SETTLE_US after that frame)."""
    p = Pico(flash=flash, board=board)
    p.start()
    t = P.first_frame(p)
    return p, (int(t) // 1000) * 1000 + P.SETTLE_US


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


def save_ops(image, tmp, board="pico_matrix", window_us=600000):
    """Probe: the flash operations of the save, as (count before, times of
    each operation after the choose press)."""
    flash = os.path.join(tmp, "probe.bin")
    shutil.copyfile(image, flash)
    p, t0 = boot(flash, board)
    try:
        pins = P.S.Scenario("probe", "bataille", [0, 1], {}, None, board).pins()
        t = choose_bataille(p, pins, t0)
        p.run_until(t)
        n0 = ops(p)
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
    flash = os.path.join(tmp, "cut%d.bin" % k)
    shutil.copyfile(image, flash)
    p, t0 = boot(flash, board)
    try:
        pins = P.S.Scenario("probe", "bataille", [0, 1], {}, None, board).pins()
        t = choose_bataille(p, pins, t0)
        p.run_until(t)
        n0 = ops(p)
        while ops(p) < n0 + k and p.now_us < t + 2000000:
            p.run_for(STEP_US)
        done = ops(p) - n0
    finally:
        p.close()       # the power goes: the flash as it is now
    p, t0 = boot(flash, board)
    try:
        console = p.serial_text()
        notice, game = values(p, "BOX.notice", "BOX.settings['game']")
        return done, notice, game, console
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
