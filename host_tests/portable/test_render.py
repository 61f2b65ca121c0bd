# The renderer: every screen fits every display, no glyph on a Bata-waf
# screen (W6), the cards are drawn where their player sits.
from gfx import render, glyphs, fb
from app import view, strings, pause
from app import settings as _set
from core import cards

# the pictures' offsets by name (gfx.glyphs keeps two tuples: constants in flash)
PIC_AT = dict(zip(glyphs.PIC_NAMES, glyphs.PIC_OFFS))

DISPLAYS = ((16, 16, True), (128, 64, False), (296, 128, False))


class Null:
    """A target that only counts: the Canvas does the checking."""

    def __init__(self):
        self.n = 0

    def fill(self, c):
        self.n += 1

    def fill_rect(self, x, y, w, h, c):
        self.n += 1


def canvas(w, h, colour, target=None):
    return render.Canvas(target or Null(), w, h, colour)


def states(game, n):
    """A list of views covering each visible step of a game of n players."""
    out = []
    v = view.View(game, n)
    ev = v.event
    dogs = game == "batawaf"
    if dogs:
        deck = [cards.name(c) for c in cards.deck(cards.DOGS)]
    else:
        deck = [cards.name(c) for c in cards.deck(cards.STANDARD)]
    hands = [deck[p::n] for p in range(n)]
    ev(0, "deal", (n - 1, hands))
    v.waiting = [True] * n
    out.append(v)
    if game == "tape":
        for n_said, card in ((1, "AS"), (12, "10H"), (13, "KD")):
            v = view.View(game, n)
            v.event(0, "deal", (0, hands))
            v.event(1, "count", (0, n_said))
            v.event(2, "flip", (0, card, True))
            out.append(v)
        v = view.View(game, n)
        v.event(0, "deal", (0, hands))
        v.event(2, "flip", (0, "7C", True))
        v.event(3, "verdict", ("false", [1], 1))
        v.event(4, "take", (1, ["7C"]))
        out.append(v)
        h = view.View(game, n, hidden=True)
        h.event(0, "deal", (0, hands))
        h.event(1, "count", (0, 9))
        h.event(2, "flip", (0, "9S", True))
        out.append(h)
        e = view.View(game, n)
        e.event(0, "deal", (0, hands))
        e.event(9, "end", ([0], "target", [52] + [0] * (n - 1), [3] + [1] * (n - 1)))
        out.append(e)
        return out
    for size_card in range(6):
        v = view.View(game, n)
        v.event(0, "deal", (n - 1, hands))
        for p in range(n):
            c = hands[p][(size_card * 3) % len(hands[p])]
            v.event(1, "flip", (p, c, True))
        out.append(v)
    v = view.View(game, n)
    v.event(0, "deal", (n - 1, hands))
    v.event(1, "flip", (0, hands[0][0], True))
    v.event(1, "flip", (1, hands[1][0], True))
    v.event(2, "battle", ([0, 1],))
    for k in range(3):
        v.event(3, "flip", (0, hands[0][k + 1], False))
        v.event(3, "flip", (1, hands[1][k + 1], False))
    out.append(v)
    v2 = view.View(game, n)
    v2.event(0, "deal", (n - 1, hands))
    v2.event(1, "flip", (0, hands[0][0], True))
    v2.event(1, "flip", (1, hands[1][0], True))
    v2.event(2, "take", (1, [hands[0][0], hands[1][0]]))
    v2.event(3, "out", (0,))
    out.append(v2)
    if not dogs:
        a = view.View(game, n)
        a.event(0, "deal", (n - 1, hands))
        for p in range(n):
            a.event(1, "flip", (p, hands[p][0], True))
            a.event(1, "flip", (p, hands[p][1], True))
        out.append(a)
    e = view.View(game, n)
    e.event(0, "deal", (n - 1, hands))
    e.event(9, "end", ([n - 1], "all_cards", [0] * (n - 1) + [len(deck)]))
    out.append(e)
    return out


def all_game_screens(r, game, n):
    """Draw every screen of a game; yields after each so callers check."""
    for v in states(game, n):
        if v.ended:
            r.end(v)
            yield v
            continue
        r.game(v)
        yield v
        # the pause menu as the box draws it (app.pause), its hint shown
        pause.show(r, r.s, _set.defaults(), pause.items("fr" if r.faces_fr else "en", None), 0, 0, True,
                   game == "batawaf")
        yield v
    joined = [p < n for p in range(max(n, 4))]
    r.join(game, joined, len(joined), "icon_dog")
    yield None


