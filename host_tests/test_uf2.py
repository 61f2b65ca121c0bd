# The one-file firmware (`make uf2`, tools/uf2.py): main.py boots the board
# file frozen into it when the file system has none (a board.json there
# wins), the build says what is missing and where to get it, the Debian
# package helper, and the UF2 itself: an RP2040 image holding the box, its
# board file and the port's own boot code.
import io
import os
import struct
import subprocess
import sys
import tempfile
from contextlib import redirect_stdout

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))
import uf2  # noqa: E402

UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
RP2040_FAMILY = 0xE48BFF56


def frozen_board(d, name):
    with open(os.path.join(ROOT, "boards", name + ".json")) as f:
        text = f.read()
    with open(os.path.join(d, "box_board.py"), "w") as f:
        f.write(uf2.FROZEN_BOARD.format(name=name, text=" ".join(text.split())))


@pytest.fixture
def frozen_oled():
    with tempfile.TemporaryDirectory() as d:
        frozen_board(d, "pico_oled")
        sys.path.insert(0, d)
        sys.modules.pop("box_board", None)
        try:
            yield d
        finally:
            sys.path.remove(d)
            sys.modules.pop("box_board", None)


def test_main_boots_the_frozen_board_when_no_board_json(frozen_oled):
    import hal
    import main
    app = main.main(os.path.join(frozen_oled, "board.json"), hal.open_host, run=False)
    assert app is not None and app.state == "menu"
    assert app.hal.board.display.kind == "ssd1306"
    assert app.hal.board.source == "frozen board pico_oled"
    assert "box_board" not in sys.modules      # read once, then left to the flash


def test_a_board_json_on_the_file_system_wins_over_the_frozen_board(frozen_oled):
    import hal
    import main
    with open(os.path.join(ROOT, "boards", "pico_eink.json")) as f:
        text = f.read()
    path = os.path.join(frozen_oled, "board.json")
    with open(path, "w") as f:
        f.write(text)
    app = main.main(path, hal.open_host, run=False)
    assert app.hal.board.display.kind == "ssd1680"
    assert app.hal.board.source == path


def test_a_bad_board_json_is_refused_even_with_a_frozen_board(frozen_oled):
    # a maker's mistake is said, not hidden by the frozen board
    import main
    path = os.path.join(frozen_oled, "board.json")
    with open(path, "w") as f:
        f.write("{not json")
    out = io.StringIO()
    with redirect_stdout(out):
        assert main.main(path, run=False) is None
    assert out.getvalue().startswith("bad board file " + path)


def test_uf2_tool_says_which_sources_are_missing_and_how_to_get_them():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "uf2.py"), "where", "--src", "/nonexistent/mp"],
                       capture_output=True, text=True)
    assert r.returncode == 2
    assert "/nonexistent/mp" in r.stderr
    assert "micropython-v1.28.0-rp2-unix-src.tar.xz" in r.stderr
    assert "git clone --branch v1.28.0 https://github.com/micropython/micropython" in r.stderr
    assert "picotool" in r.stderr


def test_uf2_tool_maps_each_board_to_its_micropython_build():
    import json
    for f in sorted(os.listdir(os.path.join(ROOT, "boards"))):
        with open(os.path.join(ROOT, "boards", f)) as fh:
            text = fh.read()
        want = {"rp2040_zero": "WAVESHARE_RP2040_ZERO"}.get(json.loads(text)["module"], "RPI_PICO")
        assert uf2.board_module(text) == want, f
    with pytest.raises(SystemExit):
        uf2.board_module('{"module": "esp32"}')


def test_need_apt_says_what_to_install_when_not_root():
    with tempfile.TemporaryDirectory() as d:
        for name, body in (("id", "echo 1000"), ("sudo", "exit 1"), ("dpkg-query", "exit 1")):
            p = os.path.join(d, name)
            with open(p, "w") as f:
                f.write("#!/bin/sh\n%s\n" % body)
            os.chmod(p, 0o755)
        env = dict(os.environ, PATH=d + os.pathsep + os.environ["PATH"])
        r = subprocess.run(["sh", os.path.join(ROOT, "tools", "need_apt.sh"), "cmake", "gcc-multilib"],
                           capture_output=True, text=True, env=env)
    assert r.returncode == 1
    assert "apt-get install cmake gcc-multilib" in r.stderr


