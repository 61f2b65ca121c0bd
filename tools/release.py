"""The files a tag's release attaches, gathered in one folder with their
checksums (`make release`, .github/workflows/release.yml).

    python tools/release.py collect [--out build/release]   after `make uf2` for every board
    python tools/release.py sums DIR                          write DIR/SHA256SUMS
    python tools/release.py check DIR                         exit 1 unless DIR matches its SHA256SUMS

collect copies, for each board file boards/NAME.json, the newest
build/bataille-box-NAME-*.uf2 (what `make uf2 BOARD=NAME` just made) to
OUT/bataille-box-NAME.uf2, zips build/web/ into OUT/bataille-box-web.zip
when `make web` made one, and writes OUT/SHA256SUMS: one line
"<sha256>  <file>" per file, sorted, the format `sha256sum -c` reads, so a
parent on any system can check the download.  A board without its UF2 is
refused in one line (the release would miss it).
"""
import argparse
import glob
import os
import shutil
import sys
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from digest import sha256  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "build")
SUMS = "SHA256SUMS"


def board_names(root=ROOT):
    return sorted(f[:-5] for f in os.listdir(os.path.join(root, "boards")) if f.endswith(".json"))




def write_sums(d):
    """DIR/SHA256SUMS for every other file of DIR; the lines written."""
    names = sorted(f for f in os.listdir(d) if f != SUMS and os.path.isfile(os.path.join(d, f)))
    lines = ["%s  %s" % (sha256(os.path.join(d, f)), f) for f in names]
    with open(os.path.join(d, SUMS), "w", newline="\n") as f:
        f.write("".join(ln + "\n" for ln in lines))
    return lines


def check_sums(d):
    """None if every file of DIR/SHA256SUMS is there with its hash, else why."""
    try:
        with open(os.path.join(d, SUMS)) as f:
            lines = [ln.rstrip("\n") for ln in f if ln.strip()]
    except OSError as e:
        return "%s: %s" % (os.path.join(d, SUMS), e.strerror or e)
    for ln in lines:
        want, _, name = ln.partition("  ")
        p = os.path.join(d, name)
        if not os.path.isfile(p):
            return "%s is listed in %s but missing" % (name, SUMS)
        if sha256(p) != want:
            return "%s does not match its checksum" % name
    return None


def newest_uf2(board, build=BUILD):
    found = glob.glob(os.path.join(build, "bataille-box-%s-*.uf2" % board))
    return max(found, key=os.path.getmtime) if found else None


def collect(out, build=BUILD, boards=None):
    """Gather the release into out; (0, files) or (1, the one-line refusal)."""
    boards = board_names() if boards is None else boards
    missing = [b for b in boards if newest_uf2(b, build) is None]
    if missing:
        return 1, "release: no UF2 for %s in %s: run make uf2 BOARD=%s first" % (
            ", ".join(missing), os.path.relpath(build, os.getcwd()), missing[0])
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(out)
    for b in boards:
        shutil.copyfile(newest_uf2(b, build), os.path.join(out, "bataille-box-%s.uf2" % b))
    web = os.path.join(build, "web")
    if os.path.isdir(web):
        with zipfile.ZipFile(os.path.join(out, "bataille-box-web.zip"), "w", zipfile.ZIP_DEFLATED) as z:
            for d, dirs, files in os.walk(web):
                dirs.sort()
                for f in sorted(files):
                    p = os.path.join(d, f)
                    z.write(p, os.path.relpath(p, web))
    write_sums(out)
    return 0, sorted(os.listdir(out))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=("collect", "sums", "check"))
    ap.add_argument("dir", nargs="?", default=None)
    ap.add_argument("--out", default=os.path.join(BUILD, "release"))
    a = ap.parse_args(argv)
    if a.what == "collect":
        rc, said = collect(a.dir or a.out)
        print(said if rc else "release: %s: %s" % (os.path.relpath(a.dir or a.out, os.getcwd()), ", ".join(said)))
        return rc
    if not a.dir or not os.path.isdir(a.dir):
        print("release: %s needs a folder (got %r)" % (a.what, a.dir))
        return 2
    if a.what == "sums":
        print("\n".join(write_sums(a.dir)))
        return 0
    why = check_sums(a.dir)
    print("release: " + (why or "every file matches %s" % SUMS))
    return 1 if why else 0


if __name__ == "__main__":
    sys.exit(main())
