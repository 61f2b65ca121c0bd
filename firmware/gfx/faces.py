# Real card faces for the displays with room for them (e-ink, OLED), for
# gfx.render (Renderer.card calls it): portrait, the index in the corners,
# the pips laid out as on a real card, a figure for V/D/R.  The LED matrix
# never imports it.
from gfx import glyphs
from gfx import canvas
from gfx.canvas import INK
from core import cards


# Where the pips of 2..10 go on a card: column (0 left, 1 middle, 2 right)
# * 16 + row (0 top .. 12 bottom), as on a real card.
PIPS = (
    b"\x10\x1c", b"\x10\x16\x1c", b"\x00\x20\x0c\x2c", b"\x00\x20\x16\x0c\x2c",
    b"\x00\x20\x06\x26\x0c\x2c", b"\x00\x20\x13\x06\x26\x0c\x2c",
    b"\x00\x20\x13\x06\x26\x19\x0c\x2c", b"\x00\x20\x04\x24\x16\x08\x28\x0c\x2c",
    b"\x00\x20\x12\x04\x24\x08\x28\x1a\x0c\x2c",
)


def face(r, rg, c, x, y, w, h, col):
    """A card as a real card looks, portrait, centred in (x, y, w, h):
    its outline, a small index (rank and suit side by side) in the
    top-left and bottom-right corners, and in the middle, below and
    above the indexes with a gap, the pips laid out as on a real card
    (A to 10), each bigger than the index's, or a figure (V/J, D/Q,
    R/K).  The pips never share rows with an index: a child counts
    them at a glance, the 7 never reads as nine."""
    ch = h
    cw = min(w, h * 3 // 4)
    x += (w - cw) // 2
    rg.rect(x + 1, y, cw - 2, 1, INK)
    rg.rect(x + 1, y + ch - 1, cw - 2, 1, INK)
    rg.rect(x, y + 1, 1, ch - 2, INK)
    rg.rect(x + cw - 1, y + 1, 1, ch - 2, INK)
    lab = canvas.rank_label(c, r.faces_fr)
    # the index: the 5x7 font and a 5x5 suit on a tall card, the 3x5 font
    # and a 3x3 suit on a small one
    big = ch >= 80
    ih = 7 if big else 5
    if big:
        iw = 6 + (9 if lab == "10" else 5)
    else:
        iw = 4 + canvas.text_width(lab, 1, True)
    pip = canvas.suit_pip(c, big)
    for px, py in ((x + 2, y + 2), (x + cw - 2 - iw, y + ch - 2 - ih)):
        # the rank, then its suit
        if big:
            px += r.rank(rg, lab, px, py, 1, col) + 1
        else:
            px += rg.text(lab, px, py, 1, col, True)
        rg.pic(pip, px, py + 1, 1, col)
    g = max(2, ch // 25)
    ix = x + g + 1
    iw = cw - 2 * g - 2
    iy = y + 2 + ih + g
    ih = ch - 2 * (iy - y)
    n = cards.rank(c)
    pip = canvas.suit_pip(c, True)
    if n > 10:
        name = glyphs.FACE[n - 11]
        fw = glyphs.PIC_DATA[name]
        fh = glyphs.PIC_DATA[name + 1]
        s = max(1, min(iw // fw, ih // fh))
        rg.pic(name, ix + (iw - fw * s) // 2, iy + (ih - fh * s) // 2, s, col)
        return
    if n == 1:
        s = max(1, min(iw, ih) // 8)
        rg.pic(pip, ix + (iw - 5 * s) // 2, iy + (ih - 5 * s) // 2, s, col)
        return
    # three columns, rows on a 0..12 scale (PIPS); 4 pips a column at most
    s = max(1, min(iw // 15, ih // 20))
    pw = 5 * s
    at = PIPS[n - 2]
    for i in range(len(at)):
        v = at[i]
        px = ix + (v >> 4) * (iw - pw) // 2
        py = iy + (v & 15) * (ih - pw) // 12
        rg.pic(pip, px, py, s, col)

