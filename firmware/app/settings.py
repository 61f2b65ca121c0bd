# The box's settings and the last choices (game, options), kept in one JSON
# file through the storage driver.  A file that cannot be read or does not
# make sense is replaced by the defaults, and `load` says so (the box shows a
# notice): a child must never face a box that does not start.
NAME = "settings.json"

GAME_NAMES = ("batawaf", "bataille", "tape")

# Every choice a menu can offer, with its allowed values (first = default).
# "auto" is the box's own option (flip by itself after a pause, for small
# children); the others are the engines' options of the rule book.
CHOICES = {  # type: dict
    "bataille": (
        ("auto", (False, True)),
        ("length", ("all", "court", "moyen", "10min")),
        ("ace", ("high", "low")),
        ("down", (3, 1)),
        ("pickup", ("shuffled", "ordered")),
        ("addition", (False, True)),
        ("short", ("play", "lose")),
    ),
    "batawaf": (
        ("auto", (False, True)),
        ("length", ("all", "court")),
        ("short", ("play", "lose")),
    ),
    "tape": (
        ("mode", ("tempo", "turns")),
        ("tempo", (1500, 2000, 3000, 1000)),
        ("hidden_count", (False, True)),
        ("target", (3, 5, 1)),
        ("sum2", (False, True)),
        ("ten", (False, True)),
        ("sandwich2", (False, True)),
        ("box", (0, 1, 2, 3)),      # P1: seats the box plays beside the people
        ("level", (1, 2, 3)),       # P5: from a young child's pace to an adult's
        ("head_start", ("off", "auto", "hand")),   # S7: none, learnt by the box, or by hand
    ),
}
# S7 by hand: each seat's head start in ms, 0 to 600 by steps of 100 (the
# menu's values: app.menu.choose), kept as opts["tape"]["hand"], one per
# seat of the biggest box (8), so a parent who switches head starts off and
# on again finds them as they were.  (No names for these numbers: each
# module-level name is an interned name of the board, docs/app.md.)
# Tape-treize variant rules (T5) are stored as flags ("sum2", "ten",
# "sandwich2": engine_options) and passed as "rules".

SETTINGS = (  # type: tuple
    ("lang", ("fr", "en")),
    ("volume", (3, 4, 5, 0, 1, 2)),
    ("brightness", (3, 4, 5, 1, 2)),
    ("eink_refresh", (5, 10, 1)),
    ("sound", ("voice", "beeps", "silent")),   # voice: words on a board with a speaker
    ("sleep", (5, 10, False, 2)),   # minutes with no press before the box goes dark (issue 27; False: never)
)


def defaults():
    d = {"game": "batawaf", "opts": {}}  # type: dict
    for k, vals in SETTINGS:
        d[k] = vals[0]
    for g in GAME_NAMES:
        o = {}
        for k, vals in CHOICES[g]:
            o[k] = vals[0]
        d["opts"][g] = o
    d["opts"]["tape"]["hand"] = [0] * 8
    return d


def check(d):
    """The settings d with every value allowed, or ValueError naming the
    first bad one."""
    if not isinstance(d, dict):
        raise ValueError("settings must be a JSON object")
    out = defaults()
    for k, vals in SETTINGS:
        if k in d:
            if d[k] not in vals:
                raise ValueError("setting %r: %r is not one of %r" % (k, d[k], vals))
            out[k] = d[k]
    if "game" in d:
        if d["game"] not in GAME_NAMES:
            raise ValueError("setting 'game': %r is not a game" % (d["game"],))
        out["game"] = d["game"]
    opts = d.get("opts", {})
    if not isinstance(opts, dict):
        raise ValueError("setting 'opts' must be an object")
    for g in GAME_NAMES:
        o = opts.get(g, {})
        if not isinstance(o, dict):
            raise ValueError("options of %s must be an object" % g)
        for k, vals in CHOICES[g]:
            if k in o:
                v = o[k]
                # JSON has no distinct bool/int on some paths: compare types
                ok = False
                for a in vals:
                    if v == a and type(v) is type(a):
                        ok = True
                if not ok:
                    raise ValueError("option %r of %s: %r is not one of %r" % (k, g, v, vals))
                out["opts"][g][k] = v
    hand = opts.get("tape", {}).get("hand")
    if hand is not None:
        ok = isinstance(hand, list) and len(hand) == 8
        for v in hand if ok else ():
            if type(v) is not int or v % 100 or not 0 <= v <= 600:
                ok = False
        if not ok:
            raise ValueError("option 'hand' of tape: %r is not 8 head starts in ms, "
                             "each 0 to 600 by steps of 100" % (hand,))
        out["opts"]["tape"]["hand"] = list(hand)
    return out


