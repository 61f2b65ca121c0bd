# The box's menus walked by a fixed list of presses (split off host.bots
# by issue 38: its one job is to say which pads reach a menu item, with no
# box running): the emulator's scenarios and host_tests/pico_box.py press
# these on a box they cannot look into.
#
#   Walk(st, board=None)                     the menus a box with settings st
#     .pick(name, action, arg) -> pads       shows, walked from app.menu's own
#     .presses(game, choices) -> pads        items (the emulator's fixed presses)
#
# Why a mirror and not a recording: each step is host.headless.menu_pad, the
# very choice the bots make looking at the box's menu, over app.menu's own
# items, so a menu changed in app.menu is walked right with no list here.
from host.headless import menu_pad


class Walk:
    """The menus of a box holding settings st, mirrored from app.menu: the
    pads that walk them, for players who press a fixed list (the emulator's
    scenarios, host_tests/pico_box.py).  Each step is host.headless.menu_pad,
    the very choice the bots make looking at the box's menu (a Walk has the
    App's menu_name, items and sel)."""

    def __init__(self, st, name="home", board=None):
        self.st = st
        self.board = board      # the box's board (its Settings offers what it has), None: every setting
        self.open(name)

    def open(self, name):
        from app import menu
        self.menu_name = name
        self.items, self.sel = menu.build(name, self.st, self.board)

    def pick(self, name, action, arg):
        """The pads that move menu `name` (the one shown) to its item
        (action, arg) and choose it; the mirror follows what choosing does
        (a "go" opens the menu it names, an option or setting cycles)."""
        from app import menu, settings
        if name != self.menu_name:
            self.open(name)     # (a menu shown afresh: its first item)
        items = self.items
        out = []
        for _ in range(len(items) + 1):
            k = menu_pad(self, None, (action, arg))
            out.append(k)
            if k != menu.NEXT_PAD:
                break
            self.sel = (self.sel + 1) % len(items)
        else:
            raise ValueError("no menu item %s %r in %s" % (action, arg, name))
        if action == "go":
            self.open(arg)
        elif action == "opt" or action == "set":
            menu.choose(self.st, action, arg)
            self.items = menu.build(self.menu_name, self.st, self.board)[0]
        elif action == "game":
            self.st["game"] = arg
            self.menu_name = None   # the join screen: home shows the game next
        return out

    def presses(self, game, choices=None):
        """From the home menu: the pads that set `choices` ({key: value}, the
        values the menus offer) for `game`, then open its join screen.
        "hand" (Tape-treize, S7): a head start in ms per seat, set on the
        seats' items once `head_start` is "hand"."""
        from app import settings
        out = []
        o = self.st["opts"][game]
        want = [k for k in sorted(choices or {}) if k != "hand" and o[k] != choices[k]]
        hand = (choices or {}).get("hand") or []
        seats = [i for i in range(len(hand)) if hand[i] != o["hand"][i]]
        if want or seats:
            out += self.pick("home", "go", "options")
            out += self.pick("options", "go", "opts:" + game)
            for key in want:
                vals = dict(settings.CHOICES[game])[key]
                if choices[key] not in vals:
                    raise ValueError("%s: %r is not a value the menu offers (%r)" % (key, choices[key], vals))
                while o[key] != choices[key]:
                    out += self.pick("opts:" + game, "opt", game + ":" + key)
            for i in seats:
                for _ in range(8):
                    if o["hand"][i] == hand[i]:
                        break
                    out += self.pick("opts:" + game, "opt", game + ":" + "hand" + ":" + str(i))
                else:
                    raise ValueError("hand: %r ms is not a head start the menu offers" % (hand[i],))
            out += self.pick("opts:" + game, "go", "options")
            out += self.pick("options", "go", "home")
        out += self.pick("home", "game", game)
        return out
