# How a panel is mounted (board file display.rotate and display.mirror): the
# one definition of the turn between the renderer's picture and the glass,
# which every display driver applies below the renderer (the renderer keeps
# drawing upright in its own width x height, never knowing).
#
#   place(x, y, w, h, rotate, mirror) -> (gx, gy)   glass pixel of picture (x, y)
#   size(w, h, rotate) -> (gw, gh)                  the glass's size
#   flips(rotate, mirror) -> bits                   0/180 turns as two mirrors:
#                                                   bit 0 columns, bit 1 rows
#   turn(d, display=None) -> bits                   board Display d's flips, for
#                                                   the OLED and e-ink drivers;
#                                                   given the matrix, its table
#
# The picture is turned `rotate` degrees clockwise, then mirrored left-right
# on the glass (mirror).  Those eight ways cover every way a panel can be
# mounted, and the self-test reads them off its pattern (red block
# top-left, green top-right, app/selftest_text.py says which to set).
# Who applies it, with nothing done per frame: the WS2812 matrix folds it
# into its pixel -> chain table (any turn); the OLEDs set the controller's
# segment remap and COM scan (0/180 and mirror); the e-ink panel walks its
# RAM's gate lines backwards and, for the rows, bit-reverses each byte on
# the way out through a one-page row (drivers/ssd1680.py; 0/180 and mirror).  A quarter turn of a mono
# panel would be a portrait screen and a bit transposition per frame: the
# board loader refuses it with its reason.
#
# Imported only when a board file asks for a turn (hal.wiring), so a box
# mounted upright carries none of these names.


def size(w, h, rotate):
    return (h, w) if rotate % 180 else (w, h)


def place(x, y, w, h, rotate, mirror):
    if rotate == 90:
        x, y = h - 1 - y, x
    elif rotate == 180:
        x, y = w - 1 - x, h - 1 - y
    elif rotate == 270:
        x, y = y, w - 1 - x
    if mirror:
        x = size(w, h, rotate)[0] - 1 - x
    return x, y


def flips(rotate, mirror):
    # 180 = columns and rows mirrored; mirror then undoes the columns' one
    f = 3 if rotate == 180 else 0
    return f ^ 1 if mirror else f


def turn(d, display=None):
    """The flips of board Display d's turn (the OLED and e-ink drivers take
    them when made, hal.wiring); given the WS2812 matrix made for d (its
    frame buffer already the picture's size), fold the turn into its pixel
    -> chain table."""
    if display is not None:
        from drivers.ws2812 import chain_index
        w, h = display.width, display.height
        gw = size(w, h, d.rotate)[0]
        for i in range(display.n):
            gx, gy = place(i % w, i // w, w, h, d.rotate, d.mirror)
            display._place[i] = chain_index(gx, gy, gw, display.layout)
    return flips(d.rotate, d.mirror)
