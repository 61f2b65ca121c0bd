# mypy: disable-error-code="attr-defined"
# Before a game: the menus, the players joining, and what a menu starts (a
# game, the hardware self-test).  A mixin of app.box.App (named App too: one
# name fewer on the board; its state, the menus' items and selection, the
# joined pads), kept apart so that each part of the box reads on its own
# (the first line: as app.play says).
#
#   open_menu(name)      the menu `name` of app.menu, its first item chosen
#   menu_pad(k, t)       a pad in a menu: menu.NEXT_PAD moves, another chooses
#   menu_press(k)        the menu button: pause / resume a game (k 1, a
#                        press), leave it (k 2, held), or go home
#   begin_join(game)     players join by pressing their pad: the game begins
#   join_pad(k, t)       once two or more joined and nobody joined for
#   join_due(t)          _JOIN_WAIT_MS, or at once when every pad joined (or
#                        the game's most players, GAMES)
#   GAMES                game -> (its flow's module, most players)
#   selftest(), selftest_tick()   app.selftest owns the box while it runs
#
# The presses that join are the players' first flip: power-on to the first
# Bata-waf duel is OK, pad 1, pad 2 (three presses).
import sys
from core import ticks
from core.compat import const

_JOIN_WAIT_MS = const(2500)
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


class App:
    def open_menu(self, name):
        self.menu_name = name
        self.items, self.sel = _menus().build(name, self.settings, getattr(self.hal, "board", None))
        self.rows = None    # the items as drawn (app.screens): made at the next frame
        self.sel_t = self.now
        self.enter("menu")
        self.light_mask(3)

    def menu_press(self, k=1):
        # k: 1 a press (let go), 2 held 1.5 s (drivers.button): a long
        # press leaves the game, a child's tap only pauses it
        if self.state == "play" or self.state == "pause":
            if k == 2:
                self.end_game_early()
            elif self.state == "play":
                self.pause()
            else:
                self.resume()
        elif self.state == "menu" and self.menu_name == "home":
            return
        else:
            self.end_game_early()
            self.open_menu("home")

    def menu_pad(self, k, t):
        self.dirty = True
        self.rows = None    # a press may change a value a row shows
        self.sel_t = self.now
        if self.menu_name not in self.hint:
            self.hint.append(self.menu_name)    # its hint has done its job
        if k == _menus().NEXT_PAD:
            self.sel = (self.sel + 1) % len(self.items)
            return
        icon, label, action, arg = self.items[self.sel]
        st = self.settings
        if action == "game":
            st["game"] = arg
            self.begin_join(arg)
        elif action == "go":
            self.open_menu(arg)
        elif action == "set":
            for key, vals in _settings().SETTINGS:
                if key == arg:
                    st[key] = _menus().cycle(vals, st[key])
            self.apply_settings()
            # saved as it changes (a menu: no game, no slap window), so a
            # box switched off in its menus keeps it
            self.save_settings()
        elif action == "opt":
            game, key = arg.split(":")
            for kk, vals in _settings().CHOICES[game]:
                if kk == key:
                    st["opts"][game][key] = _menus().cycle(vals, st["opts"][game][key])
            self.save_settings()
        elif action == "again":
            self.begin_game(self.game_name, self.pads_in, t)
        elif action == "selftest":
            self.selftest()

    def begin_join(self, game):
        self.game_name = game
        self.joined = [False] * self.n_pads
        self.last_join = self.now
        self.save_settings()     # a quiet moment: no game, no slap window
        self.enter("join")
        self.light_mask((1 << self.n_pads) - 1)

    def join_pad(self, k, t):
        if self.joined[k]:
            return
        self.joined[k] = True
        self.last_join = t
        self.dirty = True
        m = 0
        for i in range(self.n_pads):
            if not self.joined[i]:
                m |= 1 << i
        self.light_mask(m)
        pads = self.joined_pads()
        if not m or len(pads) >= GAMES[self.game_name][1]:
            self.begin_game(self.game_name, pads, t)

    def join_due(self, t):
        """Whether the game of the players who joined begins by time t (two
        or more joined, or one who gets the box's seats: Bataille, Bata-waf,
        Tape-treize with box seats in its options (P1); nobody else for
        _JOIN_WAIT_MS); it then begins, at that moment."""
        pads = self.joined_pads()
        least = 1
        if self.game_name == "tape":
            o = self.options_of("tape") if self.options_of is not None else {}
            if not o.get("box", self.settings["opts"]["tape"].get("box")):
                least = 2
        if len(pads) >= least and ticks.diff(t, self.last_join) >= _JOIN_WAIT_MS * 1000:
            self.begin_game(self.game_name, pads, ticks.add(self.last_join, _JOIN_WAIT_MS * 1000))
            return True
        return False

    def joined_pads(self):
        return [k for k in range(self.n_pads) if self.joined[k]]

    def selftest(self):
        """The hardware self-test (app.selftest): it owns the pads and the
        display while it runs; its report is shown at the end."""
        self.st_before = loaded()   # what the self-test imports goes at its end
        try:
            from app.selftest import SelfTest
            self.st = SelfTest(self.hal, lang=self.settings["lang"])
        except Exception as e:
            self.fail(e)
            return
        self.enter("selftest_run")
        self.light_mask(0)

    def selftest_tick(self):
        try:
            more = self.st.step(self.clock.ticks_ms())
        except Exception as e:
            self.fail(e)
            return
        if self.wdt is not None:
            self.wdt.feed()
        if not more:
            self.selftest_report = (self.st.ok, self.st.lines())
            self.st = None
            forget_since(self.st_before)
            self.st_before = None
            self.cap.clear()
            self.enter("selftest")
