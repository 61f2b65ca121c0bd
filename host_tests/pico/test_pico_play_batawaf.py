# Bata-waf `court` with 2 players through the pins of the emulated Pico:
# what test_pico_play.py checks, in a file of its own (pin_game.py: the
# xdist workers take whole files), but left from its pause after 27 duels
# (a pad held, then `leave`: the log ends `stopped`), every way of pressing
# met three times or more; Bataille plays its `court` to the end
# (test_pico_play_bataille.py).  PICO_PLAY selects.
import pytest

from pin_game import chosen, play_through_the_pins


@pytest.mark.parametrize("name", chosen("PICO_PLAY", ["batawaf"]))
def test_game_through_the_pins(flashed, tmp_path, name):
    play_through_the_pins(flashed, tmp_path, name)
