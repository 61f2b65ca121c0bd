# The developers' route with the code in flash (tools/romfs.py): the UF2 of
# `make uf2 ROMFS=1` (MicroPython with a 256 KB ROMFS partition, no box
# frozen in) on a fresh emulated Pico, then `make flash` onto it: the .mpy
# tree goes into the partition (`mpremote romfs deploy`), the box boots
# into its menu with its modules imported from /rom (bytecode run in place),
# and the heap after boot is far above the .mpy-on-flash route's 138.6 KB
# (docs/app.md).  The ROMFS firmware is its own port build (about a minute
# of CPU the first time, cached in build/mp); the flash about 40 s wall.
import os
import subprocess
import sys

import pytest

from tools.pico import faults, images
from tools.pico.pico import ROOT

sys.path.insert(0, os.path.join(ROOT, "host_tests"))
import pico_box  # noqa: E402

BOARD = "pico_matrix"
MPY_ROUTE_FREE = 138600      # free after boot, .mpy files on the file system (docs/app.md)


def test_make_flash_onto_a_romfs_box_deploys_the_code_in_place(emulator, tmp_path):
    uf2 = str(tmp_path / "romfs.uf2")
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "uf2.py"), "firmware", "--romfs",
                        "--board", BOARD, "--out", uf2], capture_output=True, text=True, cwd=ROOT)
    if r.returncode == 2 and os.environ.get("CI", "").lower() not in ("true", "1", "yes"):
        pytest.skip("no MicroPython sources: " + r.stderr.strip().splitlines()[0])
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    flash = str(tmp_path / "flash.bin")
    p = emulator(uf2=uf2, flash=flash, fresh=True, board=BOARD)
    p.run_free()
    with images.make_flash_lock():      # (build/mpy is rebuilt: not while another test copies it)
        r = subprocess.run(["make", "--no-print-directory", "flash", "BOARD=" + BOARD,
                            "PORT=socket://127.0.0.1:%d" % p.port], capture_output=True, text=True, cwd=ROOT,
                           timeout=900)
    out = r.stdout + r.stderr
    assert r.returncode == 0, out[-3000:]
    assert "romfs deploy" in out and "ROMFS image deployed" in out, out[-3000:]
    p.pause()
    p.close()
    box = pico_box.Box(uf2=uf2, flash=flash, board=BOARD, fresh=False)
    box.start()
    try:
        text = box.text()
        assert "Traceback" not in text, text[-2000:]
        free = [f for t, a, f in box.lines() if t == "boot"][0]
        got = faults.look(box.pico, "import app.box, drivers.ws2812; print('FROM', app.box.__file__, "
                                    "drivers.ws2812.__file__)")
    finally:
        box.close()
    assert "FROM /rom/app/box.mpy /rom/drivers/ws2812.mpy" in got, got[-1500:]
    assert free > MPY_ROUTE_FREE + 30000, free
