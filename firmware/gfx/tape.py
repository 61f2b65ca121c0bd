# Tape-treize's screen, for gfx.render (Renderer.tape calls it): the card
# laid, the number said, the picture of the rule a slap is due for, the
# taker.  Imported only while Tape-treize is played (the box drops it when
# another game starts), so the other games never carry its bytecode.
from gfx import canvas
from gfx.canvas import BG, INK, RED, BLACKSUIT, DIM, WARN, OK, PLAYER0
from core import cards


def tape(r, v):
    """Tape-treize: the top card of the central pile, the number said
    (not in T13), large; while a slap is due, a picture of the rule that
    fires (match: the number and the card alike, double: two cards
    alike, sandwich: alike around another) in amber; after a slap, the
    taker's colour with a tick (or a cross for a false slap); the cards
    and points of each player."""
    cv = r.cv
    cv.clear()
    rg = r.whole()
    if r.small:
        tape_small(r, v, rg)
        return
    s = r.scale
    side = cv.w // 3
    card = canvas.Region(cv, side, 0, side, cv.h - r.lh, 0)
    if v.taker >= 0:
        card.frame(INK)
    if v.pile_top >= 0:
        r.card(card, v.pile_top, 2, 2, side - 4, card.h - 4)
    if not v.hidden and v.count > 0:
        # the count said, white on black: never read as part of the card
        k = max(1, min((side - 8) // 12, (cv.h - r.lh - 8) // 8))
        tw = canvas.text_width(str(v.count), k)
        rg.rect(0, 0, tw + 4 * s, 7 * k + 4 * s, INK)
        rg.text(str(v.count), 2 * s, 2 * s, k, BG, maxw=side - 4)
    x = 2 * side + 2
    rg.text("%s %d" % (r._t("pile"), v.pile_n), x, 2, s, INK, maxw=side - 4)
    if v.taker >= 0:
        msg = r._t("false_slap") if v.rule == "false" else r._t("takes")
        who = "%s %d" % (msg, v.taker + 1)
        if canvas.text_width(who, s) > side - 4:
            # a narrow column: the player's number on a line of its own
            rg.text(str(v.taker + 1), x, 2 + 2 * r.lh, s, INK, maxw=side - 4)
            who = msg
        rg.text(who, x, 2 + r.lh, s, INK, maxw=side - 4)
    elif v.due and not v.hidden:
        k = max(1, min((side - 6) // 16, (cv.h - 3 * r.lh) // 8))
        rule_pic(r, rg, v.due, x, 2 + r.lh + s, k, INK, INK)
    y = cv.h - r.lh + s
    cw = cv.w // max(v.n, 1)
    for p in range(v.n):
        txt = "%d:%d" % (v.counts[p], v.points[p])
        # many players: the small font, so no figure is cut
        small = canvas.text_width(txt, s) > cw - 2
        rg.text(txt, p * cw + 1, y + (s if small else 0), s, INK, small, cw - 1)

def tape_small(r, v, rg):
    """The matrix: the card on the top half (rank and suit, 5x7), the
    number said under it in green, or the rule's picture, or the
    taker; a dot per player holding cards on the right."""
    if v.pile_top >= 0:
        c = v.pile_top
        col = RED if cards.is_red(c) else BLACKSUIT
        lab = canvas.rank_label(c, r.faces_fr)
        r.rank(rg, lab, 0 if lab == "10" else 1, 0, 1, col)
        rg.pic(canvas.suit_pip(c, True), 10, 1, 1, col)
    if v.taker >= 0:
        pc = PLAYER0 + (v.taker & 7)
        rg.pic("icon_hand", 0, 8, 1, pc)
        if v.rule == "false":
            rg.pic("cross", 10, 10, 1, RED)
        else:
            rg.pic("check", 10, 10, 1, OK)
        return
    if v.due and not v.hidden:
        # (with the count hidden, T13, the rule would give it away)
        rule_pic(r, rg, v.due, 0, 9, 1, WARN, DIM, v.count)
        return
    if not v.hidden and v.count > 0:
        rg.text(str(v.count), 0, 9, 1, OK, maxw=12)
    for p in range(min(v.n, 8)):
        col = PLAYER0 + p if v.counts[p] else DIM
        rg.rect(13 + (p >> 2) * 2, 9 + (p & 3) * 2, 1, 1, col)

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
