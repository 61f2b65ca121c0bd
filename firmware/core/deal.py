# C4: shuffling and dealing.
from core import cards as _cards


def deal_order(n_cards, n_players, first):
    """How many cards each player gets when dealing n_cards one at a time,
    clockwise, starting with player `first`: the first players dealt get one
    more when it does not divide evenly (52 to 3 players: 18, 17, 17)."""
    counts = [n_cards // n_players] * n_players
    extra = n_cards % n_players
    for k in range(extra):
        counts[(first + k) % n_players] += 1
    return counts


def deal(deck, n_players, first):
    """Deal `deck` (top card first) one card at a time clockwise from player
    `first`.  Returns one list per player, top card first: the first card a
    player receives is the top of their pile."""
    if n_players < 1:
        raise ValueError("players must be 1 or more")
    hands = [[] for _ in range(n_players)]
    p = first
    for c in deck:
        hands[p].append(c)
        p += 1
        if p == n_players:
            p = 0
    return hands


def shuffled_deck(rng, kind=_cards.STANDARD):
    """A full deck shuffled by the game's generator (C3)."""
    d = _cards.deck(kind)
    rng.shuffle(d)
    return d


def check_stacked(hands, kind=_cards.STANDARD):
    """A stacked deal must be exactly one deck: refuse it otherwise, naming
    the missing and the duplicated cards.  Accepts names or ids; returns
    hands as lists of ids."""
    out = []
    seen = {}
    for h in hands:
        row = []
        for c in h:
            if isinstance(c, str):
                try:
                    c = _cards.parse(c)
                except ValueError as e:
                    # "deal" in the text: a replay names the deal's line
                    raise ValueError("stacked deal: %s" % e)
            row.append(c)
            seen[c] = seen.get(c, 0) + 1
        out.append(row)
    full = list(_cards.deck(kind))  # `int in bytearray` is not in MicroPython
    missing = [_cards.name(c) for c in full if c not in seen]
    dup = [_cards.name(c) for c in sorted(seen) if seen[c] > 1]
    foreign = [_cards.name(c) for c in sorted(seen) if c not in full]
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
