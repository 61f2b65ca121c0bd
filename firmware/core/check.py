# C4: a stacked deal's hands checked (tests, a replay, a game rebuilt from
# its log): apart from core.cards, which every game holds, since a game dealt
# by the box never needs it (its code and text were ~450 B of the board's
# heap in play on the `.mpy` route, issue 41).  `from core import check`,
# `check.hands(...)`: names the board's pools hold already, so a game that
# never loads it interns none for it.
from core.cards import STANDARD, deck, name, parse


def hands(hands, kind=STANDARD):
    """A stacked deal must be exactly one deck: refuse it otherwise, naming
    the missing and the duplicated cards.  Accepts names or ids; returns
    hands as lists of ids."""
    out = []
    seen = {}  # type: dict[int, int]
    for h in hands:
        row = []
        for c in h:
            if isinstance(c, str):
                try:
                    c = parse(c)
                except ValueError as e:
                    # "deal" in the text: a replay names the deal's line
                    raise ValueError("stacked deal: %s" % e)
            row.append(c)
            seen[c] = seen.get(c, 0) + 1
        out.append(row)
    full = list(deck(kind))  # `int in bytearray` is not in MicroPython
    missing = [name(c) for c in full if c not in seen]
    dup = [name(c) for c in sorted(seen) if seen[c] > 1]
    foreign = [name(c) for c in sorted(seen) if c not in full]
    if missing or dup or foreign:
        msg = "stacked deal is not exactly one deck:"
        if missing:
            msg += " missing " + ", ".join(missing) + ";"
        if dup:
            msg += " duplicated " + ", ".join(dup) + ";"
        if foreign:
            msg += " not of this deck " + ", ".join(foreign) + ";"
        raise ValueError(msg[:-1])
    return out
