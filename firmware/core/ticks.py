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
    """a - b in ticks, as time.ticks_diff(a, b) on the board."""
    return ((a - b + HALF) & MASK) - HALF


def add(a, d):
    """a + d in ticks, as time.ticks_add(a, d) on the board."""
    return (a + d) & MASK
