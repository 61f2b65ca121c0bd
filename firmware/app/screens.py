# The box's screens: its state to the renderer (gfx.render), and when the
# e-ink panel refreshes fully.
#
#   draw(app)            the screen of app.state, then show(app)
#   show(app)            send the frame: on e-ink a full refresh for a new
#                        kind of screen, and every settings["eink_refresh"]
#                        partial ones (unless the driver counts them itself)
#   kind(state)          the kind of screen of a state: a change of kind is
#                        a full e-ink refresh (app.box.App.enter)
#   redraw(app)          a frame due (app.box's tick): drawn unless the box is
#                        dark; a screen that fails to draw fails to the error
#                        screen (the error screen itself: said, the box goes on)
#   after_frame(app)     once a frame is on the wire (redraw): the menus'
#                        collection, every 4th frame
#
# The battery (issue 27): the low-battery warning (app.low) in place of any
# screen but a game's while it is due; the gauge in the settings' menu and
# in every menu once low: the percent in the title, on the matrix a battery
# in the menu's corner (gfx.gauge).
#
# Functions over the App rather than an object of their own: they read what
# the box holds (its state, the game's view; the menu, the joined pads from
# app.join.Menus, which keeps what its screen showed: Menus.drawn), and no
# screen keeps anything between frames but the e-ink count (app.partial).
# app.menu is imported where a menu is drawn: the box's lean run drops it
# during a game (app.box.forget); the pause draws itself (app.pause).
from gfx import render


def kind(state):
    """Menus and joining, a game and its pause, the end, messages."""
    if state == "menu" or state == "join":
        return 0
    if state == "play" or state == "pause":
        return 1
    return state


def draw(app):
    app.dirty = False
    m = app.menus
    m.drawn(False, 0)
    r = app.renderer
    st = app.state
    tab = app.tab
    g = getattr(app, "power", None)     # the battery gauge (app.battery.Power), if the board senses it
    if app.stuck and (st == "menu" or (st in ("join", "end") and m.game_name != "batawaf")):
        # (never words on a Bata-waf screen, W6: its pads just stay dark)
        pads = [str(k + 1) for k in range(app.n_pads) if app.stuck & (1 << k)]
        r.message(tab["stuck"], [" ".join(pads)], "cross", render.WARN)
    elif g is not None and g.warn is not None and st != "play":
        # the low-battery warning (app.low): over any screen but a game's
        from app import low
        low.draw(app)
    elif st == "menu":
        items = m.shown_rows(tab)
        name = m.menu_name
        title = tab.get(name, tab["menu"]) if ":" not in name else tab.get(name.split(":")[1], "")
        if g is not None and (g.low or name == "settings"):
            # the battery gauge (issue 27): in the settings' title, and in
            # every menu's once it is low
            title = "%s %d%%" % (title, g.level())
        # a label wider than the matrix scrolls: redrawn while it moves
        d = m.age(app.now)
        # which pad moves, which chooses: until the menu's first press (app.join)
        m.drawn(r.menu(title, items, m.sel, d, name not in m.hint), render.scroll_offset(r.scroll_over, d))
    elif st == "join":
        from app import menu
        r.join(m.game_name, m.joined, app.n_pads, menu.GAME_ICONS[m.game_name])
    elif st == "play":
        app.play.view.changed = False
        r.game(app.play.view)
    elif st == "pause":
        from app import pause
        pause.draw(app)
    elif st == "end":
        r.end(app.play.view)
    elif st == "error":
        r.message(tab["error"], [tab.get(app.error_kind, app.error_kind), app.error_text])
    elif st == "notice":
        r.message(tab["notice"], [tab["settings_reset"], app.notice], "star", render.WARN)
    elif st == "selftest":
        # a failed part must not be shown under a green tick
        ok, lines = m.selftest_report or (True, [])
        if ok:
            r.message(tab["selftest"], lines or [tab["test_ok"]], "check", render.OK)
        else:
            r.message(tab["selftest"], lines, "cross", render.RED)
    if g is not None and (st == "menu" or st == "pause") and not app.stuck and g.warn is None and (
            g.low or m.menu_name == "settings"):
        # the matrix's gauge over its menu's corner (its title elsewhere)
        from gfx import gauge
        gauge.menu(r, g.level(), g.low)
    show(app)


def show(app):
    full = None
    if not app.disp.colour:
        if app.new_screen:
            full = True
        elif not hasattr(app.disp.d, "full_every"):     # (io.Display.set_full_every: the driver's own count)
            # e-ink: a full refresh every N partial ones clears the ghosts
            app.partial += 1
            if app.partial >= app.settings["eink_refresh"]:
                full = True
        if full:
            app.partial = 0
    app.new_screen = False
    app.disp.show(full, None if app.disp.colour else app.canvas.rows)
    app.frames += 1


def redraw(app):
    if app.idle < 0:
        return      # dark (the screen is drawn at the wake: dirty stays set)
    try:
        app.draw()      # (the box's: a test may watch its frames there)
    except Exception as e:
        if app.state == "error":
            # the error screen itself failed: keep the box going
            app.dirty = False
            print("error screen not drawn:", e)
        else:
            app.fail(e)
        return
    after_frame(app)


def after_frame(app):
    """A menu's frame (the matrix's: a scrolling label's step every 110 ms,
    a press's) goes through call frames the heap lends and takes back,
    ~2.7 KB a frame, which gc.threshold counts: the collection it set off
    landed inside every ~6th frame, 3 ms of a 5 ms frame on the emulated
    RP2040 (issue 26: a WS2812 frame within 8 ms).  In the menus and while
    joining the box collects instead once every 4th frame is on the wire;
    a game keeps its quiet moments (app.box).  Not while a press waits:
    its pad's LED and its frame come first (the next 4th frame collects)."""
    if not app.frames & 3 and (app.state == "menu" or app.state == "join") and not app.cap.pending():
        app.quiet.collect()
