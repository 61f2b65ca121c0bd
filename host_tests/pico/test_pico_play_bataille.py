# Bataille `court` with 2 players played to the end through the pins of the
# emulated Pico: what test_pico_play.py checks, in a file of its own
# (pin_game.py: the xdist workers take whole files).  PICO_PLAY selects.
import pytest

from pin_game import chosen, play_through_the_pins


@pytest.mark.parametrize("name", chosen("PICO_PLAY", ["bataille"]))
def test_game_through_the_pins(flashed, tmp_path, name):
    play_through_the_pins(flashed, tmp_path, name)
