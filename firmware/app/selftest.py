"""The hardware self-test: a maker's first check of a freshly built box, and
later the "is it the box or the child?" check.

    st = SelfTest(hal, lang="en", pad_timeout_ms=10000, led_ms=400, out=None)
    while st.step(now_ms):      # call from the main loop; never blocks
        ...                     # draw st.prompt if you like, feed the watchdog
    st.report                   # [(part, ok, message)] in the order tested;
                                # part ids in English ("display", "pad 3 (GP4)")
    st.ok                       # every part passed
    st.lines()                  # ["OK   display: ...", "FAIL pad 3: ..."]

    run(hal, lang="en", out=print)   # the same, blocking, for the REPL

What it does, in order (each part reported as soon as it is known; `out`,
if given, is called with each report line, e.g. `print` on the REPL):
  display  draws a test pattern (frame, diagonals, four corner blocks: red,
           green, blue, white on colour displays), sends it and checks the
           display answers: an OSError (I2C NACK, SPI fault), a driver
           `error` (e.g. e-ink BUSY never released) or still busy after
           5 s is a failure; no display at all too.
  storage  writes, reads back and deletes a small file (selftest.tmp).
  leds     lights each pad LED in turn (led_ms each): the maker watches.
  buzzer   plays each of the box's sounds (app.sounds) once: the maker
           listens.  A board without buzzer passes ("none on this board").
  speaker  (a board with one) says the count to three from the voice
           file of the language: the maker listens; no voice file fails.
  pads     for each pad in turn: lights its LED, asks for a press and waits
           up to pad_timeout_ms.  Reports the press-to-event time (from the
           interrupt timestamp in the capture to the moment the loop saw the
           event), a dead pad (no press in time) and a stuck pad (held down:
           flagged stuck by the capture (S6), or still held when its time
           ran out).
Then all LEDs go off and the frame buffer holds a green frame (all passed)
or a red cross, sent to the display.

The HAL it needs (hal.open_board / hal.open_host):
  hal.clock    ticks_ms(), ticks_us() (sleep_ms for run() on the board)
  hal.pads     the PadCapture, or an object with .capture (next_event, ev_t,
               poll, stuck_mask, held_mask)
  hal.display  fb, width, height, show(full), busy (method or flag);
               optional format (RGB565 = colour), poll(now_ms), error
  hal.leds     set(k, on); optional show()
  hal.buzzer   play(notes), poll(now_ms) (drivers.buzzer.Buzzer); a board
               file without buzzer is reported as such, not played
  hal.storage  save/load (drivers.storage.Storage, deleting through .fs) or
               read/write/remove
  hal.board    optional: pad pins for the messages ("pad 3 (GP4)")
While it runs the self-test owns the pad events: the caller must not read
capture.next_event().  It calls capture.poll, display.poll and the buzzer's
poll itself, so the caller's loop only has to call step() (and feed the
watchdog).

The display part and the drawing are app.selftest_screen (SelfTest's base
class), the pads part app.selftest_pads, the words of the report
app.selftest_text: one job each.
"""
from core import ticks
from app import io
from app import sounds
from core.compat import const
# the display part and the drawing (app.selftest_screen), the words of the
# report in each language (app.selftest_text): one job each
from app.selftest_screen import Screen, RED, GREEN, BLUE, WHITE, _why  # noqa: F401
from app.selftest_text import PARTS, MSG
from app import selftest_pads       # the pads part, a job of its own

_PAD_TIMEOUT_MS = const(10000)
_LED_MS = const(400)
_GAP_MS = const(150)              # silence between two sounds
STORE_NAME = "selftest.tmp"

