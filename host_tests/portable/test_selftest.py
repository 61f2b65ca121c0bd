# The hardware self-test (app.selftest, issue 8) on the host HAL: the real
# virtual clock and fake pads (hal.host), with recorders for the display,
# pad LEDs, buzzer and storage.  It must report a missing display, a stuck
# pad and a dead pad correctly, and measure press-to-event times from the
# capture's interrupt timestamps.  Runs under pytest and MicroPython.
from hal.host.clock import VirtualClock
from hal.host.pads import HostPads
from hal.host.pwm import HostPwm
from drivers.buzzer import Buzzer
from gfx import fb
from app import selftest, sounds

LOOP_US = 5000      # the box's main loop period in these tests
ANSWER_US = 52000   # a maker presses 52 ms after the prompt


class Display:
    def __init__(self, clock, w=16, h=16, colour=True, fail=None, busy_forever=False):
        self.clock = clock
        self.width, self.height, self.colour = w, h, colour
        self.buf, self.fb = fb.new(w, h, fb.RGB565 if colour else fb.MONO_VLSB)
        self.fail = fail
        self.busy_forever = busy_forever
        self.frames = []

    def show(self, full=False):
        if self.fail is not None:
            raise self.fail
        self.frames.append(bytes(self.buf))

    def busy(self):
        return self.busy_forever


class Leds:
    def __init__(self, n):
        self.on = [False] * n
        self.lit_order = []

    def set(self, k, on):
        if on and not self.on[k]:
            self.lit_order.append(k)
        self.on[k] = on


class Storage:
    def __init__(self, fail=False):
        self.files = {}
        self.fail = fail

    def read(self, name):
        return self.files.get(name)

    def write(self, name, text):
        if self.fail:
            raise OSError(28)   # ENOSPC
        self.files[name] = text

    def remove(self, name):
        del self.files[name]


class Board:
    def __init__(self, pins):
        self.pads = [{"pin": p, "led": 18 + i} for i, p in enumerate(pins)]


class Hal:
    def __init__(self, n=4, display=True, buzzer=True, storage=None, **disp):
        self.clock = VirtualClock(0)
        # no modelled main-loop poll: the self-test must poll the capture itself
        self.pads = HostPads(n, self.clock, poll_us=None)
        self.display = Display(self.clock, **disp) if display else None
        self.leds = Leds(n)
        self.pwm = HostPwm(self.clock, 15)
        self.buzzer = Buzzer(self.pwm, self.clock) if buzzer else None
        self.storage = storage if storage is not None else Storage()
        self.board = Board([2 + k for k in range(n)])


def drive(hal, st, alive=None, wrong=None, limit_s=120):
    """Run the self-test loop with a maker who presses each pad in `alive`
    ANSWER_US after it is asked for (or presses pad `wrong[k]` instead)."""
    alive = range(hal.pads.n_pads) if alive is None else alive
    wrong = wrong or {}
    asked = None
    while st.step(hal.clock.ticks_ms()):
        if st.prompt != asked:
            asked = st.prompt
            for k in range(hal.pads.n_pads):
                if asked == st.msg["press"] % (k + 1):
                    if k in wrong:   # after the previous pad's own tap is released
                        hal.pads.tap(wrong[k], hal.clock.now + 10 * ANSWER_US)
                    elif k in alive:
                        hal.pads.tap(k, hal.clock.now + ANSWER_US)
        hal.pads.advance(LOOP_US)
        assert hal.clock.now < limit_s * 1000000, "the self-test never ended"
    return dict((part, (good, m)) for part, good, m in st.report)


def parts(st):
    return [p for p, _, _ in st.report]


