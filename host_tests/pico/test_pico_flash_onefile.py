# `make flash` onto a box that runs the one-file firmware (issue 29, 3's
# done-when: "cannot produce a mix"), on the emulated RP2040 with the real
# mpremote over the box's socket: the frozen UF2 of pico_matrix booted, then
# tools/flash.py (make flash's copy) is refused in one line naming both ways
# out, before anything is written: the box's file system holds afterwards
# exactly what it held before (the one-file box needs only its frozen
# modules), and it still boots into its own frozen box.  The host's
# test_flash_atomic.py checks the same refusal on a fake box.
import os
import subprocess
import sys

from tools.pico.pico import ROOT

BOARD = "pico_matrix"
LIST = "import os\nprint('FILES', sorted(os.listdir('/')))\n"


def mpremote(port, *args):
    exe = os.path.join(os.path.dirname(sys.executable), "mpremote")
    return subprocess.run([exe, "connect", "socket://127.0.0.1:%d" % port] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def test_make_flash_onto_a_one_file_box_is_refused_and_changes_nothing(frozen_booted, mpy_tree):
    FB, p, first = frozen_booted(BOARD)
    p.run_free()
    before = mpremote(p.port, "exec", LIST)
    assert before.returncode == 0, before.stdout + before.stderr
    files = [ln for ln in before.stdout.splitlines() if ln.startswith("FILES")]
    assert files, before.stdout
    r = subprocess.run([sys.executable, "tools/flash.py", "--board", BOARD, "--no-build", "--all",
                        "--build-dir", mpy_tree, "--port", "socket://127.0.0.1:%d" % p.port], cwd=ROOT, capture_output=True, text=True,
                       timeout=600)
    said = r.stdout.strip().splitlines()
    assert r.returncode == 1, r.stdout + r.stderr
    assert "one-file firmware" in said[-1] and "plain MicroPython UF2" in said[-1] and "make uf2" in said[-1]
    assert said[-1].endswith("nothing copied"), said[-1]
    assert "Traceback" not in r.stdout + r.stderr
    assert not [ln for ln in said if " fs cp " in ln], said
    after = mpremote(p.port, "exec", LIST)
    assert [ln for ln in after.stdout.splitlines() if ln.startswith("FILES")] == files, after.stdout
    # and it is still the frozen box: power-cycled, it boots its own main.py
    p.pause()
    n = len(p.serial_text())
    p.power_cycle()
    p.run_for(3000000)
    out = p.serial_text()[n:]
    assert "heap boot" in out and "half flashed" not in out and "Traceback" not in out, out[-1500:]
