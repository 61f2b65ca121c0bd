# B5 ordered pickup, for the engine (games.bataille) when the option says
# so: the taker picks the pot up layer by layer, and only then can a game
# cycle for ever, so the cycle watch lives here too.  Loaded for an ordered
# pickup alone: the box's default (shuffled) never carries it.
#
#   o = Ordered(n_players, deck_size)
#   o.clear()            a new game
#   o.order(g, w, m)     g.took[:m] = the pot in B5's order for taker w
#   o.cycle(g)           True once the state at this duel's start repeats
#   o.at                 the duel index where the repeat was seen (-1: none)
from core.compat import const

# The cycle watch (Gosper's loop detector): one compact snapshot per power of
# two of the duel index; a game longer than 2**_SLOTS checked duels is
# impossible at any sane length, and the watch simply stops growing then.
_SLOTS = const(32)


class Ordered:
    def __init__(self, n, size):
        # preallocated: snapshot = n counts + every card (the table is empty
        # when it is taken), _SLOTS kept and one spare
        self.snap_len = n + size
        self.slots = bytearray(self.snap_len * (_SLOTS + 1))
        self.slot_base = [s * self.snap_len for s in range(_SLOTS + 1)]
        self.slot_hash = [0] * _SLOTS
        self.clear()

    def clear(self):
        self.slots_n = 0             # slots 0..slots_n-1 hold snapshots
        self.k = 0
        self.at = -1                 # duel index where the repeat was seen

    def order(self, g, w, m):
        """B5 ordered: layer by layer; in a layer the winner's cards first,
        then the others clockwise from the winner."""
        n = g.n
        pot = g.pot
        pot_p = g.pot_p
        pot_l = g.pot_l
        took = g.took
        j = 0
        for layer in range(g.layer + 1):
            for d in range(n):
                p = w + d
                if p >= n:
                    p -= n
                for i in range(m):
                    if pot_l[i] == layer and pot_p[i] == p:
                        took[j] = pot[i]
                        j += 1

    def cycle(self, g):
        """B5: Gosper's loop detector over the state at the start of each duel
        with an empty table (every pile; who is in follows from the counts).
        Snapshot k is compared with the kept ones, then kept in slot ctz(k):
        a cycle of length L entered at duel M is seen by duel M + 2L.

        The snapshot is written straight into a spare slot, which then
        changes places with slot ctz(k) (slot_base is the indirection), so
        keeping it copies nothing.  The hash (counts, top and bottom cards)
        only spares most full comparisons; a repeat is always confirmed
        byte by byte."""
        slots = self.slots
        bases = self.slot_base
        sl = self.snap_len
        n = g.n
        base = bases[_SLOTS]
        j = base + n
        h = 0
        for p in range(n):
            pile = g.piles[p]
            c = pile.n
            slots[base + p] = c
            h = (h * 31 + c) & 0xFFFFF
            if c:
                buf = pile.buf
                i = pile.head
                h = (h * 31 + buf[i]) & 0xFFFFF
                e = i + c
                if e > pile.cap:
                    e -= pile.cap
                    for i in range(i, pile.cap):
                        slots[j] = buf[i]
                        j += 1
                    i = 0
                for i in range(i, e):
                    slots[j] = buf[i]
                    j += 1
                h = (h * 31 + buf[e - 1]) & 0xFFFFF
        hashes = self.slot_hash
        for s in range(self.slots_n):
            if hashes[s] == h:
                b = bases[s]
                i = 0
                while i < sl and slots[b + i] == slots[base + i]:
                    i += 1
                if i == sl:
                    self.at = g.duels
                    return True
        k = self.k + 1
        self.k = k
        s = 0
        while not (k & 1) and s < _SLOTS - 1:
            k >>= 1
            s += 1
        bases[_SLOTS] = bases[s]
        bases[s] = base
        hashes[s] = h
        if s >= self.slots_n:
            self.slots_n = s + 1
        return False
