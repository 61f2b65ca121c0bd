# Tape-treize's screen on the 16x16 LED matrix, for gfx.tape (its tape()
# calls it there only): the wide displays never carry this bytecode, which
# matters on the e-ink's .mpy build (docs/app.md, Memory).  Dropped with
# gfx.tape when another game starts (app.box, app.play: forget).  It gets
# gfx.tape's rule_pic as an argument: no import back, no circle.
from gfx import canvas
from gfx.canvas import INK, RED, BLACKSUIT, DIM, WARN, OK, PLAYER0
from core import cards


def tape_small(r, v, rg, rule_pic):
    """The matrix: the card on the top half (rank and suit, 5x7), the
    number said under it in green, or the rule's picture, or the
    taker: the pile going to them (turned to their side when known)
    in their colour, a happy face and the colours of those a valid
    slap saved; a false slap: the hand and a red cross.  A dot per
    player holding cards on the right.  S7, from a round's end to its
    next first card: a bar on the side of each player with a head start,
    in their colour, an LED each side of the middle per 100 ms (600 ms:
    the edge's middle ten); players sharing a side (no sides known): a
    bar each, in order, up from the bottom left.  The taker's sign waits
    then: the head starts are what the children must see."""
    if v.head_start:
        for p in range(min(v.n, 8)):
            k = (v.head_ms[p] + 99) // 100
            if not k:
                continue
            if v.sides is not None:
                canvas.Region(r.cv, 0, 0, 16, 16, v.sides[p]).rect(8 - k, 15, 2 * k, 1, PLAYER0 + p)
            else:
                rg.rect((p >> 2) * 8, 15 - 2 * (p & 3), k, 1, PLAYER0 + p)
        return
    if v.pile_top >= 0:
        c = v.pile_top
        col = RED if cards.is_red(c) else BLACKSUIT
        lab = canvas.rank_label(c, r.faces_fr)
        r.rank(rg, lab, 0 if lab == "10" else 1, 0, 1, col)
        rg.pic(canvas.suit_pip(c, True), 10, 1, 1, col)
    if v.taker >= 0:
        # (the box's seats in white, its sign, P1)
        pc = INK if v.taker in v.box else PLAYER0 + (v.taker & 7)
        if v.rule == "false":
            rg.pic("icon_hand", 0, 8, 1, pc)
            rg.pic("cross", 10, 10, 1, RED)
            return
        if v.sides is not None:
            rg = canvas.Region(r.cv, 0, 0, 16, 16, v.sides[v.taker])
        rg.pic("sign_taking", 4, 9, 1, pc)
        if v.saved:
            rg.pic("sign_smiley", 0, 1, 1, OK)
            for i in range(len(v.saved)):
                p = v.saved[i]
                rg.rect(6 + 2 * (i % 5), 1 + 3 * (i // 5), 1, 2, INK if p in v.box else PLAYER0 + (p & 7))
        return
    if v.due and not v.hidden:
        # (with the count hidden, T13, the rule would give it away)
        rule_pic(r, rg, v.due, 0, 9, 1, WARN, DIM, v.count)
        return
    if not v.hidden and v.count > 0:
        rg.text(str(v.count), 0, 9, 1, OK, maxw=12)
    for p in range(min(v.n, 8)):
        col = (INK if p in v.box else PLAYER0 + p) if v.counts[p] else DIM
        rg.rect(13 + (p >> 2) * 2, 9 + (p & 3) * 2, 1, 1, col)
