# On a square box each player's card faces the side they sit on, whichever
# pads they joined with (two players at pads 1 and 2 sit on adjacent sides).
from gfx import render, fb
from app import view, strings


def test_seat_sides_follow_the_pads_clockwise():
    assert view.seat_sides([0, 1, 2, 3], 4) == [0, 1, 2, 3]
    assert view.seat_sides([0, 1], 2) == [0, 2]
    assert view.seat_sides([0, 2, 4, 6], 8) == [0, 1, 2, 3]
    assert view.seat_sides([0, 7], 8) is None      # both at the front: fixed order
    assert view.seat_sides(None, 4) is None


def lit_box(p, pads):
    buf, f = fb.new(16, 16, fb.RGB565)
    cv = render.Canvas(f, 16, 16, True)
    r = render.Renderer(cv, strings.table("fr"))
    n = len(pads)
    v = view.View("bataille", n, False, pads, 4)
    names = ["KS", "QH", "JD", "AC"][:n]
    v.event(0, "deal", (n - 1, [[c] for c in names]))
    v.event(1, "flip", (p, names[p], True))
    r.game(v)
    assert cv.oob == 0
    pts = [(x, y) for y in range(16) for x in range(16) if f.pixel(x, y)]
    assert pts
    xs = [x for x, _ in pts]
    ys = [y for _, y in pts]
    return min(xs), max(xs), min(ys), max(ys)


def test_two_players_on_adjacent_sides_get_the_quadrant_facing_them():
    # pads 1 and 2: front and left side; not the top half for the left player
    x0, x1, y0, y1 = lit_box(0, [0, 1])
    assert y0 >= 8 and x1 < 8          # front-left quadrant, upright
    x0, x1, y0, y1 = lit_box(1, [0, 1])
    assert y1 < 8 and x1 < 8           # left player's quadrant, turned to the left


def test_two_players_left_and_right_share_the_screen_in_halves():
    x0, x1, y0, y1 = lit_box(0, [1, 3])
    assert x1 < 8 and y1 - y0 >= 8     # the left half, the card along it
    x0, x1, y0, y1 = lit_box(1, [1, 3])
    assert x0 >= 8 and y1 - y0 >= 8


def test_two_players_face_to_face_keep_the_halves():
    x0, x1, y0, y1 = lit_box(0, [0, 2])
    assert y0 >= 8
    x0, x1, y0, y1 = lit_box(1, [0, 2])
    assert y1 < 8


def test_end_screen_words_stay_above_the_trophies():
    for w, h in ((296, 128), (128, 64)):
        buf, f = fb.new(w, h, fb.MONO_HLSB)
        cv = render.Canvas(f, w, h, False)
        r = render.Renderer(cv, strings.table("fr"))
        v = view.View("bataille", 2)
        v.event(0, "deal", (1, [["KS"], ["QH"]]))
        v.event(5, "end", ([0, 1], "limit", [26, 26], None))
        r.end(v)
        assert cv.oob == 0
        band = r.lh + 2
        words = r._t("winner") + " 1 2"
        tw = render.text_width(words, r.scale) + 2
        # in the words' band, nothing but the words: no trophy reaches it
        for y in range(band):
            for x in range(tw, w):
                assert not f.pixel(x, y), (w, h, x, y)
        # and the trophies are drawn below it
        assert [1 for y in range(band, h) for x in range(w) if f.pixel(x, y)]


def test_p1_the_box_seat_is_drawn_in_its_sign_not_a_player_colour():
    # Bata-waf on the matrix: each player's dog in their colour; the seat
    # the box plays (the start line's `box`) in white, no player's colour
    def colours(box):
        buf, f = fb.new(16, 16, fb.RGB565)
        cv = render.Canvas(f, 16, 16, True)
        r = render.Renderer(cv, strings.table("fr"))
        v = view.View("batawaf", 2, False, [0, 4], 4)
        v.event(0, "start", ("batawaf", 2, 1, {"players": 2, "box": box}))
        v.event(0, "deal", (1, [["W3a", "W1a"], ["W2b", "W1b"]]))
        v.event(1, "flip", (0, "W3a", True))
        v.event(1, "flip", (1, "W2b", True))
        r.game(v)
        return set([f.pixel(x, y) for y in range(16) for x in range(16)])
    alone = colours([1])
    two = colours([])
    # the same picture but for player 2's dog: its colour gone, white instead
    assert len(two - alone) == 1 and len(alone - two) == 1
    assert alone - two == set([0xFFFF])      # white, in RGB565
