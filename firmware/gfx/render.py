# One renderer for every display: the 16x16 LED matrix (colour), the SSD1306
# 128x64 OLED and the SSD1680 296x128 e-ink (mono).  Screens are laid out
# from the resolution alone, drawn from the bitmaps of gfx.glyphs onto any
# framebuf-like target (fill, fill_rect), through a Canvas that
#   - counts every draw that reaches outside the display (`oob`), so a test
#     can check that every screen fits every resolution;
#   - counts the font glyphs drawn (`font_glyphs`), so a test can check that
#     no Bata-waf screen shows a digit or a letter (W6);
#   - counts the texts cut short for want of room (`cut`): none may be.
#
# Cards: real card faces where there is room (pips as on a card, a figure
# for V/D/R), rank and suit in the 5x7 or 3x5 font on the matrix; dogs from
# two sets of six (gfx.glyphs) whose lit area grows 1.3x a size or more.
# Menus on the matrix: one item, its icon, its label scrolling when too wide.
# Colours on the matrix cost current (drivers/ws2812 dims a frame past the
# board's budget): marks are dotted frames, never filled backgrounds.
#
# Square display: each player's card sits in the part of the screen facing
# them (two players: bottom half p0, top half p1 turned 180 degrees; three or
# four: quadrants clockwise from bottom-left, each turned towards its side).
# Wide displays: one column per player, left to right.
from gfx import glyphs
from gfx import fb as _fb
from core import cards
from core.compat import const

# Colour indices (the Canvas maps them to the display's pixel values).
BG = const(0)
INK = const(1)
RED = const(2)
BLACKSUIT = const(3)   # black is "off" on LEDs: black suits are shown white-blue
_WIN = const(4)         # (unused: the winner is framed in white dots)
BATTLE = const(5)      # the battlers' dotted frame: magenta, no player's colour
_DOG = const(6)
DIM = const(7)
WARN = const(8)
OK = const(9)
_PLAYER0 = const(10)    # _PLAYER0 + p: each player's colour (pad LEDs too)

RGB = (
    (0, 0, 0), (255, 255, 255), (255, 0, 0), (110, 150, 255), (0, 70, 0),
    (255, 0, 255), (255, 150, 40), (40, 40, 40), (255, 170, 0), (0, 255, 0),
    (255, 20, 20), (0, 90, 255), (0, 255, 0), (255, 230, 0),
    (255, 0, 255), (0, 255, 255), (255, 128, 0), (160, 160, 255),
)


def player_rgb(p):
    return RGB[_PLAYER0 + (p & 7)]


