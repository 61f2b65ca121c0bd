# S4: tick arithmetic with the RP2040's wrap.
#
# On the RP2040, time.ticks_us() wraps every 2**30 us (about 17.9 minutes)
# and time.ticks_diff is valid within +-2**29.  The rules compare times only
# through these functions, so a slap window across the wrap is decided exactly
# like any other.  The host clock wraps at the same period (the unix port's
# own ticks wrap at 2**62, which would hide wrap bugs).  All values here stay
# below 2**30: small ints on the board, no allocation.

PERIOD = 1 << 30
MASK = PERIOD - 1
HALF = PERIOD >> 1


def diff(a, b):
    """a - b in ticks, as time.ticks_diff(a, b) on the board.

    Written so that no intermediate value leaves the small-int range
    (-2**30 .. 2**30 - 1) for ticks in 0 .. 2**30 - 1: the plain formula
    ((a - b + HALF) & MASK) - HALF would build a long int on the RP2040."""
    d = (a - b) & MASK
    if d >= HALF:
        return d - HALF - HALF
    return d


def add(a, d):
    """a + d in ticks (|d| < 2**29), as time.ticks_add(a, d) on the board,
    without leaving the small-int range."""
    t = (a - MASK) + d - 1  # a + d - 2**30, safe since a - MASK <= 0
    if t >= 0:
        return t
    s = a + d
    if s < 0:
        return s + MASK + 1
    return s
