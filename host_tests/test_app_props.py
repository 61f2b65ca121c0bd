# Whatever children do with the pads (random presses, holds, mashing, the
# menu button) the box never shows an error, stays within the display, and
# every game log it writes replays.  Short runs in the suite, long ones in
# `make fuzz`.
import os

import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

from examples import examples

import hal as _hal
from core import log as _log
from app import box, logs as _logs
from games import bataille_replay, tape_replay

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = ("pico_matrix", "pico_oled", "pico_eink")

action = st.tuples(st.integers(0, 7),                # pad (or 7: the menu button)
                   st.integers(0, 3000),             # ms before it
                   st.sampled_from((40, 80, 2000)))  # how long it is held


def run(board_name, seed, actions):
    h = _hal.open_host(os.path.join(ROOT, "boards", board_name + ".json"))
    h.watchdog.start()
    app = box.App(h, seed=seed)
    app.quiet.collect = lambda: None
    n = h.board.n_pads
    written = set()
    for k, gap_ms, hold_ms in actions:
        end = h.clock.now + gap_ms * 1000
        while h.clock.now < end:
            h.pads.run_until(h.clock.now + 5000)
            app.tick()
        if k == 7 and h.menu is not None:
            h.menu.press()
        else:
            k = k % n
            if not h.pads.levels & (1 << k):
                h.pads.tap(k, h.clock.now + 1000, hold_ms * 1000)
        assert app.state != "error", app.error_text
        assert app.canvas.oob == 0
        if app.logs.current > 0:
            written.add(app.logs.current)
        h.wire.clear() if h.wire is not None else None
    assert not h.watchdog.would_have_fired()
    for n_ in written:
        path = h.storage.fs.path(_logs.path(n_))
        if os.path.exists(path):
            with open(path) as f:
                entries = _log.read(f)
            if entries:
                (tape_replay if entries[0][3]["game"] == "tape" else bataille_replay).replay(entries)


FUZZ = bool(os.environ.get("FUZZ"))


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(BOARDS), st.integers(0, 1000), st.lists(action, min_size=5, max_size=60))
def test_app_random_presses_never_break_the_box(board_name, seed, actions):
    run(board_name, seed, actions)


@pytest.mark.fuzz
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(BOARDS), st.integers(0, 1000), st.lists(action, min_size=50, max_size=400))
def test_app_random_presses_long_fuzz(board_name, seed, actions):
    run(board_name, seed, actions)
