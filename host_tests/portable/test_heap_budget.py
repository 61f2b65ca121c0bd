# What the box does to fit a small heap (docs/app.md, Memory), checked for
# behaviour: the host recorders stay bounded yet keep what tests read back
# (and only count in a lean HAL), the board checker can leave the heap
# without the HAL noticing, the box drops what a game does not use on
# MicroPython and gets it back after, and a log line is the same text as ever.
import sys

import hal
from core import log
from hal.host.bus import Wire, HostSPI
from hal.host.pio import HostStateMachine, KEEP

BOARDS = __file__.rsplit("/", 2)[0] + "/../boards"


def test_pio_keeps_the_last_frames_and_counts_every_put():
    sm = HostStateMachine()
    for k in range(KEEP + 5):
        sm.put([k, k + 1, k + 2], 8)
    assert sm.puts == KEEP + 5
    assert len(sm.frames) == KEEP
    assert sm.last == [(KEEP + 4) << 8, (KEEP + 5) << 8, (KEEP + 6) << 8]
    assert sm.frames[0] == [5 << 8, 6 << 8, 7 << 8]      # the oldest kept: put number 5
    # a frame of another length is a list of its own, never a reused one cut short
    sm.put([1, 2], 0)
    assert sm.last == [1, 2] and len(sm.frames) == KEEP
    sm.put(7, 1)
    assert sm.last == [14] and sm.puts == KEEP + 7


def test_pio_frame_already_read_is_not_overwritten_by_the_next_put():
    sm = HostStateMachine()
    sm.put([1, 2, 3])
    first = sm.last
    for _ in range(KEEP - 1):
        sm.put([4, 5, 6])
    assert first == [1, 2, 3]     # reused only KEEP puts later


def test_wire_copies_transfers_whole_unless_told_to_cut():
    w = Wire()
    spi = HostSPI(w, 0)
    buf = bytearray(range(200))
    spi.write(buf)
    buf[0] = 99
    assert w.events[-1] == ("spi", 0, bytes(range(200)))   # a copy, not a view
    w.max_copy = 16
    spi.write(buf)
    assert w.events[-1] == ("spi", 0, bytes([99]) + bytes(range(1, 16)))
    spi.write(b"\x01\x02")
    assert w.events[-1] == ("spi", 0, b"\x01\x02")       # short ones whole


def test_forget_board_checks_leaves_a_working_hal_and_reloads_on_demand():
    h = hal.open_host(BOARDS + "/pico_matrix.json")
    saved = sys.modules.get("hal.board")
    saved_display = sys.modules.get("hal.board_display")
    try:
        hal.forget_board_checks()
        # the checker and its display checks go together
        assert "hal.board" not in sys.modules and "hal.board_display" not in sys.modules
        # the Board the checker made is plain data: the HAL goes on
        assert h.board.n_pads >= 2 and h.board.pad_pins() and h.board.uses()
        h.display.fb.fill(1)
        h.display.show()
        h.clock.advance(100000)
        h.poll()
        assert h.display.error is None
        # an import loads the checker again
        from hal import board as again
        b = again.load(BOARDS + "/pico_oled.json")
        assert b.display.kind == "ssd1306"
    finally:
        # put back the module the other tests of this process imported
        if saved is not None:
            sys.modules["hal.board"] = saved
            hal.board = saved
        if saved_display is not None:
            sys.modules["hal.board_display"] = saved_display
            hal.board_display = saved_display


def test_l_log_lines_are_built_the_same_without_fragment_tables():
    assert log.line(12, "flip", (1, "10H", True)) == '{"t":12,"ev":"flip","p":1,"card":"10H","up":true}'
    assert log.line(0, "end", ([0], "last", [52, 0], None)) == \
        '{"t":0,"ev":"end","winners":[0],"reason":"last","cards":[52,0]}'
    assert log.line(3, "take", (0, ['a"b', "c\\d", "e\nf"])) == \
        '{"t":3,"ev":"take","p":0,"cards":["a\\"b","c\\\\d","e\\u000af"]}'