def test_w6_no_glyph_on_any_batawaf_screen():
    for w, h, col in DISPLAYS:
        for lang in strings.LANGS:
            cv = canvas(w, h, col)
            r = render.Renderer(cv, strings.table(lang))
            for n in (2, 3, 4):
                for _ in all_game_screens(r, "batawaf", n):
                    assert cv.font_glyphs == 0, (w, h, n)
                    assert cv.pictures > 0
                    cv.reset_counts()


def test_w6_glyph_counter_sees_bataille_ranks():
    # the check above must be able to fail: a Bataille screen shows ranks
    cv = canvas(16, 16, True)
    r = render.Renderer(cv, strings.table("fr"))
    v = states("bataille", 2)[1]
    r.game(v)
    assert cv.font_glyphs >= 2


def test_every_screen_fits_every_display():
    for w, h, col in DISPLAYS:
        for lang in strings.LANGS:
            tab = strings.table(lang)
            cv = canvas(w, h, col)
            r = render.Renderer(cv, tab)
            for game, ns in (("bataille", (2, 3, 4)), ("batawaf", (2, 3, 4)), ("tape", (2, 3, 4, 6, 8))):
                for n in ns:
                    for _ in all_game_screens(r, game, n):
                        assert cv.oob == 0, (w, h, game, n)
                        assert cv.cut == 0, (w, h, game, n, lang)
            items = [("icon_dog", tab["batawaf"], None), ("icon_card", tab["bataille"], None),
                     ("icon_hand", tab["tape"], None), ("icon_gear", tab["settings"], None),
                     ("icon_lang", tab["lang"], "EN"), ("icon_sun", tab["brightness"], "5"),
                     ("icon_opts", tab["hidden_count"], tab["off"]), ("icon_back", tab["back"], None)]
            for sel in range(len(items)):
                r.menu(tab["menu"], items, sel)
                assert cv.oob == 0, (w, h, "menu", sel)
            r.message(tab["error"], [tab["game_error"], "MemoryError: memory allocation failed"])
            assert cv.oob == 0 and cv.cut == 0
            r.message(tab["notice"], [tab["settings_reset"]], "star", render.WARN)
            assert cv.oob == 0 and cv.cut == 0


def test_canvas_counts_a_draw_outside():
    cv = canvas(16, 16, True)
    rg = render.Region(cv, 0, 0, 16, 16)
    rg.rect(10, 10, 7, 1, render.INK)
    assert cv.oob == 1


def lit(buf_fb, w, h):
    pts = []
    for y in range(h):
        for x in range(w):
            if buf_fb.pixel(x, y):
                pts.append((x, y))
    return pts


def test_square_display_two_players_card_in_their_half():
    # player 1 (p 0) sits at the bottom, player 2 (p 1) at the top, turned
    for p in (0, 1):
        buf, f = fb.new(16, 16, fb.RGB565)
        cv = render.Canvas(f, 16, 16, True)
        r = render.Renderer(cv, strings.table("fr"))
        v = view.View("bataille", 2)
        v.event(0, "deal", (1, [["KS"], ["QH"]]))
        v.event(1, "flip", (p, ["KS", "QH"][p], True))
        r.game(v)
        pts = lit(f, 16, 16)
        assert pts
        for x, y in pts:
            assert (y >= 8) if p == 0 else (y < 8)


def test_square_display_four_players_quadrants():
    names = ["KS", "QH", "JD", "AC"]
    quads = [(0, 8), (0, 0), (8, 0), (8, 8)]
    for p in range(4):
        buf, f = fb.new(16, 16, fb.RGB565)
        cv = render.Canvas(f, 16, 16, True)
        r = render.Renderer(cv, strings.table("fr"))
        v = view.View("bataille", 4)
        v.event(0, "deal", (3, [[c] for c in names]))
        v.event(1, "flip", (p, names[p], True))
        r.game(v)
        x0, y0 = quads[p]
        pts = lit(f, 16, 16)
        assert pts
        for x, y in pts:
            assert x0 <= x < x0 + 8 and y0 <= y < y0 + 8, (p, x, y)


def dog_of_size(s):
    for c in cards.deck(cards.DOGS):
        if cards.size(c) == s:
            return cards.name(c)


