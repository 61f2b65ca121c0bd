# Flashing that cannot half-succeed, on the emulated RP2040 (issue 29, 3):
# `make flash` onto a box that has the box already is cut with Ctrl-C at an
# `fs cp` (the second one here: files of the new version staged, more to
# come, as at any later one; every one under PICO_SOAK=1), the Pico is
# power-cycled: it says "half flashed ... run make flash again" on its
# console instead of running a mix; the next `make flash` mends it and it
# boots into its menu.  (The host test, test_flash_atomic.py, cuts inside
# files of a sample; here mpremote and the box's LittleFS are the real ones.)
import os
import shutil
import subprocess
import sys

import pytest

from tools.pico.pico import Pico, ROOT

BOARD = "pico_matrix"
SOAK = os.environ.get("PICO_SOAK") == "1"


@pytest.fixture(scope="module")
def image(flashed, tmp_path_factory):
    path = str(tmp_path_factory.mktemp("flashcut") / "image.bin")
    flashed(BOARD, path)
    return path


def cutter(tmp_path, k):
    """An mpremote that is the real one, except that at its k-th `fs cp`
    the person presses Ctrl-C (SIGINT to tools/flash.py) instead."""
    real = os.path.join(os.path.dirname(sys.executable), "mpremote")
    count = tmp_path / "cp_count"
    count.write_text("0")
    exe = tmp_path / "mpremote_cut"
    exe.write_text('#!/bin/sh\ncase "$*" in *" fs cp "*)\n'
                   '  n=$(cat %s); echo $((n + 1)) > %s\n'
                   '  if [ "$n" = "%d" ]; then kill -INT $PPID; exit 130; fi;;\nesac\n'
                   'exec "%s" "$@"\n' % (count, count, k, real))
    exe.chmod(0o755)
    return str(exe)


def flash(port, tree, mpremote=None):
    env = dict(os.environ)
    if mpremote:
        env["MPREMOTE"] = mpremote
    return subprocess.run([sys.executable, "tools/flash.py", "--board", BOARD, "--no-build", "--all",
                           "--build-dir", tree, "--port", "socket://127.0.0.1:%d" % port], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)


def boot(p):
    """Power-cycle and run 4 s; what the console said after the cycle."""
    p.pause()
    before = len(p.serial_text())
    p.power_cycle()
    p.run_for(4000000)
    return p.serial_text()[before:]


def n_copies(tree):
    import io
    from contextlib import redirect_stdout
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import flash as F
    out = io.StringIO()
    with redirect_stdout(out):
        F.main(["--board", BOARD, "--dry-run", "--no-build", "--all", "--build-dir", tree])
    return len([ln for ln in out.getvalue().splitlines() if " fs cp " in ln])


def test_pico_flash_cut_by_ctrl_c_says_half_flashed_and_the_next_flash_mends_it(image, mpy_tree, tmp_path):
    n = n_copies(mpy_tree)
    # (the second copy, not the middle one: the same state on the box, a
    # half-flashed manifest and some files staged, for a sixth of the
    # emulated copying; each copy is a wall-paced round trip per chunk)
    for k in (range(n) if SOAK else [1]):
        work = tmp_path / ("flash%d.bin" % k)
        shutil.copyfile(image, str(work))
        p = Pico(board=BOARD, flash=str(work))
        try:
            p.start()
            p.run_for(3000000)      # booted into its menu, as a box on a desk
            p.run_free()
            r = flash(p.port, mpy_tree, cutter(tmp_path, k))
            assert r.returncode == 130, r.stdout + r.stderr
            assert r.stdout.splitlines()[-1] == "interrupted: the box is half flashed; run make flash again"
            assert "Traceback" not in r.stdout + r.stderr
            said = boot(p)
            assert "half flashed" in said and "run make flash again" in said, said[-1500:]
            assert "Traceback" not in said, said[-1500:]
            p.run_free()
            r = flash(p.port, mpy_tree)
            assert r.returncode == 0, r.stdout + r.stderr
            said = boot(p)
            assert "half flashed" not in said and "Traceback" not in said, said[-1500:]
            assert "heap boot" in said, said[-1500:]        # the box is up (main.py's first heap line)
        finally:
            p.close()


def test_pico_flash_a_whole_flash_is_stamped_and_the_box_says_its_boot_times(image):
    # issue 41: make flash writes the stamp last and the board it checked
    # (boardok.json); the box's boot takes both (one read each, not the
    # listings of every folder nor the checker) and says where its boot went,
    # in ms since power-on, on its console (what mpremote shows)
    import re
    from tools.pico import faults
    p = Pico(board=BOARD, flash=image)
    try:
        p.start()
        p.run_for(4000000)
        said = p.serial_text()
        m = re.search(r"boot ms: main (\d+) check (\d+) board (\d+) hal (\d+) app (\d+) frame (\d+)", said)
        assert m, said[-1500:]
        ms = [int(x) for x in m.groups()]
        assert ms == sorted(ms) and ms[0] > 0, ms
        # the board checker never loaded (its class's name never interned),
        # the extensible built-ins kept in sys.modules by main.py (an import
        # of one is then no look on the file system)
        out = faults.look(p, "import micropython, sys\nmicropython.qstr_info(1)\n"
                             "print('BUILTINS', all(n in sys.modules for n in ('time', 'machine', 'os')))\n")
        assert "Q(_Checker)" not in out and "Q(board_display)" not in out and "Q(boarddata)" in out, out[-3000:]
        assert "BUILTINS True" in out, out[-1500:]
        out = faults.look(p, "import flashcheck\nfrom hal import boarddata\n"
                             "print('STAMPED', flashcheck.stamped(), boarddata.load('board.json') is not None)\n")
        assert "STAMPED True True" in out, out
    finally:
        p.close()
