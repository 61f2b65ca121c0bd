# The end screen (gfx.render's Renderer.end): who won, a trophy facing each
# winner; Bataille and Tape-treize also say it in words with the cards (and
# points).  A screen module of its own, imported when the game ends, as
# gfx.menu, table and tape are when theirs are drawn: its bytecode was ~450 B
# of the board's heap through every game on the `.mpy` route (issue 41).
# (Named as its function: two names more in the board's pools, not three.)
from gfx.canvas import INK, DIM, OK, PLAYER0


def end(r, v):
    """Who won: a trophy facing each winner; Bataille and Tape-treize
    also say it in words with the cards (and points)."""
    cv = r.cv
    cv.clear()
    dogs = v.game == "batawaf"
    bottom = 0 if (r.small or v.n > 4) else ((6 if v.box else 4) * r.scale if dogs else r.lh)
    if v.n <= 4:
        # the words go in a band of their own, above the trophies
        words = not r.small and not dogs
        top = r.lh + 2 if words else 0
        regs = r.player_regions(v.n, top, bottom, v.sides)
        for p in range(v.n):
            rg = regs[p]
            if p in v.winners:
                k = max(1, min(rg.w // 8, rg.h // 8))
                rg.pic("trophy", (rg.w - 7 * k) // 2, (rg.h - 7 * k) // 2, k, OK)
            else:
                rg.pic("cross", (rg.w - 5) // 2, (rg.h - 5) // 2, 1, DIM if cv.colour else INK)
        if bottom:
            r.holdings(v, cv.h - bottom, bottom, dogs)
        if words:
            names = " ".join([str(p + 1) for p in v.winners])
            rg = r.whole()
            rg.text("%s %s" % (r._t("winner"), names), 1, 1, r.scale, INK)
        return
    rg = r.whole()
    if r.small:
        rg.pic("trophy", 4, 0, 1, OK)
        for p in range(v.n):
            rg.rect(p * 2, 12, 1, 3, PLAYER0 + p if p in v.winners else DIM)
        return
    top = r.title(r._t("winner") + " " + " ".join([str(p + 1) for p in v.winners]))
    cw = cv.w // v.n
    for p in range(v.n):
        rg.text(str(v.points[p]), p * cw + 1, top + r.scale, r.scale, INK, maxw=cw - 2)
