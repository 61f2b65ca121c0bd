# The box in a seat (issue 23, P1-P6), played to the end through the pins
# of the emulated Pico as test_pico_play.py plays the three games: a child
# alone at Bataille against the box here, and Tape-treize with two people
# and `box` 1 at level 2 in test_pico_play_box_tape.py (a file a game:
# pin_game.py).  The box's seat plays in the board's log as on the
# host's (its flips, slaps and false slaps at the same game times).  The
# child leaves Bataille from its pause after 21 duels (scenarios.py: stop).
# PICO_PLAY_BOX=tape_box: only that one.
import pytest

from pin_game import chosen, play_through_the_pins


@pytest.mark.parametrize("name", chosen("PICO_PLAY_BOX", ["bataille_box"]))
def test_p1_box_seat_game_through_the_pins(flashed, tmp_path, name):
    play_through_the_pins(flashed, tmp_path, name)