def rgb565(r, g, b):
    return ((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3)


# Accented letters fold to the plain glyph (the font has capitals only).
_FOLD = {"\u00e9": "E", "\u00e8": "E", "\u00ea": "E", "\u00e0": "A", "\u00e2": "A",
         "\u00e7": "C", "\u00ee": "I", "\u00f4": "O", "\u00fb": "U", "\u00f9": "U",
         "\u00c9": "E", "\u00c8": "E"}


class Canvas:
    """A clip-checking, glyph-counting surface over a framebuf-like target.

    colour: True for an RGB565 target (the LED matrix), False for mono
    (pixel value 1 = ink).  level 1..5 dims colours (LED brightness)."""

    def __init__(self, target, width, height, colour, level=5):
        self.t = target
        self.w = width
        self.h = height
        self.colour = colour
        self.oob = 0
        self.font_glyphs = 0
        self.pictures = 0
        self.cut = 0       # texts cut short for want of room
        self.set_level(level)
        # MicroPython's framebuf (C) blits a glyph through a two-colour
        # palette in one call, ~4x faster than a rect per run of pixels:
        # on the LED matrix a menu frame is drawn in a third of the time,
        # and a press shows within the 50 ms (docs/pico.md, feedback).
        # The pure-Python framebuf of the PC draws run by run (faster there).
        self.fast = _fb.NATIVE and hasattr(target, "blit")
        if self.fast:
            self._pal = _fb.FrameBuffer(bytearray(4), 2, 1, _fb.RGB565)

    def set_level(self, level):
        self.level = level
        pal = []
        for r, g, b in RGB:
            if self.colour:
                pal.append(rgb565(r * level // 5, g * level // 5, b * level // 5))
            else:
                pal.append(1 if (r or g or b) else 0)
        self.pal = pal

    def reset_counts(self):
        self.oob = 0
        self.font_glyphs = 0
        self.pictures = 0
        self.cut = 0

    def clear(self, col=BG):
        self.t.fill(self.pal[col])

    def rect(self, x, y, w, h, col):
        if w <= 0 or h <= 0:
            return
        if x < 0 or y < 0 or x + w > self.w or y + h > self.h:
            self.oob += 1
        self.t.fill_rect(x, y, w, h, self.pal[col])

    def blit(self, data, off, bw, bh, x, y, col, x0, x1):
        """A bitmap of gfx.glyphs (rows of one byte, or two high byte first,
        the picture in their low bw bits) at canvas (x, y), scale 1, only
        its columns from x0 to x1: in one framebuf blit if that draws
        exactly what Region.bitmap would (nothing cut by x0/x1 inside the
        display, nothing outside it).  False: not done, draw it run by run."""
        lo = x if x > x0 else x0
        hi = x + bw if x + bw < x1 else x1
        if (not self.fast or lo < 0 or hi > self.w or y < 0 or y + bh > self.h
                or lo != (x if x > 0 else 0) or hi != (x + bw if x + bw < self.w else self.w)):
            return False
        bits = 16 if bw > 8 else 8
        # (a read-only source: a tuple, as MicroPython's blit takes it)
        src = (memoryview(data)[off:off + (bits >> 3) * bh], bits, bh, _fb.MONO_HLSB)
        ink = self.pal[col]
        pal = self._pal
        pal.pixel(0, 0, ink ^ 1)        # unset bits: a colour that is not
        pal.pixel(1, 0, ink)            # the ink, and the blit's key
        self.t.blit(src, x - (bits - bw), y, ink ^ 1, pal)
        return True


class Region:
    """A rectangle of the canvas with its own coordinates, turned by rot
    quarter turns clockwise (w, h are the size before turning)."""

    def __init__(self, cv, x, y, w, h, rot=0):
        self.cv = cv
        self.x = x
        self.y = y
        self.w = w
        self.h = h
        self.rot = rot

    def rect(self, x, y, w, h, col):
        r = self.rot
        if r == 0:
            self.cv.rect(self.x + x, self.y + y, w, h, col)
        elif r == 2:
            self.cv.rect(self.x + self.w - x - w, self.y + self.h - y - h, w, h, col)
        elif r == 1:
            self.cv.rect(self.x + self.h - y - h, self.y + x, h, w, col)
        else:
            self.cv.rect(self.x + y, self.y + self.w - x - w, h, w, col)

    def frame(self, col):
        self.rect(0, 0, self.w, 1, col)
        self.rect(0, self.h - 1, self.w, 1, col)
        self.rect(0, 1, 1, self.h - 2, col)
        self.rect(self.w - 1, 1, 1, self.h - 2, col)

    def dotted(self, col):
        """A frame of every other pixel: reads as a frame on the LEDs at
        half the current of a solid one."""
        w = self.w
        h = self.h
        for i in range(0, w, 2):
            self.rect(i, 0, 1, 1, col)
            self.rect(w - 1 - i, h - 1, 1, 1, col)
        for j in range(2, h - 1, 2):
            self.rect(0, j, 1, 1, col)
            self.rect(w - 1, h - 1 - j, 1, 1, col)

    def fill(self, col):
        self.rect(0, 0, self.w, self.h, col)

    def bitmap(self, data, off, bw, bh, x, y, s, col, x0=-9999, x1=9999):
        """Draw a bitmap; only its columns between x0 and x1 (region
        coordinates) are drawn: a label scrolling through a window."""
        if s == 1 and self.rot == 0 and self.cv.blit(data, off, bw, bh, self.x + x, self.y + y, col,
                                                     self.x + x0, self.x + x1):
            return
        wide = bw > 8     # two bytes a row (gfx.glyphs.row)
        for r in range(bh):
            row = (data[off + 2 * r] << 8) | data[off + 2 * r + 1] if wide else data[off + r]
            c = 0
            while c < bw:
                if (row >> (bw - 1 - c)) & 1:
                    c0 = c
                    while c < bw and (row >> (bw - 1 - c)) & 1:
                        c += 1
                    a = max(x + c0 * s, x0)
                    b = min(x + c * s, x1)
                    self.rect(a, y + r * s, b - a, s, col)
                else:
                    c += 1

    def pic(self, name, x, y, s, col):
        """A picture by name, or by the offset of its record (gfx.glyphs:
        DOG, DOGW, FACE)."""
        if isinstance(name, int):
            d = glyphs.PIC_DATA
            w, h, off = d[name], d[name + 1], name + 2
        else:
            w, h, off = glyphs.pic(name)
        self.cv.pictures += 1
        self.bitmap(glyphs.PIC_DATA, off, w, h, x, y, s, col)

    def text(self, s, x, y, scale, col, small=False, maxw=0):
        """Draw s; stop before a glyph that would pass maxw pixels (0: the
        region's right edge).  Returns the width drawn."""
        if small:
            chars, data, gw, gh = glyphs.SMALL_CHARS, glyphs.FONT3X5, 3, 5
        else:
            chars, data, gw, gh = glyphs.FONT_CHARS, glyphs.FONT5X7, 5, 7
        limit = (maxw or (self.w - x)) + x
        adv = (gw + 1) * scale
        cx = x
        for ch in s:
            if cx + gw * scale > limit:
                self.cv.cut += 1
                break
            ch = _FOLD.get(ch, ch).upper()
            i = chars.find(ch)
            if i < 0:
                i = chars.find("?")
            if ch != " ":
                self.cv.font_glyphs += 1
                self.bitmap(data, i * gh, gw, gh, cx, y, scale, col)
            cx += adv
        return cx - x


# A label wider than the matrix scrolls: it stands still _SCROLL_HOLD_MS at
# each end and moves a pixel every _SCROLL_STEP_MS in between.
_SCROLL_HOLD_MS = const(900)
_SCROLL_STEP_MS = const(110)   # (app.box redraws the menu at each step)


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


def rank_label(c, faces_fr):
    r = cards.rank(c) - 1
    return cards.RANK_FACES_FR[r] if faces_fr else cards.RANK_NAMES[r]


def suit_pip(c, big):
    return ("pip_s", "pip_h", "pip_d", "pip_c")[cards.suit(c)] + ("5" if big else "3")


class Renderer:
    """Draws whole screens.  `strings` maps keys to text in the chosen
    language (app.strings); screens of a Bata-waf game use none."""

    def __init__(self, canvas, strings=None, faces_fr=True):
        self.cv = canvas
        self.s = strings or {}
        self.faces_fr = faces_fr
        w = canvas.w
        h = canvas.h
        self.small = w <= 32 and h <= 32
        self.scale = 1 if h < 100 else 2
        self.lh = 9 * self.scale
        self.scroll_over = 0    # gfx.menu: the scrolling label's extent

    def _t(self, key):
        return self.s.get(key, key)

    def whole(self):
        return Region(self.cv, 0, 0, self.cv.w, self.cv.h)

    # ---- layout -----------------------------------------------------

    def player_regions(self, n, top=0, bottom=0, sides=None):
        """One region per player (see the header comment).  `sides` (from
        view.seat_sides) says where each player sits on a square box: each
        card then faces its player, two players facing each other share the
        screen in halves, anything else takes the quadrant of its side."""
        cv = self.cv
        w = cv.w
        h = cv.h - top - bottom
        out = []
        if w == h and n <= 4:
            q = w // 2
            quads = (Region(cv, 0, top + q, q, q, 0), Region(cv, 0, top, q, q, 1),
                     Region(cv, q, top, q, q, 2), Region(cv, q, top + q, q, q, 3))
            if sides is not None and len(sides) == n:
                if n == 2 and (sides[0] - sides[1]) % 2 == 0:
                    halves = {0: Region(cv, 0, top + h - h // 2, w, h // 2, 0),
                              2: Region(cv, 0, top, w, h // 2, 2),
                              # turned a quarter: w, h are before turning
                              1: Region(cv, 0, top, h, w // 2, 1),
                              3: Region(cv, w - w // 2, top, h, w // 2, 3)}
                    return [halves[sides[0]], halves[sides[1]]]
                return [quads[s] for s in sides]
            if n <= 2:
                hh = h // 2
                out.append(Region(cv, 0, top + h - hh, w, hh, 0))
                out.append(Region(cv, 0, top, w, hh, 2))
                return out[:n]
            return list(quads[:n])
        cw = w // n
        for p in range(n):
            out.append(Region(cv, p * cw, top, cw, h, 0))
        return out

    # ---- cards ------------------------------------------------------

    def card(self, rg, c, x=0, y=0, w=0, h=0, col=_DOG):
        """Card c in the part (x, y, w, h) of region rg (all of it if w=0);
        col: a dog's colour."""
        if not w:
            w = rg.w - x
            h = rg.h - y
        if cards.is_dog(c):
            return self.dog(rg, cards.size(c), x, y, w, h, col)
        col = RED if cards.is_red(c) else BLACKSUIT
        lab = rank_label(c, self.faces_fr)
        if self.small:
            if w >= 15 and h >= 7:
                # half of the matrix: the rank in the 5x7 font
                self.rank(rg, lab, x + (0 if lab == "10" else 1), y + (h - 7) // 2, 1, col)
                rg.pic(suit_pip(c, True), x + w - 6, y + (h - 5) // 2, 1, col)
                return
            rg.text(lab, x, y, 1, col, small=True, maxw=w)
            if w >= 12:
                rg.pic(suit_pip(c, True), x + w - 5, y, 1, col)
            else:
                rg.pic(suit_pip(c, False), x + w - 3, y + h - 3, 1, col)
            return
        if h >= 40 and w >= 24:
            self.face(rg, c, x, y, w, h, col)
            return
        # the card's outline, so a card reads as a card next to the count
        rg.rect(x, y, w, 1, INK)
        rg.rect(x, y + h - 1, w, 1, INK)
        rg.rect(x, y + 1, 1, h - 2, INK)
        rg.rect(x + w - 1, y + 1, 1, h - 2, INK)
        k = max(1, min((w - 4) // 12, (h - 4) // 14))
        rg.text(lab, x + 2, y + 2, k, col, maxw=w - 2)
        rg.pic(suit_pip(c, True), x + 2, y + 3 + 8 * k, k, col)
        if w - 4 - 6 * k >= 10 * k and h - 4 >= 10 * k:
            big = 2 * k
            rg.pic(suit_pip(c, True), x + w - 2 - 5 * big, y + h - 2 - 5 * big, big, col)

    def face(self, rg, c, x, y, w, h, col):
        """A real card face (gfx.faces: not imported on the matrix)."""
        from gfx import faces
        faces.face(self, rg, c, x, y, w, h, col)

    def rank(self, rg, lab, x, y, k, col):
        """A rank in the 5x7 font, 10 narrowed (its 1 has two blank
        columns); returns the width drawn."""
        if lab == "10":
            rg.text("1", x - k, y, k, col)
            rg.text("0", x + 4 * k, y, k, col)
            return 9 * k
        return rg.text(lab, x, y, k, col) - k

    def dog(self, rg, size, x, y, w, h, col=_DOG):
        """A dog of size 1..6 (gfx.table)."""
        from gfx import table
        table.dog(self, rg, size, x, y, w, h, col)

    def title(self, text):
        rg = self.whole()
        if self.small:
            return 0
        rg.rect(0, 0, self.cv.w, self.lh, INK)
        rg.text(text, 1, self.scale, self.scale, BG, maxw=self.cv.w - 2)
        return self.lh

    def menu(self, title, items, sel, ms=0):
        """A menu (gfx.menu): returns True while its label scrolls."""
        from gfx import menu
        return menu.menu(self, title, items, sel, ms)

    def join(self, game, joined, n_pads, icon):
        from gfx import menu
        menu.join(self, game, joined, n_pads, icon)

    def game(self, v):
        if v.game == "tape":
            self.tape(v)
        else:
            self.table(v)

    def prepare(self, game):
        """Import Tape-treize's screen before its game starts (loaded at its
        first card, it found no room in one piece on the unix port)."""
        if game == "tape":
            from gfx import tape  # noqa: F401

    def table(self, v):
        """Bataille and Bata-waf (gfx.table, imported for them only)."""
        from gfx import table
        table.table(self, v)

    def holdings(self, v, y, h, bars):
        """Cards each player holds, under their column: a number, or a bar
        (Bata-waf shows no digit, W6)."""
        cv = self.cv
        rg = self.whole()
        cw = cv.w // v.n
        total = 0
        for c in v.counts:
            total += c
        for p in range(v.n):
            if bars:
                ln = (cw - 4) * v.counts[p] // max(total, 1)
                rg.rect(p * cw + 2, y + 1, ln, h - 2, INK)
            else:
                rg.text(str(v.counts[p]), p * cw + 2, y + self.scale, self.scale, INK, maxw=cw - 4)

    def tape(self, v):
        """Tape-treize (gfx.tape, imported for Tape-treize only)."""
        from gfx import tape
        tape.tape(self, v)

    def pause(self, v):
        cv = self.cv
        cv.clear()
        rg = self.whole()
        k = 1 if self.small else max(1, cv.h // 16)
        rg.pic("pause", (cv.w - 5 * k) // 2, (cv.h - 5 * k) // 2, k, WARN)
        if not self.small and v.game != "batawaf":
            rg.text(self._t("paused"), 1, 1, self.scale, INK)

    def end(self, v):
        """Who won: a trophy facing each winner; Bataille and Tape-treize
        also say it in words with the cards (and points)."""
        cv = self.cv
        cv.clear()
        dogs = v.game == "batawaf"
        bottom = 0 if (self.small or v.n > 4) else (4 * self.scale if dogs else self.lh)
        if v.n <= 4:
            # the words go in a band of their own, above the trophies
            words = not self.small and not dogs
            top = self.lh + 2 if words else 0
            regs = self.player_regions(v.n, top, bottom, v.sides)
            for p in range(v.n):
                rg = regs[p]
                if p in v.winners:
                    k = max(1, min(rg.w // 8, rg.h // 8))
                    rg.pic("trophy", (rg.w - 7 * k) // 2, (rg.h - 7 * k) // 2, k, OK)
                else:
                    rg.pic("cross", (rg.w - 5) // 2, (rg.h - 5) // 2, 1, DIM if cv.colour else INK)
            if bottom:
                self.holdings(v, cv.h - bottom, bottom, dogs)
            if words:
                names = " ".join([str(p + 1) for p in v.winners])
                rg = self.whole()
                rg.text("%s %s" % (self._t("winner"), names), 1, 1, self.scale, INK)
            return
        rg = self.whole()
        if self.small:
            rg.pic("trophy", 4, 0, 1, OK)
            for p in range(v.n):
                rg.rect(p * 2, 12, 1, 3, _PLAYER0 + p if p in v.winners else DIM)
            return
        top = self.title(self._t("winner") + " " + " ".join([str(p + 1) for p in v.winners]))
        cw = cv.w // v.n
        for p in range(v.n):
            rg.text(str(v.points[p]), p * cw + 1, top + self.scale, self.scale, INK, maxw=cw - 2)

    def message(self, title, lines, icon="cross", col=RED):
        """Error screens and notices: an icon on the matrix, words elsewhere."""
        cv = self.cv
        cv.clear()
        rg = self.whole()
        if self.small:
            rg.pic(icon, 5, 5, 1, col)
            return
        top = self.title(title)
        y = top + self.scale
        for ln in lines:
            while ln and y + 7 * self.scale <= cv.h:
                n = max(1, (cv.w - 2) // (6 * self.scale))
                rg.text(ln[:n], 1, y, self.scale, INK)
                ln = ln[n:]
                y += self.lh
