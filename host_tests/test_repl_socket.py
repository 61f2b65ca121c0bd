# `make repl PORT=socket://...` (issue 29, 4): mpremote 1.29's REPL on a
# socket:// port stopped with "AttributeError: 'Serial' object has no
# attribute 'fd'"; tools/repl.py runs mpremote's own REPL with the socket's
# descriptor given.  Here the box is a TCP server answering like
# MicroPython's REPL, the terminal a pty.
import os
import pty
import select
import socket
import subprocess
import sys
import threading
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fake_box():
    """A REPL on a TCP port: the banner, then '2' for each line it gets."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(4)
    seen = []

    def serve():
        while True:
            try:
                c, _ = srv.accept()
            except OSError:
                return
            c.sendall(b"MicroPython v1.28.0 on 2026-01-01; Raspberry Pi Pico with RP2040\r\n>>> ")
            buf = b""
            while True:
                try:
                    d = c.recv(100)
                except OSError:
                    break
                if not d:
                    break
                buf += d
                seen.append(d)
                if b"\r" in buf:
                    c.sendall(b"\r\n2\r\n>>> ")
                    buf = b""
            c.close()
    threading.Thread(target=serve, daemon=True).start()
    return srv, seen


def read_until(fd, want, timeout=20):
    out = b""
    end = time.monotonic() + timeout
    while want not in out and time.monotonic() < end:
        r, _, _ = select.select([fd], [], [], 0.2)
        if r:
            try:
                out += os.read(fd, 1000)
            except OSError:
                break
    return out


def run_repl(argv):
    master, slave = pty.openpty()
    p = subprocess.Popen(argv, cwd=ROOT, stdin=slave, stdout=slave, stderr=slave, close_fds=True)
    os.close(slave)
    return p, master


def leave(p, master, out):
    """Ctrl-] (mpremote leaves its REPL): exit 0, no traceback."""
    os.write(master, b"\x1d")
    p.wait(timeout=30)
    out += read_until(master, b"\n", timeout=1)
    assert p.returncode == 0, out
    assert b"Traceback" not in out and b"AttributeError" not in out, out


def close(p, master):
    if p.poll() is None:
        p.kill()
    os.close(master)


@pytest.mark.skipif(sys.platform == "win32", reason="a pty")
def test_make_repl_works_on_a_socket_port():
    srv, seen = fake_box()
    url = "socket://127.0.0.1:%d" % srv.getsockname()[1]
    p, master = run_repl(["make", "--no-print-directory", "-o", ".venv/.installed", "-o", ".venv/.installed-flash",
                          "repl", "PORT=" + url])
    try:
        out = read_until(master, b">>> ")
        assert b"Connected to MicroPython" in out or b">>> " in out, out
        os.write(master, b"1+1\r")
        out += read_until(master, b"2\r\n>>> ")
        assert b"2\r\n>>> " in out, out
        assert b"1+1" in b"".join(seen)
        leave(p, master, out)
    finally:
        close(p, master)
        srv.close()


def test_repl_says_in_one_line_when_nothing_answers():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    url = "socket://127.0.0.1:%d" % s.getsockname()[1]
    s.close()
    r = subprocess.run([sys.executable, "tools/repl.py", url], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 1 and "nothing answers at %s" % url in r.stdout and r.stdout.count("\n") == 1
