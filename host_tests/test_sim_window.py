# The window under SDL's dummy video driver: input events are posted into
# pygame's queue as a person's would arrive.  A key held down is one press,
# mashing keys, the mouse and touch never crash, closing the window mid-game
# ends cleanly with one line and the log so far (the game left: `stopped`).
import os
import subprocess
import sys

import pygame

from core import rng as _rng
from sim import box as _box
from sim import cli, window

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def open_box(*args):
    cfg = cli.parse(list(args))
    return cfg, _box.Box(_box.load_board(cfg.board), cfg)


def key(kind, k):
    return pygame.event.Event(kind, key=k, mod=0, scancode=0, unicode="", window=None)


def test_sim_window_holders_count_a_pad_once_whatever_holds_it():
    h = window.Holders(4)
    assert h.down(("key", 49), 0) is True
    assert h.down(("key", 49), 0) is False          # a key repeat
    assert h.down(("mouse", 1), 0) is False         # the mouse on the same pad
    assert h.up(("key", 49)) is None                # the mouse still holds it
    assert h.up(("mouse", 1)) == 0
    assert h.up(("finger", 1, 1)) is None           # never went down
    h.down(("finger", 1, 1), 2)
    h.down(("finger", 1, 2), 3)
    assert sorted(h.release_all()) == [2, 3] and h.held() == [False] * 4


def test_sim_window_a_key_held_down_is_one_press():
    cfg, b = open_box("--board", "pico_matrix")

    def script(n):
        if n == 3:
            for _ in range(5):   # the press, then what a key repeat would send
                pygame.event.post(key(pygame.KEYDOWN, pygame.K_1))
        if n == 40:
            pygame.event.post(key(pygame.KEYUP, pygame.K_1))
        if n == 45:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    try:
        irq0 = b.pads.irq_calls
        assert window.run(cfg, b, on_frame=script) == 0
        assert b.pads.irq_calls - irq0 == 1
        assert b.pads.levels == 0
    finally:
        b.close()


def test_sim_window_mashed_keys_mouse_and_touch_never_crash():
    cfg, b = open_box("--board", "pico_matrix", "--game", "tape")
    r = _rng.Rng(7)
    keys = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_q, pygame.K_w, pygame.K_e,
            pygame.K_r, pygame.K_9, pygame.K_z, pygame.K_m, pygame.K_SPACE]
    lay = None

    def script(n):
        nonlocal lay
        if lay is None:
            lay = window._view.Layout(b.kind, b.width, b.height, b.n_pads)
        for _ in range(6):
            k = keys[r.below(len(keys))]
            pygame.event.post(key(pygame.KEYDOWN if r.below(2) else pygame.KEYUP, k))
        x, y = lay.pads[r.below(b.n_pads)]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN if r.below(2) else pygame.MOUSEBUTTONUP,
                                             pos=(x, y), button=1 + r.below(3), touch=False))
        pygame.event.post(pygame.event.Event(pygame.FINGERDOWN if r.below(2) else pygame.FINGERUP,
                                             x=x / lay.w, y=y / lay.h, dx=0, dy=0, touch_id=1,
                                             finger_id=r.below(4), pressure=1.0))
        if n == 90:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    try:
        assert window.run(cfg, b, on_frame=script) == 0
        assert b.pads.irq_calls > 10
        assert not b.failed
    finally:
        b.close()


