# Issue 28 in the simulator: the menu button (key M, or its button in the
# window) drives the board's pin, so the firmware's own driver times it: a
# press pauses, held 1.5 s it leaves the game (L `stopped`, the end screen);
# closing the window mid-game ends it the same way (docs/sim.md: "as when
# the menu button ends a game early"); each log replays to the box's end.
import pygame

from sim import box as _box
from sim import cli, replay, window


def make_box(board, game, *extra):
    cfg = cli.parse(["--board", board, "--game", game, "--headless", "--seed", "5",
                     "--bots", "300,100,0.02,0.05", "--players", "2"] + list(extra))
    b = _box.Box(_box.load_board(board), cfg)
    b.add_bots(cfg.bots, cfg.seed)
    return b


def run(b, us):
    end = b.clock.now + us
    while b.clock.now < end:        # (a step may stop short of its target)
        b.step_until(end)
        assert not b.failed, b.failed


def until_play(b):
    for _ in range(400):
        if b.app.state == "play":
            return
        run(b, 100000)
    raise AssertionError("no game began: %s" % b.app.state)


def stopped(b):
    """The box's log ends `stopped` and replays to the box's own end."""
    text = b.log_text()
    v = replay.check_text(text)
    assert v.status == "OK", v.message
    st = replay.final_state(v.engine)
    assert st["reason"] == "stopped" == b.app.play.view.reason
    assert st["winners"] == b.app.play.view.winners
    return st


def test_sim_menu_key_held_leaves_the_game_and_its_log_says_stopped():
    for board, game in (("pico_matrix", "bataille"), ("pico_oled", "tape")):
        b = make_box(board, game)
        try:
            until_play(b)
            run(b, 3000000)
            b.menu_button(True)
            run(b, 1400000)
            assert b.app.state == "play"        # 1.4 s: not yet (the game goes on)
            run(b, 200000)
            assert b.app.state == "end", (board, b.app.state)
            b.menu_button(False)
            run(b, 200000)
            assert b.app.state == "end"         # its release says nothing more
            stopped(b)
        finally:
            b.close()


def test_sim_menu_key_tapped_pauses_and_closing_the_window_ends_the_game_stopped():
    b = make_box("pico_matrix", "batawaf")
    try:
        until_play(b)
        run(b, 2000000)
        b.menu_button(True)         # down and up in one frame: still a press
        b.menu_button(False)
        run(b, 50000)
        assert b.app.state == "pause"
        b.stop()                    # the window closes in the pause
        assert b.app.state == "end"
        stopped(b)
    finally:
        b.close()


def test_sim_window_m_held_down_leaves_the_game():
    # the window's own keys: M down, M up 1.6 s later (real time runs the
    # virtual clock in the window)
    cfg = cli.parse(["--board", "pico_matrix", "--game", "bataille", "--players", "2", "--bots",
                     "200,50,0,0", "--seed", "5"])
    b = _box.Box(_box.load_board(cfg.board), cfg)
    seen = {}

    def script(n):
        st = b.app.state
        if st == "play" and "down" not in seen and b.clock.now > 4000000:
            seen["down"] = b.clock.now
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, scancode=0,
                                                 unicode="", window=None))
        if "down" in seen and "up" not in seen and b.clock.now - seen["down"] > 1700000:
            seen["up"] = st
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_m, mod=0, scancode=0,
                                                 unicode="", window=None))
        if "up" in seen or n > 1200:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    try:
        assert window.run(cfg, b, on_frame=script) == 0
        assert seen.get("up") == "end", seen
        stopped(b)
    finally:
        b.close()
