# What every screen shares, apart from the Canvas that draws (gfx.canvas,
# which gives these names to the screen modules too): the palette's colour
# indices and their RGB, the folding of accented letters onto the font's
# capitals, the widths of texts, the timing of a scrolling label, and the
# labels of a card's rank and suit.
from core.compat import const

# The palette: colour indices, the only ones every screen module uses (the
# Canvas maps them to the display's pixel values through RGB).
BG = const(0)
INK = const(1)
RED = const(2)
BLACKSUIT = const(3)   # black is "off" on LEDs: black suits are shown white-blue
WON = const(4)         # the winner's part of the matrix: a dim gold behind the dog
BATTLE = const(5)      # the battlers' part: a dim magenta behind it, no player's colour
DOG = const(6)
DIM = const(7)
WARN = const(8)
OK = const(9)
PLAYER0 = const(10)     # PLAYER0 + p: each player's colour (pad LEDs too)

# The palette's RGB, three bytes a colour index (RGB[3 * c:3 * c + 3]): one
# bytes constant, not 18 tuples (~600 B of the board's heap on the `.mpy`
# route, issue 41).
RGB = (  # BG, INK, RED, BLACKSUIT, WON, BATTLE | DOG, DIM, WARN, OK, PLAYER0 ...
    b'\x00\x00\x00' b'\xff\xff\xff' b'\xff\x00\x00' b'\x6e\x96\xff' b'\x46\x32\x00' b'\x3c\x00\x3c'
    b'\xff\x96\x28' b'\x28\x28\x28' b'\xff\xaa\x00' b'\x00\xff\x00' b'\xff\x14\x14' b'\x00\x5a\xff'
    b'\x00\xff\x00' b'\xff\xe6\x00' b'\xff\x00\xff' b'\x00\xff\xff' b'\xff\x80\x00' b'\xa0\xa0\xff'
)


def player_rgb(p):
    p = 3 * (PLAYER0 + (p & 7))
    return RGB[p], RGB[p + 1], RGB[p + 2]


def rgb565(r, g, b):
    return ((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3)


def fold(ch, other):
    """An accented letter's plain capital (the font has capitals only), else
    other.  Two strings, constants (in flash on the board), not a dict made
    in the heap at import."""
    i = "\u00e9\u00e8\u00ea\u00e0\u00e2\u00e7\u00ee\u00f4\u00fb\u00f9\u00c9\u00c8".find(ch)
    return "EEEAACIOUUEE"[i] if i >= 0 else other


def codes(s):
    """s's character codes as bytes, an accented letter folded onto its
    capital (fold), anything else past ASCII '?': each one's glyph is
    glyphs.FONT_IX[code].  Bytes because iterating a str gives each letter
    as a one-letter string, which MicroPython interns: every letter and
    digit ever drawn was one of the board's names (~40, issue 41)."""
    b = s.encode()
    if len(b) == len(s):
        return b
    out = bytearray()
    i = 0
    while i < len(b):
        c = b[i]
        n = 1 if c < 0x80 else 2 if c < 0xE0 else 3 if c < 0xF0 else 4
        if n > 1:
            c = ord(fold(b[i:i + n].decode().lower(), "?"))
        out.append(c)
        i += n
    return out


# A label wider than the matrix scrolls: it stands still _SCROLL_HOLD_MS at
# each end and moves a pixel every _SCROLL_STEP_MS in between.
_SCROLL_HOLD_MS = const(900)
_SCROLL_STEP_MS = const(110)   # (app.box redraws the menu at each step)
# (const is the compiler's on the board: its name gone before the functions
# come, this module's names fit a 23-slot table, not a 29)
del const


def scroll_offset(over, ms):
    """Pixels a label `over` pixels too wide is shifted, ms after it was
    first shown (0 when it fits)."""
    if over <= 0:
        return 0
    period = 2 * _SCROLL_HOLD_MS + over * _SCROLL_STEP_MS
    ms = ms % period
    if ms < _SCROLL_HOLD_MS:
        return 0
    return min(over, (ms - _SCROLL_HOLD_MS) // _SCROLL_STEP_MS)


def text_width(s, scale, small=False):
    if not s:
        return 0
    return len(s) * (4 if small else 6) * scale - scale


# core.cards is imported where a card is drawn, not with the screens: the
# boot's first screen (the home menu) shows none, and on the .mpy box an
# import at boot was ~28 ms of the power-on to first frame (a game's
# engine has it loaded by then: a dict lookup a call).
def rank_label(c, faces_fr):
    from core import cards
    r = cards.rank(c) - 1
    return cards.RANK_FACES_FR[r] if faces_fr else cards.RANK_NAMES[r]


def suit_pip(c, big):
    from core import cards
    return ("pip_s", "pip_h", "pip_d", "pip_c")[cards.suit(c)] + ("5" if big else "3")