def test_selftest_all_parts_pass_in_order():
    hal = Hal()
    st = selftest.SelfTest(hal)
    rep = drive(hal, st)
    assert parts(st) == ["display", "storage", "leds", "buzzer",
                         "pad 1 (GP2)", "pad 2 (GP3)", "pad 3 (GP4)", "pad 4 (GP5)"]
    assert st.ok and not st.failed(), st.lines()
    assert hal.leds.lit_order[:4] == [0, 1, 2, 3]         # each LED in turn first
    assert hal.leds.on == [False] * 4                     # all off at the end
    # every note of every sound reached the PWM, in order, each for its time
    heard = []
    for t, f, duty in hal.pwm.changes:   # a note start records freq then duty
        if duty and (f, t) not in heard[-1:]:
            heard.append((f, t))
    notes = [f for n in sounds.NAMES for f, ms in getattr(sounds, n) if f]
    assert [f for f, _ in heard] == notes
    fanfare = [t for f, t in heard if f in (523, 659)]
    assert fanfare[1] - fanfare[0] == 120000
    assert hal.storage.files == {}                        # the test file is gone
    assert rep["storage"][0] and selftest.STORE_NAME in rep["storage"][1]


def test_selftest_draws_the_pattern_and_a_green_verdict():
    hal = Hal()
    st = selftest.SelfTest(hal)
    drive(hal, st)
    d = hal.display
    first = fb.FrameBuffer(bytearray(d.frames[0]), 16, 16, fb.RGB565)
    assert first.pixel(1, 1) == selftest.RED
    assert first.pixel(14, 1) == selftest.GREEN
    assert first.pixel(1, 14) == selftest.BLUE
    assert first.pixel(0, 8) == selftest.WHITE            # the frame
    assert first.pixel(7, 7) == selftest.WHITE            # a diagonal
    assert d.fb.pixel(0, 0) == selftest.GREEN             # last frame: all passed
    assert d.fb.pixel(8, 8) == 0


def test_selftest_pad_timing_from_the_capture_timestamp():
    # asked at a loop step, pressed 52 ms later, seen at the step 55 ms after
    # the prompt: the event is 3 ms old when the loop reads it
    hal = Hal()
    st = selftest.SelfTest(hal)
    rep = drive(hal, st)
    for k in range(4):
        assert st.latency_us[k] == 3000, st.latency_us
        assert "3.0 ms" in rep["pad %d (GP%d)" % (k + 1, k + 2)][1]


def test_selftest_pad_timing_includes_interrupt_latency():
    hal = Hal()
    hal.pads = HostPads(4, hal.clock, latency_us=[0, 1500, 0, 0], poll_us=None)
    st = selftest.SelfTest(hal)
    drive(hal, st)
    # the handler stamps the press when it runs, 1.5 ms late: seen 1.5 ms sooner
    assert st.latency_us == [3000, 1500, 3000, 3000]


def test_selftest_reports_a_display_that_does_not_answer():
    hal = Hal(fail=OSError(5))      # EIO, as an I2C NACK on the board
    st = selftest.SelfTest(hal)
    rep = drive(hal, st)
    good, m = rep["display"]
    assert not good and "does not answer" in m and "OSError" in m
    assert [p for p, _, _ in st.failed()] == ["display"]  # the pads still work
    assert rep["pad 4 (GP5)"][0]


def test_selftest_reports_no_display():
    hal = Hal(display=False)
    st = selftest.SelfTest(hal)
    rep = drive(hal, st)
    assert not rep["display"][0] and "no display" in rep["display"][1]
    assert [p for p, _, _ in st.failed()] == ["display"]


def test_selftest_reports_a_display_stuck_busy():
    hal = Hal(busy_forever=True)
    st = selftest.SelfTest(hal)
    rep = drive(hal, st)
    good, m = rep["display"]
    assert not good and "busy after 5 s" in m


def test_selftest_reports_a_display_driver_error():
    hal = Hal()
    hal.display.error = OSError("BUSY (GP13) never went low")
    st = selftest.SelfTest(hal)
    rep = drive(hal, st)
    assert not rep["display"][0] and "GP13" in rep["display"][1]


def test_s6_selftest_reports_a_pad_held_from_the_start_as_stuck():
    hal = Hal()
    hal.pads.press(1, 0)            # pad 2 held down before the test, never released
    st = selftest.SelfTest(hal)
    rep = drive(hal, st, alive=[0, 2, 3])
    good, m = rep["pad 2 (GP3)"]
    assert not good and "stuck" in m
    assert [p for p, _, _ in st.failed()] == ["pad 2 (GP3)"]
    assert st.latency_us[1] is None


