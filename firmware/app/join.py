# Before a game: the menus, the players joining, and what a menu starts (a
# game, the hardware self-test).  A part of the box (app.box.App.menus):
# it owns what a menu shows (its items, the one chosen, since when, the
# hints done, the rows as drawn, the label's scroll), the game chosen and
# the pads that joined it, and the self-test while it runs; it asks the box
# for the rest (its state, the lights, the settings' save, a game begun).
#
#   m = Menus(box)
#   m.open(name)         the menu `name` of app.menu, its first item chosen
#   m.show(name, items)  a menu of another part's items (app.pause)
#   m.pad(k, t)          a pad in a menu: menu.NEXT_PAD moves, another chooses
#   m.button(k)          the menu button: pause / resume a game (k 1, a
#                        press), leave it (k 2, held), or go home
#   m.begin_join(game)   players join by pressing their pad: the game begins
#   m.join_pad(k, t)     once two or more joined and nobody joined for
#   m.join_due(t)        _JOIN_WAIT_MS, or at once when every pad joined (or
#                        the game's most players, GAMES)
#   m.join_tick(now)     every pass of joining: the game due, or home again
#   m.age(now), m.drawn(scrolling, shown), m.scroll_due(now, over), m.rewind(now)
#                        the chosen label's time, as a screen draws it
#   m.shown_rows(tab)    the items as a menu's screen draws them
#   m.selftest(), m.selftest_tick()   app.selftest owns the box while it runs
#   GAMES                game -> (its flow's module, most players)
#   loaded(), forget_since(before)    the lean run's phases (below)
#
# The presses that join are the players' first flip: power-on to the first
# Bata-waf duel is OK, pad 1, pad 2 (three presses).
import sys
from core import ticks
from app import io
from gfx import render
from core.compat import const

_JOIN_WAIT_MS = const(2500)
_JOIN_GIVE_UP_MS = const(20000)
# game -> (its flow's module (app.play says what a flow is), most players: B1, W1, T1)
GAMES = {"bataille": ("app.duels", 4), "batawaf": ("app.duels", 4), "tape": ("app.tape", 8)}
# MicroPython: what a game does not use (menus, settings, the self-test, the
# finished game's engine) leaves the heap while it is not needed and is
# imported again after; CPython keeps every module (nothing to gain there).
# Kept (issue 13 asked whether the frozen build made it pointless): on the
# 32-bit port it saves ~1 KB of peak per game frozen but 5-6 KB with the
# .mpy files of `make flash` (Tape-treize 120.5 KB peak live, 126.3 KB
# without it, of the 128 KB must), which a box flashed that way still runs.
_LEAN = sys.implementation.name == "micropython"


def _settings():
    from app import settings
    return settings


def _menus():
    from app import menu
    return menu


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


class Menus:
    def __init__(self, box):
        self.box = box
        self.menu_name = "home"
        self.items = []
        self.sel = 0
        self.sel_t = box.now
        self.hint = []            # the menus pressed in: until then a menu says which pad does what
        self.rows = None          # the menu's items as drawn (app.screens), made once a menu
        self.scrolling = False    # the menu's label is scrolling (matrix)
        self.scroll_shown = 0     # its offset on the display
        self.game_name = "batawaf"
        self.joined = []
        self.last_join = box.now
        self.st = None            # the self-test while it runs (app.selftest)
        self.st_before = None     # what was loaded as it began (forget_since)
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
            if k == 2 or b.play.cut is not None:   # (a game back after a cut: dropped, app.resume)
                b.play.stop()
            elif b.state == "play":
                b.play.pause()
            else:
                b.play.resume()
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

    def drawn(self, scrolling, shown):
        """What the frame showed: whether the label scrolls, at which offset."""
        self.scrolling = scrolling
        self.scroll_shown = shown

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
            b.play.begin(self.game_name, b.play.pads_in, t)
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
        pads = self.joined_pads()
        if not m or len(pads) >= GAMES[self.game_name][1]:
            b.play.begin(self.game_name, pads, t)

    def join_due(self, t):
        """Whether the game of the players who joined begins by time t (two
        or more joined, or one who gets the box's seats: Bataille, Bata-waf,
        Tape-treize with box seats in its options (P1); nobody else for
        _JOIN_WAIT_MS); it then begins, at that moment."""
        b = self.box
        pads = self.joined_pads()
        least = 1
        if self.game_name == "tape":
            o = b.options_of("tape") if b.options_of is not None else {}
            if not o.get("box", b.settings["opts"]["tape"].get("box")):
                least = 2
        if len(pads) >= least and ticks.diff(t, self.last_join) >= _JOIN_WAIT_MS * 1000:
            b.play.begin(self.game_name, pads, ticks.add(self.last_join, _JOIN_WAIT_MS * 1000))
            return True
        return False

    def join_tick(self, now):
        """Every pass of the join screen: the game begins when it is due
        (join_due), or the home menu is back when nobody else came for
        _JOIN_GIVE_UP_MS (and the box may have no menu button)."""
        if not self.join_due(now) and ticks.diff(now, self.last_join) >= _JOIN_GIVE_UP_MS * 1000:
            self.open("home")

    def joined_pads(self):
        return [k for k in range(len(self.joined)) if self.joined[k]]

    def selftest(self):
        """The hardware self-test (app.selftest): it owns the pads and the
        display while it runs; its report is shown at the end."""
        b = self.box
        self.st_before = loaded()   # what the self-test imports goes at its end
        try:
            from app.selftest import SelfTest
            self.st = SelfTest(b.hal, lang=b.settings["lang"])
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
            forget_since(self.st_before)
            self.st_before = None
            b.cap.clear()
            b.enter("selftest")
