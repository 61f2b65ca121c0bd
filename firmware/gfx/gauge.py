# The battery drawn (issue 27): the gauge in a menu of the 16x16 matrix,
# and the low-battery warning on every display.  Drawn through the canvas
# the menus use (gfx.canvas), so the box, the simulator, `make shots` and
# the emulated RP2040 show the same LEDs.
#
#   menu(r, level, low)        on the matrix (r.small), over a menu already
#                              drawn: a battery standing in the corner right
#                              of the item's 8x8 icon (columns 13-15, rows
#                              0-7; the icon is columns 4-11, the label rows
#                              9-13, the dots row 15: nothing of the item is
#                              hidden), a bar per 20 % of level, green, amber
#                              at 40 % and under; low: one red bar.  Wider
#                              displays say the percent in the title
#                              (app.screens): nothing drawn here.
#   message(r, words, level)   the warning's whole screen: the battery lying
#                              down with one red bar at its empty end; on
#                              the OLED and e-ink the words in the title bar
#                              and the percent beside the battery.
#
# Imported only where a battery is drawn (the settings menu, or once the
# gauge is low, on a board file with power.sense): a box on a good battery
# interns none of its names.  The outline is DIM on the matrix (every lit
# LED costs current, gfx.canvas), the bars the only bright LEDs.
from gfx.canvas import INK, RED, DIM, WARN, OK


def battery(rg, x, y, w, h, t, col, lying):
    """A battery's outline (lines t thick) in the box (x, y, w, h), its
    tip outside it: on the right side if lying, else on the top."""
    rg.rect(x, y, w, t, col)
    rg.rect(x, y + h - t, w, t, col)
    rg.rect(x, y + t, t, h - 2 * t, col)
    rg.rect(x + w - t, y + t, t, h - 2 * t, col)
    if lying:
        rg.rect(x + w, y + h // 3, t, h - 2 * (h // 3), col)
    else:
        rg.rect(x + w // 3, y - t, w - 2 * (w // 3), t, col)


def menu(r, level, low):
    if not r.small:
        return
    rg = r.whole()
    x = r.cv.w - 3
    battery(rg, x, 1, 3, 7, 1, DIM, False)
    n = 1 if low else (level + 19) // 20
    rg.rect(x + 1, 7 - n, 1, n, RED if low else WARN if n <= 2 else OK)


def message(r, words, level):
    cv = r.cv
    cv.clear()
    rg = r.whole()
    if r.small:
        battery(rg, 1, 4, 13, 8, 1, DIM, True)
        rg.rect(3, 6, 2, 4, RED)
        return
    top = r.title(words)
    s = r.scale
    h = (cv.h - top) // 2
    w = cv.w // 3
    t = 2 * s
    x = (cv.w - w) // 2 - 12 * s
    y = top + (cv.h - top - h) // 2
    battery(rg, x, y, w, h, t, INK, True)
    rg.rect(x + 2 * t, y + 2 * t, (w - 4 * t) // 4, h - 4 * t, RED)
    rg.text("%d%%" % level, x + w + 3 * t, y + (h - 7 * s) // 2, s, INK)
