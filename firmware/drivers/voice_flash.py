# A voice file frozen into the one-file firmware (tools/uf2.py: the bytes
# DATA of module voice_<lang>, in flash), read by drivers.voice with no copy
# in RAM: read (the header), view (a word's samples, where they are), close.  Its own
# module: a box reading its voice from the file system never loads it.


class FlashStream:
    """A voice file held in a bytes object (frozen into the firmware: it
    stays in flash): read, view, close."""

    def __init__(self, data):
        self.DATA = data        # drivers.voice finds its words in it (the index stays in flash)
        self._mv = memoryview(data)
        self._pos = 0

    def read(self, n):
        b = bytes(self._mv[self._pos:self._pos + n])
        self._pos += len(b)
        return b

    def view(self, at, n):
        """The n bytes at `at`, where they are (drivers.voice reads the
        frozen voice through this: no scratch, no copy)."""
        return self._mv[at:at + n]

    def close(self):
        self._mv = None  # type: ignore[assignment]  # closed: a read now is a bug, and fails
        self.DATA = None
