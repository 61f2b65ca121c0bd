# Tape-treize with two people and the box in a seat (`box` 1, level 2),
# through the pins: what test_pico_play_box.py checks, in a file of its own
# (pin_game.py), left from its pause after 30 cards (the box's slaps in the
# windows met by then; test_pico_play.py's Tape-treize plays a match to its
# end).  PICO_PLAY_BOX selects.
import pytest

from pin_game import chosen, play_through_the_pins


@pytest.mark.parametrize("name", chosen("PICO_PLAY_BOX", ["tape_box"]))
def test_p1_box_seat_game_through_the_pins(flashed, tmp_path, name):
    play_through_the_pins(flashed, tmp_path, name)
