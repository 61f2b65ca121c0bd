"""The box's spoken words, made at build time (issue 17).

  python tools/voices.py build     espeak-ng + sox: voices/words.txt ->
                                   firmware/voice/<lang>.vox + voices/manifest.json
  python tools/voices.py check     the committed files match the word list
                                   (no speech tool needed; the tests call check())

Each word is said by espeak-ng (its French and English voices), then sox
trims the silence at both ends, filters, resamples to RATE Hz and
normalises it, as unsigned 8-bit mono (128 is silence).  The words of one
language go in one file, read by the firmware's drivers.voice in chunks, never
whole (format there: a 16-byte header, a 16-byte index entry per word, then
the samples).  The manifest records the word list's hash and every entry's
text, length and hash, so a test tells when the word list changed and
`make voices` was not run, or when a .vox file was damaged.

sox runs with -R -D (repeatable, no dither): the same word list on the same
tools gives the same bytes.  Other versions of espeak-ng may say a word a
little differently: the manifest records the versions that made the
committed files.
"""
import hashlib
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORDS = os.path.join(ROOT, "voices", "words.txt")
MANIFEST = os.path.join(ROOT, "voices", "manifest.json")
OUT_DIR = os.path.join(ROOT, "firmware", "voice")
LANGS = ("fr", "en")
ESPEAK_VOICE = {"fr": "fr", "en": "en-gb"}
RATE = 8000
MAX_BYTES = 120 * 1024       # the whole set of one language (issue 17)
MAGIC = b"BVOX"
VERSION = 1
HEADER = 16
ENTRY = 16
NAME_LEN = 8


class VoiceError(Exception):
    """A word list or voice file refused: the message says where and why."""


def read_words(path=WORDS):
    """[(name, {lang: text})] in file order; VoiceError on a bad line."""
    out = []
    seen = set()
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.split("\t")
            if len(parts) != 1 + len(LANGS):
                raise VoiceError("%s:%d: %d tab-separated fields, expected %d (name, %s)"
                                 % (path, n, len(parts), 1 + len(LANGS), ", ".join(LANGS)))
            name = parts[0]
            if not (0 < len(name) <= NAME_LEN and name.isalnum() and name.isascii()):
                raise VoiceError("%s:%d: name %r must be 1 to %d ASCII letters or digits" % (path, n, name, NAME_LEN))
            if name in seen:
                raise VoiceError("%s:%d: name %r given twice" % (path, n, name))
            seen.add(name)
            texts = {}
            for lang, text in zip(LANGS, parts[1:]):
                if not text.strip():
                    raise VoiceError("%s:%d: no %s text for %r" % (path, n, lang, name))
                texts[lang] = text
            out.append((name, texts))
    if not out:
        raise VoiceError("%s: no words" % path)
    if len(out) > 255:
        raise VoiceError("%s: %d words, at most 255" % (path, len(out)))
    return out


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def pack(entries, rate=RATE):
    """A .vox file from [(name, samples bytes)]."""
    n = len(entries)
    head = MAGIC + struct.pack("<BBHI", VERSION, n, rate, 0) + b"\0" * 4
    index = b""
    body = b""
    off = HEADER + n * ENTRY
    for name, samples in entries:
        index += name.encode().ljust(NAME_LEN, b"\0") + struct.pack("<II", off + len(body), len(samples))
        body += samples
    return head + index + body


def unpack(data):
    """(rate, [(name, samples bytes)]) of a .vox file; VoiceError if damaged."""
    if len(data) < HEADER or data[:4] != MAGIC:
        raise VoiceError("not a voice file (no BVOX header)")
    version, n, rate, _ = struct.unpack_from("<BBHI", data, 4)
    if version != VERSION:
        raise VoiceError("voice file version %d, expected %d" % (version, VERSION))
    out = []
    for i in range(n):
        e = data[HEADER + i * ENTRY:HEADER + (i + 1) * ENTRY]
        name = e[:NAME_LEN].rstrip(b"\0").decode()
        off, length = struct.unpack_from("<II", e, NAME_LEN)
        if off + length > len(data):
            raise VoiceError("word %r runs past the end of the file" % name)
        out.append((name, data[off:off + length]))
    return rate, out


# ---- making the samples (espeak-ng + sox) ---------------------------------

def missing_tools():
    return [t for t in ("espeak-ng", "sox") if shutil.which(t) is None]


def tool_versions():
    def first(cmd):
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, check=False)
            return (r.stdout or r.stderr).strip().splitlines()[0]
        except (OSError, IndexError):
            return "?"
    return {"espeak-ng": first(["espeak-ng", "--version"]), "sox": first(["sox", "--version"])}


