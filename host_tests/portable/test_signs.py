# Signs that mean what they show (issue 28): in Tape-treize the taker of a
# pile gets the sign of taking, never a tick (T6), a slap that saved you the
# happy sign, a false slap its cross (T8); card faces whose pips a child
# counts at a glance (C2); the matrix's Bata-waf winner and tie that cover no
# dog (W2, W3); every option's value in the language chosen; the box's seat
# shown on the text displays (P1).  Pixels are read back from the frame.
from gfx import render, glyphs, fb, canvas as gcanvas
from app import view, strings
from core import cards

WIDE = ((296, 128), (128, 64))


def screen(w, h, v, colour=None):
    """(frame, canvas) of view v drawn on a w x h display."""
    if colour is None:
        colour = w <= 32
    buf, f = fb.new(w, h, fb.RGB565 if colour else fb.MONO_HLSB)
    cv = render.Canvas(f, w, h, colour)
    r = render.Renderer(cv, strings.table("fr"))
    if v.ended:
        r.end(v)
    else:
        r.game(v)
    assert cv.oob == 0 and cv.cut == 0, (w, h, cv.oob, cv.cut)
    return f, cv


def wide(w, h, v):
    """A wide display's Tape-treize screen of three players: the frame, its
    canvas, the scale, a column's width and the top of the players' band."""
    f, cv = screen(w, h, v)
    s = 1 if h < 100 else 2
    return f, cv, s, w // 3, h - 19 * s


def found(f, name, s, ok, x0, y0, x1, y1):
    """Where picture `name` at scale s is drawn exactly (its pixels ok(),
    the others of its box not) with its top-left in [x0, x1) x [y0, y1)."""
    pw, ph, off = glyphs.pic(name)
    out = []
    for y in range(y0, y1 - ph * s + 1):
        for x in range(x0, x1 - pw * s + 1):
            good = True
            for r in range(ph):
                bits = glyphs.row(glyphs.PIC_DATA, off, pw, r)
                for c in range(pw):
                    on = (bits >> (pw - 1 - c)) & 1
                    for dy in range(s):
                        for dx in range(s):
                            if ok(f.pixel(x + c * s + dx, y + r * s + dy)) != bool(on):
                                good = False
                                break
                        if not good:
                            break
                    if not good:
                        break
                if not good:
                    break
            if good:
                out.append((x, y))
    return out


def tape_after(rule, order, taker, n=3, box=(), pads=None, points=None):
    """A Tape-treize view just after a verdict and its take."""
    v = view.View("tape", n, pads=pads, n_pads=4 if pads else 0)
    if box:
        v.event(0, "start", ("tape", n, 1, {"box": list(box)}))
    v.event(0, "deal", (0, [["AS", "2S"]] * n))
    v.event(1, "count", (0, 3))
    v.event(1, "flip", (0, "9H", True))
    v.event(2, "count", (1, 4))
    v.event(2, "flip", (1, "9S", True))
    v.event(3, "verdict", (rule, order, taker))
    v.event(3, "take", (taker, ["9H", "9S"]))
    if points:
        v.points = list(points)
    return v


def test_t6_the_taker_gets_the_sign_of_taking_never_a_tick_on_the_matrix():
    v = tape_after("double", [0, 2, 1], 1)
    f, cv = screen(16, 16, v)
    mine = cv.pal[render.PLAYER0 + 1]
    assert found(f, "sign_taking", 1, lambda c: c == mine, 0, 0, 16, 16)
    # no tick of any colour anywhere, and no hand (the sign of a slap)
    assert not found(f, "check", 1, lambda c: c != 0, 0, 0, 16, 16)
    assert not found(f, "icon_hand", 1, lambda c: c == mine, 0, 0, 16, 16)


