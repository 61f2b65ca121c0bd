# The shapes of the pure-Python framebuf (gfx.framebuf_py, PC only): line()
# and ellipse() as MicroPython's extmod/modframebuf.c draws them, step for
# step (Bresenham's line, the midpoint ellipse by quadrants), so the same
# pixels are lit for every slope and radius (host_tests/
# test_framebuf_vs_micropython.py checks it byte for byte).  Apart from the
# pixel store: these only ask a FrameBuffer for its size, _set, _set_checked
# and fill_rect.

_Q_FILL = 0x10      # ellipse: filled
_Q_ALL = 0x0F       # ellipse: the four quadrants (bit 0 top right, anticlockwise)


def line(fb, x1, y1, x2, y2, c):
    # Bresenham, stepping exactly as the C version does, so the same
    # pixels are lit for every slope.
    dx = x2 - x1
    if dx > 0:
        sx = 1
    else:
        dx = -dx
        sx = -1
    dy = y2 - y1
    if dy > 0:
        sy = 1
    else:
        dy = -dy
        sy = -1
    steep = dy > dx
    if steep:
        x1, y1 = y1, x1
        dx, dy = dy, dx
        sx, sy = sy, sx
    e = 2 * dy - dx
    w = fb.width
    h = fb.height
    for _ in range(dx):
        if steep:
            if 0 <= y1 < w and 0 <= x1 < h:
                fb._set(y1, x1, c)
        elif 0 <= x1 < w and 0 <= y1 < h:
            fb._set(x1, y1, c)
        while e >= 0:
            y1 += sy
            e -= 2 * dx
        x1 += sx
        e += 2 * dy
    if 0 <= x2 < w and 0 <= y2 < h:
        fb._set(x2, y2, c)


def _quadrants(fb, cx, cy, x, y, c, m):
    if m & _Q_FILL:
        if m & 1:
            fb.fill_rect(cx, cy - y, x + 1, 1, c)
        if m & 2:
            fb.fill_rect(cx - x, cy - y, x + 1, 1, c)
        if m & 4:
            fb.fill_rect(cx - x, cy + y, x + 1, 1, c)
        if m & 8:
            fb.fill_rect(cx, cy + y, x + 1, 1, c)
    else:
        fb._set_checked(cx + x, cy - y, c, m & 1)
        fb._set_checked(cx - x, cy - y, c, m & 2)
        fb._set_checked(cx - x, cy + y, c, m & 4)
        fb._set_checked(cx + x, cy + y, c, m & 8)


def ellipse(fb, cx, cy, xr, yr, c, f=False, m=None):
    mask = _Q_FILL if f else 0
    mask |= _Q_ALL if m is None else (m & _Q_ALL)
    if xr == 0 and yr == 0:
        fb._set_checked(cx, cy, c, mask & _Q_ALL)
        return
    two_a2 = 2 * xr * xr
    two_b2 = 2 * yr * yr
    x = xr
    y = 0
    xchange = yr * yr * (1 - 2 * xr)
    ychange = xr * xr
    err = 0
    stopx = two_b2 * xr
    stopy = 0
    while stopx >= stopy:
        _quadrants(fb, cx, cy, x, y, c, mask)
        y += 1
        stopy += two_a2
        err += ychange
        ychange += two_a2
        if 2 * err + xchange > 0:
            x -= 1
            stopx -= two_b2
            err += xchange
            xchange += two_b2
    x = 0
    y = yr
    xchange = yr * yr
    ychange = xr * xr * (1 - 2 * yr)
    err = 0
    stopx = 0
    stopy = two_a2 * yr
    while stopx <= stopy:
        _quadrants(fb, cx, cy, x, y, c, mask)
        x += 1
        stopx += two_b2
        err += xchange
        xchange += two_b2
        if 2 * err + ychange > 0:
            y -= 1
            stopy -= two_a2
            err += ychange
            ychange += two_a2
