"""The box on the PC.  Until the simulator window lands: a headless game."""
import sys
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from core import log, deal, cards  # noqa: E402


def main():
    lg = log.Log()
    rng = deal.new_rng(1)
    d = deal.shuffled_deck(rng)
    lg.emit(0, "start", "bataille", 2, 1, {"players": 2})
    lg.emit(0, "deal", 1, [cards.names(h) for h in deal.deal(d, 2, 0)])
    sys.stdout.write(lg.text())


main()
