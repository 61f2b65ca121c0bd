# The low-battery warning (issue 27): as the gauge (app.battery.Power) turns
# low, the box says so once, clearly, then goes on as it was.  Imported only
# once the gauge has turned low: a box on a good battery interns none of
# its names (nor its two words: here in both languages, as app.pause keeps
# its own, rather than in app.strings, loaded at every boot).
#
#   draw(app)     the warning's screen (gfx.gauge.message): on the matrix the
#                 battery sign with one red bar, on the OLED and e-ink the
#                 sign, the words and the percent; its first drawing starts
#                 its time
#   due(app)      four times a second once it is shown (app.quiet.sleep):
#                 2 s after it was first drawn the warning goes, the screen
#                 under it back
#   press(app)    a pad pressed while it shows: the warning goes, and that
#                 press does nothing else (it was not meant for the menu
#                 the child could not see)
#
# Power.warn: -1 from the moment the gauge turns low (once: again only
# after it is back over, app.io), the time of its first drawing once
# shown, None once gone.  app.screens draws it in place of any screen but
# a game's; nothing of it is imported while a game waits with it (the
# game's heap stays the game's).
#
# In a game the warning waits, with no mark: it shows when the game pauses
# (the pause is a menu, as the sleep's pause is) or ends.  Why no mark: on
# the 16x16 matrix every pixel of the table belongs to a player's card (a
# rank, a suit, a dog's size), a mark would take part of one; and a press
# that only took a warning away would be a slap or a flip lost.  The game
# loses nothing by the wait: low is 3500 mV, 200 mV over the floor, and
# should the floor come first the box saves the game's log and the
# settings and sleeps (app.idle) all the same.
from core import ticks
from core.compat import const

_SHOW_US = const(2000000)
WORDS = {"fr": "Pile faible", "en": "Battery low"}


def draw(app):
    from gfx import gauge
    g = app.power
    if g.warn < 0:
        g.warn = app.now
    gauge.message(app.renderer, WORDS.get(app.settings["lang"], WORDS["en"]), g.level())


def due(app):
    if ticks.diff(app.now, app.power.warn) >= _SHOW_US:
        press(app)


def press(app):
    app.power.warn = None
    app.dirty = True
    app.new_screen = True       # (e-ink: the warning's ghost cleared)
