# Boot check of a flashed box: is the copy that `make flash` made whole?
# main.py imports this first, before any other module of the box, since a
# half-copied box may hold a mix of two versions of everything else.
#
# tools/flash.py writes manifest.txt in two steps: before it copies any file
# it replaces the manifest with the one line "flashing"; once every file is
# copied (under a temporary name, then renamed when whole) it writes the
# whole manifest, last:
#   bataille-box manifest 1
#   <size> <sha256> <path>        one line per file it copied
#   end <number of files>
# problem() reads it line by line (no list of the files in RAM) and checks
# that each file is there with its size, no hashing (the hashes are for
# tools/flash.py, which copies only the files that changed).  The sizes come
# from one listing of each folder (os.ilistdir) rather than one os.stat a
# file: on the Pico's littlefs a stat costs some 6 ms and a folder's
# listing some 15, so the check of ~100 files took 640 ms of the .mpy box's
# boot and takes ~150 now (issue 41; the manifest lists a folder's files
# together).  Where a listing gives no sizes (CPython, the unix port) each
# file is stat'ed as before.
# The stamp: tools/flash.py removes STAMP before anything else and writes it
# after the manifest, last: "bataille-box flashed <the manifest's size>
# <its sha256>".  A stamp whose size is the manifest's says that the last
# `make flash` finished, in one read and one stat (~10 ms at boot, not the
# ~220 of the listings: issue 41); without one (an older tools/flash.py, a
# flash cut after the manifest, a manifest made since) the files are
# checked as above.  What the stamp does not see: a file removed or changed
# by hand after a whole `make flash` (the listings did see that).
# No manifest at all is not a problem: a box flashed by hand (Thonny,
# mpremote), by an older tools/flash.py, the emulator's images, or the
# one-file firmware.
#
#   problem(stat=None, name=NAME) -> None, or the one line to show
#   (stat: a stand-in for os.stat, the tests', used for every file)
import os

NAME = "manifest.txt"
STAMP = "flashed.txt"
STAMPED = "bataille-box flashed "
HEADER = "bataille-box manifest 1"
FLASHING = "flashing"
AGAIN = "run make flash again"


def problem(stat=None, name=NAME):
    """None when the box may start; else why it is half flashed, one line."""
    try:
        f = open(name)
    except OSError:
        return None
    if stat is None and name == NAME and stamped():
        f.close()
        return None
    try:
        return _check(f, stat, name)
    except Exception:   # not text, or cut inside a character: the file's fault
        return "half flashed: %s is damaged; %s" % (name, AGAIN)
    finally:
        f.close()


def stamped():
    """True when STAMP says the last `make flash` finished: its manifest's
    size is the one there."""
    try:
        with open(STAMP) as f:
            words = f.read(200).split(" ")
        return (" ".join(words[:2]) + " " == STAMPED and len(words) == 4
                and len(words[3]) == 65 and int(words[2]) == os.stat(NAME)[6])
    except (OSError, ValueError):
        return False


def _sizes(d):
    """{name: size} of the files in folder d ('' the top) from one listing;
    None where the listing has no sizes (CPython, the unix port: stat each
    file then); {} for a folder that is not there."""
    try:
        out = {}
        for e in os.ilistdir(d):
            if len(e) < 4:
                return None
            out[e[0]] = e[3]
        return out
    except AttributeError:
        return None
    except OSError:
        return {}


def _size(path, listed, stat):
    """The size of the file at path, from the listing of its folder (listed:
    [folder, its sizes], kept from the file before); OSError if missing."""
    if stat:
        return stat(path)[6]
    i = path.rfind("/")
    d = path[:i] if i > 0 else ""
    if listed[0] != d:
        listed[0] = d
        listed[1] = _sizes(d)
    sizes = listed[1]
    if sizes is None:
        return os.stat(path)[6]
    if path[i + 1:] not in sizes:
        raise OSError(2)
    return sizes[path[i + 1:]]


def _check(f, stat, name):
    if f.readline().strip() != HEADER:
        return "half flashed: the copy of make flash stopped before its end; " + AGAIN
    n = 0
    listed = [None, None]
    while True:
        line = f.readline()
        if not line:
            return "half flashed: the list of files (%s) is cut short; %s" % (name, AGAIN)
        words = line.strip().split(" ", 2)
        if words[0] == "end" and len(words) == 2:
            if words[1] == str(n):
                return None
            return "half flashed: %s lists %d files, not %s; %s" % (name, n, words[1], AGAIN)
        if len(words) != 3:
            return "half flashed: line %d of %s is damaged; %s" % (n + 2, name, AGAIN)
        try:
            size = _size(words[2], listed, stat)
        except OSError:
            return "half flashed: %s is missing; %s" % (words[2], AGAIN)
        if str(size) != words[0]:
            return "half flashed: %s has %d bytes, not %s; %s" % (words[2], size, words[0], AGAIN)
        n += 1
