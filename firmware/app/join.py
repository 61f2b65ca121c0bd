# Before a game: the menus, the players joining, and what a menu starts (a
# game, the hardware self-test).  A part of the box (app.box.App.menus):
# it owns what a menu shows (its items, the one chosen, since when, the
# hints done, the rows as drawn, the label's scroll), the game chosen and
# the pads that joined it, and the self-test while it runs; it asks the box
# for the rest (its state, the lights, the settings' save, a game begun).
#
#   m = Menus(box, before)  before: the app.phase.Chosen it follows (a game's end:
#                        the game chosen, the hints seen kept), None at boot
#   m.open(name)         the menu `name` of app.menu, its first item chosen
#   m.show(name, items)  a menu of another part's items (app.pause)
#   m.pad(k, t)          a pad in a menu: menu.NEXT_PAD moves, another chooses
#   m.button(k)          the menu button: pause / resume a game (k 1, a
#                        press), leave it (k 2, held), or go home
#   m.begin_join(game)   players join by pressing their pad: the game is asked
#                        for (box.deal; app.phase.deal begins it)
#   m.join_pad(k, t)     once two or more joined and nobody joined for
#   m.join_due(t)        _JOIN_WAIT_MS, or at once when every pad joined (or
#                        the game's most players, GAMES)
#   m.join_tick(now)     every pass of joining: the game due, or home again
#   m.age(now), m.drawn(scrolling, shown), m.scroll_due(now, over), m.rewind(now)
#                        the chosen label's time, as a screen draws it
#   m.shown_rows(tab)    the items as a menu's screen draws them
#   m.selftest(), m.selftest_tick()   app.selftest owns the box while it runs
#
# A game begins: the box keeps only what the menus chose (app.phase.Chosen)
# and this module leaves the heap until a menu comes back (box.menus_up).
# The presses that join are the players' first flip: power-on to the first
# Bata-waf duel is OK, pad 1, pad 2 (three presses).
from core import ticks
from app import io
from app.phase import Chosen, GAMES, forget_since, loaded
from gfx import render
from core.compat import const

_JOIN_WAIT_MS = const(2500)
_JOIN_GIVE_UP_MS = const(20000)


def _menus():
    from app import menu
    return menu