class SelfTest(Screen):
    def __init__(self, hal, lang="en", pad_timeout_ms=_PAD_TIMEOUT_MS, led_ms=_LED_MS, out=None):
        self.hal = hal
        self.msg = MSG.get(lang, MSG["en"])
        self.lang = lang if lang in MSG else "en"
        self.parts = PARTS.get(lang, PARTS["en"])
        self.pad_timeout_ms = pad_timeout_ms
        self.led_ms = led_ms
        self.out = out
        self.clock = hal.clock
        self.cap = io.capture(hal)
        self.n = io.n_pads(hal)
        self.raw_display = getattr(hal, "display", None)
        self.display = io.Display(hal)   # fb, width, height (a hidden frame if none)
        self.leds = getattr(hal, "leds", None)
        self.buzzer = _buzzer_of(hal)
        self.store = getattr(hal, "storage", None)
        # bound methods made once: getattr in the loop would allocate each step
        self._cap_poll = self.cap.poll
        d = self.raw_display
        self._disp_poll = getattr(d, "poll", None) if d is not None else None
        self._bz_poll = getattr(self.buzzer, "poll", None) if self.buzzer is not None else None
        self.report = []
        self.prompt = ""
        self.latency_us = [None] * self.n   # per pad, for the caller's screen
        self.display_ok = False
        self.now = 0
        self.running = True
        self._gen = None

    # ---- driving ----

    def step(self, now_ms=None):
        """Advance the test to now_ms (ticks_ms); True while it is running."""
        if not self.running:
            return False
        self.now = self.clock.ticks_ms() if now_ms is None else now_ms
        if self._gen is None:
            self._gen = self._run()
        self._poll_parts()
        try:
            next(self._gen)
        except StopIteration:
            self.running = False
        return self.running

    @property
    def ok(self):
        for _, good, _ in self.report:
            if not good:
                return False
        return True

    def failed(self):
        return [r for r in self.report if not r[1]]

    def lines(self):
        """The report in the chosen language, one line per part."""
        return [self._line(part, good, m) for part, good, m in self.report]

    def _line(self, part, good, m):
        if part.startswith("pad "):
            name = self.parts["pad"] + part[3:]
        else:
            name = self.parts.get(part, part)
        return "%s %s: %s" % ("OK  " if good else "FAIL", name, m)

    # ---- helpers ----

    def _add(self, part, good, message):
        self.report.append((part, good, message))
        if self.out is not None:
            self.out(self._line(part, good, message))

    def _poll_parts(self):
        # the capture's release tracking and stuck check (S3, S6) need poll()
        # from the loop; the app's loop hands the pads over to us meanwhile
        self._cap_poll(self.clock.ticks_us())
        p = self._disp_poll
        if p is not None and self.display_ok:
            try:
                p(self.now)
            except Exception:
                self.display_ok = False
        p = self._bz_poll
        if p is not None:
            p(self.now)

    def _wait(self, ms):
        end = ticks.add(self.now, ms)
        while ticks.diff(self.now, end) < 0:
            yield

    def _pin(self, k, field="pin"):
        """' (GP4)' for pad k from the board, or '' if the HAL has none."""
        b = getattr(self.hal, "board", None)
        pads = getattr(b, "pads", None) if b is not None else None
        if not pads or k >= len(pads):
            return ""
        p = pads[k]
        pin = p.get(field) if isinstance(p, dict) else getattr(p, field, None)
        return "" if pin is None else " (GP%d)" % pin

    def _has_led(self, k):
        b = getattr(self.hal, "board", None)
        pads = getattr(b, "pads", None) if b is not None else None
        if not pads or k >= len(pads):
            return getattr(self.hal, "leds", None) is not None
        p = pads[k]
        return (p.get("led") if isinstance(p, dict) else getattr(p, "led", None)) is not None

    def _leds_only(self, k):
        leds = self.leds
        if leds is None:
            return
        for j in range(self.n):
            leds.set(j, j == k)
        show = getattr(leds, "show", None)
        if show is not None:
            show()

    # ---- the test, one part after the other ----

    def _run(self):
        for name, part in (("display", self._display), ("storage", self._storage), ("leds", self._leds),
                           ("buzzer", self._buzzer), ("speaker", self._speaker), ("pads", self._pads)):
            try:
                yield from part()
            except Exception as e:
                self._add(name, False, self.msg["error"] % _why(e))
        self.prompt = ""
        self._leds_only(-1)
        self._draw_verdict()
        self._show(True)

    def _storage(self):
        store = self.store
        if store is None:
            self._add("storage", False, self.msg["no_storage"])
            return
        text = "selftest %d" % self.now
        try:
            if hasattr(store, "save"):
                back = _save_load_delete(store, text)   # drivers.storage.Storage
            else:
                back = _write_read_delete(store, text)  # read/write/remove
        except OSError as e:
            self._add("storage", False, self.msg["storage_error"] % _why(e))
            return
        if back[0] != text:
            self._add("storage", False, self.msg["read_back"] % (back[0],))
        elif back[1]:
            self._add("storage", False, self.msg["not_deleted"])
        else:
            self._add("storage", True, self.msg["stored"] % STORE_NAME)
        yield

    def _leds(self):
        lit = []
        for k in range(self.n):
            if not self._has_led(k):
                continue
            self._leds_only(k)
            lit.append(str(k + 1))
            yield from self._wait(self.led_ms)
        self._leds_only(-1)
        if lit:
            self._add("leds", True, self.msg["leds"] % " ".join(lit))
        else:
            self._add("leds", True, self.msg["no_leds"])

    def _buzzer(self):
        if self.buzzer is None:
            self._add("buzzer", True, self.msg["no_buzzer"])
            return
        for name in sounds.NAMES:
            seq = getattr(sounds, name)
            self.buzzer.play(seq)
            yield from self._wait(sounds.duration_ms(seq) + _GAP_MS)
        self._add("buzzer", True, self.msg["played"] % (len(sounds.NAMES), " ".join(sounds.NAMES)))

    def _speaker(self):
        v = getattr(self.hal, "voice", None)
        if v is None:
            return      # no speaker on this board: nothing to report
        if v.index is None:
            path = getattr(self.hal, "voice_dir", "voice/") + self.lang + ".vox"
            try:
                from drivers.voice import open_voice
                v.open(open_voice(path, self.lang))
            except (OSError, ValueError) as e:
                self._add("speaker", False, self.msg["no_voice"] % (path, _why(e)))
                return
        v.say(("n1", "n2", "n3"))
        while v.talking():
            v.poll()
            yield
        yield from self._wait(_GAP_MS)
        self._add("speaker", True, self.msg["said"])

    def _pads(self):
        yield from selftest_pads.test(self)


