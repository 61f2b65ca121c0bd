# The real firmware on the emulated RP2040 (tools/pico, docs/pico.md).
# These tests need the inputs from ../shared/pico (bootrom, MicroPython UF2)
# and node with the pinned rp2040js (`make pico-deps`).  Without them they
# are skipped with the reason, except in CI (CI=true), where a missing input
# fails them: a CI that cannot boot the box must not pass.
import os
import sys
import time

import pytest

from tools.pico import pico as P
from tools.pico import images


def in_ci():
    return os.environ.get("CI", "").lower() in ("true", "1", "yes")


def require_emulator():
    why = P.not_ready()
    if why:
        msg = "emulated RP2040: " + why
        if in_ci():
            pytest.fail(msg, pytrace=False)
        pytest.skip(msg)


@pytest.fixture(scope="session")
def flashed():
    """flashed(board, dest) -> copies an image of the box (made once by
    `make flash` onto an emulated Pico, cached in build/pico) to dest."""
    require_emulator()
    made = {}

    def get(board, dest):
        t0 = time.monotonic()
        info = images.copy_of(board, str(dest))
        made.setdefault(board, (info["cached"], time.monotonic() - t0))
        return info
    yield get
    for board, (cached, secs) in made.items():
        print("\n[pico] %s image: %s" % (board, "cached" if cached else "make flash took %.0f s" % secs))


@pytest.fixture(scope="session")
def mpy_tree(tmp_path_factory):
    """A private `make mpy` tree (tools/mpy.py build) for tests that run
    tools/flash.py --no-build --build-dir: build/mpy is not theirs, every
    `make flash` of the image maker on the other worker rebuilds it (a copy
    read from it mid-rebuild fails: "cp: No such file or directory")."""
    import subprocess
    import sys
    out = tmp_path_factory.mktemp("mpy_tree") / "mpy"
    r = subprocess.run([sys.executable, "tools/mpy.py", "build", str(out)], cwd=P.ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    return str(out)


@pytest.fixture
def emulator():
    require_emulator()
    made = []

    def start(**kw):
        p = P.Pico(**kw)
        made.append(p)
        return p.start()
    yield start
    for p in made:
        p.close()


@pytest.fixture
def frozen_booted(flashed, tmp_path):
    """frozen_booted(board) -> (FB, pico, first): the one-file UF2 of
    `board` (`make uf2`, bench/host_pico_feedback.py builds it) booted on an
    emulated Pico, first: power-on to its first frame (us); FB, that bench
    module (its press and frame measures).  No MicroPython sources: skipped,
    or failed in CI.  The Pico is closed after the test."""
    import sys
    sys.path.insert(0, os.path.join(P.ROOT, "bench"))
    import host_pico_feedback as FB
    made = []

    def boot(board):
        try:
            uf2 = FB.uf2(board, str(tmp_path / ("%s.uf2" % board)))
        except RuntimeError as e:
            if in_ci():
                raise
            pytest.skip(str(e).splitlines()[0])
        p, first = FB.booted(uf2, str(tmp_path / ("%s.bin" % board)), board)
        made.append(p)
        return FB, p, first
    yield boot
    for p in made:
        p.close()


# The order the files are handed out in (make test-pico: two xdist workers,
# whole files, --no-loadscope-reorder): the longest first, so that the
# last file a worker takes is a short one and the other is not left alone
# for minutes with a long file (xdist's own order, most tests first, put
# the one-test game files last).  Wall seconds of each file on a loaded
# two-core machine: the stage's junit times of 2026-12-06, the pin games
# left from their pause and the flash cut at its second copy measured
# alone since; a file not listed goes after these, in its usual order.
COST_S = {
    "test_pico_displays.py": 213, "test_pico_faults.py": 166,
    "test_pico_flash_cut.py": 150, "test_uf2_pico.py": 144,
    "test_uf2_romfs_pico.py": 124, "test_pico_play_bataille.py": 90,
    "test_pico_play.py": 85, "test_pico_feedback.py": 83,
    "test_web.py": 100, "test_pico_resume.py": 140, "test_pico_play_box_tape.py": 50,
    "test_pico_play_box.py": 45, "test_pico_play_batawaf.py": 42,
    "test_pico_voice.py": 39, "test_pico_battery.py": 27,
    "test_pico_sleep.py": 18, "test_uf2_align_pico.py": 12,
    "test_pico_fastcore.py": 35,
}


def pytest_collection_modifyitems(config, items):
    # the last make test's own times of each file when it left them
    # (tools/suite_times.py keeps them in build/test-times/last/), else
    # COST_S: a fresh clone's, and a file the last run did not time
    sys.path.insert(0, os.path.join(P.ROOT, "tools"))
    import suite_times
    costs = dict(COST_S, **suite_times.file_costs(os.path.join(P.ROOT, "build", "test-times", "last", "rp2040.xml")))

    def cost(item):
        return -costs.get(os.path.basename(str(item.fspath)), 0)
    items.sort(key=cost)       # (stable: a file's tests keep their order)
