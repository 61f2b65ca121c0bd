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
    its outline, the rank and suit in the top-left corner (and the
    suit in the bottom-right), and in the middle the pips laid out as
    on a real card (A to 10) or a figure (V/J, D/Q, R/K)."""
    ch = h
    cw = min(w, h * 3 // 4)
    x += (w - cw) // 2
    rg.rect(x + 1, y, cw - 2, 1, INK)
    rg.rect(x + 1, y + ch - 1, cw - 2, 1, INK)
    rg.rect(x, y + 1, 1, ch - 2, INK)
    rg.rect(x + cw - 1, y + 1, 1, ch - 2, INK)
    k = max(1, (ch + 20) // 50)      # the corner index
    lab = canvas.rank_label(c, r.faces_fr)
    lw = r.rank(rg, lab, x + 2 * k, y + 2 * k, k, col)
    pip = canvas.suit_pip(c, True)
    rg.pic(pip, x + 2 * k, y + 11 * k, k, col)
    rg.pic(pip, x + cw - 7 * k, y + ch - 7 * k, k, col)
    # the middle: clear of the corner indexes (a 10's is wider: its
    # pips start below it)
    ix = x + 8 * k
    iw = cw - 16 * k
    iy = y + (3 * k if lw <= 5 * k else 10 * k)
    ih = ch - 2 * (iy - y)
    n = cards.rank(c)
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
    # three columns, rows on a 0..12 scale (PIPS)
    s = max(1, min(iw // 15, ih // 25))
    pw = 5 * s
    at = PIPS[n - 2]
    for i in range(len(at)):
        v = at[i]
        px = ix + (v >> 4) * (iw - pw) // 2
        py = iy + (v & 15) * (ih - pw) // 12
        rg.pic(pip, px, py, s, col)
