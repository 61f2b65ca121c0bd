# A host that interrupts the box (Ctrl-C on USB, the first thing mpremote
# sends) makes it stand down: the watchdog goes off, so that `make flash`
# onto a running box is not cut by a watchdog reset 5 s in (issue 12; the
# emulated Pico test host_tests/pico/ shows it on the real firmware).
import io
import os

import pytest
from contextlib import redirect_stdout

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_main_stands_down_on_ctrl_c(monkeypatch):
    import hal
    import main
    from app import box
    made = []

    def open_hal(b):
        h = hal.open_host(b)
        made.append(h)
        return h

    def interrupted(self):
        assert self.hal.watchdog.started     # the box was running, guarded
        # ... and talking, a note playing: the host's Ctrl-C silences both
        assert self.sound.say(("n1",)) and self.hal.voice.active
        self.hal.buzzer.play(((440, 500),))
        assert self.hal.buzzer.playing
        raise KeyboardInterrupt

    monkeypatch.setattr(box.App, "run", interrupted)
    monkeypatch.setattr(hal, "forget_board_checks", lambda: None)   # keep the test process's modules
    out = io.StringIO()
    with redirect_stdout(out):
        try:
            app = main.main(os.path.join(ROOT, "boards", "pico_matrix.json"), open_hal, run=True)
        except KeyboardInterrupt:
            pytest.fail("main.main let the host's Ctrl-C through: the watchdog stays on")
    assert app is not None
    wd = made[0].watchdog
    assert not wd.started
    wd.clock.advance(10 * 1000 * 1000)     # 10 s with no feed: no reboot
    assert not wd.would_have_fired()
    assert "watchdog off" in out.getvalue() and "mpremote reset" in out.getvalue()
    assert not made[0].voice.active and not made[0].buzzer.playing
