# Tape-treize's screen, for gfx.render (Renderer.tape calls it): the card
# laid, the number said, the picture of the rule a slap is due for, the
# taker.  Imported only while Tape-treize is played (the box drops it when
# another game starts), so the other games never carry its bytecode.
from gfx import canvas
from gfx.canvas import BG, INK


def tape(r, v):
    """Tape-treize: the top card of the central pile, the number said
    (not in T13), large; while a slap is due, a picture of the rule that
    fires (match: the number and the card alike, double: two cards
    alike, sandwich: alike around another); after a slap, the sign of
    taking (the pile going to the taker: never a tick, the taker is the
    slowest), the happy sign for those a valid slap saved, the cross
    for a false slap.  Wide displays: no words, pictures a child who
    cannot read follows, and a column per player (whose: the number,
    or the box's sign; cards held; points as stars)."""
    cv = r.cv
    cv.clear()
    rg = r.whole()
    if r.small:
        # the matrix's screen: its own module, so the wide displays do
        # not carry its bytecode (gfx.tape16)
        from gfx import tape16
        tape16.tape_small(r, v, rg, rule_pic)   # (no import back: no circle)
        return
    s = r.scale
    side = cv.w // 3
    top = cv.h - 19 * s      # the players' columns: three lines under it
    card = canvas.Region(cv, side, 0, side, top, 0)
    if v.head_start:
        # S7, in the card's place while none is laid (a round ends or
        # begins): the option's words, then each player with a head start,
        # their number and its ms ("2:200"), as many to a line as fit
        # (no function of its own, nor a format: each is a name of the board)
        w = 2 * side - 2
        rg.text(r._t("head_start"), 1, 1, s, INK, maxw=w - 1)
        x = 1
        y = 1 + r.lh
        for p in range(v.n):
            if not v.head_ms[p]:
                continue
            t = str(p + 1) + ":" + str(v.head_ms[p])
            tw = canvas.text_width(t, s)
            if x > 1 and x + tw > w:
                x = 1
                y += r.lh
            if y + 7 * s > top:
                break           # (no room left above the players' columns)
            rg.text(t, x, y, s, INK, maxw=w - x)
            x += tw + 6 * s
    elif v.taker >= 0:
        card.frame(INK)
    if v.pile_top >= 0:
        r.card(card, v.pile_top, 2, 2, side - 4, top - 4)
    if not v.hidden and v.count > 0:
        # the count said, white on black: never read as part of the card
        k = max(1, min((side - 8) // 12, (top - 8) // 8))
        tw = canvas.text_width(str(v.count), k)
        rg.rect(0, 0, tw + 4 * s, 7 * k + 4 * s, INK)
        rg.text(str(v.count), 2 * s, 2 * s, k, BG, maxw=side - 4)
    x = 2 * side + 2
    # the pile: its picture and how many cards it holds
    rg.pic("icon_card", x, 2, s, INK)
    rg.text(str(v.pile_n), x + 9 * s, 2, s, INK, maxw=side - 10 * s)
    y = 2 + r.lh + s
    if v.taker >= 0:
        # the taker's sign, large (their column says whose)
        k = max(1, min((side - 4) // 8, (top - y - 2) // 7, 3 * s))
        rg.pic("cross" if v.rule == "false" else "sign_taking", x, y, k, INK)
    elif v.due and not v.hidden:
        k = max(1, min((side - 6) // 16, (top - y) // 8))
        rule_pic(r, rg, v.due, x, y, k, INK, INK)
    cw = cv.w // max(v.n, 1)
    for p in range(v.n):
        x = p * cw + s
        # whose: the number white on black (the box's seats: its sign, P1)
        if p in v.box:
            rg.pic("sign_boxseat", x, top + s, s, INK)
        else:
            t = str(p + 1)
            rg.rect(x, top, canvas.text_width(t, s, True) + 2 * s, 7 * s, INK)
            rg.text(t, x + s, top + s, s, BG, True)
        if p == v.taker:
            rg.pic("cross" if v.rule == "false" else "sign_taking", x + 6 * s, top, s, INK)
        elif p in v.saved:
            rg.pic("sign_smiley", x + 6 * s, top + s, s, INK)
        # the cards held: two cards and the number
        rg.pic("sign_twocards", x, top + 8 * s, s, INK)
        rg.text(str(v.counts[p]), x + 6 * s, top + 8 * s, s, INK, True, cw - 7 * s)
        # the points: a star each (a star and the number when they do not fit)
        n = v.points[p]
        k = n if n * 6 * s <= cw - s else 1
        for i in range(k):
            rg.pic("star", x + 6 * s * i, top + 14 * s, s, INK)
        if k < n:
            rg.text(str(n), x + 6 * s, top + 14 * s, s, INK, True, cw - 7 * s)


def rule_pic(r, rg, rule, x, y, k, col, other, said=0):
    """A picture of the rule that fires, 16k x 7k at (x, y): cards as
    small filled rectangles, the ones alike in col, the others in
    other.  match: the number said (small) then a card; double: two
    cards; sandwich: alike, other, alike; any other rule: a star."""
    cw = 4 * k
    ch = 7 * k
    if rule == "match":
        if said:
            t = str(said)
            tw = canvas.text_width(t, k, True)
            rg.text(t, x + 7 * k - tw, y + k, k, col, small=True)
        rg.rect(x + 9 * k, y, cw, ch, col)
    elif rule == "double":
        rg.rect(x + 2 * k, y, cw, ch, col)
        rg.rect(x + 9 * k, y, cw, ch, col)
    elif rule == "sandwich":
        rg.rect(x, y, cw, ch, col)
        rg.rect(x + 12 * k, y, cw, ch, col)
        if other == col:
            # one colour (mono): the card between is an outline
            rg.rect(x + 6 * k, y, cw, k, col)
            rg.rect(x + 6 * k, y + ch - k, cw, k, col)
            rg.rect(x + 6 * k, y + k, k, ch - 2 * k, col)
            rg.rect(x + 9 * k, y + k, k, ch - 2 * k, col)
        else:
            rg.rect(x + 6 * k, y, cw, ch, other)
    else:
        rg.pic("star", x + 5 * k, y + k, k, col)
