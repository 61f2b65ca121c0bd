# Tape-treize with two people and the box in a seat (`box` 1, level 2),
# played to the end through the pins: what test_pico_play_box.py checks, in
# a file of its own (pin_game.py).  PICO_PLAY_BOX selects.
import pytest

from pin_game import chosen, play_through_the_pins


@pytest.mark.parametrize("name", chosen("PICO_PLAY_BOX", ["tape_box"]))
def test_p1_box_seat_game_through_the_pins(flashed, tmp_path, name):
    play_through_the_pins(flashed, tmp_path, name)
