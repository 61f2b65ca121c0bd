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
# that each file is there with its size: one os.stat a file, no hashing (the
# hashes are for tools/flash.py, which copies only the files that changed).
# No manifest at all is not a problem: a box flashed by hand (Thonny,
# mpremote), by an older tools/flash.py, the emulator's images, or the
# one-file firmware.
#
#   problem(stat=os.stat, name=NAME) -> None, or the one line to show
import os

NAME = "manifest.txt"
HEADER = "bataille-box manifest 1"
FLASHING = "flashing"
AGAIN = "run make flash again"


def problem(stat=None, name=NAME):
    """None when the box may start; else why it is half flashed, one line."""
    try:
        f = open(name)
    except OSError:
        return None
    try:
        return _check(f, stat or os.stat, name)
    except Exception:   # not text, or cut inside a character: the file's fault
        return "half flashed: %s is damaged; %s" % (name, AGAIN)
    finally:
        f.close()


def _check(f, stat, name):
    if f.readline().strip() != HEADER:
        return "half flashed: the copy of make flash stopped before its end; " + AGAIN
    n = 0
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
            size = stat(words[2])[6]
        except OSError:
            return "half flashed: %s is missing; %s" % (words[2], AGAIN)
        if str(size) != words[0]:
            return "half flashed: %s has %d bytes, not %s; %s" % (words[2], size, words[0], AGAIN)
        n += 1
