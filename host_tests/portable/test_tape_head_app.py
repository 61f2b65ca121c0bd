# S7 head starts in the box (issue 42, item 3): the settings offer off,
# auto, or by hand per seat, in both languages; the engine gets them (the
# box's own seats none); the screens show who has a head start from a
# round's end (or the match's start) to the next first card: a bar on the
# player's side of the matrix, a line on the OLED and e-ink.  The engine's
# side of S7: test_tape_head.py.
from app import settings, menu, strings, view
from gfx import render, fb
from gfx.region import Region
from tinytest import raises


def tape_items(st):
    return menu.build("opts:tape", st)[0]


def seat_args(items):
    return [a for _, _, act, a in items if a and a.startswith("tape:hand:")]


def test_s7_settings_offer_off_auto_and_by_hand_per_seat():
    st = settings.defaults()
    o = st["opts"]["tape"]
    assert o["head_start"] == "off" and o["hand"] == [0] * 8
    args = [a for _, _, act, a in tape_items(st)]
    assert "tape:head_start" in args and not seat_args(tape_items(st))
    menu.choose(st, "opt", "tape:head_start")
    assert o["head_start"] == "auto" and not seat_args(tape_items(st))
    menu.choose(st, "opt", "tape:head_start")
    assert o["head_start"] == "hand"
    items = tape_items(st)
    # by hand: one item a seat, right after the option
    i = [a for _, _, _, a in items].index("tape:head_start")
    assert [a for _, _, _, a in items[i + 1:i + 9]] == ["tape:hand:%d" % k for k in range(8)]
    for _ in range(3):
        menu.choose(st, "opt", "tape:hand:2")
    assert o["hand"] == [0, 0, 300, 0, 0, 0, 0, 0]
    for lang, word, by_hand in (("fr", "Avance (ms)", "a la main"), ("en", "Head start (ms)", "by hand")):
        rows = menu.rows(items, st, strings.table(lang))
        assert rows[i][1:] == (word, by_hand), rows[i]
        assert rows[i + 3][1:] == (word + " 3", "300"), rows[i + 3]
        assert rows[i + 1][1:] == (word + " 1", "0")
    # each seat cycles through the menu's values, 600 back to 0
    for _ in range(3):
        menu.choose(st, "opt", "tape:hand:2")
    assert o["hand"][2] == 600
    menu.choose(st, "opt", "tape:hand:2")
    assert o["hand"][2] == 0
    # off again: the seats' items go, their values stay for next time
    menu.choose(st, "opt", "tape:hand:0")
    menu.choose(st, "opt", "tape:head_start")
    assert o["head_start"] == "off" and not seat_args(tape_items(st)) and o["hand"][0] == 100


def test_s7_the_engine_gets_head_starts_by_hand_and_the_box_seats_none():
    o = settings.defaults()["opts"]["tape"]
    o["head_start"] = "hand"
    o["hand"] = [100, 0, 600, 300, 0, 0, 0, 0]
    o["box"] = 1
    eng = settings.engine_options("tape", o, 3)
    assert eng["players"] == 4 and eng["box"] == [3] and eng["head_start"] == [100, 0, 600, 0]
    o["box"] = 0
    assert settings.engine_options("tape", o, 2)["head_start"] == [100, 0]
    # nobody's head start by hand is off: games.tape_head is not even loaded
    assert settings.engine_options("tape", dict(o, hand=[0, 0, 5] + [0] * 5), 2)["head_start"] == "off"
    for v in ("off", "auto"):
        assert settings.engine_options("tape", dict(o, head_start=v), 3)["head_start"] == v
    # the engine takes what the settings give and writes it on the start line
    from games.tape import Tape
    from core.log import Log
    log = Log()
    g = Tape(settings.engine_options("tape", o, 2), 7, log)
    g.start(0)
    assert g.head_ms == [100, 0]
    assert '"head_start":[100,0]' in log.lines[0], log.lines[:1]


def test_s7_a_bad_head_start_in_the_settings_is_named_and_the_defaults_kept():
    d = settings.defaults()
    d["opts"]["tape"]["hand"] = [0, 250, 0, 0, 0, 0, 0, 0]
    e = raises(ValueError, settings.check, d)
    assert "'hand'" in str(e) and "250" in str(e), e
    d["opts"]["tape"]["hand"] = [0, 0]
    raises(ValueError, settings.check, d)
    d["opts"]["tape"]["hand"] = [0] * 8
    d["opts"]["tape"]["head_start"] = "fast"
    assert "head_start" in str(raises(ValueError, settings.check, d))

    class Store:
        def load(self, name, defaults):
            return bad, None
    bad = settings.defaults()
    bad["opts"]["tape"]["hand"] = "600"
    st, notice = settings.load(Store())
    assert st == settings.defaults() and "'hand'" in notice, notice
    # an older file, without the seats' head starts: theirs are 0
    old = settings.defaults()
    del old["opts"]["tape"]["hand"]
    assert settings.check(old)["opts"]["tape"]["hand"] == [0] * 8


