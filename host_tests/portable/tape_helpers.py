# What the Tape-treize tests share (portable: pytest and the MicroPython unix
# port).  Not a test module: mp_run.py and pytest only collect test_*.py.


def cards_conserved(g):
    """C1 for a Tape game in any state: the 52 cards are each in exactly one
    place, a player's hand or the pile."""
    seen = []
    for h in g.hands:
        seen += h.to_list()
    seen += list(g.pile[:g.pile_n])
    return sorted(seen) == list(range(52))
