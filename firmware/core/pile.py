# C5: a player's face-down pile as a fixed-size ring of card ids.
#
# A flip takes the top; won cards go under the bottom.  The ring is a
# preallocated bytearray the size of the deck, so moving cards allocates
# nothing per trick on MicroPython.


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

