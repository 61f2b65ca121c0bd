# Cards as small integers (C1, C2, C6), and the deal (C4: one module with
# the cards it deals, a module being interned names on the board).
#
# Standard deck: id = (rank - 1) * 4 + suit, rank 1 (A) .. 13 (K), suit 0..3
# in the order S H D C, so ids 0..51.  Dog deck (Bata-waf): id = 64 +
# (size - 1) * 6 + drawing, size 1..6, drawing 0..5 (letters a..f), so ids
# 64..99.  Small ints keep piles in bytearrays and cost no allocation on
# MicroPython; names exist only for the log and the screen.

from core.compat import const

STANDARD = const(0)
DOGS = const(1)

SUITS = "SHDC"
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# French faces for the screen (C1): roi, dame, valet.
RANK_FACES_FR = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R")
_DOG_BASE = const(64)
_DOG_SIZES = const(6)
_DOG_DRAWINGS = const(6)
DRAWINGS = "abcdef"


def deck(kind=STANDARD):
    """A fresh deck in a fixed order, as a bytearray of card ids."""
    if kind == STANDARD:
        return bytearray(range(52))
    if kind == DOGS:
        return bytearray(range(_DOG_BASE, _DOG_BASE + _DOG_SIZES * _DOG_DRAWINGS))
    raise ValueError("deck kind must be STANDARD or DOGS")


def deck_size(kind=STANDARD):
    return 52 if kind == STANDARD else _DOG_SIZES * _DOG_DRAWINGS


def is_dog(c):
    return c >= _DOG_BASE


def rank(c):
    """1 (A) .. 13 (K) for a standard card."""
    return (c >> 2) + 1


def suit(c):
    """0..3 for S H D C."""
    return c & 3


def is_red(c):
    return not is_dog(c) and (c & 3) in (1, 2)


def size(c):
    """1 (smallest) .. 6 (biggest) for a dog card."""
    return (c - _DOG_BASE) // _DOG_DRAWINGS + 1


def value(c):
    """C6: value for sums and for the Tape-treize count (A=1 .. K=13)."""
    return (c >> 2) + 1


def strength(c, ace_low=False):
    """C6: what a duel compares.  Ace high (14) unless ace_low; dog size."""
    if c >= _DOG_BASE:
        return (c - _DOG_BASE) // _DOG_DRAWINGS + 1
    r = (c >> 2) + 1
    if r == 1 and not ace_low:
        return 14
    return r


def name(c):
    """C2: 'AS', '10H', 'QC', 'W3b'."""
    if c >= _DOG_BASE:
        k = c - _DOG_BASE
        return "W" + str(k // _DOG_DRAWINGS + 1) + DRAWINGS[k % _DOG_DRAWINGS]
    return RANK_NAMES[c >> 2] + SUITS[c & 3]


def parse(s):
    """The card id of a C2 name; ValueError naming the bad name."""
    if not isinstance(s, str) or len(s) < 2:
        raise ValueError("not a card name: %r" % (s,))
    if s[0] == "W" and len(s) == 3:
        sz = ord(s[1]) - 48
        d = DRAWINGS.find(s[2])
        if 1 <= sz <= _DOG_SIZES and d >= 0:
            return _DOG_BASE + (sz - 1) * _DOG_DRAWINGS + d
        raise ValueError("not a card name: %r" % (s,))
    st = SUITS.find(s[-1])
    r = s[:-1]
    if st >= 0 and r in RANK_NAMES:
        return RANK_NAMES.index(r) * 4 + st
    raise ValueError("not a card name: %r" % (s,))


def names(cards):
    return [name(c) for c in cards]


# ---- C4: shuffling and dealing ---------------------------------------------
# (a stacked deal's check: core.check, loaded only for one)

def deal(deck, players, first):
    """Deal `deck` (top card first) one card at a time clockwise from player
    `first`.  Returns one list per player, top card first: the first card a
    player receives is the top of their pile."""
    if players < 1:
        raise ValueError("players must be 1 or more")
    hands = [[] for _ in range(players)]  # type: list[list[int]]
    p = first
    for c in deck:
        hands[p].append(c)
        p += 1
        if p == players:
            p = 0
    return hands


def shuffled_deck(rng, kind=STANDARD):
    """A full deck shuffled by the game's generator (C3)."""
    d = deck(kind)
    rng.shuffle(d)
    return d


# ---- C5: a player's face-down pile as a fixed-size ring of card ids ----------
# A flip takes the top; won cards go under the bottom.  The ring is a
# preallocated bytearray the size of the deck, so moving cards allocates
# nothing per trick on MicroPython.  (Here, not a module of its own: every
# game holds both; core.pile names it for the others.)

class Pile:
    def __init__(self, n):
        # n: the most cards it can hold (its capacity, self.cap)
        self.buf = bytearray(n)
        self.cap = n
        self.head = 0  # index of the top card
        self.n = 0

    def __len__(self):
        return self.n

    def clear(self):
        self.head = 0
        self.n = 0

    def top(self):
        if not self.n:
            raise IndexError("empty pile")
        return self.buf[self.head]

    def pop_top(self):
        if not self.n:
            raise IndexError("empty pile")
        c = self.buf[self.head]
        self.head += 1
        if self.head == self.cap:
            self.head = 0
        self.n -= 1
        return c

    def push_bottom(self, c):
        if self.n == self.cap:
            raise IndexError("pile full")
        i = self.head + self.n
        if i >= self.cap:
            i -= self.cap
        self.buf[i] = c
        self.n += 1

    def at(self, k):
        """The k-th card from the top (0 = top)."""
        if k < 0 or k >= self.n:
            raise IndexError("pile index")
        i = self.head + k
        if i >= self.cap:
            i -= self.cap
        return self.buf[i]

    def to_list(self):
        """Top card first (allocates: for the log and tests, not per trick)."""
        return [self.at(k) for k in range(self.n)]

