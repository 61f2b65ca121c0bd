# The three games played to the end through the pins of the emulated Pico,
# from a flash filled by `make flash` (issue 12, item 2): Bata-waf and
# Bataille `court` with 2 players, Tape-treize with 4, the players pressing,
# forgetting, pressing together, too early, late and falsely
# (tools/pico/scenarios.py), Tape-treize's slow players 1 and 2 with head
# starts of 300 ms set by hand in its menus (S7, the start line says so and
# some windows are ordered by them); with the box in a seat:
# test_pico_play_box*.py.
# Bata-waf and the box-seat Bataille are left from their pause through the
# pins after 27 and 21 duels (a pad held 2 s, then `leave`; the log ends
# `stopped`, its `t` within a tick or so of the host's: play.compare_logs).
# Each log is copied off the board with
# `mpremote fs cp`, accepted by `make replay`, and equal byte for byte to the
# log of the same presses at the same times on the host HAL (but for each
# slap's t_us, within the interrupt latency's jitter: tools/pico/play.py).
# Tape-treize here; Bataille and Bata-waf in test_pico_play_bataille.py and
# test_pico_play_batawaf.py (a file a game: pin_game.py says why).
# PICO_PLAY=tape,bataille: only those (each game is 1.5-3 emulated minutes).
import pytest

from pin_game import chosen, play_through_the_pins


@pytest.mark.parametrize("name", chosen("PICO_PLAY", ["tape"]))
def test_game_through_the_pins(flashed, tmp_path, name):
    play_through_the_pins(flashed, tmp_path, name)