def _buzzer_of(hal):
    """The buzzer, or None when the board file has none (the HAL then gives
    a silent one, which the self-test must not call a pass)."""
    b = getattr(hal, "board", None)
    if b is not None:
        if isinstance(b, dict):
            if not b.get("buzzer"):
                return None
        elif hasattr(b, "buzzer_pin") and b.buzzer_pin is None:
            return None
    return getattr(hal, "buzzer", None)


def _save_load_delete(store, text):
    """(what was read back, still there after delete) via save/load: the
    file system held throughout (drivers.storage: `with fs:`)."""
    with store.fs:
        store.save(STORE_NAME, text)
        back, notice = store.load(STORE_NAME, None)
        store.fs.remove(STORE_NAME)
        return back, store.fs.exists(STORE_NAME)


def _write_read_delete(store, text):
    store.write(STORE_NAME, text)
    back = store.read(STORE_NAME)
    store.remove(STORE_NAME)
    return back, store.read(STORE_NAME) is not None


def run(hal, lang="en", out=print, loop_ms=5, **kw):
    """Run the whole self-test now (blocking), e.g. from the REPL; the lines
    of the report.  Feeds the watchdog; on the host HAL it moves the fake
    pads' time instead of sleeping."""
    st = SelfTest(hal, lang, out=out, **kw)
    pads = getattr(hal, "pads", None)
    advance = getattr(pads, "advance", None)
    wd = getattr(hal, "watchdog", None)
    while st.step(hal.clock.ticks_ms()):
        if wd is not None:
            wd.feed()
        if advance is not None:
            advance(loop_ms * 1000)
        else:
            hal.clock.sleep_ms(loop_ms)
    return st.lines()