def lit_count(f, w, h):
    n = 0
    for y in range(h):
        for x in range(w):
            if f.pixel(x, y):
                n += 1
    return n


def dog_areas(w, h, colour, n, pads=None):
    """Lit pixels of a table where every player shows a dog of size 1..6."""
    out = []
    for s in range(1, 7):
        buf, f = fb.new(w, h, fb.RGB565 if colour else fb.MONO_HLSB)
        cv = render.Canvas(f, w, h, colour)
        r = render.Renderer(cv, strings.table("fr"))
        v = view.View("batawaf", n, pads=pads, n_pads=4 if pads else 0)
        name = dog_of_size(s)
        v.event(0, "deal", (n - 1, [[name]] * n))
        for p in range(n):
            v.event(1, "flip", (p, name, True))
        r.game(v)
        assert cv.oob == 0
        # (on a mono display the holdings bars are lit too: the same
        # for every size, they only make the test harder)
        out.append(lit_count(f, w, h))
    return out


def test_w2_dogs_of_six_sizes_differ_by_lit_area_in_every_layout():
    # every size lights at least 1.3 times the pixels of the size below it,
    # on the matrix with 2 players (halves: face to face, or side by side),
    # 3 and 4 (quadrants), and on the wide displays
    for w, h, col in DISPLAYS:
        for n, pads in ((2, None), (2, [0, 2]), (2, [1, 3]), (2, [0, 1]), (3, None), (4, None)):
            a = dog_areas(w, h, col, n, pads)
            for i in range(5):
                assert a[i + 1] * 10 >= a[i] * 13, (w, h, n, pads, a)


def test_w2_two_players_on_the_matrix_use_their_whole_half():
    # the biggest dog spans (nearly) the whole half facing its player
    buf, f = fb.new(16, 16, fb.RGB565)
    cv = render.Canvas(f, 16, 16, True)
    r = render.Renderer(cv, strings.table("fr"))
    v = view.View("batawaf", 2)
    name = dog_of_size(6)
    v.event(0, "deal", (1, [[name], [name]]))
    v.event(1, "flip", (0, name, True))
    r.game(v)
    pts = lit(f, 16, 16)
    xs = [x for x, y in pts]
    ys = [y for x, y in pts]
    assert min(ys) >= 8 and max(ys) - min(ys) >= 7 and max(xs) - min(xs) >= 13


def test_c1_french_faces_by_default():
    assert render.rank_label(cards.parse("KS"), True) == "R"
    assert render.rank_label(cards.parse("QS"), True) == "D"
    assert render.rank_label(cards.parse("JS"), True) == "V"
    assert render.rank_label(cards.parse("JS"), False) == "J"
    assert render.rank_label(cards.parse("10S"), True) == "10"


def test_red_and_black_suits_on_the_matrix():
    seen = {}
    for name in ("KH", "KS"):
        buf, f = fb.new(16, 16, fb.RGB565)
        cv = render.Canvas(f, 16, 16, True)
        r = render.Renderer(cv, strings.table("fr"))
        v = view.View("bataille", 2)
        v.event(0, "deal", (1, [[name], ["2C"]]))
        v.event(1, "flip", (0, name, True))
        r.game(v)
        cols = set()
        for x, y in lit(f, 16, 16):
            cols.add(f.pixel(x, y))
        seen[name] = cols
    assert seen["KH"] == {cv.pal[render.RED]}
    assert seen["KS"] == {cv.pal[render.BLACKSUIT]}


def test_t13_hidden_count_is_not_drawn():
    for w, h, col in DISPLAYS:
        drawn = []
        for hidden in (False, True):
            cv = canvas(w, h, col)
            r = render.Renderer(cv, strings.table("fr"))
            v = view.View("tape", 2, hidden=hidden)
            v.event(0, "deal", (0, [["AS"], ["2S"]]))
            v.event(1, "count", (0, 12))
            v.event(2, "flip", (0, "7H", True))
            r.game(v)
            drawn.append(cv.font_glyphs)
        # the count 12 is two glyphs, gone when hidden; the card stays
        assert drawn[0] - drawn[1] == 2, (w, h, drawn)
        assert drawn[1] >= 1