class Menus(Chosen):
    def __init__(self, box, before=None):
        # (what the menus chose before a game: app.phase.Chosen; until
        # then a menu says which pad does what, its hint)
        Chosen.__init__(self, box, before)
        self.menu_name = "home"
        self.items = []
        self.sel = 0
        self.sel_t = box.now
        self.rows = None          # the menu's items as drawn (app.screens), made once a menu
        self.last_join = box.now
        self.st = None            # the self-test while it runs (app.selftest)
        self.before = None        # what was loaded as it began (forget_since)
        self.selftest_report = None    # (all passed, the lines) of the last self-test

    def open(self, name):
        b = self.box
        self.show(name, None)
        self.items, self.sel = _menus().build(name, b.settings, getattr(b.hal, "board", None))
        b.enter("menu")
        b.fb.lit = 3

    def button(self, k=1):
        """The menu button: k 1 a press (let go), 2 held 1.5 s
        (drivers.button): a long press leaves the game, a child's tap only
        pauses it (or resumes it); elsewhere the home menu."""
        b = self.box
        if b.state == "play" or b.state == "pause":
            b.play.button(k)
        elif b.state == "menu" and self.menu_name == "home":
            return
        else:
            b.play.stop()
            self.open("home")

    def show(self, name, items):
        self.menu_name = name
        self.items = items
        self.sel = 0
        self.rows = None    # the items as drawn (app.screens): made at the next frame
        self.sel_t = self.box.now

    def age(self, now):
        """ms since the chosen item was, for its label's scroll (a menu
        left for minutes: counted from now again)."""
        d = ticks.diff(now, self.sel_t) // 1000
        if d < 0 or d > 600000:
            self.sel_t = now
            d = 0
        return d

    def rewind(self, now):
        """The chosen label scrolls from its start again (the box woke)."""
        self.sel_t = now

    def shown_rows(self, tab):
        """The items as drawn: made once a menu and again after each press,
        not at each frame of a scrolling label (a list and a tuple a row
        were first-fit searches of the Pico's heap, issue 26)."""
        if self.rows is None:
            self.rows = _menus().rows(self.items, self.box.settings, tab)
        return self.rows

    def scroll_due(self, now, over):
        """Whether the label moved a pixel since its frame (not while it holds
        still at its ends: every draw is time a press waits for its frame)."""
        return self.scrolling and self.scroll_shown != render.scroll_offset(
            over, ticks.diff(now, self.sel_t) // 1000)

    def pad(self, k, t):
        b = self.box
        b.dirty = True
        self.rows = None    # a press may change a value a row shows
        self.sel_t = b.now
        if self.menu_name not in self.hint:
            self.hint.append(self.menu_name)    # its hint has done its job
        if k == _menus().NEXT_PAD:
            self.sel = (self.sel + 1) % len(self.items)
            return
        icon, label, action, arg = self.items[self.sel]
        st = b.settings
        if action == "game":
            st["game"] = arg
            self.begin_join(arg)
        elif action == "go":
            self.open(arg)
        elif action == "set":
            _menus().choose(st, action, arg)
            io.apply_settings(b)
            # saved as it changes (a menu: no game, no slap window), so a
            # box switched off in its menus keeps it
            b.quiet.save()
        elif action == "opt":
            _menus().choose(st, action, arg)
            # (head starts by hand bring their seats' items: the same
            # menu again, on the same item)
            self.items = _menus().build(self.menu_name, st, getattr(b.hal, "board", None))[0]
            b.quiet.save()
        elif action == "again":
            b.deal = (self.game_name, b.play.pads_in, t)
        elif action == "selftest":
            self.selftest()

    def begin_join(self, game):
        b = self.box
        self.game_name = game
        self.joined = [False] * b.n_pads
        self.last_join = b.now
        b.quiet.save()     # a quiet moment: no game, no slap window
        b.enter("join")
        b.fb.lit = (1 << b.n_pads) - 1

    def join_pad(self, k, t):
        if self.joined[k]:
            return
        b = self.box
        self.joined[k] = True
        self.last_join = t
        b.dirty = True
        m = 0
        for i in range(b.n_pads):
            if not self.joined[i]:
                m |= 1 << i
        b.fb.lit = m
        pads = [k for k in range(len(self.joined)) if self.joined[k]]
        if not m or len(pads) >= GAMES[self.game_name][1]:
            b.deal = (self.game_name, pads, t)

    def join_due(self, t):
        """Whether the game of the players who joined begins by time t (two
        or more joined, or one who gets the box's seats: Bataille, Bata-waf,
        Tape-treize with box seats in its options (P1); nobody else for
        _JOIN_WAIT_MS); it then begins, at that moment."""
        b = self.box
        pads = [k for k in range(len(self.joined)) if self.joined[k]]
        least = 1
        if self.game_name == "tape":
            o = b.options_of("tape") if b.options_of is not None else {}
            if not o.get("box", b.settings["opts"]["tape"].get("box")):
                least = 2
        if len(pads) >= least and ticks.diff(t, self.last_join) >= _JOIN_WAIT_MS * 1000:
            b.deal = (self.game_name, pads, ticks.add(self.last_join, _JOIN_WAIT_MS * 1000))
            return True
        return False

    def join_tick(self, now):
        """Every pass of the join screen: the game begins when it is due
        (join_due), or the home menu is back when nobody else came for
        _JOIN_GIVE_UP_MS (and the box may have no menu button)."""
        if not self.join_due(now) and ticks.diff(now, self.last_join) >= _JOIN_GIVE_UP_MS * 1000:
            self.open("home")

    def selftest(self):
        """The hardware self-test (app.selftest): it owns the pads and the
        display while it runs; its report is shown at the end."""
        b = self.box
        self.before = loaded()   # what the self-test imports goes at its end
        try:
            from app.selftest import SelfTest
            self.st = SelfTest(b.hal, lang=b.settings["lang"], out=print)   # each line on the console too (mpremote)
        except Exception as e:
            b.fail(e)
            return
        b.enter("selftest_run")
        b.fb.lit = 0

    def selftest_tick(self):
        b = self.box
        st = self.st
        if st is None:
            return
        try:
            more = st.step(b.clock.ticks_ms())
        except Exception as e:
            b.fail(e)
            return
        if b.wdt is not None:
            b.wdt.feed()
        if not more:
            self.selftest_report = (st.ok, st.lines())
            self.st = None
            forget_since(self.before)
            self.before = None
            b.cap.clear()
            b.enter("selftest")