def test_t6_the_sign_of_taking_turns_to_the_takers_side():
    # two players face to face (pads 1 and 3): the one at the back takes,
    # the pile goes up the matrix to them: their colour in the top half
    v = tape_after("double", [0, 1], 1, n=2, pads=[0, 2])
    f, cv = screen(16, 16, v)
    mine = cv.pal[render.PLAYER0 + 1]
    ys = [y for y in range(16) for x in range(16) if f.pixel(x, y) == mine]
    assert ys and max(ys) < 8, ys
    v = tape_after("double", [1, 0], 0, n=2, pads=[0, 2])
    f, cv = screen(16, 16, v)
    mine = cv.pal[render.PLAYER0]
    ys = [y for y in range(16) for x in range(16) if f.pixel(x, y) == mine]
    assert ys and min(ys) >= 8, ys


def test_t6_the_taking_sign_differs_from_the_old_tick_frame():
    # the frame a taker gets is not the one of a false slap, nor a tick
    taken = screen(16, 16, tape_after("double", [0, 2, 1], 1))[0]
    false = screen(16, 16, tape_after("false", [1], 1))[0]
    a = [taken.pixel(x, y) for y in range(16) for x in range(16)]
    b = [false.pixel(x, y) for y in range(16) for x in range(16)]
    assert a != b


def test_t6_a_slap_that_saved_you_gets_the_happy_sign():
    # the matrix: the happy face, and the colour of each player saved
    v = tape_after("double", [0, 2, 1], 1)
    assert v.saved == [0, 2]
    f, cv = screen(16, 16, v)
    assert found(f, "sign_smiley", 1, lambda c: c == cv.pal[render.OK], 0, 0, 16, 8)
    seen = set([f.pixel(x, y) for y in range(8) for x in range(6, 16)])
    assert cv.pal[render.PLAYER0] in seen and cv.pal[render.PLAYER0 + 2] in seen
    assert cv.pal[render.PLAYER0 + 1] not in seen
    # the wide displays: the taker's column has the sign of taking, the
    # saved players' the happy face, none a tick
    for w, h in WIDE:
        f, cv, s, cw, band = wide(w, h, v)
        for p in range(3):
            cols = (p * cw, band, p * cw + cw, h)
            taking = found(f, "sign_taking", s, bool, *cols)
            happy = found(f, "sign_smiley", s, bool, *cols)
            assert (len(taking), len(happy)) == ((1, 0) if p == 1 else (0, 1)), (w, p)
        assert not found(f, "check", s, bool, 0, 0, w, h)


def test_t8_a_false_slap_keeps_its_cross():
    v = tape_after("false", [2], 2)
    assert v.saved == []
    f, cv = screen(16, 16, v)
    assert found(f, "cross", 1, lambda c: c == cv.pal[render.RED], 0, 0, 16, 16)
    assert not found(f, "sign_taking", 1, bool, 0, 0, 16, 16)
    for w, h in WIDE:
        f, cv, s, cw, band = wide(w, h, v)
        assert found(f, "cross", s, bool, 2 * cw, band, w, h)
        assert not found(f, "sign_taking", s, bool, 0, 0, w, h)
        assert not found(f, "sign_smiley", s, bool, 0, 0, w, h)


def test_t12_wide_displays_label_whose_cards_and_points():
    # each player's column: their number (white on black), two cards and
    # the cards held, a star per point; no word ("TAS", "PREND") at all
    v = tape_after("double", [0, 2, 1], 1, points=[2, 0, 1])
    for w, h in WIDE:
        f, cv, s, cw, band = wide(w, h, v)
        for p in range(3):
            cols = (p * cw, band, p * cw + cw, h)
            assert len(found(f, "sign_twocards", s, bool, *cols)) == 1, (w, p)
            assert len(found(f, "star", s, bool, *cols)) == v.points[p], (w, p)
            # whose: the player's number, white on black, at its top left
            assert f.pixel(p * cw + s, band), (w, p)
        tab = strings.table("fr")
        for word in ("Tas", "Prend", "Faute"):
            assert word not in tab.values()