def test_selftest_stuck_pad_found_before_the_capture_flags_it():
    # short timeout (3 s < the 5 s stuck time), no buzzer: the pad is still
    # held when its turn ends, so it is stuck, not dead
    hal = Hal(buzzer=False)
    hal.pads.press(0, 0)
    seen = []
    st = selftest.SelfTest(hal, pad_timeout_ms=3000,
                           out=lambda line: seen.append((line, hal.pads.capture.stuck_mask)))
    rep = drive(hal, st, alive=[1, 2, 3])
    assert [mask for line, mask in seen if "pad 1" in line] == [0]   # S6 not reached yet
    good, m = rep["pad 1 (GP2)"]
    assert not good and "stuck" in m
    assert rep["buzzer"] == (True, st.msg["no_buzzer"])


def test_selftest_reports_a_dead_pad():
    hal = Hal()
    st = selftest.SelfTest(hal)
    rep = drive(hal, st, alive=[0, 1, 3])
    good, m = rep["pad 3 (GP4)"]
    assert not good and "no press within 10 s" in m and "swapped" not in m
    assert [p for p, _, _ in st.failed()] == ["pad 3 (GP4)"]
    assert rep["pad 4 (GP5)"][0]                          # the test went on


def test_selftest_a_press_on_the_wrong_pad_does_not_count():
    # pad 2 is dead; the maker presses pad 1 again when asked for pad 2
    hal = Hal()
    st = selftest.SelfTest(hal, pad_timeout_ms=2000)
    rep = drive(hal, st, wrong={1: 0})
    good, m = rep["pad 2 (GP3)"]
    assert not good and "no press within 2 s" in m
    assert "pad 1 was pressed 1 times meanwhile: are their wires swapped?" in m
    assert rep["pad 1 (GP2)"][0] and rep["pad 3 (GP4)"][0]


def test_s3_selftest_pad_used_to_open_the_menu_entry_still_passes():
    # pad 2 chose the menu entry just before; its release must be seen (S3)
    # or its press when asked would be dropped as bounce
    hal = Hal()
    hal.pads.tap(1, 0)
    st = selftest.SelfTest(hal)
    rep = drive(hal, st)
    assert rep["pad 2 (GP3)"][0], rep["pad 2 (GP3)"]
    assert st.ok


def test_selftest_presses_before_the_prompt_are_stale():
    hal = Hal()
    hal.pads.tap(2, 1000)           # pad 3 tapped during the display check
    st = selftest.SelfTest(hal, pad_timeout_ms=2000)
    rep = drive(hal, st, alive=[0, 1, 3])
    assert not rep["pad 3 (GP4)"][0] and "no press" in rep["pad 3 (GP4)"][1]


def test_selftest_reports_storage_failure():
    hal = Hal(storage=Storage(fail=True))
    st = selftest.SelfTest(hal)
    rep = drive(hal, st)
    good, m = rep["storage"]
    assert not good and "OSError" in m
    assert [p for p, _, _ in st.failed()] == ["storage"]


def test_selftest_red_cross_when_something_failed():
    hal = Hal()
    st = selftest.SelfTest(hal, pad_timeout_ms=1000)
    drive(hal, st, alive=[0, 1, 2])
    d = hal.display
    assert d.fb.pixel(0, 0) == selftest.RED and d.fb.pixel(15, 0) == selftest.RED
    assert d.fb.pixel(8, 0) == 0


def test_selftest_lines_and_french():
    hal = Hal(display=False)
    out = []
    st = selftest.SelfTest(hal, lang="fr", out=out.append)
    drive(hal, st)
    assert out == st.lines()
    assert out[0].startswith("FAIL ecran: pas d'ecran")
    assert out[-1].startswith("OK   bouton 4 (GP5): appuye")
    assert [p for p, _, _ in st.failed()] == ["display"]   # ids stay the same