def round_view(n=3, pads=(0, 1, 2), start=None):
    v = view.View("tape", n, pads=list(pads) if pads else None, n_pads=4 if pads else 0)
    v.event(0, "start", ("tape", n, 1, {"box": [], "head_start": start} if start else {"box": []}))
    v.event(0, "deal", (0, [["AS", "2S"]] * n))
    return v


def test_s7_the_view_shows_head_starts_from_a_rounds_end_to_its_next_card():
    v = round_view(start="auto")
    assert v.head_ms is None and not v.head_start
    v.event(1, "flip", (0, "9H", True))
    v.event(2, "round", (1, [1, 0, 0], [0, 2, 2]))
    assert not v.head_start            # auto: nobody has one yet
    v.event(2, "head_start", ([0, 200, 450],))
    assert v.head_ms == [0, 200, 450] and v.head_start
    v.event(3, "deal", (0, [["AS", "2S"]] * 3))
    assert v.head_start                # through the pause, to the first card
    v.event(4, "flip", (0, "9H", True))
    assert not v.head_start and v.head_ms == [0, 200, 450]
    v.event(5, "round", (2, [1, 1, 0], [2, 0, 2]))
    assert v.head_start                # the round's end screen says it again
    v.event(5, "head_start", ([0, 0, 0],))
    assert v.head_ms is None and not v.head_start
    # by hand: from the start line, until the first card
    v = round_view(start=[0, 300, 0])
    assert v.head_ms == [0, 300, 0] and v.head_start
    v.event(1, "flip", (0, "9H", True))
    assert not v.head_start


def draw(w, h, v, record=None):
    colour = w <= 32
    buf, f = fb.new(w, h, fb.RGB565 if colour else fb.MONO_HLSB)
    cv = render.Canvas(f, w, h, colour)
    r = render.Renderer(cv, strings.table("fr"))
    if record is not None:
        r.rg = Recording(cv, 0, 0, w, h)
        r.rg.said = record
    r.game(v)
    assert cv.oob == 0 and cv.cut == 0, (w, h, cv.oob, cv.cut)
    return f


class Recording(Region):
    """The whole screen's region, noting each text drawn in it."""

    def text(self, s, x, y, scale, col, small=False, maxw=0):
        self.said.append(s)
        return Region.text(self, s, x, y, scale, col, small, maxw)


def lit(f, xs, ys):
    out = []
    for y in ys:
        for x in xs:
            if f.pixel(x, y):
                out.append(f.pixel(x, y))
    return out


def test_s7_the_matrix_marks_the_side_of_each_player_with_a_head_start():
    v = round_view(start=[0, 200, 450])      # sides 0 front, 1 left, 2 back
    f = draw(16, 16, v)
    front, left, back = lit(f, range(16), [15]), lit(f, [0], range(16)), lit(f, range(16), [0])
    assert front == [] and len(left) == 4 and len(back) == 10, (front, left, back)
    assert len(set(left)) == 1 and len(set(back)) == 1 and left[0] != back[0]   # each in their colour
    assert len(lit(f, range(16), range(16))) == 14     # nothing else while it shows
    # the first card: the screen of a game without head starts again
    v.event(1, "flip", (0, "9H", True))
    none = round_view()
    none.event(1, "flip", (0, "9H", True))
    every = (range(16), range(16))
    assert lit(draw(16, 16, v), *every) == lit(draw(16, 16, none), *every)
    # two players on a side: a bar each, in order, up from the bottom left
    v = round_view(4, None, [300, 0, 0, 100])
    f = draw(16, 16, v)
    assert len(lit(f, range(8), [15])) == 3 and lit(f, range(16), [13, 11]) == []
    assert len(lit(f, range(8), [9])) == 1


def test_s7_the_wide_displays_say_who_has_a_head_start():
    for w, h in ((128, 64), (296, 128)):
        said = []
        draw(w, h, round_view(start=[0, 200, 450]), said)
        assert "Avance (ms)" in said and "2:200" in said and "3:450" in said, said
        assert "1:0" not in said
        said = []
        v = round_view(start=[0, 200, 450])
        v.event(1, "flip", (0, "9H", True))
        draw(w, h, v, said)
        assert "Avance (ms)" not in said, said
