# The box talks (issue 17): every spoken event of each game (the log of
# RULES.md L, app.sounds.words) is said at its moment on the default box's speaker,
# a phrase in progress is cut by the next rather than delaying it, the game
# is the same whether the box talks or not, and the WAV of a headless
# Tape-treize is the sequence of the counts said.
import pytest

from app import io, sounds
from core import log as _log
from sim import audio, box as _box, cli
from sim import __main__ as sim_main

SHORT = {
    "bataille": ["--length", "40"],
    "batawaf": ["--length", "40"],
    "tape": ["--rounds", "1", "--tempo", "500", "--settle", "300", "--players", "3"],
}
LOOP_US = _box.LOOP_US


def make_box(game, *extra, seed=5, sound="voice"):
    cfg = cli.parse(["--board", "pico_matrix", "--game", game, "--headless", "--seed", str(seed),
                     "--bots", "300,100,0.05,0.05"] + SHORT[game] + list(extra))
    b = _box.Box(_box.load_board("pico_matrix"), cfg)
    b.add_bots(cfg.bots, cfg.seed)
    app = b.app
    app.settings["sound"] = sound
    io.apply_settings(app)
    starts = []
    begin = app.play.begin

    def begin_game(*a, **k):
        starts.append(b.clock.now)      # the game's t = 0 on the virtual clock
        return begin(*a, **k)
    app.play.begin = begin_game
    return b, starts


def play(b, max_s=3600):
    b.begin()
    limit = b.clock.now + max_s * 1000000
    while not b.finished and not b.failed and b.clock.now < limit:
        b.step_until(b.clock.now + 250000)
    assert not b.failed, b.failed
    assert b.finished
    b.hal.voice.out.played()
    return b


def spoken(text, game, hidden=False):
    """[(t_ms, words)] the log says the box must say."""
    out = []
    for _, t, ev, fields in _log.read(text.splitlines()):
        vals = tuple(fields.get(k) for k in _log.FIELDS[ev])
        w = sounds.words(game, ev, vals, hidden)
        if w is not None:
            out.append((t, w))
    return out


@pytest.mark.parametrize("game", ["bataille", "batawaf", "tape"])
def test_voice_every_spoken_event_is_said_at_its_moment(game):
    b, starts = make_box(game)
    play(b)
    text = b.log_text()
    want = spoken(text, game)
    plays = b.hal.voice.out.plays
    assert want, "a game with nothing to say"
    assert [w for _, w in want] == [p[1] for p in plays]
    t0 = starts[0]
    for (t_ms, w), p in zip(want, plays):
        late = p[0] - t0 - t_ms * 1000
        # said in the loop pass that ran the event: within one pass
        assert 0 <= late <= LOOP_US, (w, t_ms, late)
    evs = set(e for _, _, e, _ in _log.read(text.splitlines()))
    if game == "tape":
        assert "count" in evs and any(w[0] in ("tape", "rate") for _, w in want)
    else:
        assert "battle" in evs and any(w == (game,) for _, w in want)
    assert want[-1][1][-1] == "gagne"            # the winner named at the end
    assert b.hal.voice.underruns == 0


def test_voice_a_phrase_in_progress_is_cut_by_the_next_not_delayed():
    b, starts = make_box("tape", "--tempo", "500")
    play(b)
    plays = b.hal.voice.out.plays
    rate = b.hal.voice.rate
    cut = 0
    for a, nxt in zip(plays, plays[1:]):
        if a[3] is not None:
            cut += 1
            assert nxt[0] == a[3]                 # the next one starts at the cut
            assert len(a[2]) == (a[3] - a[0]) * rate // 1000000
        else:
            assert nxt[0] >= a[0] + len(a[2]) * 1000000 // rate
    assert cut, "no phrase was cut: choose a faster game"


def test_voice_slap_windows_are_the_same_whether_the_box_talks_or_not():
    logs = []
    for sound in ("voice", "silent", "beeps"):
        b, _ = make_box("tape", sound=sound, seed=9)
        play(b)
        logs.append(b.log_text())
        said = b.hal.voice.out.plays
        assert bool(said) == (sound == "voice")
    assert logs[0] == logs[1] == logs[2]