def test_sim_window_closed_mid_game_is_one_line_and_the_log_so_far(tmp_path):
    log = tmp_path / "so_far.jsonl"
    r = subprocess.run([sys.executable, "-m", "sim", "--board", "pico_oled", "--bots", "200,50,0,0",
                        "--log", str(log)], cwd=ROOT, capture_output=True, text=True, timeout=120,
                       env=dict(ENV, SIM_QUIT_AFTER="6"))
    assert "Traceback" not in r.stderr
    assert r.returncode == 0
    msg = [s for s in r.stderr.splitlines() if s.startswith("sim:") and "window closed" in s]
    assert len(msg) == 1 and "not finished" in msg[0]
    # the game so far was written, left as with the menu button held: its
    # log ends `stopped` (L) and replays
    assert "stopped" in msg[0]
    r = subprocess.run([sys.executable, "-m", "sim", "--replay", str(log), "--headless"], cwd=ROOT,
                       capture_output=True, text=True, timeout=120, env=ENV)
    assert r.returncode == 0 and r.stdout.startswith("OK") and "(stopped)" in r.stdout, r.stdout + r.stderr


def test_sim_window_keys_drive_the_menus_and_m_is_the_menu_button():
    cfg, b = open_box("--board", "pico_matrix")
    states = []

    def script(n):
        states.append(b.app.state)
        if n == 30:     # pad 2 chooses the first game of the home menu
            pygame.event.post(key(pygame.KEYDOWN, pygame.K_w))
        if n == 33:
            pygame.event.post(key(pygame.KEYUP, pygame.K_w))
        if n == 50:     # the menu button: back to the home menu
            pygame.event.post(key(pygame.KEYDOWN, pygame.K_m))
            pygame.event.post(key(pygame.KEYUP, pygame.K_m))
        if n == 70:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    try:
        assert b.menu is not None or getattr(b.hal, "menu", None) is not None
        assert window.run(cfg, b, on_frame=script) == 0
        assert states[29] == "menu" and states[49] == "join" and states[-1] == "menu"
    finally:
        b.close()


def test_sim_window_without_a_screen_says_so_and_lets_bots_play():
    # an SDL video driver that cannot open: one line saying why, then the
    # box plays headless with bots instead of failing (make sim over SSH)
    env = dict(ENV, SDL_VIDEODRIVER="x11")
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    r = subprocess.run([sys.executable, "-m", "sim", "--game", "batawaf", "--length", "5"], cwd=ROOT,
                       env=env, capture_output=True, text=True, timeout=60)
    assert "Traceback" not in r.stderr
    assert r.returncode == 0 and "no window can be opened" in r.stderr and "--headless" in r.stderr
    assert "batawaf over" in r.stderr


def _menu_button_run(board, hal_has_menu):
    """The window's pixel where the menu button goes, and the menu presses a
    click there made."""
    cfg, b = open_box("--board", board)
    if hal_has_menu:
        b.menu = None       # as when the host HAL brings its own menu button
    rect = _view_layout(b).menu_rect
    seen = {}
    pressed = []
    b.menu_button = lambda down: pressed.append(down)

    def script(n):
        surf = pygame.display.get_surface()
        if n == 5:
            seen["pixel"] = tuple(surf.get_at((rect.x + 4, rect.centery)))[:3]
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
        if n == 8:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    try:
        assert window.run(cfg, b, on_frame=script) == 0
    finally:
        b.close()
    return seen["pixel"], pressed


def _view_layout(b, menu=True):
    from sim import view as _view
    return _view.Layout(b.kind, b.width, b.height, b.n_pads, 1.0, menu=menu)


def test_sim_window_draws_the_menu_button_whenever_the_board_has_one(tmp_path):
    # docs/sim.md promises a button for the mouse-only user: drawn from the
    # board file, whoever provides the menu button part (the simulator or
    # the host HAL)
    for hal_has_menu in (False, True):
        pixel, pressed = _menu_button_run("pico_matrix", hal_has_menu)
        assert pixel == (30, 30, 30), (hal_has_menu, pixel)
        assert True in pressed
    import json
    with open(os.path.join(ROOT, "boards", "pico_matrix.json")) as f:
        d = json.load(f)
    del d["menu_button"]
    p = tmp_path / "nomenu.json"
    p.write_text(json.dumps(d))
    pixel, pressed = _menu_button_run(str(p), False)
    assert pixel != (30, 30, 30) and pressed == []
