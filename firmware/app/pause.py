# The pause: a menu of its own (issue 28), imported when a game is paused
# (app.play.App.pause) and dropped when it goes on (close), so its code and
# its names cost nothing to a game nobody pauses (every name a loaded module
# holds is interned for ever: the names budget, docs/app.md).
#
#   open(app)            the pause shown, its first item (resume) chosen
#   press(app, k, t)     pad k in the pause: pad 1 (menu.NEXT_PAD) moves to
#                        the next item, another pad chooses it
#   draw(app)            its screen (app.screens.draw); a game back after a
#                        cut (app.resume): going(r, v), its table and the
#                        sign that one press goes on
#   items(lang, board), show(r, tab, st, items, sel, d, hint, w6)
#                        the same without an App (the gallery, sim/gallery.py)
#   close(app, stop=False)   play goes on (app.play.App.resume), or the
#                        game is left (app.play.Play.stop)
#
# The items: resume, first and chosen whenever the pause opens, so a
# child's press never ends a game (it pauses, and a press of another pad
# resumes); leave (app.play.Play.stop: the engine's stop, L `stopped`, then
# the end screen); the volume, cycled and saved as Settings does it
# (app.join's Menus.pad), with a beep at the new level.  Bata-waf's pause
# shows no word and no digit (W6): icons, and on the matrix the hint's
# pictures.  The two words only the pause says are here, in both
# languages, rather than in app.strings (loaded at every boot).
import gc
from core.compat import const
from app import menu, sounds
from app.phase import forget_since, Chosen
from gfx import render

_SETTLE_MS = const(300)     # a pad let go just after the pause is no choice
WORDS = {"fr": ("Reprendre", "Quitter la partie"), "en": ("Resume", "Leave the game")}


def items(lang, board):
    """The pause's items (menu items of app.menu) in language `lang` on
    `board` (hal.boarddata.Board; None: every part)."""
    w = WORDS.get(lang, WORDS["en"])
    its = [("play", w[0], "resume", None), ("icon_back", w[1], "leave", None)]
    for it in menu.settings_menu(board)[0]:
        if it[3] == "volume":       # where the board has a buzzer or a speaker
            its.append(it)
    return its


def open(app):
    # a menu named pause (its hint, as a menu's: app.join)
    app.menus_up().show("pause", items(app.settings["lang"], getattr(app.hal, "board", None)))
    app.fb.lit = 3              # the pads that move and choose, as in a menu
    app.store.set_slap_window(False)    # no slap comes in a pause: the volume may be saved
    gc.collect()                # the menus' code comes back into the game's heap


def press(app, k, t):
    if app.since_ms() < _SETTLE_MS:
        return
    g = app.play
    if g.cut is not None:
        # a game back after a cut (app.resume): any seated pad goes on
        if g.player_of[k] >= 0:
            g.cut = None
            g.resume()
        return
    m = app.menus
    action = m.items[m.sel][2]
    if k == menu.NEXT_PAD or action == "set":
        m.pad(k, t)
        if k != menu.NEXT_PAD:
            app.sound.play(sounds.TAKE)     # the new volume, heard
    elif action == "resume":
        app.play.resume()
    else:
        app.play.stop()


def draw(app):
    r = app.renderer
    if app.play.cut is not None:
        going(r, app.play.view)
        return
    m = app.menus
    d = m.age(app.now)
    m.drawn(show(r, app.tab, app.settings, m.items, m.sel, d, m.menu_name not in m.hint,
                 m.game_name == "batawaf"), render.scroll_offset(r.scroll_over, d))


def show(r, tab, st, its, sel, d, hint, w6):
    """The pause drawn by renderer r (the box's and the gallery's): items
    its, sel chosen d ms ago, hint: its first showing; w6: Bata-waf (W6:
    icons only).  True while its label scrolls."""
    rows = []
    for icon, label, action, arg in its:
        if w6:
            rows.append((icon, "", None))
        else:
            rows.append((icon, tab.get(label, label), menu.item_value(action, arg, st, tab)))
    # the hint: on the matrix in pictures, elsewhere in words (none in Bata-waf)
    return r.menu("" if w6 else tab["paused"], rows, sel, d, hint and (r.small or not w6))


def going(r, v):
    """A game back after a cut (app.resume), drawn by renderer r: its table
    as view v shows it, and over its middle the sign that one press goes
    on, the play picture (no word, no digit: any game, W6), green on the
    matrix, framed on the others."""
    r.game(v)
    rg = r.whole()
    k = 1 if r.small else 2 * r.scale
    m = 5 * k + (2 if r.small else 2 * k)       # the sign's square
    x = (r.cv.w - m) // 2
    y = (r.cv.h - m) // 2
    if not r.small:
        rg.rect(x - 1, y - 1, m + 2, m + 2, render.INK)
    rg.rect(x, y, m, m, render.BG)
    rg.pic("play", x + (m - 5 * k) // 2, y + (m - 5 * k) // 2, k, render.OK)


def close(app, stop=False):
    """The pause ends: play goes on, or (stop) the game is left where the
    pause stopped it (app.play.Play.stop), and this module leaves the heap;
    going on, the menus' code leaves it too, as when the game began."""
    f = app.play.flow
    if stop:
        f.clock.pause_tick(app.now)     # (the pause so far, left out)
        app.play.after(f.stop(app.now))
    else:
        r = f.resume(app.now)
        app.enter("play")
        app.play.after(r)
    # what the pause loaded (this module, the menus, their screen) leaves
    # the game's heap, as when the game began (what the menus chose stays)
    app.menus = Chosen(app, app.menus)
    forget_since(app.play.before)
    app.play.before = None