def test_voice_the_hidden_count_is_not_said():
    b, _ = make_box("tape", "--hidden-count", seed=2)
    play(b)
    words = [p[1] for p in b.hal.voice.out.plays]
    assert words and not [w for w in words if w[0].startswith("n") and len(w) == 1]


def test_voice_speech_words_from_events():
    assert sounds.words("tape", "count", (0, 13)) == ("n13",)
    assert sounds.words("tape", "count", (0, 4), True) is None
    assert sounds.words("batawaf", "battle", ([0, 1],)) == ("batawaf",)
    assert sounds.words("bataille", "battle", ([0, 1],)) == ("bataille",)
    assert sounds.words("tape", "verdict", ("false", [1], 1)) == ("rate",)
    assert sounds.words("tape", "verdict", ("double", [1, 0], 0)) == ("tape",)
    assert sounds.words("tape", "end", ([1], "rounds", [], [])) == ("joueur", "n2", "gagne")
    assert sounds.words("bataille", "end", ([0, 2], "limit", [], None)) == ("joueur", "n1", "joueur", "n3", "gagne")
    assert sounds.words("bataille", "end", ([], "draw", [], None)) is None
    assert sounds.words("tape", "flip", (0, "AS", True)) is None


def test_voice_headless_tape_wav_is_the_counts_said(tmp_path):
    wav = str(tmp_path / "tape.wav")
    logf = str(tmp_path / "tape.jsonl")
    code = sim_main.main(["--headless", "--game", "tape", "--players", "2", "--seed", "4", "--rounds", "1",
                          "--tempo", "1000", "--log", logf, "--audio", wav, "--bots", "400,100,0,0"])
    assert code == 0
    rate, data = audio.read_wav(wav)
    assert rate == 8000
    with open(logf) as f:
        want = spoken(f.read(), "tape")
    counts = [(t, w) for t, w in want if w[0].startswith("n") and len(w) == 1]
    assert len(counts) > 20
    # the samples of each word as the voice sends them (volume 3 of 5)
    from drivers.voice import Voice
    from hal.host.clock import VirtualClock
    from hal.host.speaker import HostSpeaker
    import hal
    from app import io
    v = Voice(HostSpeaker(VirtualClock()))
    v.open(open(hal._host_voice_dir() + "fr.vox", "rb"))
    v.volume = io.Sound.GAIN[3]
    # the first word said fixes where the game's t = 0 is in the track
    first = audio.phrase(v, want[0][1])
    base = data.find(first) - want[0][0] * rate // 1000
    assert base >= 0
    pos = 0
    for i, (t, w) in enumerate(want):
        s = audio.phrase(v, w)
        if i + 1 < len(want):     # cut by the next phrase: up to it
            s = s[:max(0, (want[i + 1][0] - t) * rate // 1000 - rate // 100)]
        if not s:
            continue              # said and cut in the same moment (a verdict, then the end)
        at = data.find(s, pos)
        assert at >= 0, (t, w)
        assert abs(at - (base + t * rate // 1000)) <= rate // 100, (t, w)   # within 10 ms
        pos = at + 1
    # and between the words, silence
    assert data[:base].count(128) == base


def test_voice_audio_on_a_board_without_speaker_is_refused(capsys):
    code = sim_main.main(["--board", "pico_oled", "--headless", "--game", "tape", "--audio", "x.wav"])
    assert code == 2
    assert "no speaker" in capsys.readouterr().err


def test_voice_the_window_plays_each_phrase_as_it_starts():
    from sim import sound
    import hal
    from hal.host.clock import VirtualClock
    h = hal.open_host("pico_matrix", VirtualClock())
    h.voice.open(open(h.voice_dir + "en.vox", "rb"))
    sp = sound.Speaker()
    try:
        sp.voice(h.voice)                  # nothing said yet: nothing played
        assert sp._voice_ch is None
        h.voice.say(("n1",))
        sp.voice(h.voice)
        assert sp._said == 1
        if sp.ok:
            assert sp._voice_ch is not None
        pcm = audio.phrase(h.voice, ("n1",))
        assert len(pcm) == h.voice.length(("n1",))
    finally:
        sp.close()
