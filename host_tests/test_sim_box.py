# The simulator runs the real firmware app on the host HAL: a headless game
# of each kind on each board runs to its end, through the menus, and the log
# the box wrote replays (games.*_replay.replay) to the state the box ended in.
# Screenshots of the menu, a Bataille battle, a Bata-waf tie and a
# Tape-treize slap land in build/screenshots (docs/img/ has the best ones).
import os
import shutil

import pytest

from sim import box as _box
from sim import cli, replay

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHOTS = os.path.join(ROOT, "build", "screenshots")
BOARDS = _box.board_names()

# short games: a few duels, one round
SHORT = {
    "bataille": ["--length", "12"],
    "batawaf": ["--length", "12"],
    "tape": ["--rounds", "1", "--tempo", "500", "--settle", "300"],
}


def make_box(board, game, *extra, seed=3):
    cfg = cli.parse(["--board", board, "--game", game, "--headless", "--seed", str(seed),
                     "--bots", "300,100,0.02,0.05"] + SHORT[game] + list(extra))
    b = _box.Box(_box.load_board(board), cfg)
    b.add_bots(cfg.bots, cfg.seed)
    return b


def play(b, max_s=3600, until=None):
    """Run until the game is over (or until(b) holds); the box."""
    limit = b.clock.now + max_s * 1000000
    while not b.finished and not b.failed and b.clock.now < limit:
        b.step_until(b.clock.now + 250000)
        if until is not None and until(b):
            return b
    assert not b.failed, b.failed
    return b


def box_end_state(b):
    v = b.app.play.view
    return {"winners": list(v.winners), "reason": v.reason, "counts": list(v.counts)}


def replay_end_state(text):
    v = replay.check_text(text)
    assert v.status == "OK", v.message
    st = replay.final_state(v.engine)
    return {"winners": st["winners"], "reason": st["reason"], "counts": st["counts"]}


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("game", ["bataille", "batawaf", "tape"])
def test_sim_headless_game_runs_to_its_end_and_its_log_replays(board, game):
    b = make_box(board, game, "--players", "2")
    try:
        play(b)
        assert b.finished, "the game did not end (state %s)" % b.app.state
        text = b.log_text()
        assert text.startswith('{"t":0,"ev":"start","game":"%s"' % game)
        assert replay_end_state(text) == box_end_state(b)
        assert b.frame() is not None
    finally:
        b.close()


def test_sim_command_line_options_reach_the_engine():
    b = make_box("pico_matrix", "bataille", "--ace", "low", "--down", "1", "--pickup", "ordered",
                 "--players", "3")
    try:
        play(b)
        start = b.log_text().splitlines()[0]
        assert '"ace":"low"' in start and '"down":1' in start and '"pickup":"ordered"' in start
        assert '"players":3' in start and '"length":12' in start
    finally:
        b.close()


def test_b4_sim_short_lose_reaches_the_log_and_replays():
    b = make_box("pico_matrix", "batawaf", "--short", "lose", "--players", "2")
    try:
        play(b)
        assert b.finished
        text = b.log_text()
        assert '"short":"lose"' in text.splitlines()[0]
        assert replay_end_state(text) == box_end_state(b)
    finally:
        b.close()


# --- screenshots -------------------------------------------------------------

def shoot(b, name):
    """The window of box b, drawn off screen, into build/screenshots/name."""
    import pygame
    from sim import view
    pygame.font.init()
    lay = view.Layout(b.kind, b.width, b.height, b.n_pads)
    surf = pygame.Surface((lay.w, lay.h))
    fr = b.frame()
    rgb = view.frame_rgb(b.kind, fr[1], b.width, b.height, fr[2])
    view.View(surf, lay, b.board.name).draw(rgb, b.leds(), b.down(), "%s   %s" % (b.board.name, b.status()))
    os.makedirs(SHOTS, exist_ok=True)
    path = os.path.join(SHOTS, name)
    pygame.image.save(surf, path)
    return path


def _battle(b):
    v = b.app.play.view
    return b.app.state == "play" and v is not None and len(v.battle) >= 2 and any(v.up)


def _dog_tie(b):
    """Bata-waf: the duel's dogs are on the table and the biggest is tied
    (W3): the moment the box says "Bata-waf!", before the battle cards."""
    from core import cards
    v = b.app.play.view
    if b.app.state != "play" or v is None or v.battle:
        return False
    ups = [u for u in v.up if u]
    if len(ups) < 2 or any(len(u) != 1 for u in ups):
        return False
    sizes = [cards.size(u[0]) for u in ups]
    return sizes.count(max(sizes)) >= 2


def _tape_slap(b):
    """A slap window is open on a card a rule holds for, and a player has
    just slapped (their pad is still down)."""
    g = b.app.play.game
    v = b.app.play.view
    if b.app.state != "play" or g is None:
        return False
    wo = g.window_open() if callable(g.window_open) else g.window_open
    return (wo and v.last_ev == "slap"
            and b.pads.levels != 0 and v.pile_top >= 0)


SCENES = [("menu", "bataille", lambda b: b.app.state == "menu" and b.frame() is not None),
          ("bataille_battle", "bataille", _battle),
          ("batawaf_tie", "batawaf", _dog_tie),
          ("tape_slap", "tape", _tape_slap)]


@pytest.mark.parametrize("board", ["pico_matrix", "pico_eink", "pico_oled"])
@pytest.mark.parametrize("scene, game, when", SCENES, ids=[s[0] for s in SCENES])
def test_sim_screenshots_of_each_scene(board, scene, game, when):
    longer = ["--length", "all"] if game != "tape" else []
    b = make_box(board, game, "--players", "2" if game != "tape" else "4", *longer, seed=5)
    try:
        play(b, until=when)
        assert when(b), "no %s in this game" % scene
        path = shoot(b, "%s_%s.png" % (board, scene))
        assert os.path.getsize(path) > 1000
    finally:
        b.close()


def test_sim_lang_sets_the_box_language_as_its_settings_menu_does():
    frames = {}
    for lang in ("fr", "en"):
        b = make_box("pico_eink", "bataille", "--lang", lang)
        b.begin()
        b.step_until(b.clock.now + 200000)
        assert b.app.settings["lang"] == lang
        assert b.app.tab["settings"] == {"fr": "Reglages", "en": "Settings"}[lang]
        assert b.app.renderer.faces_fr == (lang == "fr")
        frames[lang] = bytes(b.frame()[1])
        b.close()
    # the home menu's words differ on the screen
    assert frames["fr"] != frames["en"]
    with pytest.raises(SystemExit):
        cli.parse(["--lang", "de"])
