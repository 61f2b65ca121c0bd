# The emulator's door (issue 29, 4): `python -m tools.pico serve` names every
# missing input at once with its recipe, announces no step it will not run,
# takes a relative --uf2, and calls a one-file box (make uf2) what it is.
import io
import os
import subprocess
import sys
import time
from contextlib import redirect_stdout

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from tools.pico import pico as P  # noqa: E402
from tools.pico import __main__ as door  # noqa: E402


def serve(*args):
    out = io.StringIO()
    with redirect_stdout(out):
        rc = door.main(["serve"] + list(args))
    return rc, out.getvalue()


def test_every_missing_input_is_named_at_once_with_a_recipe(tmp_path):
    rc, out = serve("--uf2", str(tmp_path / "none.uf2"), "--bootrom", str(tmp_path / "none.bin"), "--install")
    lines = out.splitlines()
    # node's rp2040js is a third missing input until `make pico-deps` ran
    # (make test runs this file before test-pico installs it)
    node = P.node_ready()
    assert rc == 2 and "%d input(s) missing" % (2 if node else 3) in lines[0]
    assert node or "make pico-deps" in lines[3]
    assert "none.bin" in lines[1] and "git clone https://github.com/raspberrypi/pico-bootrom" in lines[1]
    assert "git checkout b1" in lines[1] and "gcc-arm-none-eabi" in lines[1]
    assert "none.uf2" in lines[2] and "micropython.org/download/RPI_PICO" in lines[2]
    # no announcement of a `make flash` that does not happen
    assert "make flash" not in out and "copying" not in out


def test_a_relative_uf2_path_is_taken_from_where_it_was_typed(tmp_path, monkeypatch):
    f = tmp_path / "sub" / "x.uf2"
    f.parent.mkdir()
    f.write_bytes(b"UF2")
    monkeypatch.chdir(tmp_path)
    assert P.find_input(P.UF2_NAME, "sub/x.uf2") == str(f)   # absolute: node runs in tools/pico


def uf2_with(tmp_path, name, payload):
    p = tmp_path / name
    p.write_bytes(b"UF2\n\x57\x51\x5d\x9e" + payload + b"\x00" * 64)
    return str(p)


def test_a_one_file_uf2_is_recognised_by_its_frozen_board(tmp_path):
    assert P.one_file_box(uf2_with(tmp_path, "bataille-box-pico_oled-0.1.0.uf2", b"..box_board..")) == "pico_oled"
    assert P.one_file_box(uf2_with(tmp_path, "mine.uf2", b"box_board")) == "its frozen board"
    assert P.one_file_box(uf2_with(tmp_path, "RPI_PICO-v1.28.0.uf2", b"plain micropython")) is None


class FakePico:
    def __init__(self, **kw):
        self.kw = kw
        self.port = 2041
        self.stopped = "the test stops it"

    def start(self):
        return self

    def run_free(self, realtime=True):
        pass

    def close(self):
        pass


def test_serve_names_a_one_file_box_and_does_not_offer_make_flash(tmp_path, monkeypatch):
    uf2 = uf2_with(tmp_path, "bataille-box-pico_matrix-0.1.0.uf2", b"box_board")
    monkeypatch.setattr(door, "Pico", FakePico)
    monkeypatch.setattr(door, "missing_inputs", lambda uf2=None, bootrom=None: [])
    monkeypatch.setattr(door.time, "sleep", lambda s: None)
    rc, out = serve("--uf2", uf2, "--install", "--flash", str(tmp_path / "none.bin"))
    assert "a one-file box (pico_matrix" in out and "empty board" not in out, out
    assert "copying it with `make flash`" not in out
    plain = uf2_with(tmp_path, "RPI_PICO-v1.28.0.uf2", b"plain")
    rc, out = serve("--uf2", plain, "--flash", str(tmp_path / "none.bin"))
    assert "an empty board: copy the box with  make flash" in out


@pytest.mark.skipif(P.not_ready() is not None, reason="the emulator's inputs or node are missing")
def test_serve_with_a_relative_uf2_boots_the_emulated_pico(tmp_path):
    uf2 = P.find_input(P.UF2_NAME, env="PICO_UF2")
    rel = os.path.relpath(uf2, ROOT)
    p = subprocess.Popen([sys.executable, "-m", "tools.pico", "serve", "--uf2", rel, "--fresh", "--port", "0",
                          "--flash", str(tmp_path / "f.bin")], cwd=ROOT, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    try:
        out = ""
        end = time.monotonic() + 120
        while "USB serial" not in out and time.monotonic() < end and p.poll() is None:
            out += p.stdout.readline()
        assert "USB serial: socket://127.0.0.1:" in out and "Error" not in out, out
    finally:
        p.terminate()
        p.wait(timeout=30)
