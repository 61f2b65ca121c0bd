"""`make shots`: the gallery of every screen on every display.

Each screen of the box (menus, joining, each step of each game, pause,
error, end, self-test) is drawn by the firmware's own renderer
(gfx.render) from the firmware's own view (app.view, fed log events as a
game emits them) onto each display's resolution, for 2, 3 and 4 players,
and saved as a small PNG in docs/screens/; docs/screens.md shows them side
by side with what a child sees and does at each step.

    python -m sim.gallery [--out docs] [--lang fr|en]

Pictures are the display's pixels in its look (round LEDs on black, ink on
paper, blue on black glass), scaled modestly: the repository stays small.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _p in (os.path.join(ROOT, "firmware"), ROOT):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from gfx import render, fb  # noqa: E402
from app import view as _view, strings as _strings, pause as _pause  # noqa: E402
from core import cards as _cards  # noqa: E402

# The gallery's columns, keyed by board file: (board, column, display kind,
# width, height).  The three displays get every screen; the BOARD_ROWS
# boards (an SH1106, a panel mounted turned) a row of a few screens in their
# own section, drawn as their glass shows them (the board file's rotate and
# mirror applied, drivers/orient.py).  Columns have no "_": a file is
# <key>_<column>.png.
DISPLAYS = (("pico_matrix", "matrix", "ws2812", 16, 16), ("pico_eink", "eink", "ssd1680", 296, 128),
            ("pico_oled", "oled", "ssd1306", 128, 64))
BOARD_ROWS = (("pico_sh1106", "sh1106", "ssd1306", 128, 64),
              ("pico_matrix_turned", "turned", "ws2812", 16, 16))
ROW_SHOTS = (("menu_home_0", "the home menu"), ("bataille_duel_2p", "a Bataille duel, 2 players"),
             ("tape_count_4p", "Tape-treize's count, 4 players"))
PAPER = (221, 219, 206)
INK = (34, 34, 44)
OLED_ON = (150, 220, 255)
OLED_OFF = (6, 8, 12)


def image(kind, w, h, colour, f):
    """A pygame Surface of the frame f in the display's look."""
    import pygame
    if kind == "ws2812":
        cell = 10
        surf = pygame.Surface((w * cell + 4, h * cell + 4))
        surf.fill((10, 10, 12))
        for y in range(h):
            for x in range(w):
                c = f.pixel(x, y)
                rgb = (((c >> 11) & 31) * 255 // 31, ((c >> 5) & 63) * 255 // 63, (c & 31) * 255 // 31)
                if rgb == (0, 0, 0):
                    rgb = (22, 22, 25)
                pygame.draw.circle(surf, rgb, (2 + x * cell + cell // 2, 2 + y * cell + cell // 2), cell // 2 - 1)
        return surf
    s = 2
    on, off = (INK, PAPER) if kind == "ssd1680" else (OLED_ON, OLED_OFF)
    surf = pygame.Surface((w * s, h * s))
    surf.fill(off)
    for y in range(h):
        for x in range(w):
            if f.pixel(x, y):
                surf.fill(on, (x * s, y * s, s, s))
    return surf


_TURNS = {}     # board -> its hal Display (rotate, mirror), loaded once


def on_glass(board, f, w, h, colour):
    """The renderer's frame f as the board's panel shows it (its display's
    rotate and mirror), a new frame buffer; f itself when it is upright."""
    d = _TURNS.get(board)
    if d is None:
        from hal import board as _board
        d = _TURNS[board] = _board.load(os.path.join(ROOT, "boards", board + ".json")).display
    if not (d.rotate or d.mirror):
        return f, w, h
    from drivers import orient
    gw, gh = orient.size(w, h, d.rotate)
    _, g = fb.new(gw, gh, fb.RGB565 if colour else fb.MONO_HLSB)
    for y in range(h):
        for x in range(w):
            gx, gy = orient.place(x, y, w, h, d.rotate, d.mirror)
            g.pixel(gx, gy, f.pixel(x, y))
    return g, gw, gh


def canvas(kind, w, h):
    colour = kind == "ws2812"
    buf, f = fb.new(w, h, fb.RGB565 if colour else fb.MONO_HLSB)
    return f, render.Canvas(f, w, h, colour)


# ---- the scenes: (file stem, what the child sees, what they do, draw) ------

def _deal(v, n, hands):
    v.event(0, "deal", (n - 1, hands))


def make_view(game, n, pads, hidden=False):
    return _view.View(game, n, hidden=hidden, pads=pads, n_pads=4)


def _hands(game, n):
    if game == "batawaf":
        deck = [_cards.name(c) for c in _cards.deck(_cards.DOGS)]
    else:
        deck = [_cards.name(c) for c in _cards.deck(_cards.STANDARD)]
    return [deck[p::n] for p in range(n)]


def table_scenes(game, n, pads, T):
    """The steps of a Bataille or Bata-waf game, as views (from log events)."""
    dogs = game == "batawaf"
    hands = _hands(game, n)
    out = []

    def fresh():
        v = make_view(game, n, pads)
        _deal(v, n, hands)
        return v

    v = fresh()
    v.waiting = [True] * n
    out.append(("duel_wait", v))
    # a duel: everyone's card up (dogs of different sizes, or cards)
    ups = (["W2a", "W5b", "W3c", "W6d"] if dogs else ["7H", "KS", "10D", "3C"])[:n]
    v = fresh()
    for p in range(n):
        v.event(1, "flip", (p, ups[p], True))
    out.append(("duel", v))
    v2 = fresh()
    for p in range(n):
        v2.event(1, "flip", (p, ups[p], True))
    best = 1 if n > 1 else 0
    v2.event(2, "take", (best, ups))
    out.append(("take", v2))
    # a battle (W3 "Bata-waf!" when the biggest dogs tie)
    ties = (["W4a", "W4b", "W2c", "W1d"] if dogs else ["QH", "QS", "4D", "9C"])[:n]
    v = fresh()
    for p in range(n):
        v.event(1, "flip", (p, ties[p], True))
    v.event(2, "battle", ([0, 1],))
    out.append(("battle", v))
    v = fresh()
    for p in range(n):
        v.event(1, "flip", (p, ties[p], True))
    v.event(2, "battle", ([0, 1],))
    for p in (0, 1):
        for k in range(1 if dogs else 3):
            v.event(3, "flip", (p, hands[p][k + 5], False))
        v.event(3, "flip", (p, (("W6a", "W3b") if dogs else ("8S", "JD"))[p], True))
    out.append(("battle_down", v))
    if n > 2:
        v = fresh()
        v.event(1, "out", (n - 1,))
        v.waiting = [p < n - 1 for p in range(n)]
        out.append(("out", v))
    e = fresh()
    total = 36 if dogs else 52
    e.event(9, "end", ([1], "all_cards", [0, total] + [0] * (n - 2)))
    out.append(("end", e))
    return out


def tape_scenes(n, pads, T):
    out = []

    def laid(seq, hidden=False):
        v = make_view("tape", n, pads, hidden)
        v.event(0, "deal", (0, _hands("tape", n)))
        for i in range(len(seq)):
            said, c = seq[i]
            v.event(1, "count", (i % n, said))
            v.event(1, "flip", (i % n, c, True))
        return v

    out.append(("count", laid([(1, "5C"), (2, "9H"), (3, "KS"), (4, "7H")])))
    out.append(("slap_match", laid([(1, "5C"), (2, "9H"), (3, "3S")])))
    out.append(("slap_double", laid([(1, "5C"), (2, "9H"), (3, "9S")])))
    out.append(("slap_sandwich", laid([(1, "5C"), (2, "QH"), (3, "2S"), (4, "QD")])))
    v = laid([(1, "5C"), (2, "9H"), (3, "9S")])
    v.event(2, "slap", (1, 1000))
    v.event(2, "verdict", ("double", [0, 1], 1))
    v.event(2, "take", (1, ["5C", "9H", "9S"]))
    out.append(("take", v))
    v = laid([(1, "5C"), (2, "9H"), (3, "KS")])
    v.event(2, "slap", (0, 1000))
    v.event(2, "verdict", ("false", [0], 0))
    v.event(2, "take", (0, ["5C", "9H", "KS"]))
    out.append(("false_slap", v))
    out.append(("hidden_count", laid([(1, "5C"), (2, "9H"), (3, "3S")], hidden=True)))
    e = laid([])
    e.event(9, "end", ([0], "target", [30, 22] + [0] * (n - 2), [3, 1] + [0] * (n - 2)))
    out.append(("end", e))
    return out


PADS = {2: [0, 2], 3: [0, 1, 2], 4: [0, 1, 2, 3]}
GAMES = ("batawaf", "bataille", "tape")


def draw_game_scene(r, v):
    if v.ended:
        r.end(v)
    else:
        r.game(v)


def menu_items(name, tab, st):
    """A menu's items as app.box draws them: (icon, words, value)."""
    from app import menu
    items, sel = menu.build(name, st)
    return menu.rows(items, st, tab), sel


# What a child sees and does at each step (docs/screens.md).
STEPS = {
    "batawaf": (
        ("join", "Each pad that will play is pressed once: a tick for each player who joined (a dog on the screen: no word).",
         "Press your pad to join; the game starts when nobody else joins for a moment."),
        ("duel_wait", "An arrow in each player's colour, in the part of the screen facing them: the box waits for them.",
         "Press your pad to turn your top card."),
        ("duel", "Each player's dog, in their colour, on their side: small dog, big dog. Six sizes, each clearly bigger than the one below.",
         "Look: whose dog is the biggest?"),
        ("take", "The part of the screen facing the biggest dog's owner glows gold behind the dog (a frame on e-ink and OLED); the other dogs go grey. Nothing covers a dog.",
         "The winner takes the cards (the box does it); press again for the next duel."),
        ("battle", "Two dogs of the same size: both their parts glow magenta behind them (a line on top on e-ink and OLED). \"Bata-waf!\" (the box barks).",
         "The tied players press again: a card face down, then one face up."),
        ("battle_down", "A card face down (a dot on the far edge on the LEDs, a small back on the wide displays), then the new dogs face up.",
         "The biggest new dog takes everything."),
        ("out", "A player who has no cards left: a grey cross on their side.",
         "Nothing to do: they watch."),
        ("pause", "Holding a pad or pressing the menu button pauses the game: the pause menu, its "
         "pictures only (resume, leave the game, the volume).",
         "Pad 2 goes on; pad 1 moves to leave the game or to the volume."),
        ("end", "The winner's trophy on their side, crosses for the others.",
         "The menu comes back: play again."),
    ),
    "bataille": (
        ("join", "The game's name and \"Tapez votre bouton\": a box per pad, ticked when its player joined.",
         "Press your pad to join."),
        ("duel_wait", "An arrow in each player's colour on their side; two cards and the number of cards each holds under the table (wide displays).",
         "Press your pad to turn your top card."),
        ("duel", "Each player's card facing them: a real card face on e-ink and OLED (pips as on the card, a figure for V, D, R), rank and suit on the LEDs.",
         "Look: whose card is the strongest?"),
        ("take", "The strongest card's owner gets a frame (the part facing them glows gold on the LEDs).",
         "The box gives them the cards; press again for the next duel."),
        ("battle", "Two cards of the same value: their parts glow magenta on the LEDs (a line on mono displays).",
         "The tied players press again: cards face down, then one face up."),
        ("battle_down", "The cards face down as small backs, the new card face up beside the tied one.",
         "The strongest new card takes everything."),
        ("out", "A player with no cards left: a cross on their side.",
         "They watch the others."),
        ("pause", "The pause menu: resume (chosen), leave the game, the volume; the hint says which pad "
         "moves and which chooses.",
         "Pad 2 goes on; pad 1 moves to leave the game or to the volume."),
        ("end", "\"Gagne:\" and the winner's number, a trophy on the winner's side.",
         "The menu comes back."),
    ),
    "tape": (
        ("join", "The game's name and a box per pad (up to 8 players), ticked when joined.",
         "Press your pad to join."),
        ("count", "The card laid on the pile, large, and the number said, large (green on the LEDs); a dot per player still holding cards. Wide displays: the pile's card and how many cards it holds; under it a column per player: their number, two cards and the cards they hold, a star per point.",
         "Count aloud with the box: 1, 2, 3 ... 13."),
        ("slap_match", "The card is the number said: the picture of the rule in amber (the number and a card).",
         "Slap your pad! The last to slap takes the pile."),
        ("slap_double", "The same card twice in a row: two amber cards.",
         "Slap!"),
        ("slap_sandwich", "The same card with another between: amber, grey, amber.",
         "Slap!"),
        ("take", "The last to slap takes the pile: the pile going to them (cards and an arrow), in their colour, turned to their side; never a tick. Those who slapped in time: a happy face (their colours beside it on the LEDs, in their column on the wide displays).",
         "The next card comes."),
        ("false_slap", "A slap with no rule: the player's hand with a red cross (the box buzzes); a cross in their column on the wide displays.",
         "The one who slapped for nothing takes the pile."),
        ("hidden_count", "With the hidden count (T13): the card only, no number and no rule picture.",
         "Count in your head; slap when you think it is right."),
        ("pause", "The pause menu: resume (chosen), leave the game, the volume.",
         "Pad 2 goes on; pad 1 moves to leave the game or to the volume."),
        ("end", "The winner's trophy; points and cards on the wide displays.",
         "The menu comes back."),
    ),
}
GAME_TITLES = {"batawaf": "Bata-waf", "bataille": "Bataille", "tape": "Tape-treize"}

# ---- more sections: (title, intro, rows); a row is (key, what it shows,
# view(tab) -> a View drawn as a game screen).  A new kind of screen is a
# row here: render_all draws it on every display, page() lists it.

def _tape_taken(rule, order, taker, n=3, box=(), points=None, pads=True):
    v = make_view("tape", n, PADS[n] if pads else None)
    if box:
        v.event(0, "start", ("tape", n, 7, {"box": list(box)}))
    v.event(0, "deal", (0, _hands("tape", n)))
    for i, (said, c) in enumerate(((1, "5C"), (2, "9H"), (3, "9S"))):
        v.event(1, "count", (i % n, said))
        v.event(1, "flip", (i % n, c, True))
    if rule:
        v.event(2, "verdict", (rule, order, taker))
        v.event(2, "take", (taker, ["5C", "9H", "9S"]))
    if points:
        v.points = list(points)
    return v


def _heads(ms, n=3, pads=True):
    """A Tape-treize round just ended (player 1 took the last pile) and S7's
    head starts `ms` in force for the next one (auto learnt them, or they
    were set by hand)."""
    v = _tape_taken("double", [2, 1, 0][:n], 0, n, pads=pads)
    v.event(3, "round", (1, [0, 1] + [1] * (n - 2), [40, 0] + [6] * (n - 2)))
    v.event(3, "head_start", (list(ms),))
    return v


def _duel(game, ups, ev=None, box=()):
    n = len(ups)
    v = make_view(game, n, PADS[n])
    if box:
        v.event(0, "start", (game, n, 7, {"box": list(box)}))
    _deal(v, n, _hands(game, n))
    for p in range(n):
        v.event(1, "flip", (p, ups[p], True))
    if ev:
        v.event(2, ev[0], ev[1])
    return v


SECTIONS = [
    ("Signs that mean what they show",
     "What each sign tells a child, at a glance, on every display.",
     (("sign_tape_taker", "Tape-treize: player 2 slapped last and takes the pile: the pile going to them "
       "(cards and an arrow, in their colour, turned to their side on the LEDs), never a tick; players 1 "
       "and 3 slapped in time: a happy face",
       lambda tab: _tape_taken("double", [0, 2, 1], 1)),
      ("sign_tape_false", "Tape-treize: player 3 slapped for nothing: their hand and a red cross; they take the pile too",
       lambda tab: _tape_taken("false", [2], 2)),
      ("sign_tape_figures", "Tape-treize mid-match: each player's column says whose (their number), the cards "
       "they hold (two cards and a number) and their points (a star each); the pile's card and count on the right",
       lambda tab: _tape_taken("", [], 0, 4, points=[2, 0, 1, 3])),
      ("sign_batawaf_won", "Bata-waf: the winner's part glows gold behind their dog, the other dog goes grey; "
       "nothing covers a dog",
       lambda tab: _duel("batawaf", ["W2a", "W6b"], ("take", (1, ["W2a", "W6b"])))),
      ("sign_batawaf_tie", "Bata-waf: a tie: both parts glow magenta behind the dogs (two parts lit, not one)",
       lambda tab: _duel("batawaf", ["W5a", "W5b"], ("battle", ([0, 1],)))),
      )),
    ("The box as a player",
     "A seat the box plays (P1) shows its sign: white on the LEDs, a little robot on e-ink and OLED.",
     (("box_bataille", "Bataille against the box (player 2): its cards held under its robot",
       lambda tab: _duel("bataille", ["7H", "KS"], box=(1,))),
      ("box_batawaf", "Bata-waf against the box: its dog in white, its robot beside its cards",
       lambda tab: _duel("batawaf", ["W3a", "W4b"], box=(1,))),
      ("box_tape", "Tape-treize with two box seats (3 and 4): the box took the pile",
       lambda tab: _tape_taken("double", [0, 1, 3, 2], 2, 4, box=(2, 3))),
      )),
    ("Going on after a cut (issue 40)",
     "A game the power cut (a pulled cable, flat batteries) comes back at the next power-on: its own "
     "table where it stopped, and over its middle the sign that one press goes on (the play picture, "
     "green on the LEDs, framed on e-ink and OLED; no word, Bata-waf's too). The seated pads are lit: "
     "one press of any of them goes on, the menu button drops the game.",
     (("resumed_bataille", "Bataille, back after a cut in the middle of a duel",
       lambda tab: _duel("bataille", ["7H", "KS"])),
      ("resumed_batawaf", "Bata-waf, back after a cut",
       lambda tab: _duel("batawaf", ["W3a", "W5b"])),
      ("resumed_tape", "Tape-treize, back after a cut: the pile and each player's column as they stood",
       lambda tab: _tape_taken("", [], 0, 3)),
      )),
    ("Head starts (Tape-treize, S7)",
     "From a round's end to its next first card the box shows who has a head start: a bar on that "
     "player's side of the LEDs, in their colour, longer for more (an LED each side per 100 ms); "
     "on e-ink and OLED a line, each player's number and their head start in ms.",
     (("head_start_3p", "auto, after the first round: player 2 gets 200 ms, player 3 450 ms, the fastest none",
       lambda tab: _heads([0, 200, 450])),
      ("head_start_4p_hand", "set by hand, 4 players: players 1 and 2 get 300 ms, player 4 100 ms",
       lambda tab: _heads([300, 300, 0, 100], 4)),
      ("head_start_sides_unknown", "the same with two players on a side (no sides known): a bar each, "
       "in order, up from the bottom left of the LEDs",
       lambda tab: _heads([300, 300, 0, 100], 4, pads=False)),
      )),
    ("Card faces",
     "Pips a child counts at a glance: a small index in two corners, apart from the pips, and "
     "the pips laid out as on real cards (the 7 of diamonds never reads as nine).",
     (("faces_2_5", "2 to 5", lambda tab: _duel("bataille", ["2D", "3S", "4H", "5C"])),
      ("faces_6_9", "6 to 9", lambda tab: _duel("bataille", ["6D", "7D", "8S", "9H"])),
      ("faces_10_k", "10 and the figures", lambda tab: _duel("bataille", ["10D", "JS", "QH", "KC"])),
      )),
]

SHORT = {"ws2812": "matrix", "ssd1680": "eink", "ssd1306": "oled"}


def scenes(game, n, tab):
    """{step: view} of a game for n players."""
    pads = PADS[n]
    if game == "tape":
        got = dict(tape_scenes(n, pads, tab))
    else:
        got = dict(table_scenes(game, n, pads, tab))
    got["pause"] = got["duel" if game != "tape" else "count"]
    return got


def render_all(out_dir, lang="fr"):
    """Every picture into out_dir/screens; returns {key: file name}."""
    import pygame
    from app import settings as _set
    tab = _strings.table(lang)
    shots = os.path.join(out_dir, "screens")
    os.makedirs(shots, exist_ok=True)
    files = {}
    for board, d, kind, w, h in DISPLAYS + BOARD_ROWS:
        f, cv = canvas(kind, w, h)
        r = render.Renderer(cv, tab, lang == "fr")
        only = None if (board, d, kind, w, h) in DISPLAYS else [k for k, _ in ROW_SHOTS]

        def save(key):
            assert cv.oob == 0, (key, d)
            if only is None or key in only:
                name = "%s_%s.png" % (key, d)
                g, gw, gh = on_glass(board, f, w, h, cv.colour)
                pygame.image.save(image(kind, gw, gh, cv.colour, g), os.path.join(shots, name))
                files[(key, d)] = name
            cv.reset_counts()

        st = _set.defaults()
        for mname in ("home", "settings", "options", "opts:bataille", "opts:tape"):
            items, sel = menu_items(mname, tab, st)
            title = tab.get(mname, tab["menu"]) if ":" not in mname else tab.get(mname[5:], "")
            sels = range(len(items)) if (cv.w <= 32 and mname == "home") else (0,)
            for s in sels:
                r.menu(title, items, s, 0)
                save("menu_%s_%d" % (mname.replace(":", "_"), s))
        for game in GAMES:
            icon = {"batawaf": "icon_dog", "bataille": "icon_card", "tape": "icon_hand"}[game]
            for n in (2, 3, 4):
                r.join(game, [p < n for p in range(4)], 4, icon)
                save("%s_join_%dp" % (game, n))
                sc = scenes(game, n, tab)
                for step, _, _ in STEPS[game]:
                    if step == "join":
                        continue
                    v = sc.get(step)
                    if v is None:
                        continue
                    if step == "pause":
                        # as the box draws it (app.pause): resume chosen,
                        # leave, the volume; its hint, as at its first showing
                        _pause.show(r, tab, st, _pause.items(lang, None), 0, 0, True, game == "batawaf")
                    else:
                        draw_game_scene(r, v)
                    save("%s_%s_%dp" % (game, step, n))
        for _, _, rows in SECTIONS:
            for key, _, make in rows:
                if key.startswith("resumed_"):
                    _pause.going(r, make(tab))     # as the box draws it (app.pause)
                else:
                    draw_game_scene(r, make(tab))
                save(key)
        r.message(tab["error"], [tab["game_error"], "MemoryError: memory allocation failed"])
        save("error")
        r.message(tab["notice"], [tab["settings_reset"], "settings.json: bad checksum"], "star", render.WARN)
        save("notice")
        r.message(tab["selftest"], [tab["test_ok"]], "check", render.OK)
        save("selftest")
        battery_shots(r, tab, st, lang, save)
    return files


# The battery (issue 27), as app.screens draws it: the gauge in the
# settings' menu (the percent in its title; on the matrix a battery in the
# corner, gfx.gauge), every menu once low (one red bar), the warning (app.low)
BATTERY = (("battery_settings", "The battery in the settings: its level (a bar per 20 %)"),
           ("battery_low", "The battery low: every menu shows it, one red bar"),
           ("battery_warning", "As the battery turns low, the box says so once (2 s, or until a press)"))


def battery_shots(r, tab, st, lang, save):
    from gfx import gauge
    from app import low
    for key, mname, level in (("battery_settings", "settings", 62), ("battery_low", "home", 12)):
        items, sel = menu_items(mname, tab, st)
        r.menu("%s %d%%" % (tab.get(mname, tab["menu"]), level), items, 0, 0)
        gauge.menu(r, level, level < 20)
        save(key)
    gauge.message(r, low.WORDS[lang], 12)
    save("battery_warning")


def cell(files, key, d):
    name = files.get((key, d))
    return "![%s %s](screens/%s)" % (key, d, name) if name else ""


def page(files, lang):
    ds = [d for _, d, _, _, _ in DISPLAYS]
    heads = {"matrix": "16x16 LED matrix", "eink": "2.9\" e-ink 296x128", "oled": "OLED 128x64"}
    out = ["# Every screen of the box, on every display",
           "",
           "Generated by `make shots` (sim/gallery.py) from the firmware's own renderer",
           "(`gfx.render`) and view (`app.view`, fed the log events a game emits): what",
           "the box draws, pixel for pixel, in the %s words of the box." % ("French" if lang == "fr" else "English"),
           "Do not edit: run `make shots`.",
           "",
           "A square display (the LED matrix) gives each player the part facing them:",
           "two players face to face share it in halves, three or four take a",
           "quadrant each, every card turned towards its player.  Wide displays give",
           "each player a column, left to right, above their pads.",
           "",
           "## Menus",
           "",
           "Pad 1 moves to the next item, pad 2 chooses it.  On the matrix each item",
           "is its icon, its label scrolling underneath when it is too long, and a dot",
           "per item (the lit one is where you are).",
           "",
           "| | " + " | ".join([heads[d] for d in ds]) + " |",
           "| --- | " + " | ".join(["---"] * len(ds)) + " |"]
    for mname, what in (("home", "Home: the three games, options, settings, self-test"),
                        ("settings", "Settings: language, volume, brightness, e-ink refresh"),
                        ("options", "Options: one menu per game"),
                        ("opts_bataille", "Bataille's options"), ("opts_tape", "Tape-treize's options")):
        out.append("| %s | " % what + " | ".join([cell(files, "menu_%s_0" % mname, d) for d in ds]) + " |")
    homes = sorted([k for k, d in files if k.startswith("menu_home_") and d == "matrix"],
                   key=lambda k: int(k.split("_")[-1]))
    out += ["", "The home menu on the matrix, item by item:", "",
            " ".join([cell(files, k, "matrix") for k in homes]), ""]
    for game in GAMES:
        out += ["## %s" % GAME_TITLES[game], ""]
        for n in (2, 3, 4):
            out += ["### %d players" % n, "",
                    "| step | what the child sees, and does | " + " | ".join([heads[d] for d in ds]) + " |",
                    "| --- | --- | " + " | ".join(["---"] * len(ds)) + " |"]
            for step, sees, does in STEPS[game]:
                key = "%s_%s_%dp" % (game, step, n)
                if not any((key, d) in files for d in ds):
                    continue
                words = "%s **%s**" % (sees, does) if n == 2 else ""
                out.append("| %s | %s | " % (step.replace("_", " "), words)
                           + " | ".join([cell(files, key, d) for d in ds]) + " |")
            out.append("")
    for title, intro, rows in SECTIONS:
        out += ["## %s" % title, "", intro, "",
                "| | " + " | ".join([heads[d] for d in ds]) + " |",
                "| --- | " + " | ".join(["---"] * len(ds)) + " |"]
        for key, what, _ in rows:
            out.append("| %s | " % what + " | ".join([cell(files, key, d) for d in ds]) + " |")
        out.append("")
    out += ["## Errors, notices, self-test", "",
            "| | " + " | ".join([heads[d] for d in ds]) + " |",
            "| --- | " + " | ".join(["---"] * len(ds)) + " |"]
    for key, what in (("error", "An error in a game: the box says so and goes back to the menu"),
                      ("notice", "Settings unreadable: the defaults are used, and the box says so"),
                      ("selftest", "The self-test passed")):
        out.append("| %s | " % what + " | ".join([cell(files, key, d) for d in ds]) + " |")
    out += ["", "## The battery", "",
            "On a board file that senses its supply (`power.sense`): the gauge, and the",
            "warning as it turns low (never over a game's cards: it waits for the pause",
            "or the end).",
            "",
            "| | " + " | ".join([heads[d] for d in ds]) + " |",
            "| --- | " + " | ".join(["---"] * len(ds)) + " |"]
    for key, what in BATTERY:
        out.append("| %s | " % what + " | ".join([cell(files, key, d) for d in ds]) + " |")
    out += ["", "## Other boards", "",
            "The same renderer on boards whose panel differs below it: the SH1106",
            "OLED (its driver shifts the picture into the controller's 132 columns),",
            "a panel mounted turned (the board file's `display.rotate`/`mirror`): drawn",
            "here as the panel's own pixels, which read upright once it is mounted so.",
            "",
            "| board | " + " | ".join([what for _, what in ROW_SHOTS]) + " |",
            "| --- | " + " | ".join(["---"] * len(ROW_SHOTS)) + " |"]
    for board, d, _, _, _ in BOARD_ROWS:
        out.append("| `%s` | " % board + " | ".join([cell(files, key, d) for key, _ in ROW_SHOTS]) + " |")
    return "\n".join(out) + "\n"


def main(argv=None):
    import argparse
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    p = argparse.ArgumentParser(prog="python -m sim.gallery", description=__doc__.split("\n")[0])
    p.add_argument("--out", default=os.path.join(ROOT, "docs"), help="folder of screens.md and screens/ (default docs)")
    p.add_argument("--lang", choices=("fr", "en"), default="fr")
    a = p.parse_args(argv)
    shots = os.path.join(a.out, "screens")
    if os.path.isdir(shots):
        for name in os.listdir(shots):
            if name.endswith(".png"):
                os.remove(os.path.join(shots, name))
    files = render_all(a.out, a.lang)
    with open(os.path.join(a.out, "screens.md"), "w", encoding="utf-8") as fh:
        fh.write(page(files, a.lang))
    total = sum(os.path.getsize(os.path.join(shots, n)) for n in files.values())
    sys.stdout.write("%d screens in %s (%d KB), %s\n" % (len(files), shots, total // 1024,
                                                         os.path.join(a.out, "screens.md")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
