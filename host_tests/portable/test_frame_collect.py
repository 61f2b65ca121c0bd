# Issue 26: a WS2812 frame within 8 ms.  A menu's frames lend and take back
# call frames on the heap, which gc.threshold counts; the collection it set
# off landed inside a frame.  So in the menus and while joining the box
# collects once every 4th frame is on the wire (app.screens.after_frame,
# from app.box's redraw), and never that way in a game (its quiet moments
# stay the box's: between duels, at the end).  Both interpreters.
import hal as _hal
from app import box, screens
from test_power_warning import bataille_in_play

ROOT = __file__.rsplit("/", 3)[0] if __file__.count("/") >= 3 else "."
MATRIX = ROOT + "/boards/pico_matrix.json"


class Counted:
    """app.quiet.collect replaced by a counter: the frames it came after."""

    def __init__(self, app):
        self.app = app
        self.at = []

    def __call__(self):
        self.at.append((self.app.state, self.app.frames))


def redraws(app, n):
    for _ in range(n):
        app.dirty = True
        screens.redraw(app)


def test_frame_collect_menus_every_fourth_frame_after_it_is_sent():
    h = _hal.open_host(MATRIX)
    h.watchdog.start()
    app = box.App(h, seed=5)
    app.settings["sleep"] = False
    c = app.quiet.collect = Counted(app)
    app.open_menu("options")
    f0 = app.frames
    redraws(app, 16)
    assert app.frames == f0 + 16
    frames = [f for st, f in c.at]
    assert frames and all(f % 4 == 0 for f in frames), c.at
    assert len(frames) == 4, c.at            # 16 frames: every 4th
    assert all(st == "menu" for st, f in c.at)
    # not while a press waits (its LED and frame first): the next 4th frame
    c.at = []
    h.pads.press(0, h.clock.now + 100)
    h.pads.advance(200)                      # its interrupt: the press is queued
    assert app.cap.pending()
    redraws(app, 4)
    assert c.at == [], c.at
    app.cap.clear()
    redraws(app, 4)
    assert len(c.at) == 1, c.at
    # the join screen too
    app.menus.begin_join("bataille")
    c.at = []
    redraws(app, 8)
    assert [st for st, f in c.at] == ["join", "join"], c.at


def test_frame_collect_never_after_a_game_frame():
    h, r, app = bataille_in_play()
    c = app.quiet.collect = Counted(app)
    redraws(app, 12)
    assert app.state == "play"
    assert [f for st, f in c.at if st == "play"] == [], c.at
