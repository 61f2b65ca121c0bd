# The PC port of the HAL: open_host() makes the Hal of a board with
# recording parts, a virtual clock and storage in a directory (tests, the
# simulator, the heap runs).  hal.open_host calls it (hal/__init__.py).
from hal.wiring import Hal, _as_board, _host_voice_dir, open_display, open_leds, open_buzzer, open_menu


def open_host(board, clock=None, storage_dir=None, display_answers=True, eink_busy_stuck=False,
              watchdog_ms=5000, pads=None, lean=False):
    """The PC port: virtual clock, recording parts, storage in a directory
    (a fresh temp one by default).  display_answers=False: the display NACKs;
    eink_busy_stuck: the e-ink BUSY pin never goes low.  lean: as lean as
    the board, for the heap measurements (host.headless.play): the recorders
    (bus traffic, PIO frames, PWM changes, watchdog feeds) only count and
    keep their last record, files go through the board's own OsFs (no
    power-cut simulation) and the pads are hal.host.lean_pads (taps only);
    tests that read recordings leave it."""
    from hal.host.clock import VirtualClock
    from hal.host.bus import Wire
    from hal.host.parts import Buses, open_storage
    from hal.host.watchdog import HostWatchdog
    b = _as_board(board)
    if clock is None:
        clock = VirtualClock()
    wire = Wire()
    parts = Buses(clock, wire, display_answers, eink_busy_stuck)
    if pads is None and lean:
        from hal.host.lean_pads import LeanPads
        pads = LeanPads(b.n_pads, clock)
    elif pads is None:
        from hal.host.pads import HostPads
        pads = HostPads(b.n_pads, clock)
    menu = open_menu(b, clock, parts)
    hal = Hal(b, clock, pads, open_leds(b, parts), open_display(b, clock, parts),
              open_buzzer(b, clock, parts), open_storage(storage_dir, None, lean), HostWatchdog(clock, watchdog_ms), False, menu)
    hal.wire = wire
    if b.speaker_pin is not None:
        from drivers.voice import Voice
        from hal.host.speaker import HostSpeaker
        hal.voice = Voice(HostSpeaker(clock, b.speaker_pin))
    hal.voice_dir = _host_voice_dir()
    if not lean or getattr(b, "power", None):
        # the supply switch, the battery's sense, the sleep (issue 27)
        from hal.host.parts import Power
        hal.power = Power(b, clock, wire)
    if lean:
        _lean(hal)
    return hal


def _lean(hal):
    from hal.host.bus import Tally
    hal.wire.events = Tally()
    hal.wire.max_copy = 0
    hal.watchdog.feeds = Tally()
    pwm = getattr(hal.buzzer, "pwm", None)
    if hasattr(pwm, "changes"):
        pwm.changes = Tally()
    if hal.voice is not None:
        hal.voice.out.keep = False
    d = hal.display
    out = getattr(d, "out", None)
    if hasattr(out, "keep"):
        out.keep = 0
    panel = getattr(d, "panel", None)
    if hasattr(panel, "activations"):
        panel.activations = Tally()
