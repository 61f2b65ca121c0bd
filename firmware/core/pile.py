# C5: a player's face-down pile (core.cards.Pile, where the games take it
# from: a module less in a game's heap and two names less in the board's
# pools, issue 41); this name of it stays for the code that imports it here.
from core.cards import Pile  # noqa: F401
