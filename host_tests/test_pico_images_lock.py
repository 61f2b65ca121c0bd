# The emulator tests' `make flash` lock (tools/pico/images.py): every
# `make flash` rebuilds build/mpy, so a test that runs one holds
# make_flash_lock and another process's flash waits for it (CI failed once
# when two workers' flashes overlapped: "cp: No such file or directory").
import subprocess
import sys
import textwrap

from tools.pico import images
from tools.pico.pico import ROOT

TRY = textwrap.dedent("""
    import fcntl, os, sys
    f = open(os.path.join(sys.argv[1], "flash.lock"), "w")
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        print("got it")
    except BlockingIOError:
        print("held")
""")


def other_process_tries():
    r = subprocess.run([sys.executable, "-c", TRY, images.CACHE], cwd=ROOT, capture_output=True, text=True,
                       timeout=60)
    return r.stdout.strip()


def test_make_flash_lock_keeps_another_process_out_until_it_is_let_go():
    with images.make_flash_lock():
        assert other_process_tries() == "held"
    assert other_process_tries() == "got it"