def say(text, lang, tmp):
    """The samples of one word: unsigned 8-bit mono at RATE Hz."""
    wav = os.path.join(tmp, "w.wav")
    raw = os.path.join(tmp, "w.raw")
    subprocess.run(["espeak-ng", "-v", ESPEAK_VOICE[lang], "-s", "150", "-p", "55", "-w", wav, text],
                   check=True, capture_output=True)
    # trim the silence at the start, then (reversed) at the end; a high-pass
    # against the DC the small speaker cannot play; resample; normalise
    subprocess.run(["sox", "-R", "-D", wav, "-r", str(RATE), "-c", "1", "-b", "8", "-e", "unsigned-integer",
                    "-t", "raw", raw,
                    "silence", "1", "0.01", "1%", "reverse", "silence", "1", "0.01", "1%", "reverse",
                    "highpass", "120", "rate", str(RATE), "norm", "-1"],
                   check=True, capture_output=True)
    with open(raw, "rb") as f:
        return f.read()


def build():
    words = read_words()
    miss = missing_tools()
    if miss:
        raise VoiceError("make voices needs %s: apt-get install espeak-ng sox (as root)" % " and ".join(miss))
    with open(WORDS, "rb") as f:
        words_hash = sha256(f.read())
    manifest = {"words": "voices/words.txt", "words_sha256": words_hash, "rate": RATE,
                "format": "unsigned 8-bit mono, 128 = silence", "tools": tool_versions(), "languages": {}}
    os.makedirs(OUT_DIR, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="voices_")
    try:
        for lang in LANGS:
            entries = [(name, say(texts[lang], lang, tmp)) for name, texts in words]
            data = pack(entries)
            if len(data) > MAX_BYTES:
                raise VoiceError("%s: %d bytes, over the %d of one language" % (lang, len(data), MAX_BYTES))
            path = os.path.join(OUT_DIR, lang + ".vox")
            with open(path, "wb") as f:
                f.write(data)
            manifest["languages"][lang] = {
                "file": os.path.relpath(path, ROOT).replace(os.sep, "/"),
                "bytes": len(data), "sha256": sha256(data),
                "seconds": round(sum(len(s) for _, s in entries) / float(RATE), 2),
                "entries": [{"name": name, "text": texts[lang], "samples": len(s), "sha256": sha256(s)}
                            for (name, texts), (_, s) in zip(words, entries)]}
            print("voices: %s.vox %d words, %d bytes, %.1f s" % (lang, len(entries), len(data),
                                                                 manifest["languages"][lang]["seconds"]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    with open(MANIFEST, "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1, ensure_ascii=False, sort_keys=True)
        f.write("\n")


def check(words_path=WORDS, manifest_path=MANIFEST, root=ROOT):
    """[] if the committed voice files match the word list, else one line per
    problem (each says what to run)."""
    problems = []
    try:
        words = read_words(words_path)
        with open(words_path, "rb") as f:
            words_hash = sha256(f.read())
        with open(manifest_path, encoding="utf-8") as f:
            man = json.load(f)
    except (OSError, ValueError, VoiceError) as e:
        return ["%s (run: make voices)" % e]
    if man.get("words_sha256") != words_hash:
        problems.append("voices/words.txt changed since the voice files were made (run: make voices)")
    for lang in LANGS:
        info = man.get("languages", {}).get(lang)
        if info is None:
            problems.append("%s: not in voices/manifest.json (run: make voices)" % lang)
            continue
        try:
            with open(os.path.join(root, info["file"]), "rb") as f:
                data = f.read()
            rate, entries = unpack(data)
        except (OSError, VoiceError) as e:
            problems.append("%s: %s (run: make voices)" % (info["file"], e))
            continue
        if sha256(data) != info["sha256"]:
            problems.append("%s: not the file the manifest records (run: make voices)" % info["file"])
        if len(data) > MAX_BYTES:
            problems.append("%s: %d bytes, over %d" % (info["file"], len(data), MAX_BYTES))
        if rate != man.get("rate"):
            problems.append("%s: %d Hz, the manifest says %s" % (info["file"], rate, man.get("rate")))
        want = [(name, texts[lang]) for name, texts in words]
        have = [(e["name"], e["text"]) for e in info["entries"]]
        if want != have:
            problems.append("%s: the words differ from voices/words.txt (run: make voices)" % info["file"])
        if [n for n, _ in entries] != [n for n, _ in want]:
            problems.append("%s: its index is not the word list (run: make voices)" % info["file"])
        for (name, s), e in zip(entries, info["entries"]):
            if len(s) != e["samples"] or sha256(s) != e["sha256"]:
                problems.append("%s: word %r is not the one the manifest records" % (info["file"], name))
    return problems


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    cmd = argv[0] if argv else "check"
    try:
        if cmd == "build":
            build()
            cmd = "check"
        if cmd == "check":
            problems = check()
            for p in problems:
                sys.stderr.write("voices: %s\n" % p)
            return 1 if problems else 0
    except (VoiceError, subprocess.CalledProcessError) as e:
        sys.stderr.write("voices: %s\n" % e)
        return 1
    sys.stderr.write("usage: python tools/voices.py build|check\n")
    return 2


if __name__ == "__main__":
    sys.exit(main())
