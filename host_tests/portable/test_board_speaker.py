# The speaker in a board file (issue 17): a PWM pin of its own slice, checked
# like every pin; the default board has one beside its buzzer.
from hal import board
# test_board's: where the boards are, a copy of its base board file, a refusal's message
from test_board import BOARDS, _copy, _refused


def test_board_speaker_pin_is_read_and_listed_with_the_others():
    b = board.validate(_copy(speaker={"pin": 16}))
    assert b.speaker_pin == 16
    assert ("speaker.pin", 16) in b.uses()
    assert board.validate(_copy()).speaker_pin is None        # optional


def test_board_speaker_instead_of_the_buzzer():
    b = board.validate(_copy(buzzer=None, speaker={"pin": 15}))
    assert b.speaker_pin == 15 and b.buzzer_pin is None


def test_board_speaker_pin_checked_like_any_pin():
    m = _refused(_copy(speaker={"pin": 25}))
    assert "GP25 (speaker.pin)" in m and "on-board LED" in m
    m = _refused(_copy(speaker={"pin": 2}))
    assert "GP2 is used twice" in m and "speaker.pin" in m
    m = _refused(_copy(speaker={}))
    assert "speaker.pin is missing" in m


def test_board_speaker_and_buzzer_cannot_share_a_pwm_slice():
    # GP14 and GP15 are both slice 7: the speaker's carrier would be the
    # buzzer's frequency too
    d = _copy(speaker={"pin": 14}, menu_button={"pin": 13})
    m = _refused(d)
    assert "GP14 (speaker.pin)" in m and "GP15 (buzzer.pin)" in m and "slice 7" in m
    assert board.pwm_slice(16) == 0 and board.pwm_slice(15) == 7 and board.pwm_slice(28) == 6


def test_board_the_default_box_has_a_speaker():
    b = board.load(BOARDS + "/pico_matrix.json")
    assert b.speaker_pin is not None and b.buzzer_pin is not None
    assert board.pwm_slice(b.speaker_pin) != board.pwm_slice(b.buzzer_pin)
