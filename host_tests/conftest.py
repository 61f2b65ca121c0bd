# pytest on CPython: the firmware and the portable tests are importable the
# same way the MicroPython runner makes them (see mp_run.py).
import atexit
import gc
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(HERE, "portable"), os.path.join(ROOT, "firmware"), ROOT, HERE):
    if p not in sys.path:
        sys.path.insert(0, p)

# pygame headless, before any test module imports it: SDL's dummy video and
# audio (no window, no sound card needed) and no greeting on stdout.  Set
# here once for every test, whether the suite or one file runs; a value the
# caller set wins.  Tests that start `python -m sim` themselves still pass
# the environment they mean to test (test_sim_noscreen removes the video one).
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# The files the tests make (a box's flash: hal.host.parts.default_dir, the
# MicroPython runs they start, tempfile's) go under one directory of this
# process, removed when it ends: a run of the suite leaves nothing in /tmp
# (it left a thousand directories).  xdist's workers inherit TMPDIR and
# make theirs inside.
_SCRATCH = tempfile.mkdtemp(prefix="bbx_pytest_")
tempfile.tempdir = os.environ["TMPDIR"] = _SCRATCH
atexit.register(shutil.rmtree, _SCRATCH, True)

# The corpus of issue 22 on CPython is test_corpus_sim.py: every case through
# the simulator's box, the same App, host HAL and Drive as the portable
# replay, whose run under pytest was the same proof twice (9 s).  The portable
# replay is for the MicroPython port (make test-micropython: mp_run.py).
collect_ignore = ["portable/test_corpus.py"]

# Hypothesis: deterministic in the suite (the machine is shared and noisy, a
# property test must not flake on timing or on a lucky draw); `make fuzz`
# selects the "fuzz" profile, which explores far more and at random.
try:
    from hypothesis import settings, HealthCheck

    settings.register_profile("suite", deadline=None, derandomize=True,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.register_profile("fuzz", deadline=None, max_examples=5000,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))
except ImportError:  # pragma: no cover - hypothesis comes with make test
    pass


# The box calls gc.collect() between games, screens and rounds (its heap on
# the board); under pytest on CPython each call walked every object pytest,
# hypothesis, pygame and the collected test modules hold: 38 ms a call, half
# of a bot match's CPU.  Those are frozen once collected (gc.freeze: kept,
# never walked again); what a test makes is collected as before.  CPython's
# collector decides nothing a test checks (the heap figures are the ports').
def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()
