# C3: the game's own seeded generator.
#
# xoroshiro32++ (parameters 13, 5, 10, 9): 32 bits of state kept as two
# 16-bit halves, 16-bit outputs, period 2**32 - 1.  Every intermediate value
# stays below 2**30, so on the RP2040 each one is a MicroPython small int:
# drawing a number allocates nothing, and CPython and MicroPython give the
# same numbers for the same seed (the stdlib `random` would not).

from core.compat import const

_M16 = const(0xFFFF)


def _rotl(x, k):
    return ((x << k) | (x >> (16 - k))) & _M16


class Rng:
    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        seed = int(seed)
        if seed < 0:
            raise ValueError("seed must be 0 or more")
        self.s0 = seed & _M16
        self.s1 = (seed >> 16) & _M16
        # Fold any higher bits in, so every seed up to 2**64 means something.
        seed >>= 32
        while seed:
            self.s0 ^= seed & _M16
            self.s1 ^= (seed >> 16) & _M16
            seed >>= 32
        if self.s0 == 0 and self.s1 == 0:
            self.s0 = 0x9E37  # the all-zero state is the one fixed point
        # Warm up: nearby seeds (1, 2, 3...) must not give nearby streams.
        for _ in range(24):
            self.next16()

    def next16(self):
        s0 = self.s0
        s1 = self.s1
        r = (_rotl((s0 + s1) & _M16, 9) + s0) & _M16
        s1 ^= s0
        self.s0 = _rotl(s0, 13) ^ s1 ^ ((s1 << 5) & _M16)
        self.s1 = _rotl(s1, 10)
        return r

    def below(self, n):
        """A uniform integer in 0..n-1 (1 <= n <= 65536), without bias."""
        if n <= 1 or n > 65536:
            if n == 1:
                return 0
            raise ValueError("below(n) needs 1 <= n <= 65536")
        limit = 65536 - (65536 % n)
        r = self.next16()
        while r >= limit:
            r = self.next16()
        return r % n

    def shuffle(self, buf, start=0, end=-1):
        """Fisher-Yates shuffle of buf[start:end] in place (bytearray/list):
        each j drawn as below(i - start + 1) would draw it, with next16
        inlined (three times faster on CPython, where the deal and every
        take of a statistics run spend their time; the one shuffle of every
        game, its fast path included)."""
        if end < 0:
            end = len(buf)
        s0 = self.s0
        s1 = self.s1
        i = end - 1
        while i > start:
            k = i - start + 1
            limit = 65536 - (65536 % k)
            while True:
                x = (s0 + s1) & _M16
                r = ((((x << 9) | (x >> 7)) & _M16) + s0) & _M16
                s1 ^= s0
                s0 = (((s0 << 13) | (s0 >> 3)) & _M16) ^ s1 ^ ((s1 << 5) & _M16)
                s1 = ((s1 << 10) | (s1 >> 6)) & _M16
                if r < limit:
                    break
            j = start + r % k
            t = buf[i]
            buf[i] = buf[j]
            buf[j] = t
            i -= 1
        self.s0 = s0
        self.s1 = s1

    def state(self):
        return (self.s0 << 16) | self.s1