def test_lean_host_hal_counts_what_it_would_record_and_keeps_the_last():
    h = hal.open_host(BOARDS + "/pico_matrix.json", lean=True)
    h.watchdog.start()
    for _ in range(5):
        h.display.fb.fill(1)
        h.display.show()
        h.watchdog.feed()
        h.leds.set(0, True)
        h.leds.show()
        h.leds.set(0, False)
        h.leds.show()
    h.buzzer.tone(880, 50)
    out = h.display.out
    assert out.puts >= 5 and out.frames == [] and out.last is None   # counted, not copied
    assert len(h.watchdog.feeds) == 5 and h.watchdog.feeds.last == h.clock.now
    assert not h.watchdog.would_have_fired()
    pwm = getattr(h.buzzer, "pwm", None)
    if hasattr(pwm, "changes"):
        assert len(pwm.changes) >= 1 and pwm.changes.last[1] == 880
    # a recording HAL (the default) keeps every record, as tests read them
    r = hal.open_host(BOARDS + "/pico_matrix.json")
    r.display.fb.fill(1)
    r.display.show()
    assert isinstance(r.wire.events, list) and r.display.out.frames


def test_lean_eink_hal_counts_refreshes_and_the_driver_keeps_only_the_last():
    from drivers.ssd1680 import FULL_US
    h = hal.open_host(BOARDS + "/pico_eink.json", lean=True)
    d = h.display
    n = 80
    for _ in range(n):
        d.fb.fill(1)
        d.show(full=True)
        for _ in range(4):
            h.clock.advance(FULL_US // 2)
            d.poll(h.clock.ticks_ms())
    assert d.error is None
    assert len(d.panel.activations) == n           # counted by the lean panel
    assert 0 < len(d.refreshes) <= 32              # the driver keeps the last few only
    assert d.refreshes[-1] == "full"
    assert len(h.wire.events) > n and h.wire.events.last is not None


def test_box_drops_menus_in_play_and_the_engine_after_on_micropython_only():
    from host import headless
    mp = sys.implementation.name == "micropython"
    h = hal.open_host(BOARDS + "/pico_matrix.json", lean=True)
    r = headless.Runner(h, "bataille", 2, seed=5, options={"length": 20})
    if mp:
        # the box as it boots on the board: no game, menu or screen module
        # loaded yet (this process's other tests imported some: the box
        # keeps what it found loaded at its start, app.play.lean)
        r.app.modules = tuple(m for m in r.app.modules
                              if not m.startswith(("games", "gfx.menu", "gfx.table", "gfx.tape",
                                                   "app.menu", "app.settings", "app.duels", "core.options",
                                                   "app.join", "games.bataille_setup")))
    r.run(600, until="play")
    # in play: the menus (their items and their code: app.menu, app.join)
    # and the settings module are out of the heap (MP); what they chose
    # stays (app.phase.Chosen: the screens and the host's bots read it)
    assert ("app.menu" in sys.modules) != mp and ("app.settings" in sys.modules) != mp
    assert ("app.join" in sys.modules) != mp and type(r.app.menus).__name__ == "Chosen"
    # and what only the deal used: the options' checks, the deal itself
    assert ("core.options" in sys.modules) != mp and ("games.bataille_setup" in sys.modules) != mp
    assert r.app.menus.game_name == "bataille"
    r.run(3600, until="end")
    r.press(0, 1600000)
    r.run(60, until="menu")
    assert r.app.menus.menu_name == "after" and "app.menu" in sys.modules and "app.join" in sys.modules
    assert (r.app.play.game is None) == mp and ("games.bataille" in sys.modules) != mp
    assert r.app.play.view.winners        # the end screen's data stays
    # play again: the engine comes back and deals a new game
    r.press(1, 200000)
    r.run(60, until="play")
    assert r.app.play.game is not None and r.app.menus.game_name == "bataille"
    assert "games.bataille" in sys.modules and ("app.menu" in sys.modules) != mp
    assert ("app.join" in sys.modules) != mp


def test_s1_lean_pads_feed_the_capture_handler_at_the_tap_time():
    h = hal.open_host(BOARDS + "/pico_matrix.json", lean=True)
    pads, cap, clock = h.pads, h.pads.capture, h.clock
    assert cap is not None and pads.n_pads == h.board.n_pads
    pads.tap(1, clock.now + 1000, 60000)
    pads.tap(0, clock.now + 500, 60000)          # scheduled later, earlier in time
    pads.run_until(clock.now + 800)
    assert pads.levels == 1 and cap.next_event() == 0 and cap.ev_t == 500
    pads.run_until(clock.now + 10000)
    assert pads.levels == 3 and cap.next_event() == 1 and cap.ev_t == 1000
    assert cap.next_event() == -1
    for _ in range(40):     # the box's loop polls the capture (releases)
        pads.run_until(clock.now + 5000)
        cap.poll(clock.ticks_us())
    assert pads.levels == 0 and cap.held_mask() == 0
    # pressed again after its release: a new press
    pads.tap(0, clock.now, 60000)
    pads.run_until(clock.now + 1)
    assert cap.next_event() == 0