def test_picture_data_matches_its_ascii_art():
    # glyphs.py shows each picture as ascii art in a comment, in the order
    # of PIC_DATA's records: keep them equal (tools/glyphs.py rewrites the
    # data from the art); named pictures are at their PIC_AT offsets
    path = glyphs.__file__
    if path.endswith(".mpy"):
        return
    n = 0
    off = 0
    with open(path) as f:
        for ln in f:
            words = ln[4:].split() if ln.startswith("#   ") else []
            if len(words) != 3 or "x" not in words[1]:
                continue
            name, size, art = words
            w = glyphs.PIC_DATA[off]
            h = glyphs.PIC_DATA[off + 1]
            assert size == "%dx%d" % (w, h), name
            if name in PIC_AT:
                assert PIC_AT[name] == off
            rows = art.split("|")
            for r in range(h):
                bits = 0
                for ch in rows[r]:
                    bits = bits * 2 + (1 if ch == "#" else 0)
                assert glyphs.row(glyphs.PIC_DATA, off + 2, w, r) == bits, (name, r)
            off += 2 + h * (2 if w > 8 else 1)
            n += 1
    assert off == len(glyphs.PIC_DATA) and n == len(PIC_AT) + 15
    assert glyphs.DOG[0] == PIC_AT["pip_c3"] + 5


def menus_as_drawn(lang):
    """Every menu of the box, its items as app.box draws them."""
    from app import menu, settings
    tab = strings.table(lang)
    st = settings.defaults()
    names = ["home", "options", "settings", "after"] + ["opts:" + g for g in settings.GAME_NAMES]
    out = []
    for name in names:
        items, _ = menu.build(name, st)
        out.append((name, menu.rows(items, st, tab)))
    return out


def test_menu_rows_are_the_words_and_values_the_box_draws():
    from app import box, menu, settings
    import app_hal
    tab = strings.table("en")
    st = settings.defaults()
    st["volume"] = 4
    st["opts"]["bataille"]["ace"] = "low"
    st["opts"]["bataille"]["auto"] = True
    rows = menu.rows(menu.build("settings", st)[0], st, tab)
    assert rows[0] == ("icon_lang", "Language", "Francais")    # each language in its own words
    assert rows[1] == ("icon_speaker", "Volume", "4")
    assert ("icon_speaker", "Sound", "voice") in rows
    assert rows[-1] == ("icon_back", "Back", None)
    rows = menu.rows(menu.build("opts:bataille", st)[0], st, tab)
    assert rows[0] == ("icon_opts", "Auto", "on") and ("icon_opts", "Ace", "low") in rows
    assert ("icon_opts", "Addition", "off") in rows
    assert menu.rows(menu.build("home", st)[0], st, tab)[0] == ("icon_dog", "Bata-waf", None)
    # the box draws those very rows
    app = box.App(app_hal.Hal(4), seed=1)
    seen = []
    app.renderer.menu = lambda title, items, sel, ms=0, hint=False: seen.append(items) or False
    app.open_menu("settings")
    app.draw()
    assert seen[-1] == menu.rows(app.menus.items, app.settings, app.tab)
    assert seen[-1][-1] == ("icon_back", app.tab["back"], None) and seen[-1][1][2] == "3"


def test_no_menu_label_is_cut_on_any_display():
    for w, h, col in DISPLAYS:
        for lang in strings.LANGS:
            cv = canvas(w, h, col)
            r = render.Renderer(cv, strings.table(lang))
            for name, items in menus_as_drawn(lang):
                for sel in range(len(items)):
                    scrolls = r.menu("Menu", items, sel, 0)
                    assert cv.cut == 0 and cv.oob == 0, (w, h, lang, name, items[sel])
                    if w > 16:
                        assert not scrolls
                        continue
                    # the matrix: a label too wide scrolls from its first
                    # column to its last, and back
                    icon, label, value = items[sel]
                    txt = value if value is not None else label
                    over = render.text_width(txt, 1, True) - w
                    assert scrolls == (over > 0), txt
                    if over > 0:
                        seen = [render.scroll_offset(over + 1, ms) for ms in range(0, 20000, 50)]
                        assert min(seen) == 0 and max(seen) == over + 1, txt
                        for ms in range(0, 8000, 250):
                            r.menu("Menu", items, sel, ms)
                            assert cv.oob == 0 and cv.cut == 0
                    cv.reset_counts()


def tape_view(laid, n=2, hidden=False):
    """A Tape-treize view after the cards laid [(number said, card)]."""
    v = view.View("tape", n, hidden=hidden)
    v.event(0, "deal", (0, [["AS"]] * n))
    for i in range(len(laid)):
        said, c = laid[i]
        v.event(1, "count", (i % n, said))
        v.event(1, "flip", (i % n, c, True))
    return v