def test_p1_the_box_seat_has_its_sign_on_the_text_displays():
    # Tape-treize: the box's column starts with its sign instead of a number
    v = tape_after("double", [0, 1, 2], 2, box=(2,))
    for w, h in WIDE:
        f, cv, s, cw, band = wide(w, h, v)
        for p in range(3):
            got = found(f, "sign_boxseat", s, bool, p * cw, band, p * cw + cw, band + 8 * s)
            assert len(got) == (1 if p == 2 else 0), (w, p)
    # Bataille and Bata-waf: under the box's column, beside its cards held
    for game, c in (("bataille", "KS"), ("batawaf", "W3a")):
        v = view.View(game, 2)
        v.event(0, "start", (game, 2, 1, {"box": [1]}))
        v.event(0, "deal", (1, [[c], [c]]))
        for w, h in WIDE:
            f, cv = screen(w, h, v)
            s = 1 if h < 100 else 2
            band = h - (9 * s if game == "bataille" else 6 * s)
            assert not found(f, "sign_boxseat", s, bool, 0, band, w // 2, h)
            assert len(found(f, "sign_boxseat", s, bool, w // 2, band, w, h)) == 1, (game, w)


def blobs(f, x0, y0, x1, y1):
    """The 4-connected groups of lit pixels in a box: [(n, w, h, pixels)],
    in the order a row-by-row scan meets them.  The box is read once into a
    bytearray and filled by index (issue 39: a set of (x, y) tuples and a
    pixel() call per neighbour made test_c2 the unix port's slowest test)."""
    w = x1 - x0
    size = w * (y1 - y0)
    lit = bytearray(size)           # 1: lit, not yet in a group; 2: grouped
    i = 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            if f.pixel(x, y):
                lit[i] = 1
            i += 1
    out = []
    for i in range(size):
        if lit[i] != 1:
            continue
        lit[i] = 2
        todo = [i]
        px = []
        while todo:
            j = todo.pop()
            px.append(j)
            c = j % w
            for k in (j + 1 if c + 1 < w else -1, j - 1 if c else -1, j + w, j - w):
                if 0 <= k < size and lit[k] == 1:
                    lit[k] = 2
                    todo.append(k)
        xs = [j % w for j in px]
        ys = [j // w for j in px]
        out.append((len(px), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1,
                    [(x0 + j % w, y0 + j // w) for j in px]))
    return out


def test_c2_pips_count_at_a_glance_on_the_card_faces():
    # on e-ink and OLED, for 2-10 of every suit: the pips are the card's
    # biggest marks, all alike, as many as the card's value; the corner
    # indexes are smaller and stand apart (no index within 2 pixels of a
    # pip), so the 7 of diamonds never reads as nine
    # (the e-ink's card is as tall and as wide for 2 players as for 4)
    for w, h, ns in ((296, 128, (4,)), (128, 64, (2, 4))):
        for n in ns:
            cw = w // n
            for rk in range(2, 11):
                for suit in "DS":     # (the issue's: 7 of diamonds, 8 of spades)
                    c = cards.parse("%d%s" % (rk, suit))
                    buf, f = fb.new(w, h, fb.MONO_HLSB)
                    cv = render.Canvas(f, w, h, False)
                    r = render.Renderer(cv, strings.table("fr"))
                    ch = h - r.lh - 4 - max(3, (h - r.lh) // 8)
                    r.card(render.Region(cv, 0, 0, cw, h), c, 2, 2, cw - 4, ch)
                    assert cv.oob == 0
                    # inside the outline: the blobs
                    # (the outline: four lines, its corners cut)
                    inside = [b for b in blobs(f, 0, 0, cw, h) if b[1] > 1 and b[2] > 1]
                    # the pips: the marks of the biggest box, all alike
                    most = max([b[1] * b[2] for b in inside])
                    big = max([b[0] for b in inside if b[1] * b[2] == most])
                    pips = [b for b in inside if b[1] * b[2] == most and b[0] == big]
                    assert len(pips) == rk, (w, n, rk, suit, len(pips))
                    pw, ph = pips[0][1], pips[0][2]
                    assert [1 for b in pips if (b[1], b[2]) != (pw, ph)] == []
                    marks = [b for b in inside if not (b[1] * b[2] == most and b[0] == big)]
                    assert marks, (w, rk, suit)        # the indexes
                    near = set()
                    for b in pips:
                        for x, y in b[3]:
                            for dx in (-2, -1, 0, 1, 2):
                                for dy in (-2, -1, 0, 1, 2):
                                    near.add((x + dx, y + dy))
                    for b in marks:
                        assert b[1] * b[2] < pw * ph, (w, rk, suit, b[:3])
                        for p in b[3]:
                            assert p not in near, (w, n, rk, suit, p)


def test_w2_matrix_winner_and_tie_cover_no_dog():
    # Bata-waf on the matrix: every pixel of a winner's or battler's dog is
    # drawn as without the mark; the loser's dog keeps its pixels (dimmed);
    # the mark is a background of the parts of those who won or tie: one
    # part for a winner, two for a tie, not only another colour
    for n, pads in ((2, None), (2, [0, 2]), (3, None), (4, None)):
        ups = ["W6a", "W6b", "W2c", "W1d"][:n]

        def dogs(ev):
            v = view.View("batawaf", n, pads=pads, n_pads=4 if pads else 0)
            v.event(0, "deal", (n - 1, [[c] for c in ups]))
            for p in range(n):
                v.event(1, "flip", (p, ups[p], True))
            if ev:
                v.event(2, ev[0], ev[1])
            return screen(16, 16, v)

        plain, cv = dogs(None)
        dog = [(x, y) for y in range(16) for x in range(16) if plain.pixel(x, y)]
        for ev, marked in ((("take", (1, ups)), 1), (("battle", ([0, 1],)), 2)):
            f, cv = dogs(ev)
            for x, y in dog:
                assert f.pixel(x, y), (n, ev[0], x, y)
                if ev[0] == "battle" or plain.pixel(x, y) == cv.pal[render.PLAYER0 + 1]:
                    assert f.pixel(x, y) == plain.pixel(x, y), (n, ev[0], x, y)
            mark = cv.pal[gcanvas.WON if ev[0] == "take" else render.BATTLE]
            back = [(x, y) for y in range(16) for x in range(16)
                    if f.pixel(x, y) == mark and (x, y) not in dog]
            assert len(back) >= 16 * marked, (n, ev[0], len(back))
            parts = set()
            for x, y in back:
                parts.add((x >= 8, y >= 8) if n > 2 else y >= 8)
            assert len(parts) == marked, (n, ev[0], parts)


def test_every_option_value_has_words_in_every_language():
    # every value of every option and setting the menus offer is written in
    # the language chosen: a word of its own (value_text "v_" + the value),
    # on/off for a flag, digits for a number; never the English of the code
    from app import menu, settings
    lists = [vals for _, vals in settings.SETTINGS]
    for g in settings.GAME_NAMES:
        lists += [vals for _, vals in settings.CHOICES[g]]
    for lang in strings.LANGS:
        tab = strings.table(lang)
        for vals in lists:
            for val in vals:
                if isinstance(val, bool):
                    assert menu.value_text(val, tab) == tab[("on" if val else "off")]
                elif isinstance(val, int):
                    assert menu.value_text(val, tab) == str(val)
                else:
                    # words of its own in this language (the value's key, or
                    # its entry in the language's ";value,words;" string)
                    assert ("v_" + val) in tab or (";%s," % val) in tab["v_"], (lang, val)
                    got = menu.value_text(val, tab)
                    assert got and ";" not in got and "," not in got, (lang, val, got)
    fr = strings.table("fr")
    # the examples, French in French ("DUREE ALL", "AS HIGH", ...)
    for k in ("all", "high", "shuffled", "play", "ordered", "low", "lose", "turns", "court", "moyen"):
        w = menu.value_text(k, fr)
        assert w.lower() != k and w != k.upper(), (k, w)
    assert menu.value_text("all", fr) == "entiere" and menu.value_text("high", fr) == "fort"
    assert menu.value_text("court", strings.table("en")) == "short"
    # each language named in its own words, in every language
    for lang in strings.LANGS:
        tab = strings.table(lang)
        assert [menu.value_text(k, tab) for k in ("fr", "en")] == ["Francais", "English"]
    # a value no language knows: shown as it is (never a crash)
    assert menu.value_text("zz", fr) == "ZZ" and menu.value_text("zzz", fr) == "zzz"
    # the two languages know the same words
    assert sorted(fr) == sorted(strings.table("en"))
