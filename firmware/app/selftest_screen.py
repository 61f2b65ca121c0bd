# The self-test's display part (app.selftest.SelfTest extends it): the test
# pattern sent and the display's answer checked (an OSError, a driver
# `error`, still busy after 5 s: a failure), then the prompt for each pad and
# the verdict (a green frame, or a red cross) drawn on any display.
#
#   RED, GREEN, BLUE, WHITE     the RGB565 colours of the pattern (mono: ink)
#   class Screen                _display (a part of the run), _show, _draw_*
#
# Apart from the sequence of parts (app.selftest) so that each stays one job.
# mypy: disable-error-code="attr-defined"
# (Screen is SelfTest's base class: its state is made by SelfTest.__init__)
from core import ticks
from gfx import fb as gfb
from drivers import DisplayError
from core.compat import const

_DISPLAY_WAIT_MS = const(5000)    # an e-ink full refresh takes ~1.6 s
RED = const(0xF800)   # RGB565
GREEN = const(0x07E0)
BLUE = const(0x001F)
WHITE = const(0xFFFF)


class Screen:
    def _display_why(self, e):
        # a driver's DisplayError already says what to check; a bare OSError does not
        if isinstance(e, DisplayError):
            return str(e)
        return self.msg["check_bus"] % _why(e)

    def _show(self, full=False):
        """Send the frame if the display passed; a failure now is reported."""
        if not self.display_ok:
            return
        try:
            self.raw_display.show(full)
        except Exception as e:
            self.display_ok = False  # type: bool
            self._add("display", False, self.msg["no_answer"] % self._display_why(e))

    def _display(self):
        d = self.raw_display
        if d is None:
            self._add("display", False, self.msg["no_display"])
            return
        self.display_ok = True
        self._draw_pattern()
        try:
            d.show(True)
        except Exception as e:
            self.display_ok = False
            self._add("display", False, self.msg["no_answer"] % self._display_why(e))
            return
        end = ticks.add(self.now, _DISPLAY_WAIT_MS)
        while True:
            err = getattr(d, "error", None)
            if err is not None or not self.display_ok:
                self.display_ok = False
                self._add("display", False, self.msg["no_answer"] % self._display_why(err))
                return
            try:
                busy = getattr(d, "busy", False)
                if callable(busy):
                    busy = busy()
            except Exception as e:
                self.display_ok = False
                self._add("display", False, self.msg["no_answer"] % self._display_why(e))
                return
            if not busy:
                break
            if ticks.diff(self.now, end) >= 0:
                self.display_ok = False
                self._add("display", False, self.msg["busy"] % (_DISPLAY_WAIT_MS // 1000))
                return
            yield
        self._add("display", True, self.msg["shown"])

    def _colours(self):
        fmt = getattr(self.raw_display, "format", None)
        colour = fmt == gfb.RGB565 if fmt is not None else self.display.colour
        if colour:
            return WHITE, RED, GREEN, BLUE
        return 1, 1, 1, 1

    def _draw_pattern(self):
        fb, w, h = self.display.fb, self.display.width, self.display.height
        white, red, green, blue = self._colours()
        fb.fill(0)
        fb.rect(0, 0, w, h, white)
        fb.line(0, 0, w - 1, h - 1, white)
        fb.line(w - 1, 0, 0, h - 1, white)
        s = max(2, min(w, h) // 5)
        fb.fill_rect(1, 1, s, s, red)
        fb.fill_rect(w - 1 - s, 1, s, s, green)
        if green == red:
            # one colour: the green corner hollow, so red and green still say
            # which way up the panel is (selftest_text: rotate and mirror)
            fb.fill_rect(w - s, 2, s - 2, s - 2, 0)
        fb.fill_rect(1, h - 1 - s, s, s, blue)
        fb.fill_rect(w - 1 - s, h - 1 - s, s, s, white)

    def _draw_prompt(self, k):
        # k + 1 blocks, and the pad's LED lit: readable on a 16x16 matrix as
        # on e-ink, in any language (blocks wrap to a new row when needed)
        fb, w, h = self.display.fb, self.display.width, self.display.height
        white = self._colours()[0]
        fb.fill(0)
        s = max(2, min(w, h) // 6)
        cols = max(1, (w + s) // (2 * s))
        for j in range(k + 1):
            fb.fill_rect((j % cols) * 2 * s, (j // cols) * 2 * s, s, s, white)

    def _draw_verdict(self):
        fb, w, h = self.display.fb, self.display.width, self.display.height
        white, red, green, blue = self._colours()
        fb.fill(0)
        if self.ok:
            fb.rect(0, 0, w, h, green)
            fb.rect(1, 1, w - 2, h - 2, green)
        else:
            fb.line(0, 0, w - 1, h - 1, red)
            fb.line(w - 1, 0, 0, h - 1, red)


def _why(e):
    if e is None:
        return "?"
    s = str(e)
    return "%s %s" % (type(e).__name__, s) if s else type(e).__name__