def test_t4_matrix_pictures_the_rule_a_slap_is_due_for():
    cases = {"": [(3, "7H")], "match": [(9, "9S")], "double": [(4, "9S"), (5, "9D")],
             "sandwich": [(4, "QS"), (5, "2D"), (6, "QH")]}
    seen = {}
    for rule in cases:
        v = tape_view(cases[rule])
        assert v.due == rule
        buf, f = fb.new(16, 16, fb.RGB565)
        cv = render.Canvas(f, 16, 16, True)
        render.Renderer(cv, strings.table("fr")).game(v)
        amber = tuple([(x, y) for x, y in lit(f, 16, 16) if f.pixel(x, y) == cv.pal[render.WARN]])
        seen[rule] = amber
        assert (len(amber) >= 20) == (rule != ""), rule
    # three different pictures
    assert len(set([seen["match"], seen["double"], seen["sandwich"]])) == 3
    # with the count hidden (T13) no picture gives it away
    v = tape_view(cases["match"], hidden=True)
    buf, f = fb.new(16, 16, fb.RGB565)
    cv = render.Canvas(f, 16, 16, True)
    render.Renderer(cv, strings.table("fr")).game(v)
    assert not [p for p in lit(f, 16, 16) if f.pixel(p[0], p[1]) == cv.pal[render.WARN]]


def test_t3_matrix_count_and_card_are_large():
    # the number said in the 5x7 font (7 rows) under the card, whose rank
    # is 7 rows too: a child reads both across the table
    v = tape_view([(12, "KH")])
    buf, f = fb.new(16, 16, fb.RGB565)
    cv = render.Canvas(f, 16, 16, True)
    render.Renderer(cv, strings.table("fr")).game(v)
    green = [y for x, y in lit(f, 16, 16) if f.pixel(x, y) == cv.pal[render.OK]]
    red = [y for x, y in lit(f, 16, 16) if f.pixel(x, y) == cv.pal[render.RED]]
    assert max(green) - min(green) == 6 and min(green) >= 8
    assert max(red) - min(red) >= 6 and max(red) < 8


