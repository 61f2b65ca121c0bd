# The buzzer through the mixer: the tone follows the PWM, and without an
# audio device the simulator is silent, says so once, and never fails.
import pygame

from sim import sound


def test_sim_sound_follows_the_pwm():
    sp = sound.Speaker()
    try:
        sp.set(440, 32768)
        assert sp.playing == (440, 1.0)
        sp.set(440, 32768)                  # unchanged: nothing restarts
        sp.set(880, 3277)
        assert sp.playing[0] == 880 and 0 < sp.playing[1] < 1.0
        sp.set(880, 0)                      # duty 0 is silence
        assert sp.playing is None
        sp.set(0, 30000)
        assert sp.playing is None
    finally:
        sp.close()


def test_sim_sound_without_an_audio_device_is_silent(monkeypatch):
    def no_device(*a, **k):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sp = sound.Speaker()
    assert not sp.ok and "no audio device" in sp.notice and "silent" in sp.notice
    sp.set(440, 32768)                      # accepted, not played
    assert sp.playing == (440, 1.0)
    sp.close()


def test_sim_sound_a_device_lost_mid_game_goes_silent(monkeypatch):
    sp = sound.Speaker()
    if not sp.ok:
        return   # no mixer at all here: the case above covers it
    monkeypatch.setattr(sp, "_sound", lambda f: (_ for _ in ()).throw(pygame.error("device lost")))
    sp.set(523, 32768)
    assert not sp.ok and "audio stopped" in sp.notice
    sp.set(659, 32768)                      # and goes on without sound
