# The committed voice files (firmware/voice/*.vox) are the word list said
# (voices/words.txt, issue 17), checked without any speech tool: the manifest
# records the word list's hash and every word's length and hash.
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import voices  # noqa: E402


def test_committed_voice_files_match_the_word_list():
    assert voices.check() == []


def test_each_language_fits_in_120_kb_and_says_every_word():
    names = [n for n, _ in voices.read_words()]
    for lang in voices.LANGS:
        with open(os.path.join(ROOT, "firmware", "voice", lang + ".vox"), "rb") as f:
            data = f.read()
        assert len(data) <= 120 * 1024
        rate, entries = voices.unpack(data)
        assert 8000 <= rate <= 11025
        assert [n for n, _ in entries] == names
        for name, s in entries:
            assert 0.15 * rate < len(s) < 1.5 * rate, (lang, name, len(s))
            # normalised: the loudest sample is within 1.5 dB of full scale
            assert min(s) <= 20 or max(s) >= 235, (lang, name)
            # trimmed: no silence longer than 10 ms at either end
            head, tail = s[:rate // 100], s[-(rate // 100):]
            assert max(abs(x - 128) for x in head) >= 1, (lang, name)
            assert max(abs(x - 128) for x in tail) >= 1, (lang, name)


def test_the_words_the_box_says_are_in_the_list():
    names = set(n for n, _ in voices.read_words())
    for k in range(1, 14):
        assert "n%d" % k in names          # the count of Tape-treize, and the players
    assert {"batawaf", "bataille", "tape", "rate", "gagne", "joueur"} <= names


def _copy(tmp_path):
    os.makedirs(tmp_path / "voices")
    os.makedirs(tmp_path / "firmware" / "voice")
    for rel in ("voices/words.txt", "voices/manifest.json", "firmware/voice/fr.vox", "firmware/voice/en.vox"):
        shutil.copy(os.path.join(ROOT, rel), str(tmp_path / rel))
    return str(tmp_path / "voices" / "words.txt"), str(tmp_path / "voices" / "manifest.json")


def test_a_changed_word_list_asks_for_make_voices(tmp_path):
    words, man = _copy(tmp_path)
    with open(words, "a", encoding="utf-8") as f:
        f.write("encore\tEncore !\tAgain!\n")
    problems = voices.check(words, man, str(tmp_path))
    assert problems and all("make voices" in p for p in problems)
    assert any("words.txt changed" in p for p in problems)


def test_a_damaged_voice_file_is_found(tmp_path):
    words, man = _copy(tmp_path)
    p = str(tmp_path / "firmware" / "voice" / "en.vox")
    with open(p, "r+b") as f:
        f.seek(-100, 2)
        f.write(b"\x00" * 10)
    problems = voices.check(words, man, str(tmp_path))
    assert any("en.vox" in p and "'joueur'" in p for p in problems), problems
    assert not any("fr.vox" in p for p in problems)


def test_a_bad_word_list_line_names_its_line(tmp_path):
    p = tmp_path / "w.txt"
    p.write_text("n1\tun\n", encoding="utf-8")
    try:
        voices.read_words(str(p))
    except voices.VoiceError as e:
        assert "w.txt:1" in str(e) and "expected 3" in str(e)
    else:
        raise AssertionError("a line without its English text was accepted")


def test_pack_and_unpack_are_inverse():
    entries = [("a", b"\x80\x81"), ("bataille", bytes(range(256)))]
    assert voices.unpack(voices.pack(entries, 8000)) == (8000, entries)
