# A host stand-in for an rp2 StateMachine running the WS2812 program: it
# keeps the last words put into its TX FIFO, as the PIO would receive them.
#
# Only the last KEEP frames are kept (`puts` counts them all), in lists
# reused in turn: a game of some thousand frames then neither grows the heap
# nor allocates a 2 KB list per frame (the unix port's heap tests run the
# whole box in 96 KB, where such blocks fragment it).
KEEP = 2


class HostStateMachine:
    def __init__(self, id=0, freq=8000000):
        self.id = id
        self.freq = freq
        self.frames = []     # the last KEEP puts, oldest first: lists of 32-bit words
        self.puts = 0        # every put() so far
        self.keep = KEEP     # 0: count the puts only (a lean run)
        self.running = True

    def busy(self):
        return False     # a put is on the wire at once

    def put(self, value, shift=0):
        self.puts += 1
        if not self.keep:
            return
        fr = self.frames
        if isinstance(value, int):
            words = [(value << shift) & 0xFFFFFFFF]
            if len(fr) >= KEEP:
                fr.pop(0)
        elif len(fr) >= KEEP and len(fr[0]) == len(value):
            words = fr.pop(0)     # the oldest frame's list, written over
            for i in range(len(value)):
                words[i] = (value[i] << shift) & 0xFFFFFFFF
        else:
            words = [(w << shift) & 0xFFFFFFFF for w in value]
            if len(fr) >= KEEP:
                fr.pop(0)
        fr.append(words)

    def active(self, v=None):
        if v is None:
            return self.running
        self.running = bool(v)
        return None

    @property
    def last(self):
        return self.frames[-1] if self.frames else None
