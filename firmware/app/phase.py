# The box's phases and what its heap holds in each (issue 41): the menus,
# a game, its pause.  A module a phase imported leaves the heap when the
# phase ends (forget_since), and the menus' own code (app.join.Menus) is out
# of it while a game plays: what they chose lives on in a Chosen, the
# little of the menus a game's screens and the box's menu button need.
#
#   before = loaded()          the modules loaded now, as a phase begins
#   forget_since(before)       every module imported since goes (MicroPython)
#   Chosen(box, before)        the game chosen, the menus' hints seen, the
#                              pads that joined (before: the Menus or Chosen
#                              it follows; None at boot)
#   GAMES                      game -> (its flow's module, most players)
#   deal(box)                  the game the menus asked for (box.deal) is
#                              dealt, their code off the stack
#   _settings()                app.settings, imported where it is used
import sys

# game -> (its flow's module (app.play says what a flow is), most players: B1, W1, T1)
GAMES = {"bataille": ("app.duels", 4), "batawaf": ("app.duels", 4), "tape": ("app.tape", 8)}
# MicroPython: what a phase does not use (the menus, the settings, the
# self-test, the finished game's engine) leaves the heap while it is not
# needed and is imported again after; CPython keeps every module (nothing
# to gain there).  On the .mpy box of `make flash` every module's bytecode
# is in the heap: this is most of what keeps a game within its 128 KB.
_LEAN = sys.implementation.name == "micropython"


def _settings():
    from app import settings
    return settings


def loaded():
    """The modules loaded now, as a phase (a pause, the self-test, the box
    as booted) begins: what forget_since(it) keeps.  None off the lean run."""
    return tuple(sys.modules) if _LEAN else None


def forget_since(before):
    """Drop every module imported since loaded() gave `before` (MicroPython
    frees their bytecode once nothing refers to them), until something
    imports it again: what a phase loaded goes with it, with no list of
    names to keep in step with the code.  For the box's lean run only."""
    if before is None or not _LEAN:
        return
    for name in [k for k in sys.modules if k not in before]:
        sys.modules.pop(name, None)
        i = name.rfind(".")
        pkg = sys.modules.get(name[:i]) if i > 0 else None
        if pkg is not None and hasattr(pkg, name[i + 1:]):
            delattr(pkg, name[i + 1:])


def deal(box):
    """The game the menus asked for (app.join sets box.deal to Play.begin's
    arguments) is dealt now that the box's call into the menus has
    returned: a running method holds its whole module, and the deal is the
    .mpy box's fullest moment (issue 41).  (Names the board has already.)"""
    a = box.deal
    if a is not None:
        box.deal = None
        box.play.begin(*a)


class Chosen:
    """What the menus chose, kept while their code is out of the heap (a
    game; app.join.Menus is a Chosen too): the box's screens read the game's
    name, the menus the hints already seen; the menu button in a game goes
    to the game (app.play.Play.button), elsewhere to the menus."""

    def __init__(self, box, before=None):
        self.box = box
        self.game_name = "batawaf" if before is None else before.game_name
        self.hint = [] if before is None else before.hint     # the menus pressed in: their hints did their job
        self.joined = [] if before is None else before.joined
        self.menu_name = ""
        self.scrolling = False    # the menu's label is scrolling (matrix)
        self.scroll_shown = 0     # its offset on the display

    def drawn(self, scrolling, shown):
        """What the frame showed: whether the label scrolls, at which offset."""
        self.scrolling = scrolling
        self.scroll_shown = shown

    def button(self, k=1):
        b = self.box
        if b.state == "play" or b.state == "pause":
            b.play.button(k)
        else:
            b.menus_up().button(k)      # (the end screen: home)