def test_c2_wide_displays_draw_real_card_faces():
    # a portrait card: rank and suit in the corner, the suit again in the
    # opposite corner, and as many pips as its value (2-10), one big pip
    # for an ace, a figure for V/D/R: two corner pips plus those
    for w, h in ((296, 128), (128, 64)):
        for r in range(1, 14):
            name = cards.name((r - 1) * 4 + 1)
            buf, f = fb.new(w, h, fb.MONO_HLSB)
            cv = render.Canvas(f, w, h, False)
            rnd = render.Renderer(cv, strings.table("fr"))
            rg = render.Region(cv, 0, 0, w // 2, h)
            rnd.card(rg, cards.parse(name), 2, 2, w // 2 - 4, h - 4)
            assert cv.oob == 0
            assert cv.pictures == 2 + (r if 2 <= r <= 10 else 1), (w, name, cv.pictures)
            pts = lit(f, w, h)
            xs = [x for x, y in pts]
            ys = [y for x, y in pts]
            assert max(ys) - min(ys) > max(xs) - min(xs), (w, name)


def test_player_colours_bright_and_distinct():
    # each of the four players of a square box has a colour of its own at
    # full strength, far from the others and from the marks of a trick
    # (white dots: the winner, magenta dots: a battle)
    cols = [render.player_rgb(p) for p in range(4)]
    marks = [tuple(render.RGB[3 * c:3 * c + 3]) for c in (render.INK, render.BATTLE)]
    for i in range(4):
        assert max(cols[i]) == 255
        for other in cols[i + 1:] + marks:
            d = 0
            for k in range(3):
                d += abs(cols[i][k] - other[k])
            assert d >= 200, (cols[i], other)


def test_canvas_blit_draws_what_the_runs_draw():
    """MicroPython's framebuf blits a glyph in one call (Canvas.blit); it
    must light exactly the pixels, and count exactly the draws outside,
    that drawing it run by run does: every picture and font glyph, in
    colour and mono, at scale 1 and 2 (the e-ink's text: doubled into the
    canvas's scratch rows), inside, across an edge, through a scroll window."""
    if not fb.NATIVE:
        return      # the PC's pure-Python framebuf: always run by run
    places = ((0, 0, -9999, 9999), (3, 2, -9999, 9999), (-2, 1, -9999, 9999), (12, 10, -9999, 9999),
              (-3, 4, 0, 16), (13, 4, 0, 16), (2, 4, 4, 9), (5, -1, -9999, 9999))
    bitmaps = [(glyphs.PIC_DATA, PIC_AT[n] + 2, glyphs.PIC_DATA[PIC_AT[n]],
                glyphs.PIC_DATA[PIC_AT[n] + 1]) for n in sorted(PIC_AT)]
    bitmaps += [(glyphs.FONT5X7, i * 7, 5, 7) for i in range(len(glyphs.FONT_CHARS))]
    bitmaps += [(glyphs.FONT3X5, i * 5, 3, 5) for i in range(len(glyphs.SMALL_CHARS))]
    blits = [0, 0, 0]
    for w, h, colour, k in ((16, 16, True, 1), (24, 20, False, 1), (16, 16, True, 2), (24, 20, False, 2)):
        fmt = fb.RGB565 if colour else fb.MONO_VLSB
        for data, off, bw, bh in bitmaps:
            for x, y, x0, x1 in places:
                got = []
                for fast in (True, False):
                    buf, f = fb.new(w, h, fmt)
                    cv = render.Canvas(f, w, h, colour)
                    cv.fast = cv.fast and fast
                    cv.clear(render.INK if not colour else render.BG)
                    rg = render.Region(cv, 0, 0, w, h)
                    col = render.OK if colour else render.BG
                    rg.bitmap(data, off, bw, bh, x, y, k, col, x0, x1)
                    got.append((bytes(buf), cv.oob))
                    if fast and cv.fast:
                        blits[k] += 1
                assert got[0] == got[1], (colour, k, off, bw, bh, x, y, x0, x1)
    assert blits[1] > 0 and blits[2] > 0
    # a 5x7 glyph at scale 2 inside the display does go the one-blit way
    buf, f = fb.new(24, 20, fb.MONO_VLSB)
    cv = render.Canvas(f, 24, 20, False)
    assert cv.blit(glyphs.FONT5X7, 7, 5, 7, 2, 2, render.INK, -9999, 9999, 2)


def test_menu_drawn_again_for_another_row_is_the_whole_menu():
    """Issue 26: a press of pad 1 in a menu draws only the two rows whose
    choice changed (gfx.menu, cv.rows says which); the picture must be the
    one a whole drawing gives, through moves, the hint's title gone, a
    scroll past the last row, a value changed, and another screen between."""
    items = [("icon_card", "Bataille", None), ("icon_dog", "Bata-waf", None), ("icon_hand", "Tape-treize", "oui"),
             ("icon_gear", "Reglages", None), ("icon_test", "Auto-test", None), ("icon_back", "Retour", "12"),
             ("icon_opts", "Options", None)]
    for w, h in ((128, 64), (296, 128), (128, 32)):
        buf, f = fb.new(w, h, fb.MONO_VLSB)
        cv = render.Canvas(f, w, h, False)
        r = render.Renderer(cv)
        narrowed = 0
        for k, sel in enumerate([0, 1, 2, 3, 4, 5, 6, 0, 6, 5, 3, 3, 2]):
            its = list(items)
            if k == 11:
                its[5] = ("icon_back", "Retour", "13")
            if k == 12:
                r.message("Erreur", ["x"])
            r.menu("Menu", its, sel, 0, k == 0)
            if cv.rows != (0, h):
                narrowed += 1
                assert 0 <= cv.rows[0] < cv.rows[1] <= h, cv.rows
            b2, f2 = fb.new(w, h, fb.MONO_VLSB)
            render.Renderer(render.Canvas(f2, w, h, False)).menu("Menu", its, sel, 0, k == 0)
            assert bytes(buf) == bytes(b2), (w, h, k, sel)
        assert narrowed >= (5 if h >= 64 else 1), (w, h, narrowed)


def test_text_through_the_scratch_draws_what_the_runs_draw():
    """Issue 26: Region.text copies each glyph into the canvas's scratch and
    blits it (nothing allocated a glyph); it must light the pixels and
    count the glyphs, cuts and draws outside that glyph-by-glyph drawing
    does: both fonts, scale 1 and 2, mono and colour, inside, across an
    edge, cut by maxw, accents and letters not in the font."""
    if not fb.NATIVE:
        return
    texts = ("Bataille 10", "Tape-treize: 2/3", "\u00e9t\u00e9 \u00e7a \u00ca", "a_b~c", "")
    fast_ones = 0
    for w, h, colour in ((296, 128, False), (128, 64, False), (16, 16, True)):
        fmt = fb.RGB565 if colour else fb.MONO_VLSB
        for t in texts:
            for small in (False, True):
                for k in (1, 2, 3):
                    for x, y, maxw in ((1, 2, 0), (w - 20, 3, 0), (-2, 1, 0), (3, h - 6, 0), (2, 2, 13)):
                        got = []
                        for fast in (True, False):
                            buf, f = fb.new(w, h, fmt)
                            cv = render.Canvas(f, w, h, colour)
                            cv.fast = cv.fast and fast
                            rg = render.Region(cv, 0, 0, w, h)
                            n = rg.text(t, x, y, k, render.INK, small, maxw)
                            n2 = rg.text(t, x, y + 1, k, render.OK, small, maxw)
                            got.append((bytes(buf), n, n2, cv.oob, cv.font_glyphs, cv.cut))
                            if fast and cv.fast and cv.frames:
                                fast_ones += 1      # the scratch's way was taken
                        assert got[0] == got[1], (w, h, t, small, k, x, y, maxw)
    assert fast_ones > 50, fast_ones


def test_font_tables_of_the_mono_frames_are_the_font_turned():
    """gfx.glyphs' FONT_IX and FONT5X7_COLS (gfx/text_viper.py's tables,
    constants in flash) are FONT_CHARS and FONT5X7 turned: a character's own
    glyph, a-z their capitals', any other the '?'; each glyph's columns, bit
    r its row r.  On a failure: the constants to paste into gfx/glyphs.py."""
    chars = glyphs.FONT_CHARS
    font = glyphs.FONT5X7
    ix = bytearray(128)
    for c in range(128):
        i = chars.find(chr(c).upper())
        ix[c] = i if i >= 0 else chars.find("?")
    cols = bytearray(5 * len(chars))
    for i in range(5 * len(chars)):
        v = 0
        for r in range(7):
            if (font[7 * (i // 5) + r] >> (4 - i % 5)) & 1:
                v |= 1 << r
        cols[i] = v
    want = "FONT_IX = %r\nFONT5X7_COLS = %r" % (bytes(ix), bytes(cols))
    assert glyphs.FONT_IX == bytes(ix) and glyphs.FONT5X7_COLS == bytes(cols), want
    assert glyphs.FONT_IX[ord("a")] == chars.find("A") and glyphs.FONT_IX[ord("~")] == chars.find("?")
    # the small font's glyphs are found by FONT_IX too (gfx.menu, Region.text)
    assert glyphs.SMALL_CHARS == glyphs.FONT_CHARS


def test_glyphs_straight_into_the_mono_frame_draw_what_the_blit_draws():
    """Issue 26: on a MONO_VLSB frame (the OLEDs' and the e-ink's) glyphs
    and small bitmaps are written straight into its bytes by viper code
    (gfx/text_viper.py, Canvas.put); the picture, the widths and the counts
    must be exactly those of the framebuf blit through the scratch (no
    format given) and of the runs (not fast): both fonts, scale 1 and 2,
    ink set and cleared, rows across a page, inside, across an edge, cut by
    maxw, every picture one byte a row, and rectangles (Canvas.fill)."""
    import sys
    if not fb.NATIVE:
        return      # the PC's pure-Python framebuf: always run by run
    if sys.implementation.name == "micropython":
        buf, f = fb.new(8, 8, fb.MONO_VLSB)
        # the unix port has the native emitters: the viper way is the one tested
        assert render.Canvas(f, 8, 8, False, 5, fb.MONO_VLSB).put is not None
    texts = ("Bataille 10", "TAPE-TREIZE: 2/3", "\u00e9t\u00e9 \u00e7a", "a_b~c%#")
    pics = [n for n in sorted(PIC_AT) if glyphs.PIC_DATA[PIC_AT[n]] <= 8]
    put_ones = 0
    for w, h in ((296, 128), (128, 64), (128, 32)):
        places = ((1, 2, 0), (w - 20, 3, 0), (-2, 1, 0), (3, h - 15, 0), (2, 5, 13), (7, 9, 0), (0, h - 7, 0))
        for ink, bg in ((render.INK, render.BG), (render.BG, render.INK)):
            for small in (False, True):
                for k in (1, 2):
                    for x, y, maxw in places:
                        got = []
                        for fmt, fast in ((fb.MONO_VLSB, True), (None, True), (None, False)):
                            buf, f = fb.new(w, h, fb.MONO_VLSB)
                            cv = render.Canvas(f, w, h, False, 5, fmt)
                            cv.fast = cv.fast and fast
                            cv.clear(bg)
                            rg = render.Region(cv, 0, 0, w, h)
                            ns = [rg.text(t, x, y + i, k, ink, small, maxw) for i, t in enumerate(texts)]
                            for i, n in enumerate(pics):
                                rg.pic(n, x + 9 * i, y + 1, k, ink)
                            # rectangles (Canvas.fill): in a page, across pages, whole
                            # pages, across each edge, nothing
                            for rx, ry, rw, rh in ((x, y, 7, 3), (x - 3, y + 2, 40, 11), (0, 8, w, 16),
                                                   (w - 5, h - 3, 10, 9), (-4, -2, 6, 5), (x, y, 0, 4)):
                                rg.rect(rx, ry, rw, rh, ink if rw & 1 else bg)
                            got.append((bytes(buf), ns, cv.oob, cv.font_glyphs, cv.cut, cv.pictures))
                            if cv.put is not None and cv.fill is not None and cv.fast:
                                put_ones += 1
                        assert got[0] == got[1] == got[2], (w, h, ink, small, k, x, y, maxw)
    assert put_ones > 0 or sys.implementation.name != "micropython"


def test_matrix_scrolling_label_and_pictures_blitted_in_place_draw_what_the_runs_draw():
    """Issue 26: on the matrix (RGB565) a scrolling menu label's glyphs are
    blitted by gfx.menu.scroll_text itself through the canvas's framebuf of
    their rows (Canvas.glyph), and a picture goes to Canvas.blit without
    Region.bitmap's call: nothing allocated a glyph.  The pixels and the
    counts must be exactly those of the runs (not fast), at every offset of
    the scroll, for each colour, in windows of the display's width (the
    fast way) and narrower ones (the runs), and pictures across the edges."""
    import sys
    from gfx import menu as gmenu
    if not fb.NATIVE:
        return      # the PC's pure-Python framebuf: always run by run
    label = "Bata-waf 10 \u00e9t\u00e9 ?!"
    pics = [n for n in sorted(PIC_AT) if glyphs.PIC_DATA[PIC_AT[n]] <= 16]
    over = render.text_width(label, 1, True) - 16
    assert over > 0
    fast_ones = 0
    for col in (render.OK, render.INK, render.PLAYER0 + 1):
        for x, w in ((0, 16), (2, 10)):
            for off in range(0, over + 2):
                got = []
                for fast in (True, False):
                    buf, f = fb.new(16, 16, fb.RGB565)
                    cv = render.Canvas(f, 16, 16, True)
                    cv.fast = cv.fast and fast
                    cv.clear()
                    rg = render.Region(cv, 0, 0, 16, 16)
                    gmenu.scroll_text(rg, label, x, 9, w, off, col)
                    if off < 3:
                        for i, n in enumerate(pics):
                            rg.pic(n, (i * 5) % 24 - 4, (i * 3) % 20 - 6, 1 + (i & 1), col)
                    got.append((bytes(buf), cv.font_glyphs, cv.pictures, cv.oob))
                    fast_ones += cv.fast
                assert got[0] == got[1], (col, x, w, off)
    assert fast_ones > 0 or sys.implementation.name != "micropython"


def test_text_codes_fold_accents_and_keep_ascii():
    # what the fonts draw, by code (iterating a str would intern each letter
    # on MicroPython, issue 41): ASCII as it is, an accented letter its
    # capital, anything else '?', each then a glyph of FONT_IX
    from gfx.style import codes
    assert bytes(codes("Go 10!")) == b"Go 10!"
    assert bytes(codes("R\u00e9gl\u00e9 \u00e0 \u00c9t\u00e9")) == b"REglE A EtE"
    assert bytes(codes("\u00fc+\u65e5")) == b"?+?"
    # drawn, each is its glyph: a small letter its capital's
    assert [glyphs.FONT_IX[c] for c in codes("aZ\u00e9")] == [glyphs.FONT_CHARS.find(ch) for ch in "AZE"]
