# The menus, driven by the pads alone: pad 1 (index 0) moves to the next
# item, pad 2 (index 1, and any other pad) chooses it; the optional menu
# button goes back.  Each item is (icon, label key, action, argument):
#   ("game", name)      play that game (players join next)
#   ("go", screen)      open another menu
#   ("set", key)        cycle a setting through its values
#   ("opt", key)        cycle an option of the game being set up
#                       (tape:hand:i: seat i's head start by hand, S7)
#   ("selftest", None)  run the hardware self-test
# Settings offers only what does something on the board (settings_menu);
# the pause is a menu of its own (app.pause).
from app import settings as _set

NEXT_PAD = 0
GAME_ICONS = {"batawaf": "icon_dog", "bataille": "icon_card", "tape": "icon_hand"}
# (the settings' icons and the back item are written where they are used:
# a module-level name is an interned name on the board for good, issue 41)


def home(st):
    items = []  # type: list
    for g in _set.GAME_NAMES:
        items.append((GAME_ICONS[g], g, "game", g))
    items.append(("icon_opts", "options", "go", "options"))
    items.append(("icon_gear", "settings", "go", "settings"))
    items.append(("icon_test", "selftest", "selftest", None))
    return items, _set.GAME_NAMES.index(st["game"])


def options():
    items = []
    for g in _set.GAME_NAMES:
        items.append((GAME_ICONS[g], g, "go", "opts:" + g))
    items.append(("icon_back", "back", "go", "home"))
    return items, 0


def game_options(game, st=None):
    """A game's options; with Tape-treize's head starts by hand (S7), one
    item a seat after them (shown only then: most boxes never need them)."""
    items = []
    for k, _ in _set.CHOICES[game]:
        label = "auto_flip" if k == "auto" else k
        items.append(("icon_opts", label, "opt", game + ":" + k))
        if k == "head_start" and st is not None and st["opts"][game][k] == "hand":
            for i in range(len(st["opts"][game]["hand"])):
                # (built of names the board has: a new string is a new one)
                items.append(("icon_opts", k, "opt", game + ":" + "hand" + ":" + str(i)))
    items.append(("icon_back", "back", "go", "options"))
    return items, 0


def settings_menu(board=None):
    """The settings that do something on this board (hal.boarddata.Board,
    its parts; None: all): the brightness on a display that has one (the
    matrix's LEDs, the OLED's contrast: not e-ink), the e-ink refresh on
    e-ink, the volume with a buzzer or a speaker, the sound (voice, beeps,
    silent) with a speaker (without one it is the volume again).  Each is
    labelled with the words of its key (app.strings)."""
    items = []
    icons = {"lang": "icon_lang", "volume": "icon_speaker", "brightness": "icon_sun",
             "eink_refresh": "icon_eink", "sound": "icon_speaker", "sleep": "icon_gear"}
    for k, _ in _set.SETTINGS:
        if board is not None:
            e = board.display.kind == "ssd1680"
            noisy = board.buzzer_pin is not None or board.speaker_pin is not None
            if (k == "brightness" and e) or (k == "eink_refresh" and not e) or \
                    (k == "volume" and not noisy) or (k == "sound" and board.speaker_pin is None):
                continue
        items.append((icons[k], k, "set", k))
    items.append(("icon_back", "back", "go", "home"))
    return items, 0


def build(name, st, board=None):
    # board (hal.boarddata.Board): Settings offers what it has; None, every setting
    if name == "home":
        return home(st)
    if name == "options":
        return options()
    if name == "settings":
        return settings_menu(board)
    if name == "after":
        return [("play", "again", "again", None), ("icon_back", "menu", "go", "home")], 0
    if name.startswith("opts:"):
        return game_options(name[5:], st)
    raise ValueError("no menu called %r" % (name,))


def cycle(vals, v):
    """The value after v in vals (wrapping)."""
    i = 0
    for j in range(len(vals)):
        if vals[j] == v and type(vals[j]) is type(v):
            i = j
    return vals[(i + 1) % len(vals)]


def choose(st, action, arg):
    """Choosing a "set" or "opt" item: its value in settings st moves to
    the next one its menu offers (the box and host.walk.Walk both)."""
    if action == "set":
        st[arg] = cycle(dict(_set.SETTINGS)[arg], st[arg])
        return
    a = arg.split(":")
    o = st["opts"][a[0]]
    if len(a) == 3:
        i = int(a[2])       # a seat's head start by hand (S7): 0 to 600 by 100
        o["hand"][i] = (o["hand"][i] + 100) % 700
        return
    o[a[1]] = cycle(dict(_set.CHOICES[a[0]])[a[1]], o[a[1]])


def item_value(action, arg, st, tab):
    """The words written after an item: a setting's or a game option's
    current value, else None."""
    if action == "set":
        return value_text(st[arg], tab)
    if action == "opt":
        a = arg.split(":")
        if len(a) == 3:
            return str(st["opts"][a[0]]["hand"][int(a[2])])    # ms, as the label says
        return value_text(st["opts"][a[0]][a[1]], tab)
    return None


def rows(items, st, tab):
    """A menu's items as the box draws them: [(icon, words, value)] (the
    one place that says it: the box, the gallery and the tests use it).
    A seat's head start reads as the option's words and the seat's number,
    as the player's column of the game screen numbers them."""
    out = []
    for icon, label, action, arg in items:
        words = tab.get(label, label)
        a = arg.split(":") if action == "opt" else []
        if len(a) == 3:
            words = words + " " + str(int(a[2]) + 1)
        out.append((icon, words, item_value(action, arg, st, tab)))
    return out


def value_text(v, tab):
    if v is True:
        return tab.get("on", "on")
    if v is False:
        return tab.get("off", "off")
    if isinstance(v, str) and ("v_" + v) in tab:
        return tab["v_" + v]      # a value with words of its own (sound: voice...)
    # an option's value in the language's words (app.strings_*: ";value,words;")
    words = tab.get("v_", "")
    i = words.find(";" + str(v) + ",")
    if i >= 0:
        return words[i + len(str(v)) + 2:words.find(";", i + 1)]
    return str(v).upper() if isinstance(v, str) and len(v) <= 2 else str(v)
