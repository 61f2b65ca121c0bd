# Deploy: tools/flash.py prints the mpremote commands (--dry-run, no board),
# package.json and manifest.py list every firmware file the board runs, and
# main.py boots a board file (or says what is wrong with it).
import io
import json
import os
import subprocess
import sys
import tempfile
from contextlib import redirect_stdout

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import flash  # noqa: E402
import mpy_tree  # noqa: E402


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    # a copy of the tests' one .mpy tree of this content (mpy_tree): flash
    # writes its manifest beside the tree it copies
    return mpy_tree.copy(str(tmp_path_factory.mktemp("built")))


def dry_run(built, *args):
    out = io.StringIO()
    with redirect_stdout(out):
        rc = flash.main(list(args) + ["--dry-run", "--no-build", "--build-dir", built])
    return rc, out.getvalue().splitlines()


def test_flash_dry_run_copies_the_whole_tree_and_the_board_file(built):
    rc, lines = dry_run(built, "--board", "pico_oled", "--port", "socket://192.168.4.1:8266")
    assert rc == 0
    assert all(ln.startswith("mpremote connect socket://192.168.4.1:8266 ") for ln in lines)
    copied = set()
    for ln in lines:
        words = ln.split()[3:]
        if words[:2] == ["fs", "cp"]:
            dest = words[-1]
            for src in words[2:-1]:
                copied.add((src, dest))
    want = set()
    for d, _, fs in os.walk(built):
        for f in fs:
            rel = os.path.relpath(os.path.join(d, f), built).replace(os.sep, "/")
            folder = rel.rsplit("/", 1)[0] + "/" if "/" in rel else ""
            want.add((os.path.relpath(os.path.join(d, f), ROOT), ":.flash/" + folder))
    assert want <= copied     # each file under .flash/, renamed into place when whole
    assert ("boards/pico_oled.json", ":.flash/board.json") in copied
    assert lines[-1].endswith(" reset")
    # main.py stays source, everything else is .mpy
    srcs = [s for s, _ in copied if s.endswith(".py")]
    assert [os.path.basename(s) for s in srcs] == ["main.py"]


def test_mpy_names_its_source_relative_to_firmware(built):
    # a traceback on the board says "app/box.mpy", the path the board
    # imports it by (its __file__: one interned name, not two), not the
    # path of the checkout it was built in (the same .mpy from any clone)
    with open(os.path.join(built, "app", "box.mpy"), "rb") as f:
        data = f.read()
    assert b"app/box.mpy" in data and b"app/box.py" not in data
    assert ROOT.encode() not in data
    assert b"firmware/" not in data


def test_flash_without_port_lets_mpremote_find_the_board(built):
    rc, lines = dry_run(built, "--board", "pico_matrix")
    assert rc == 0 and lines and not [ln for ln in lines if " connect " in ln]
    assert "mpremote fs cp boards/pico_matrix.json :.flash/board.json" in lines


def test_flash_unknown_board_names_the_boards(built):
    rc, lines = dry_run(built, "--board", "pico_nope")
    assert rc == 2 and "pico_matrix" in lines[0]


