"""Regenerate the picture data of firmware/gfx/glyphs.py from its ascii art.

The comment block of glyphs.py (`#   name  WxH  rows|rows`) is the source of
every picture; this tool rewrites PIC_DATA, PIC_NAMES and PIC_OFFS from it, so a picture
is edited by editing its art and running `python tools/glyphs.py`.  Rows
of up to 8 pixels take one byte, wider ones (up to 16) two, high byte first
(gfx.glyphs.pic says which).  host_tests/portable/test_render.py checks the
data still matches the art.
"""
import os
import re
import sys

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "firmware", "gfx", "glyphs.py")


def parse(text):
    """[(name, w, h, [row bits])] from the art comment."""
    out = []
    for ln in text.splitlines():
        m = re.match(r"#   (\S+)\s+(\d+)x(\d+) (\S+)$", ln)
        if not m:
            continue
        name, w, h, art = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
        rows = art.split("|")
        if len(rows) != h or any(len(r) != w for r in rows) or w > 16:
            raise SystemExit("glyphs.py: picture %s: art is not %dx%d (at most 16 wide)" % (name, w, h))
        bits = []
        for r in rows:
            v = 0
            for ch in r:
                v = v * 2 + (1 if ch == "#" else 0)
            bits.append(v)
        out.append((name, w, h, bits))
    return out


def encode(pics):
    data = bytearray()
    at = []
    for name, w, h, bits in pics:
        at.append((name, len(data)))
        data += bytes([w, h])
        for v in bits:
            if w > 8:
                data += bytes([v >> 8, v & 255])
            else:
                data.append(v)
    return bytes(data), at


# Pictures reached by number, not by name (their names would each take a
# qstr of the board's heap): the dogs by size and the figures by rank.
GROUPS = (("DOG", "dog"), ("DOGW", "dogw"), ("FACE", "face_"))


def group_of(name):
    for const, prefix in GROUPS:
        rest = name[len(prefix):]
        if name.startswith(prefix) and (rest.isdigit() or (prefix == "face_" and len(rest) == 1)):
            return const
    return None


def render(data, at):
    lines = ["PIC_DATA = ("]
    for i in range(0, len(data), 24):
        lines.append("    " + repr(data[i:i + 24]))
    lines.append(")")
    # names and offsets as two tuples, not a dict: constants, in the
    # firmware's flash (a dict is made in the heap at import, 0.3 KB)
    named = [(name, off) for name, off in at if group_of(name) is None]
    lines.append("PIC_NAMES = (")
    for name, off in named:
        lines.append("    %r," % (name,))
    lines.append(")")
    lines.append("PIC_OFFS = (")
    for i in range(0, len(named), 12):
        lines.append("    " + " ".join("%d," % off for name, off in named[i:i + 12]))
    lines.append(")")
    for const, _ in GROUPS:
        offs = [str(off) for name, off in at if group_of(name) == const]
        lines.append("%s = (%s)" % (const, ", ".join(offs)))
    return "\n".join(lines) + "\n"


def main():
    with open(PATH, encoding="utf-8") as f:
        text = f.read()
    data, at = encode(parse(text))
    start = text.index("PIC_DATA = (")
    end = text.index(")\n", text.index("PIC_OFFS = (")) + 2
    for const, _ in GROUPS:
        if text.startswith(const + " = (", end):
            end = text.index(")\n", end) + 2
    new = text[:start] + render(data, at) + text[end:]
    if new != text:
        with open(PATH, "w", encoding="utf-8") as f:
            f.write(new)
    sys.stdout.write("%s: %d pictures, %d bytes\n" % (os.path.relpath(PATH), len(at), len(data)))


if __name__ == "__main__":
    main()
