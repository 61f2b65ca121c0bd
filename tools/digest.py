"""sha256(path): a file's SHA-256 in hex, read in 1 MB blocks (a UF2 or a
zipped web page is megabytes).  The one checksum of the tools: make flash's
manifest (tools/flash.py, tools/romfs.py), the UF2 cache (tools/uf2.py) and
the release's SHA256SUMS (tools/release.py) all read files through it."""
import hashlib


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
