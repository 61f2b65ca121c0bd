# The whole box on the real host HAL (hal.open_host: the drivers, the fake
# buses, the virtual clock), one board per display kind: menus, joining and a
# game to its end with bots, the log on the file system replaying, the
# watchdog fed all along.
import hal as _hal
from core import log as _log
from app import headless, logs as _logs
from games import bataille, tape

ROOT = __file__.rsplit("/", 3)[0] if __file__.count("/") >= 3 else "."


def board(name):
    return ROOT + "/boards/" + name + ".json"


def run(board_name, game, players, options, seed):
    h = _hal.open_host(board(board_name))
    h.watchdog.start()
    r = headless.Runner(h, game, players, seed=seed, options=options)
    app = r.run(3600)
    assert app.state == "end", (board_name, game, app.state, app.error_text)
    assert not h.watchdog.would_have_fired()
    assert app.frames > 10 and h.display.error is None
    with open(h.storage.fs.path(_logs.path(1))) as f:
        entries = _log.read(f)
    g = (tape if game == "tape" else bataille).replay(entries)
    assert g.done and g.winners == app.view.winners
    return h, app


def test_app_on_matrix_board_batawaf_and_tape():
    run("pico_matrix", "batawaf", 2, None, 21)
    run("pico_matrix", "tape", 3, {"target": 1, "tempo": 1000}, 22)


def test_app_on_oled_board_bataille():
    run("pico_oled", "bataille", 3, {"length": 30, "ace": "low"}, 23)


def test_app_on_eink_board_bataille_addition_and_tape_hidden_count():
    run("pico_eink", "bataille", 2, {"length": 20, "addition": True}, 24)
    run("pico_eink", "tape", 2, {"target": 1, "hidden_count": True, "mode": "turns"}, 25)