def test_selftest_run_blocking_on_the_host_hal():
    # run() drives the same machine and moves the fake pads' time; no one
    # presses, so every pad is reported dead
    hal = Hal(buzzer=False)
    lines = selftest.run(hal, out=None, pad_timeout_ms=500)
    assert len(lines) == 8
    assert lines[-1] == "FAIL pad 4 (GP5): " + selftest.MSG["en"]["dead"] % 0


# ---- on the HAL the box really uses (hal.open_host) with the board files ----

ROOT = (__file__.rsplit("/", 1)[0] if "/" in __file__ else ".") + "/../.."


def open_real(name, **kw):
    import hal
    return hal.open_host(ROOT + "/boards/" + name + ".json", **kw)


def test_selftest_on_the_host_hal_of_the_default_box():
    h = open_real("pico_matrix")
    st = selftest.SelfTest(h)
    drive(h, st)
    assert st.ok, st.lines()
    assert parts(st)[4:] == ["speaker", "pad 1 (GP2)", "pad 2 (GP3)", "pad 3 (GP4)", "pad 4 (GP5)"]
    assert st.latency_us == [3000] * 4
    # the default box has a speaker: the self-test said the count to three
    said = h.voice.out.plays
    assert [p[1] for p in said] == [("n1", "n2", "n3")] and said[0][3] is None
    assert len(said[0][2]) == h.voice.length(("n1", "n2", "n3"))


def test_selftest_on_the_host_hal_oled_that_nacks():
    h = open_real("pico_oled", display_answers=False)
    st = selftest.SelfTest(h)
    rep = drive(h, st)
    good, m = rep["display"]
    assert not good and "does not answer" in m and "0x3C" in m, m
    assert [p for p, _, _ in st.failed()] == ["display"]   # pads, LEDs, storage fine


def test_selftest_on_the_host_hal_eink():
    h = open_real("pico_eink")
    st = selftest.SelfTest(h)
    rep = drive(h, st)
    assert rep["display"][0], rep["display"]            # answered after its refresh


def test_selftest_on_the_host_hal_eink_busy_stuck():
    h = open_real("pico_eink", eink_busy_stuck=True)
    st = selftest.SelfTest(h)
    rep = drive(h, st)
    good, m = rep["display"]
    assert not good and ("BUSY (GP13)" in m or "busy after" in m), m


def test_selftest_prompt_shows_the_pad_number_as_blocks():
    hal = Hal()
    st = selftest.SelfTest(hal)
    frames = {}
    asked = None
    while st.step(hal.clock.ticks_ms()):
        if st.prompt != asked and st.prompt:
            asked = st.prompt
            k = int(asked.split()[-1]) - 1
            st.step(hal.clock.ticks_ms())        # the prompt's frame is sent
            frames[k] = fb.FrameBuffer(bytearray(hal.display.frames[-1]), 16, 16, fb.RGB565)
            hal.pads.tap(k, hal.clock.now + ANSWER_US)
        hal.pads.advance(LOOP_US)
    # 2x2 blocks every 4 px, four to a row: pad 3 is three blocks, pad 4 four
    lit3 = [(x, y) for y in range(16) for x in range(16) if frames[2].pixel(x, y)]
    assert lit3 == [(x, y) for y in (0, 1) for x in (0, 1, 4, 5, 8, 9)]
    lit4 = [(x, y) for y in range(16) for x in range(16) if frames[3].pixel(x, y)]
    assert len(lit4) == 16 and frames[3].pixel(12, 0) == selftest.WHITE


def test_selftest_run_as_the_guide_runs_it_feeds_the_watchdog():
    # hardware/README.md: mpremote exec "... h = hal.open_board();
    # h.watchdog.start(); selftest.run(h)" -- here on the host HAL
    h = open_real("pico_eink")
    h.watchdog.start()
    lines = selftest.run(h, out=None, pad_timeout_ms=3000)
    assert lines[0].startswith("OK   display")
    assert len(lines) == 8
    assert not h.watchdog.would_have_fired()
    assert h.watchdog.max_gap_us <= 10000
