# The box on the emulated RP2040 (tools/pico, docs/pico.md): boot a firmware,
# walk the menus and play games through the pads' pins, read the box's
# `heap <tag> <mem_alloc> <mem_free>` console lines (docs/app.md, Memory).
# Shared by host_tests/test_uf2_pico.py and bench/host_uf2.py.
#
#   box = Box(uf2, flash, board="pico_matrix", fresh=True)   # fresh: a blank flash
#   box.start()                       # powered on, up to its first menu
#   box.play("batawaf", 2, {"length": "court"})   # -> the heap lines of that game
#   box.power_cycle(); box.close()
#
# The players: in Bataille and Bata-waf every player in the game presses
# their pad every 0.6 s (a press while the box shows a duel is ignored); in
# Tape-treize one of them slaps at a random moment every few seconds, at
# the start of the game, then nobody slaps.  That does not end the round
# by itself: a window nobody slaps gives the pile to a player drawn by lot
# (T6, T7), so the cards go round until two of the four players hold none
# at once (a minute or two, some seeds far longer), or T12's limit (30 min
# of game time) ends the match.  So before its first Tape-treize game the
# box's sleep setting is set to never (5 minutes with no press would put
# the box to sleep, the game paused), and a Tape-treize game may take up
# to TAPE_MAX_US.  The menus are walked by host.walk.Walk, from what
# app.menu builds on the box's board for the settings the box holds.
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FIRMWARE = os.path.join(ROOT, "firmware")
for _p in (ROOT, FIRMWARE):
    if _p not in sys.path:
        sys.path.insert(0, _p)
if HERE not in sys.path:
    sys.path.append(HERE)
from app_heap import heap_lines  # noqa: E402,F401  (the unix port's runs read the same lines)

NEXT, CHOOSE = 0, 1         # pad 1 moves on, pad 2 chooses (app.menu)
TAP_US = 60000
SLAP_GAP_US = 2500000       # Tape-treize: a slap every 2.5 to 5 s,
TAPE_SLAPS = 8              # the first 8 turns of a game
MENU_GAP_US = 400000
BOOT_MAX_US = 30000000      # power-on to the first menu, emulated
GAME_MAX_US = 900000000     # a game of Bataille or Bata-waf (court), emulated
TAPE_MAX_US = 1900000000    # Tape-treize: T12's 30 min of game time, and its last round


class BoxError(RuntimeError):
    pass


