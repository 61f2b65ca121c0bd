# Bataille's and Bata-waf's table, for gfx.render (Renderer.table and .dog
# call it): each player's card or dog facing them, the battlers, the trick's
# winner, the cards face down.  Imported only while one of those games is
# played (the box drops it when a game starts), so Tape-treize never carries
# its bytecode.
from gfx import glyphs
from gfx.canvas import BG, INK, BATTLE, WON, DOG, DIM, PLAYER0


def dog(r, rg, size, x, y, w, h, col=DOG):
    """A dog of size 1..6, all sizes at one scale so the biggest dog is
    the biggest drawing (W2, W6).  Two sets of six: dog1-6 (up to 8x7,
    for square spaces) and dogw1-6 (up to 15x8, for wide ones such as
    half of the matrix); the set that draws the biggest dog here wins.
    Each size has about 1.3-1.5 times the lit pixels of the one below,
    so a child tells them apart at a glance."""
    d = min(w // 8, h // 7)
    dw = min(w // 15, h // 8)
    dogs = glyphs.DOG
    if 60 * dw * dw > 31 * d * d:
        dogs = glyphs.DOGW
        d = dw
    d = max(1, d)
    off = dogs[size - 1]
    pw = glyphs.PIC_DATA[off]
    ph = glyphs.PIC_DATA[off + 1]
    rg.pic(off, x + (w - pw * d) // 2, y + h - ph * d, d, col)


def backs(r, rg, n, x, y, w, h):
    """n face-down cards: a row of small backs."""
    if n <= 0 or w <= 0 or h <= 0:
        return
    if r.small:
        rg.rect(x, y, min(n, w), 1, INK)
        return
    bw = max(2, h // 2)
    for i in range(n):
        bx = x + i * (bw + 1)
        if bx + bw > x + w:
            break
        rg.rect(bx, y, bw, h, INK)
        rg.rect(bx + 1, y + 1, bw - 2, h - 2, BG)

# ---- screens ----------------------------------------------------


def table(r, v):
    """Bataille and Bata-waf: each player's card(s) on the table, the
    battlers, the trick winner, the cards each holds."""
    cv = r.cv
    cv.clear()
    dogs = v.game == "batawaf"
    bottom = 0 if r.small else ((6 if v.box else 4) * r.scale if dogs else r.lh)
    regs = r.player_regions(v.n, 0, bottom, v.sides)
    for p in range(v.n):
        rg = regs[p]
        # the trick's winner: on the matrix the part facing them lit in
        # a dim gold behind the dog or card, the battlers' in a dim
        # magenta (a mark that covers no pixel of a dog, and the winner's
        # one lit part differs from a battle's two or more by more than
        # a colour); framed, and a line on top, on the mono displays
        lost = v.winner >= 0 and v.winner != p
        if v.winner == p:
            if cv.colour:
                rg.fill(WON)
            else:
                rg.frame(INK)
        elif p in v.battle:
            if cv.colour:
                rg.fill(BATTLE)
            else:
                rg.rect(0, 0, rg.w, 1, INK)
        if v.out[p]:
            rg.pic("cross", (rg.w - 5) // 2, (rg.h - 5) // 2, 1, DIM if cv.colour else INK)
            continue
        up = v.up[p]
        ins = 0 if r.small else 2
        back_h = 0 if r.small else max(3, rg.h // 8)
        if len(up) >= 2 and not r.small and rg.w >= 40:
            half = (rg.w - 2 * ins) // 2
            r.card(rg, up[-2], ins, ins, half, rg.h - 2 * ins - back_h)
            r.card(rg, up[-1], ins + half, ins, half, rg.h - 2 * ins - back_h)
        elif up:
            # each player's dog in their colour, the losers' dimmed; the
            # box's seat in white, its sign (P1), no player's colour
            col = (DIM if lost else INK if p in v.box else PLAYER0 + p) if cv.colour else INK
            r.card(rg, up[-1], ins, ins, rg.w - 2 * ins, rg.h - 2 * ins - back_h, col)
        elif v.waiting[p]:
            k = 1 if r.small else r.scale
            rg.pic("arrow_down", (rg.w - 5 * k) // 2, (rg.h - 5 * k) // 2, k,
                   INK if p in v.box else PLAYER0 + p)
        if v.down[p]:
            if r.small:
                # on the far edge: the dog or card stands on the near one
                backs(r, rg, v.down[p], 1, 0, rg.w - 2, 1)
            else:
                backs(r, rg, v.down[p], ins, rg.h - back_h - 1, rg.w - 2 * ins, back_h)
    if bottom:
        r.holdings(v, cv.h - bottom, bottom, dogs)