def test_flash_command_line_dry_run():
    r = subprocess.run([sys.executable, "tools/flash.py", "--board", "pico_eink", "--port", "/dev/ttyACM0",
                        "--dry-run"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "python tools/mpy.py build build/mpy"
    assert "mpremote connect /dev/ttyACM0 fs cp boards/pico_eink.json :.flash/board.json" in lines


def test_package_json_lists_every_board_file():
    with open(os.path.join(ROOT, "package.json")) as f:
        pkg = json.load(f)
    assert pkg["version"] == flash.VERSION
    listed = [dst for dst, src in pkg["urls"]]
    assert listed == flash.board_sources() + flash.data_files(), "run: python tools/flash.py --package-json"
    assert "voice/fr.vox" in listed and "voice/en.vox" in listed
    for dst, src in pkg["urls"]:
        assert src == "firmware/" + dst and os.path.exists(os.path.join(ROOT, src))
    assert "main.py" in listed and not [d for d in listed if d.startswith("hal/host")]


def test_manifest_freezes_every_board_file():
    frozen = []
    meta = {}

    def module(name, base_path="."):
        frozen.append(name)

    def package(name, files=None, base_path="."):
        base = os.path.join(ROOT, base_path, name)
        if files is None:
            files = sorted(f for f in os.listdir(base) if f.endswith(".py"))
        for f in files:
            assert os.path.exists(os.path.join(base, f)), f
            frozen.append(name + "/" + f)

    def metadata(**kw):
        meta.update(kw)

    here = os.getcwd()
    os.chdir(ROOT)          # as makemanifest runs it: from its own folder
    g = {"module": module, "package": package, "metadata": metadata}
    try:
        with open(os.path.join(ROOT, "manifest.py")) as f:
            exec(f.read(), g)
    finally:
        os.chdir(here)
    # the version a line of its own, not metadata()'s: makemanifest would
    # append __version__ to every frozen module (a name more in each table)
    assert g["VERSION"] == flash.VERSION and "version" not in meta
    assert sorted(frozen) == flash.board_sources()


def test_main_boots_a_board_file_on_the_host_hal():
    import hal
    import main
    app = main.main(os.path.join(ROOT, "boards", "pico_oled.json"), hal.open_host, run=False)
    assert app is not None and app.state == "menu"
    app.tick()
    assert app.frames == 1
    assert app.hal.watchdog.started


def test_main_bad_board_file_says_why():
    import main
    with tempfile.TemporaryDirectory() as d:
        bad = os.path.join(d, "board.json")
        with open(bad, "w") as f:
            f.write('{"name": "x", "module": "pico", "pads": [{"pin": 99}]}')
        out = io.StringIO()
        with redirect_stdout(out):
            assert main.main(bad, run=False) is None
        text = out.getvalue()
        assert text.startswith("bad board file " + bad)
        assert "make flash BOARD=" in text
        out = io.StringIO()
        with redirect_stdout(out):
            assert main.main(os.path.join(d, "missing.json"), run=False) is None
        assert "missing.json" in out.getvalue()


def fake_mpremote(d, body):
    path = os.path.join(d, "mpremote")
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body)
    os.chmod(path, 0o755)
    return path


def test_flash_runs_every_step_and_stops_when_no_board(built, monkeypatch, tmp_path):
    # (folders already there: the box's own os.mkdir in the start step is
    # tried and let be, test_flash_atomic.py flashes the same box twice)
    calls = tmp_path / "calls"
    ok = fake_mpremote(str(tmp_path), 'echo "$@" >> %s\nexit 0\n' % calls)
    monkeypatch.setattr(flash, "mpremote", lambda: ok)
    out = io.StringIO()
    with redirect_stdout(out):
        rc = flash.main(["--board", "pico_matrix", "--no-build", "--build-dir", built])
    assert rc == 0, out.getvalue()
    ran = calls.read_text().splitlines()
    assert ran[-1] == "reset" and "fs cp boards/pico_matrix.json :.flash/board.json" in ran
    nodev = fake_mpremote(str(tmp_path), 'echo "mpremote: no device found" >&2\nexit 1\n')
    monkeypatch.setattr(flash, "mpremote", lambda: nodev)
    out = io.StringIO()
    with redirect_stdout(out):
        rc = flash.main(["--board", "pico_matrix", "--no-build", "--build-dir", built])
    assert rc == 1
    assert "no device found" in out.getvalue() and "plugged in" in out.getvalue()
    # the port is not named busy when nothing says it is
    assert "holding the port" not in out.getvalue() and "mem32[" not in out.getvalue()


def _fields(b):
    out = {k: v for k, v in vars(b).items() if k not in ("pads", "display", "source")}
    out["pads"] = [(p.pin, p.led) for p in b.pads]
    out["display"] = vars(b.display)
    return out


@pytest.mark.parametrize("name", sorted(n[:-5] for n in os.listdir(os.path.join(ROOT, "boards"))
                                        if n.endswith(".json")))
def test_the_checked_board_make_flash_writes_is_the_checkers_board(tmp_path, monkeypatch, name):
    # boardok.json (tools/boardcheck.py, written by make flash beside the
    # board file): the box's boot takes the Board from it, not from the
    # checker (issue 41): every field as the checker makes it
    import boardcheck
    from hal import board, boarddata
    src = os.path.join(ROOT, "boards", name + ".json")
    with open(src, "rb") as f:
        (tmp_path / "board.json").write_bytes(f.read())
    (tmp_path / "boardok.json").write_text(boardcheck.checked_text(src))
    monkeypatch.chdir(tmp_path)
    got = boarddata.load("board.json")
    assert got is not None and got.source == "board.json"
    assert _fields(got) == _fields(board.load("board.json"))
    assert got.uses() == board.load("board.json").uses()


def test_main_takes_the_checked_board_and_checks_a_board_file_changed_since(tmp_path, monkeypatch):
    import boardcheck
    import hal
    import main
    from hal import board
    src = os.path.join(ROOT, "boards", "pico_oled.json")
    with open(src) as f:
        text = f.read()
    (tmp_path / "board.json").write_text(text)
    (tmp_path / "boardok.json").write_text(boardcheck.checked_text(src))
    monkeypatch.chdir(tmp_path)

    def no_check(*a, **kw):
        raise AssertionError("the checker ran: the checked board was not taken")
    with monkeypatch.context() as m:
        for fn in ("load", "parse", "validate"):
            m.setattr(board, fn, no_check)
        app = main.main("board.json", hal.open_host, run=False)
    assert app is not None and app.state == "menu"
    # a board file edited by hand since make flash: checked again, and a
    # bad pin named as without the checked board
    bad = json.loads(text)
    bad["pads"][0]["pin"] = 99
    (tmp_path / "board.json").write_text(json.dumps(bad))
    out = io.StringIO()
    with redirect_stdout(out):
        assert main.main("board.json", run=False) is None
    said = out.getvalue()
    assert said.startswith("bad board file board.json: board.json: ") and "99" in said, said
    assert said.splitlines()[0] == "bad board file board.json: " + str(pytest.raises(
        ValueError, board.load, "board.json").value)
