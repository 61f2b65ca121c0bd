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
from core.compat import const

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
