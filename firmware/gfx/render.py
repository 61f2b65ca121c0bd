# One renderer for every display: the 16x16 LED matrix (colour), the SSD1306
# 128x64 OLED and the SSD1680 296x128 e-ink (mono).  Screens are laid out
# from the resolution alone and drawn on a gfx.canvas Canvas (which counts
# what a test checks: draws outside the display, font glyphs, cut texts).
#
#   r = Renderer(canvas, strings=None, faces_fr=True)
#   r.menu(title, items, sel, ms, hint), r.join(...), r.game(view),
#   r.end(view), r.message(title, lines, icon, col)
#
# Cards: real card faces where there is room (pips as on a card, a figure
# for V/D/R), rank and suit in the 5x7 or 3x5 font on the matrix; dogs from
# two sets of six (gfx.glyphs) whose lit area grows 1.3x a size or more.
# Menus on the matrix: one item, its icon, its label scrolling when too wide.
# Each screen's own module (gfx.faces, menu, table, tape, end) is imported only
# when it is drawn, so a game carries only its own screens; they take their
# shared names from gfx.canvas, never from here.
#
# Square display: each player's card sits in the part of the screen facing
# them (two players: bottom half p0, top half p1 turned 180 degrees; three or
# four: quadrants clockwise from bottom-left, each turned towards its side).
# Wide displays: one column per player, left to right.
# (the names its users take from here; each is a slot of this module's table
# on the board: 23 names fit a 23-slot table, one more takes 29)
from gfx.canvas import (Canvas, Region, RGB, player_rgb, text_width,  # noqa: F401
                        scroll_offset, rank_label, suit_pip,
                        BG, INK, RED, BLACKSUIT, BATTLE, DOG, DIM, WARN, OK, PLAYER0)


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
        # the whole canvas as a region, made once: a screen asks for it at
        # every frame, and on the Pico an allocation is a first-fit search
        # of the heap (issue 26: a matrix menu's frame within 8 ms)
        self.rg = Region(canvas, 0, 0, w, h)

    def _t(self, key):
        return self.s.get(key, key)

    def whole(self):
        return self.rg

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

    def card(self, rg, c, x=0, y=0, w=0, h=0, col=DOG):
        """Card c in the part (x, y, w, h) of region rg (all of it if w=0);
        col: a dog's colour."""
        from core import cards      # (where a card is drawn: gfx.style's rank_label says why)
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

    def dog(self, rg, size, x, y, w, h, col=DOG):
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

    def menu(self, title, items, sel, ms=0, hint=False):
        """A menu (gfx.menu): returns True while its label scrolls."""
        from gfx import menu
        return menu.menu(self, title, items, sel, ms, hint)

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
        """Cards each player holds, under their column: two cards and a
        number, or a bar (Bata-waf shows no digit, W6); the box's seats
        (P1) first show its sign."""
        cv = self.cv
        rg = self.whole()
        s = self.scale
        cw = cv.w // v.n
        total = 0
        for c in v.counts:
            total += c
        for p in range(v.n):
            x = p * cw + 2
            if p in v.box:
                rg.pic("sign_boxseat", x, y + (h - 5 * s) // 2, s, INK)
                x += 6 * s
            if bars:
                ln = (p * cw + cw - 2 - x) * v.counts[p] // max(total, 1)
                rg.rect(x, y + 1, ln, h - 2, INK)
            else:
                rg.pic("sign_twocards", x, y + 2 * s, s, INK)
                rg.text(str(v.counts[p]), x + 6 * s, y + s, s, INK, maxw=p * cw + cw - 2 - x - 6 * s)

    def tape(self, v):
        """Tape-treize (gfx.tape, imported for Tape-treize only)."""
        from gfx import tape
        tape.tape(self, v)

    def end(self, v):
        """Who won (gfx.end, imported at the end screen only)."""
        from gfx import end
        end.end(self, v)

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
