# The menu and joining screens, for gfx.render (Renderer.menu and .join
# call them): drawn only outside a game, so the box drops this module while
# one is played (app.box.forget) and its bytecode leaves the heap.
from gfx import glyphs
from gfx import canvas
from gfx.canvas import BG, INK, DIM, OK, PLAYER0
from gfx.style import codes


def scroll_text(rg, s, x, y, w, off, col):
    """s in the small font through a window w pixels wide at x,
    shifted off pixels left: glyphs cut at the window's edges."""
    cx = x - off
    cv = rg.cv
    key = None
    if rg.rot == 0 and cv.fast and rg.x == x == 0 and w == cv.w and 0 <= rg.y + y <= cv.h - 5:
        # The matrix's scrolling label: the window is the display's width,
        # so the framebuf's own clipping is the window's, and each glyph is
        # blitted here, through the canvas's framebuf of its rows (no call
        # of Region.bitmap and Canvas.blit a glyph: two call frames over 11
        # words, each allocated on the Pico's heap; issue 26, a matrix
        # frame within 8 ms)
        key = cv.ink(col)
        y += rg.y
    for c in codes(s):      # (by code: no name interned a letter)
        if cx + 3 > x and cx < x + w and c != 32:
            i = glyphs.FONT_IX[c]       # (SMALL_CHARS are FONT_CHARS)
            cv.font_glyphs += 1
            if key is None:
                rg.bitmap(glyphs.FONT3X5, i * 5, 3, 5, cx, y, 1, col, x, x + w)
            else:
                # (the glyph's 3 columns are the low bits of its 8-bit rows)
                cv.t.blit(cv.glyph(glyphs.FONT3X5, i * 5, 8 << 6 | 5), cx - 5, y, key, cv._pal)
        cx += 4


def menu(r, title, items, sel, ms=0, hint=False):
    """items: (icon, label, value or None); sel: the highlighted one;
    ms: how long it has been highlighted.  On the matrix: the item's
    icon, its label (or value) scrolling when wider than the display,
    never cut, and a dot per item.  Returns True while the label
    scrolls: r.scroll_over is then what gfx.render.scroll_offset takes
    (the box redraws the menu only when that offset moves).
    hint: say which pad moves and which chooses (a menu's first show):
    a line of words in place of the title, on the matrix pictures in
    place of the label (an arrow in pad 1's colour, a tick in pad 2's)."""
    cv = r.cv
    r.scroll_over = 0
    rg = r.whole()
    if r.small:
        cv.clear()
        icon, label, value = items[sel]
        rg.pic(icon, (cv.w - 8) // 2, 0, 1, INK)
        txt = value if value is not None else label
        over = canvas.text_width(txt, 1, True) - cv.w
        if hint:
            rg.pic("arrow_right", 1, 9, 1, PLAYER0)
            rg.pic("check", 10, 9, 1, PLAYER0 + 1)
            over = 0
        elif over <= 0:
            rg.text(txt, -over // 2, 9, 1, OK, small=True)
        else:
            r.scroll_over = over + 1
            scroll_text(rg, txt, 0, 9, cv.w, canvas.scroll_offset(over + 1, ms), OK)
        n = min(len(items), cv.w)
        step = 2 if 2 * n <= cv.w + 1 else 1
        x0 = (cv.w - step * n + 1) // 2
        t, pal = cv.t, cv.pal
        for i in range(n):
            # a pixel a dot, straight into the frame (Region.rect and
            # Canvas.rect a dot were two call frames the heap lends: issue 26)
            t.fill_rect(rg.x + x0 + step * i, rg.y + 15, 1, 1, pal[OK if i == sel else DIM])
        return over > 0
    title = r._t("hint") if hint else title
    top = r.lh
    n = (cv.h - top) // r.lh
    first = 0
    if sel >= n:
        first = sel - n + 1
    # The same menu as on the screen with another row chosen (pad 1), or its
    # hint gone: only the two rows that changed (and the title) are drawn
    # again, in their bands, which the whole menu's drawing leaves to them
    # alone (issue 26: a press's frame starts sooner).  cv.shown: what the
    # canvas holds (Canvas.clear forgets it); cv.rows: the band of rows
    # drawn since it was sent.
    was = cv.shown
    if was is not None and was[2] == first and was[1] == items:
        again = [was[3], sel] if was[3] != sel else []  # type: list[int] | range
        cv.rows = (cv.h, 0)
        if was[0] != title:
            r.title(title)
            cv.rows = (0, top)
        for i in again:
            y = top + (i - first) * r.lh
            rg.rect(0, y, cv.w, r.lh, BG)
            cv.rows = (min(cv.rows[0], y), max(cv.rows[1], y + r.lh))
    else:
        cv.clear()
        r.title(title)
        again = range(first, min(len(items), first + n))
    s = r.scale
    for i in again:
        icon, label, value = items[i]
        y = top + (i - first) * r.lh + s
        if i == sel:
            rg.rect(0, y - s, cv.w, r.lh, INK)
            col = BG
        else:
            col = INK
        x = 1
        if cv.w >= 100:
            rg.pic(icon, 1, y, s, col)
            x = 10 * s
        vw = 0
        if value is not None:
            vw = canvas.text_width(value, s) + 2 * s
            rg.text(value, cv.w - vw, y, s, col, maxw=vw)
        rg.text(label, x, y, s, col, maxw=cv.w - x - vw - 2 * s)
    cv.shown = (title, items, first, sel)


def join(r, game, joined, n_pads, icon):
    """Players join by pressing their pad: one box per pad."""
    cv = r.cv
    cv.clear()
    rg = r.whole()
    if r.small:
        rg.pic(icon, 4, 1, 1, INK)
        bw = 16 // max(n_pads, 1)
        for p in range(n_pads):
            col = PLAYER0 + p if joined[p] else DIM
            rg.rect(p * bw, 12, max(bw - 1, 1), 3, col)
        return
    top = 0
    if game != "batawaf":
        top = r.title(r._t(game))
        rg.text(r._t("press_pad"), 1, top + r.scale, r.scale, INK)
        top += r.lh
    else:
        rg.pic(icon, 1, 1, r.scale, INK)
        top = 9 * r.scale
    bw = cv.w // max(n_pads, 1)
    bh = cv.h - top - 2
    for p in range(n_pads):
        x = p * bw + 1
        if joined[p]:
            rg.rect(x, top + 1, bw - 2, bh, INK)
            rg.pic("check", x + (bw - 2 - 5 * r.scale) // 2, top + 1 + (bh - 5 * r.scale) // 2,
                   r.scale, BG)
        else:
            rg.rect(x, top + 1, bw - 2, 1, INK)
            rg.rect(x, top + bh, bw - 2, 1, INK)
