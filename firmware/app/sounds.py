# The box's sounds, as (frequency Hz, duration ms) notes; 0 Hz is a rest.
# Played by the buzzer sequencer without blocking (app.io.Sound).  And what
# it says (words, below): what a game's events sound like, in one module.
from core.compat import const

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


# What the box says, from the game's events (the log of RULES.md L): one
# phrase per spoken event, as the word names of the voice file
# (voices/words.txt).  Pure: the box calls it from its log listener, the
# tests call it on a log to know what must have been said and when.
#
#   words(game, ev, values, hidden_count=False) -> tuple of names, or None
#
#   count n (Tape-treize, T3)  the number, as the card lands ("un" ... "treize"),
#                              unless the count is hidden (T13)
#   battle (B3, W3)            "Bata-waf !" in Bata-waf, "Bataille !" in Bataille
#   verdict                    "Raté !" on a false slap (T8), "Tape !" on a
#                              valid one (T6)
#   end                        the winners named: "Joueur deux ... gagné !"
#                              (up to three winners; more share "gagné !")
_NUMBERS = ("n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9", "n10", "n11", "n12", "n13")
_MAX_NAMED = const(3)


def words(game, ev, values, hidden_count=False):
    if ev == "count":
        if hidden_count:
            return None
        n = values[1]
        return (_NUMBERS[n - 1],) if 1 <= n <= 13 else None
    if ev == "battle":
        return ("batawaf",) if game == "batawaf" else ("bataille",)
    if ev == "verdict":
        return ("rate",) if values[0] == "false" else ("tape",)
    if ev == "end":
        winners = values[0]
        if not winners:
            return None
        out = []
        if len(winners) <= _MAX_NAMED:
            for p in winners:
                out.append("joueur")
                out.append(_NUMBERS[p])
        out.append("gagne")
        return tuple(out)
    return None