def load(store):
    """(settings, notice): notice is None, or why the defaults were used
    (a damaged file, or values no menu offers)."""
    try:
        d, notice = store.load(NAME, defaults())
    except OSError as e:
        return defaults(), "%s: %s" % (NAME, e)
    if notice:
        return defaults(), notice
    try:
        return check(d), None
    except (ValueError, TypeError, KeyError) as e:
        return defaults(), "%s: %s" % (NAME, e)


def save(store, d):
    store.save(NAME, d)


def complete(eng, given):
    """Engine options eng (from the menus) completed by options `given`
    outside the menus (the simulator's command line): given wins, except the
    number of players, which the pads that joined decide.  A match is to a
    target or for a number of rounds (T12): the one given replaces the
    menu's."""
    for k in given:
        if k != "players":
            eng[k] = given[k]
    if "rounds" in given and "target" not in given:
        eng.pop("target", None)
    if "target" in given and "rounds" not in given:
        eng.pop("rounds", None)
    return eng


def box(game, eng, players, n):
    """P1: the box's seats after the people's.  eng["box"] is how many the
    box plays (the menu's, or the simulator's --box); a person alone at
    Bataille or Bata-waf gets one.  The box takes no seat past `most` (T1,
    B1, W1: box seats count): at most n players, `players` of them people;
    eng gets `players`, every seat, and the list of the box's."""
    k = eng.get("box", 0)
    if isinstance(k, list):
        k = len(k)          # seated already (engine_options): seated again
    if not isinstance(k, int) or isinstance(k, bool) or k < 0:
        raise ValueError("option 'box' must be a number of seats, 0 or more (got %r)" % (k,))
    if game != "tape" and players == 1 and k == 0:
        k = 1
    if players + k > n:
        k = n - players if n > players else 0
    eng["players"] = players + k
    eng["box"] = [players + j for j in range(k)]
    return eng


def engine_options(game, opts, players):
    """The options an engine takes, from the stored choices of the menus."""
    out = {"players": players}
    for k, vals in CHOICES[game]:
        if k == "auto" or k in ("sum2", "ten", "sandwich2") or k == "head_start":   # (flags: below)
            continue
        out[k] = opts.get(k, vals[0])
    if game == "tape":
        from games.tape_rules import DEFAULT_RULES   # the engine's, loaded for its game
        rules = list(DEFAULT_RULES)
        for f in ("sum2", "ten", "sandwich2"):    # the variant rules' flags (T5)
            if opts.get(f):
                rules.append(f)
        out["rules"] = rules
        box(game, out, players, 8)
        out["head_start"] = head_start(opts, out)
        return out
    return box(game, out, players, 4)


def head_start(opts, eng):
    """S7's option for the engine from the menu's choice: "off", "auto", or
    by hand each person's head start (people first, in pad order) and none
    for the box's seats; by hand with no head start at all is off (the
    engine then never loads games.tape_head)."""
    v = opts.get("head_start", "off")
    if v != "hand":
        return v
    hand = opts.get("hand") or [0] * 8
    ms = [0] * eng["players"]
    people = eng["players"] - len(eng["box"])
    some = False
    for p in range(people):
        ms[p] = hand[p]
        if hand[p]:
            some = True
    return ms if some else "off"
