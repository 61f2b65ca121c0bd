# Buzzer (issue 5): PWM tones and melodies that never block; volume is the
# duty; a board without a buzzer plays on silently.
from hal.host.clock import VirtualClock
from hal.host.pwm import HostPwm
from drivers.buzzer import Buzzer, NullPwm
from drivers import blink


def _buzzer(volume=50):
    clock = VirtualClock()
    pwm = HostPwm(clock, 15)
    return Buzzer(pwm, clock, volume), pwm, clock


def _step(bz, clock, ms):
    for _ in range(ms):
        clock.advance(1000)
        bz.poll()


def test_buzzer_melody_plays_note_by_note_without_blocking():
    bz, pwm, clock = _buzzer()
    bz.play([(440, 100), (0, 50), (880, 200)])
    assert clock.now == 0 and pwm.sounding() == (440, 16384)
    _step(bz, clock, 99)
    assert pwm.sounding() == (440, 16384)
    _step(bz, clock, 1)
    assert pwm.sounding() is None and bz.playing          # the rest
    _step(bz, clock, 50)
    assert pwm.sounding() == (880, 16384)
    _step(bz, clock, 200)
    assert pwm.sounding() is None and not bz.playing
    starts = [(t // 1000, f) for t, f, d in pwm.changes if d]
    assert starts == [(0, 440), (150, 880)]


def test_buzzer_keeps_tempo_when_the_loop_is_late():
    bz, pwm, clock = _buzzer()
    bz.play([(440, 100), (523, 100), (659, 100)])
    clock.advance(250000)   # a slow pass of the main loop
    bz.poll()
    assert pwm.sounding()[0] == 659   # skipped to the note due now
    clock.advance(50000)
    bz.poll()
    assert not bz.playing


def test_buzzer_volume_is_the_duty():
    for vol, duty in ((100, 32768), (50, 16384), (0, 0), (150, 32768)):
        bz, pwm, clock = _buzzer(vol)
        bz.tone(1000, 10)
        assert pwm.duty == duty


def test_buzzer_stop_silences():
    bz, pwm, clock = _buzzer()
    bz.tone(1000, 1000)
    bz.stop()
    assert pwm.sounding() is None and not bz.playing


def test_buzzer_board_without_buzzer_is_silent_and_fine():
    clock = VirtualClock()
    bz = Buzzer(NullPwm(), clock)
    bz.play([(440, 10), (880, 10)])
    for _ in range(30):
        clock.advance(1000)
        bz.poll()
    assert not bz.playing


def test_blink_code_pattern():
    code = 3
    lit = [blink.level(code, t) for t in range(0, blink.period_ms(code), 50)]
    # three flashes of 200 ms (4 samples each), then dark
    flips = sum(1 for i in range(1, len(lit)) if lit[i] != lit[i - 1])
    assert lit[0] == 1 and flips == 5 and sum(lit) == 3 * 4
    assert blink.level(code, blink.period_ms(code)) == 1   # it repeats
    assert blink.level(0, 0) == 0
