# The .vox file's index (issue 17, split off drivers.voice by issue 38): its
# one job is to read a voice file's header and index and to find a word in
# it; drivers.voice streams the samples.  Kept apart so that each reads on
# its own, and the reader stays small enough to check by eye.
#
#   raw, n, rate = read(stream)    the header and index of an open .vox
#                                  file (or the frozen file itself, whose
#                                  index stays in flash); VoiceError if it
#                                  is not one or is cut short
#   entry(raw, n, name)            (offset in the file, length) of a word;
#                                  VoiceError if absent
#   _at(raw, n, name)              where the word's entry starts, or -1
#
# Why bytes and a find, not a dict of words: the index stays as read (or in
# flash, frozen), no string or int per word in the heap (issue 26).
#
# File format (little endian): b"BVOX", version u8 (1), word count u8, rate
# u16, 8 bytes reserved; then per word: name (8 bytes, NUL padded), offset
# u32, length u32 (samples, one byte each).
import struct
from core.compat import const

MAGIC = b"BVOX"
HEADER = 16
_ENTRY = const(16)


class VoiceError(ValueError):
    """A voice file or word refused: the message says which and why."""


def read(stream):
    """The header and index of a .vox file as (raw, word count, rate);
    VoiceError if it is not one.  The samples stay in the file."""
    head = stream.read(HEADER)
    if len(head) < HEADER or head[:4] != MAGIC:
        raise VoiceError("not a voice file (no BVOX header): run make voices")
    version, n, rate = struct.unpack("<BBH", head[4:8])
    if version != 1:
        raise VoiceError("voice file version %d, this firmware reads 1" % version)
    whole = getattr(stream, "DATA", None)
    if whole is not None:
        # frozen in the firmware (drivers.voice_flash): the index is
        # looked up where it is, in flash (no copy in RAM, issue 26)
        raw = whole
        if len(raw) < HEADER + n * _ENTRY:
            raise VoiceError("voice file cut short in its index")
    else:
        raw = stream.read(n * _ENTRY)
        if len(raw) < n * _ENTRY:
            raise VoiceError("voice file cut short in its index")
        raw = head + raw
    return raw, n, rate


def entry(raw, n, name):
    """(offset in the file, length) of a word; VoiceError if absent."""
    i = _at(raw, n, name)
    if i < 0:
        raise VoiceError("no word %r in the voice file" % (name,))
    return struct.unpack_from("<II", raw, i + 8)


def _at(raw, n, name):
    """Where the word's entry starts in the index, or -1."""
    key = name.encode()
    if len(key) > 8:
        return -1
    key += b"\0" * (8 - len(key))
    if raw is None:
        return -1       # no voice file open
    end = HEADER + n * _ENTRY
    i = raw.find(key, HEADER, end)
    while i >= 0 and (i - HEADER) % _ENTRY:
        i = raw.find(key, i + 1, end)
    return i
