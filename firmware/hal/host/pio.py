# A host stand-in for an rp2 StateMachine running the WS2812 program: it
# keeps every word put into its TX FIFO, as the PIO would receive them.


class HostStateMachine:
    def __init__(self, id=0, freq=8000000):
        self.id = id
        self.freq = freq
        self.frames = []     # one list of 32-bit words per put()
        self.running = True

    def put(self, value, shift=0):
        if isinstance(value, int):
            words = [(value << shift) & 0xFFFFFFFF]
        else:
            words = [(w << shift) & 0xFFFFFFFF for w in value]
        self.frames.append(words)

    def active(self, v=None):
        if v is None:
            return self.running
        self.running = bool(v)
        return None

    @property
    def last(self):
        return self.frames[-1] if self.frames else None
