# `make repl` on the emulated RP2040's socket (issue 29, 4, done-when: "make
# repl works on the emulator's socket"): the README's second command for
# the emulated box.  The real MicroPython v1.28.0 firmware answers on
# socket://127.0.0.1:<port> as a board does over USB; `make repl` (tools/
# repl.py, then mpremote's own REPL) runs in a terminal (a pty), a line is
# typed and its answer read back, and Ctrl-] leaves with exit 0 and no
# traceback (mpremote 1.29 alone stops with "AttributeError: 'Serial' object
# has no attribute 'fd'": test_repl_socket.py reproduces it on a fake box).
import os
import sys

import pytest

from tools.pico.pico import ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from test_repl_socket import close, leave, read_until, run_repl  # noqa: E402


@pytest.mark.skipif(sys.platform == "win32", reason="a pty")
def test_make_repl_works_on_the_emulated_picos_socket(emulator):
    p = emulator(fresh=True)            # the stock firmware, nothing on its flash: its REPL
    p.run_for(2000000)
    p.run_free()                        # the emulated time runs on its own, as a plugged board's
    url = "socket://127.0.0.1:%d" % p.port
    r, master = run_repl(["make", "--no-print-directory", "-o", ".venv/.installed", "-o",
                          ".venv/.installed-flash", "repl", "PORT=" + url])
    try:
        out = read_until(master, b"Connected to MicroPython", timeout=60)
        assert b"Connected to MicroPython" in out, out
        os.write(master, b"\r")
        out += read_until(master, b">>> ", timeout=30)
        assert b">>> " in out, out
        os.write(master, b"6*7\r")
        out += read_until(master, b"42\r\n", timeout=30)
        assert b"42\r\n" in out, out
        leave(r, master, out)
    finally:
        close(r, master)
