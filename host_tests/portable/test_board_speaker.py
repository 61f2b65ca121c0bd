# The speaker in a board file (issue 17): a PWM pin of its own slice, checked
# like every pin; the default board has one beside its buzzer.
import json

from tinytest import raises
from hal import board
from hal.board import BoardError

BASE = {
    "name": "test", "module": "pico",
    "pads": [{"pin": 2, "led": 18}, {"pin": 3, "led": 19}],
    "display": {"kind": "ws2812", "width": 16, "height": 16, "pin": 22},
    "buzzer": {"pin": 15}, "menu_button": {"pin": 14},
}


def _with(**over):
    d = json.loads(json.dumps(BASE))
    for k in over:
        d[k] = over[k]
    return d


def test_board_speaker_pin_is_read_and_listed_with_the_others():
    b = board.validate(_with(speaker={"pin": 16}))
    assert b.speaker_pin == 16
    assert ("speaker.pin", 16) in b.uses()
    assert board.validate(_with()).speaker_pin is None        # optional


def test_board_speaker_instead_of_the_buzzer():
    b = board.validate(_with(buzzer=None, speaker={"pin": 15}))
    assert b.speaker_pin == 15 and b.buzzer_pin is None


def test_board_speaker_pin_checked_like_any_pin():
    m = str(raises(BoardError, board.validate, _with(speaker={"pin": 25}), "boards/x.json"))
    assert "GP25 (speaker.pin)" in m and "on-board LED" in m
    m = str(raises(BoardError, board.validate, _with(speaker={"pin": 2}), "boards/x.json"))
    assert "GP2 is used twice" in m and "speaker.pin" in m
    m = str(raises(BoardError, board.validate, _with(speaker={}), "boards/x.json"))
    assert "speaker.pin is missing" in m


def test_board_speaker_and_buzzer_cannot_share_a_pwm_slice():
    # GP14 and GP15 are both slice 7: the speaker's carrier would be the
    # buzzer's frequency too
    d = _with(speaker={"pin": 14}, menu_button={"pin": 13})
    m = str(raises(BoardError, board.validate, d, "boards/x.json"))
    assert "GP14 (speaker.pin)" in m and "GP15 (buzzer.pin)" in m and "slice 7" in m
    assert board.pwm_slice(16) == 0 and board.pwm_slice(15) == 7 and board.pwm_slice(28) == 6


def test_board_the_default_box_has_a_speaker():
    b = board.load(__file__.rsplit("/", 2)[0] + "/../boards/pico_matrix.json")
    assert b.speaker_pin is not None and b.buzzer_pin is not None
    assert board.pwm_slice(b.speaker_pin) != board.pwm_slice(b.buzzer_pin)