def test_need_apt_does_nothing_when_everything_is_installed():
    # dpkg itself is installed wherever apt-get is
    r = subprocess.run(["sh", os.path.join(ROOT, "tools", "need_apt.sh"), "dpkg"], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout == "" and r.stderr == ""


def test_uf2_tool_rebuilds_a_build_directory_configured_elsewhere(tmp_path):
    # a build/ copied from another clone: cmake's Makefiles there write to
    # that other place, and the UF2 found here would hold its box
    bdir = tmp_path / "rp2-RPI_PICO"
    bdir.mkdir()
    assert not uf2.configured_here(str(bdir))            # never configured
    (bdir / "CMakeCache.txt").write_text("CMAKE_CACHEFILE_DIR:INTERNAL=/elsewhere/rp2-RPI_PICO\n")
    assert not uf2.configured_here(str(bdir))
    (bdir / "CMakeCache.txt").write_text("CMAKE_CACHEFILE_DIR:INTERNAL=%s\n" % bdir)
    assert uf2.configured_here(str(bdir))


def test_uf2_tool_checks_the_board_it_froze_is_in_the_image():
    # blocks of 256 bytes each, out of order: the board text spans two
    board = " ".join(open(os.path.join(ROOT, "boards", "pico_oled.json")).read().split())
    data = (b"x" * 300 + board.encode() + b"y" * 300)
    data += b"\0" * (-len(data) % 256)
    blocks = []
    n = len(data) // 256
    for i in range(n):
        head = struct.pack("<8I", UF2_MAGIC[0], UF2_MAGIC[1], 0x2000, 0x10000000 + 256 * i, 256, i, n,
                           RP2040_FAMILY)
        blocks.append(head + data[256 * i:256 * (i + 1)] + b"\0" * 220 + struct.pack("<I", UF2_MAGIC[2]))
    image = b"".join(reversed(blocks))
    assert uf2.frozen_board_in(image, board)
    other = " ".join(open(os.path.join(ROOT, "boards", "pico_matrix.json")).read().split())
    assert not uf2.frozen_board_in(image, other)


def uf2_payload(path):
    """The bytes a UF2 writes, by flash address; checks every block."""
    data = {}
    with open(path, "rb") as f:
        raw = f.read()
    assert len(raw) % 512 == 0 and raw
    n = len(raw) // 512
    for i in range(n):
        b = raw[i * 512:(i + 1) * 512]
        m0, m1, flags, addr, size, seq, total, family = struct.unpack("<8I", b[:32])
        assert (m0, m1) == UF2_MAGIC[:2] and struct.unpack("<I", b[508:])[0] == UF2_MAGIC[2]
        assert flags & 0x2000 and family == RP2040_FAMILY
        assert seq == i and total == n
        data[addr] = b[32:32 + size]
    return b"".join(data[a] for a in sorted(data)), min(data)


@pytest.fixture(scope="module")
def firmware():
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "box.uf2")
        r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "uf2.py"), "firmware",
                            "--board", "pico_matrix", "--out", out], capture_output=True, text=True, cwd=ROOT)
        if r.returncode == 2 and os.environ.get("CI", "").lower() not in ("true", "1", "yes"):
            pytest.skip("no MicroPython sources: " + r.stderr.strip().splitlines()[0])
        assert r.returncode == 0, r.stdout + r.stderr
        yield out


def test_uf2_is_an_rp2040_image_with_the_box_its_board_and_the_ports_boot_code(firmware):
    data, start = uf2_payload(firmware)
    assert start == 0x10000000          # from the start of the flash: boot stage 2 first
    with open(os.path.join(ROOT, "boards", "pico_matrix.json")) as f:
        board = " ".join(f.read().split())
    assert board.encode() in data       # the board file, as data
    for name in (b"_boot.py", b"rp2.py", b"main.py", b"box_board.py", b"app/box.py", b"games/tape.py"):
        assert name in data, name
    assert b"MicroPython-1.28.0" in data   # the version the sources say (no git tag in a tarball)
