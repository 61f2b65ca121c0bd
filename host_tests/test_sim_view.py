# The window's drawing rules: which key is which pad, where the pads are,
# and how an e-ink panel shows a refresh (it takes its time; a full one
# flashes black and white first).
import numpy as np

from sim import view


def test_sim_view_each_pad_has_a_digit_and_a_letter_key():
    assert [view.key_to_pad(k, 8) for k in "12345678"] == list(range(8))
    assert [view.key_to_pad(k, 8) for k in "qwertyui"] == list(range(8))
    assert view.key_to_pad("[3]", 4) == 2            # the keypad's 3
    assert view.key_to_pad("5", 4) is None           # no pad 5 on a 4-pad box
    assert view.key_to_pad("z", 4) is None and view.key_to_pad("", 4) is None


def test_sim_view_pads_around_a_square_display_clockwise_from_the_bottom():
    lay = view.Layout("ws2812", 16, 16, 4)
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = lay.pads
    cx, cy = lay.cx, lay.cy
    assert y0 > cy and abs(x0 - cx) < 2          # player 1 at the bottom
    assert x1 < cx and abs(y1 - cy) < 2          # then left, top, right
    assert y2 < cy and x3 > cx
    for k, (x, y) in enumerate(lay.pads):
        assert lay.pad_at(x, y) == k
        assert not lay.disp_rect.collidepoint(x, y)
    assert lay.pad_at(cx, cy) is None


def test_sim_view_no_pad_covers_the_display_on_any_board():
    # the pico_w box's 8 pads: 2, 4, 6 and 8 sit at the corners, clear of
    # the matrix and its bezel, inside the window; every board alike
    import os
    import json
    boards = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "boards")
    for name in sorted(os.listdir(boards)):
        d = json.load(open(os.path.join(boards, name)))["display"]
        for n in (2, 3, 4, 6, 8):
            lay = view.Layout(d["kind"], d["width"], d["height"], n, menu=True)
            m = lay.menu_rect
            bezel = lay.disp_rect.inflate(24, 24)
            for k, (x, y) in enumerate(lay.pads):
                # the nearest point of the bezel to the pad's centre
                nx = min(max(x, bezel.left), bezel.right)
                ny = min(max(y, bezel.top), bezel.bottom)
                assert (x - nx) ** 2 + (y - ny) ** 2 > lay.pad_r ** 2, (name, n, k)
                assert lay.pad_r <= x <= lay.w - lay.pad_r and lay.pad_r <= y <= lay.status_y - lay.pad_r, (name, n, k)
                assert lay.pad_at(x, y) == k
                # nor the menu button
                nx = min(max(x, m.left), m.right)
                ny = min(max(y, m.top), m.bottom)
                assert (x - nx) ** 2 + (y - ny) ** 2 > lay.pad_r ** 2, (name, n, k, "menu")
            for j in range(n):
                for k in range(j):
                    (a, b), (c, e) = lay.pads[j], lay.pads[k]
                    assert (a - c) ** 2 + (b - e) ** 2 > (2 * lay.pad_r) ** 2, (name, n, j, k)


def test_sim_view_pads_in_a_row_under_a_wide_display():
    lay = view.Layout("ssd1680", 296, 128, 4)
    xs = [x for x, y in lay.pads]
    assert xs == sorted(xs) and len(set(y for x, y in lay.pads)) == 1
    assert min(y for x, y in lay.pads) > lay.disp_rect.bottom


def test_sim_view_eink_refresh_takes_its_time_and_a_full_one_flashes():
    old = np.full((4, 4, 3), 200, np.uint8)
    new = np.full((4, 4, 3), 30, np.uint8)
    p = view.EinkPanel(full_every=3)
    p.refresh(old, 0, full=True)
    assert (p.frame(view.EINK_FULL_US) == old).all()
    p.refresh(new, 10000000, full=False)
    assert (p.frame(10000000) == old).all()                     # nothing moved yet
    assert p.busy(10000000 + view.EINK_PARTIAL_US - 1)
    assert (p.frame(10000000 + view.EINK_PARTIAL_US) == new).all()
    assert not p.busy(10000000 + view.EINK_PARTIAL_US)
    p.refresh(old, 20000000, full=True)
    seen = set()
    for t in range(20000000, 20000000 + view.EINK_FULL_US, 50000):
        seen.add(int(p.frame(t)[0, 0, 0]))
    assert view.INK[0] in seen and view.PAPER[0] in seen         # the flash
    assert (p.frame(20000000 + view.EINK_FULL_US) == old).all()


def test_sim_view_eink_decides_full_refreshes_like_the_driver_when_not_told():
    p = view.EinkPanel(full_every=3)
    img = np.zeros((2, 2, 3), np.uint8)
    kinds = []
    for k in range(7):
        p.refresh(img, k * 10000000)
        kinds.append(p.pending[3])
    assert kinds == [True, False, False, True, False, False, True]


def test_sim_replay_screens_going_back_and_forth_show_the_same_frames():
    from core import log as _log
    from games import bataille
    from sim import replay_window
    lg = _log.Log()
    g = bataille.Bataille({"length": 6}, 4, lg, "batawaf")
    g.start(0)
    g.play(0)
    entries = _log.read(lg.text().splitlines())
    sc = replay_window.Screens(entries, "ws2812", 16, 16)
    forward = [sc.frame(k) for k in range(len(sc.steps))]
    assert len(set(forward)) > 3
    for k in (5, 2, len(sc.steps) - 1, 0, 3):
        assert sc.frame(k) == forward[k]