class Box:
    def __init__(self, uf2=None, flash=None, board="pico_matrix", fresh=True, seed=1, log=None):
        from tools.pico.pico import Pico
        self.board = board
        from hal.host import boards
        path = boards.path(board)
        b = boards.load(board)
        self.pins = b.pad_pins()
        self.pico = Pico(uf2=uf2, flash=flash, fresh=fresh, board=path, log=log)
        self.rng = random.Random(seed)
        from app import settings as _set
        from host.walk import Walk
        self.walk = Walk(_set.defaults(), board=b)   # what the box holds (a fresh flash: the defaults)
        self.st = self.walk.st

    # ---- the board ---------------------------------------------------

    def text(self):
        return self.pico.serial_text()

    def lines(self):
        return heap_lines(self.text())

    def wait(self, pred, max_us, step_us=250000, what="?"):
        end = self.pico.now_us + max_us
        while not pred():
            if self.pico.now_us >= end:
                raise BoxError("waited %.0f s emulated for %s; the console said:\n%s"
                               % (max_us / 1e6, what, self.text()[-1500:]))
            self.pico.run_for(step_us)

    def count(self, tag):
        return sum(1 for t, a, f in self.lines() if t == tag)

    def start(self):
        self.pico.start()
        self.wait(lambda: self.count("menu") > 0, BOOT_MAX_US, what="the first menu")

    def power_cycle(self):
        self.walk.menu_name = None
        n = len(self.text())
        self.pico.power_cycle()
        self.wait(lambda: "heap menu" in self.text()[n:], BOOT_MAX_US, what="the menu after a power cycle")

    def close(self):
        self.pico.close()

    def tap(self, pad, gap_us=MENU_GAP_US):
        self.pico.press(self.pins[pad], at_us=self.pico.now_us + 1000, hold_us=TAP_US)
        self.pico.run_for(gap_us)

    # ---- the menus (host.walk.Walk) ------------------------------

    def next_item(self):
        """Move the shown menu's selection one item on (pad 1), the walk with
        it: a later pick starts from where the box stands."""
        self.tap(NEXT)
        if self.walk.menu_name is not None:
            self.walk.sel = (self.walk.sel + 1) % len(self.walk.items)

    def pick(self, name, action, arg):
        """Move to the item (action, arg) of menu `name` (the one shown) and
        choose it; the walk follows what choosing does."""
        try:
            pads = self.walk.pick(name, action, arg)
        except ValueError as e:
            raise BoxError(str(e))
        for k in pads:
            self.tap(k)

    def set_setting(self, key, value):
        """Setting `key` to `value` (home -> settings -> key, cycled -> back);
        no walk when the box holds it already."""
        if self.st[key] == value:
            return
        self.pick("home", "go", "settings")
        while self.st[key] != value:
            self.pick("settings", "set", key)
        self.pick("settings", "go", "home")

    def set_options(self, game, choices):
        want = {k: v for k, v in (choices or {}).items() if self.st["opts"][game][k] != v}
        if not want:
            return
        self.pick("home", "go", "options")
        self.pick("options", "go", "opts:" + game)
        for k, v in want.items():
            while self.st["opts"][game][k] != v:
                self.pick("opts:" + game, "opt", game + ":" + k)
        self.pick("opts:" + game, "go", "options")
        self.pick("options", "go", "home")

    # ---- a game --------------------------------------------------------

    def begin(self, game, players, choices=None):
        """From the home menu: set the options, choose the game, join
        `players` pads, until the box deals (its `game <name> <seed>` line)."""
        self.set_options(game, choices)
        dealt = self.text().count("game %s " % game)
        self.pick("home", "game", game)
        for k in range(players):
            self.tap(k)
        self.wait(lambda: self.text().count("game %s " % game) > dealt, 10000000, what="the deal")

    def turn(self, game, players, n=0):
        """The players press once (Bataille) or one slaps (Tape-treize); n:
        the turns of this game before this one."""
        if "box error" in self.text()[-2000:]:
            raise BoxError("the box failed in %s:\n%s" % (game, self.text()[-1500:]))
        if game == "tape":
            # the box lays the cards at its tempo; a player slaps at a random
            # moment every few seconds (mostly false, T8: the pile is the
            # slapper's), the first TAPE_SLAPS turns of the game only.  Every
            # card laid goes back to a slapper, so players who went on
            # slapping at random would hand the cards round for ever (a
            # random walk): no round would end (T11).
            gap = SLAP_GAP_US + self.rng.randrange(SLAP_GAP_US)
            if n < TAPE_SLAPS:
                k = self.rng.randrange(players)
                self.pico.press(self.pins[k], at_us=self.pico.now_us + 1000 + self.rng.randrange(gap - TAP_US - 2000),
                                hold_us=TAP_US)
            self.pico.run_for(gap)
        else:
            for k in range(players):
                self.pico.press(self.pins[k], at_us=self.pico.now_us + 1000 + 20000 * k, hold_us=TAP_US)
            self.pico.run_for(600000)

    def play(self, game, players, choices=None, max_us=None):
        """From the home menu: set the options, join `players` pads, play to
        the end, and back to the home menu.  The heap lines of the game."""
        first = len(self.lines())
        if game == "tape":
            self.set_setting("sleep", False)    # (see the players, above)
        max_us = max_us or (TAPE_MAX_US if game == "tape" else GAME_MAX_US)
        ends = self.count("end")
        self.begin(game, players, choices)
        end = self.pico.now_us + max_us
        n = 0
        while self.count("end") == ends:
            if self.pico.now_us >= end:
                raise BoxError("%s did not end within %.0f s emulated:\n%s"
                               % (game, max_us / 1e6, self.text()[-1500:]))
            self.turn(game, players, n)
            n += 1
        # the end screen, then the menu after it: back home
        self.pico.run_for(1800000)
        menus = self.count("menu")
        self.tap(0)
        self.wait(lambda: self.count("menu") > menus, 20000000, what="the menu after the game")
        self.pick("after", "go", "home")
        return self.lines()[first:]
