# The box's sounds, as (frequency Hz, duration ms) notes; 0 Hz is a rest.
# Played by the buzzer sequencer without blocking (app.io.Sound).
CLICK = ((2400, 12),)                      # every press, within 50 ms
WAF = ((700, 70), (0, 30), (520, 140))     # a Bata-waf (W3): "waf!"
BATTLE = ((440, 80), (0, 20), (440, 80))   # a battle in Bataille (B3)
TAKE = ((880, 60), (1175, 90))             # a trick or a valid slap won
BUZZ = ((150, 350),)                       # a false slap (T8)
FANFARE = ((523, 120), (659, 120), (784, 120), (1047, 300), (0, 60), (784, 120), (1047, 400))
ERROR = ((300, 200), (0, 80), (200, 400))
MENU = ((1800, 20),)

NAMES = ("CLICK", "WAF", "BATTLE", "TAKE", "BUZZ", "FANFARE", "ERROR", "MENU")


def duration_ms(seq):
    t = 0
    for _, ms in seq:
        t += ms
    return t
