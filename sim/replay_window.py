"""Playing a checked log back, in the window or as screenshots.

The screens are the firmware's own: the log's events go through app.view.View
(the Log listener the box itself uses) and gfx.render.Renderer draws them
into a frame buffer of the board's display, which the window shows with the
board's look.  A step is every event that shares one time stamp (a duel's
flips, a take, a slap...).

Keys: space, right arrow, Enter or any pad key: next step; left arrow or
backspace: previous step; P: play/pause at --speed (default 1x);
+/-: faster/slower; Home/End: first/last step; Esc or closing the window:
quit.
"""
import os
import sys

import numpy as np

from core import cards as _cards
from core import log as _log
from sim import box as _box
from sim import view as _view

PANEL_W = 460


def group_steps(entries):
    """entries (core.log.read) -> list of steps, each a list of entries with
    the same t; the start and the deal are a step of their own."""
    steps = []
    for e in entries:
        if steps and steps[-1][0][1] == e[1] and steps[-1][-1][2] != "deal":
            steps[-1].append(e)
        else:
            steps.append([e])
    return steps


def display_format(kind):
    """The frame buffer format the renderer draws into for a display kind:
    RGB565 for the LED matrix, 1 bit per pixel for the others (each
    controller's native layout)."""
    from gfx import fb
    if kind == "ws2812":
        return fb.RGB565
    if kind == "ssd1306":
        return fb.MONO_VLSB
    return fb.MONO_HLSB


class Screens:
    """The firmware's screens for each step of a log."""

    def __init__(self, entries, kind, w, h, lang="fr"):
        from app import strings as _strings
        from app import view as _appview
        from gfx import fb, render
        self._appview = _appview
        self.entries = entries
        self.steps = group_steps(entries)
        # where each game of the file begins (a session may hold several)
        self.game_at = [k for k, st in enumerate(self.steps) if st[0][2] == "start"] or [0]
        start = entries[0][3]
        self.game = start["game"]
        self.n = max([st[0][3].get("players", 2) for st in self.steps if st[0][2] == "start"] or [2])
        self.kind, self.w, self.h = kind, w, h
        self.fmt = display_format(kind)
        self.buf, self.fb = fb.new(w, h, self.fmt)
        self.canvas = render.Canvas(self.fb, w, h, kind == "ws2812")
        self.renderer = render.Renderer(self.canvas, _strings.table(lang), lang == "fr")
        self._last = None    # (first step of the game, k, view after step k)

    def state(self, k):
        """The view after steps 0..k (of the game step k belongs to)."""
        first = 0
        for g in self.game_at:
            if g <= k:
                first = g
        cached = self._last
        if cached is not None and cached[0] == first and cached[1] <= k:
            # going forward in the same game: only the new steps
            v, done = cached[2], cached[1] + 1
        else:
            start = self.steps[first][0][3]
            hidden = bool((start.get("options") or {}).get("hidden_count", False))
            v = self._appview.View(start["game"], start["players"], hidden)
            done = first
        for step in self.steps[done:k + 1]:
            for lineno, t, ev, d in step:
                v.event(t, ev, [d.get(f) for f in _log.FIELDS[ev]])
        self._last = (first, k, v)
        return v

    def frame(self, k):
        """Draw step k; the frame buffer bytes."""
        v = self.state(k)
        if v.ended:
            self.renderer.end(v)
        else:
            self.renderer.game(v)
        return bytes(self.buf)

    def rgb(self, k):
        return _view.frame_rgb(self.kind, self.frame(k), self.w, self.h, self.fmt)

    def step_text(self, k):
        return [line_text(e) for e in self.steps[k]]


# Fields holding a player (or players) as the log numbers them, from 0;
# a person reads P1..P8, as on the box's screens.
PLAYER_FIELDS = ("p", "dealer", "taker", "ps", "order", "winners")
PER_PLAYER = {"round": ("points", "cards"), "end": ("points", "cards")}


def _p(v):
    return "P%d" % (v + 1) if isinstance(v, int) and not isinstance(v, bool) else str(v)


def line_text(e):
    lineno, t, ev, d = e
    parts = []
    for f in _log.FIELDS[ev]:
        if f in d:
            v = d[f]
            if f in PLAYER_FIELDS:
                v = ",".join([_p(x) for x in v]) if isinstance(v, list) else _p(v)
            elif f in PER_PLAYER.get(ev, ()) and isinstance(v, list):
                v = " ".join(["P%d:%s" % (i + 1, x) for i, x in enumerate(v)])
            elif f == "hands":
                v = "/".join([str(len(h)) for h in v]) + " cards"
            elif f == "options":
                v = ",".join(["%s=%s" % (k, v[k]) for k in sorted(v)])
            elif isinstance(v, list) and len(v) > 8:
                v = " ".join([str(x) for x in v[:8]]) + " ... (%d)" % len(v)
            elif isinstance(v, list):
                v = " ".join([str(x) for x in v])
            parts.append("%s=%s" % (f, v))
    return "%4d %7.1fs %-7s %s" % (lineno, t / 1000.0, ev, " ".join(parts))


def save_screens(screens, folder, layout, board_name, speaker=None):
    """Headless replay with --screenshots: one PNG per step whose screen
    changed."""
    import pygame
    surf = pygame.Surface((layout.w, layout.h))
    v = _view.View(surf, layout, board_name)
    last = None
    n = 0
    for k in range(len(screens.steps)):
        fr = screens.frame(k)
        if fr == last:
            continue
        last = fr
        rgb = _view.frame_rgb(screens.kind, fr, screens.w, screens.h, screens.fmt)
        t = screens.steps[k][0][1]
        v.draw(rgb, [None] * layout.n_pads, [False] * layout.n_pads,
               "replay step %d/%d  t=%.1f s" % (k + 1, len(screens.steps), t / 1000.0))
        pygame.image.save(surf, os.path.join(folder, "replay_%04d.png" % k))
        n += 1
    return n


def run(cfg, verdict):
    """The window; returns an exit code (0: closed normally)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    try:
        board = _box.load_board(cfg.board)
    except _box.BoxError as e:
        sys.stderr.write("sim: %s\n" % e)
        return 2
    d = board.display
    screens = Screens(verdict.entries, d.kind, d.width, d.height, cfg.lang or "fr")
    layout = _view.Layout(d.kind, d.width, d.height, max(board.n_pads, screens.n), cfg.scale)
    if cfg.screenshots:
        os.makedirs(cfg.screenshots, exist_ok=True)
        n = save_screens(screens, cfg.screenshots, layout, board.name)
        sys.stdout.write("%d screenshots in %s\n" % (n, cfg.screenshots))
    from sim import screen as _screen
    try:
        win = _screen.open_window((layout.w + PANEL_W, layout.h))
    except RuntimeError as e:
        sys.stderr.write("sim: %s\n" % e)
        return 1
    pygame.display.set_caption("Bataille box - replay %s" % cfg.replay)
    box_surf = win.subsurface((0, 0, layout.w, layout.h))
    bview = _view.View(box_surf, layout, board.name)
    font = pygame.font.SysFont("monospace", 14) if pygame.font.get_fonts() else pygame.font.Font(None, 18)
    big = pygame.font.Font(None, 26)
    eink = _view.EinkPanel(board.display.full_every or 5) if d.kind == "ssd1680" else None
    k = 0
    shown_k = -1
    speed = cfg.speed or 1.0
    playing = cfg.speed is not None
    clock = pygame.time.Clock()
    real = 0.0            # real ms since the replay (re)started playing
    step_t = [s[0][1] for s in screens.steps]
    frame_cache = {}
    last = len(screens.steps) - 1
    quit_after_ms = None
    if os.environ.get("SIM_QUIT_AFTER"):
        # for CI and the tests: close the window after this many seconds
        quit_after_ms = float(os.environ["SIM_QUIT_AFTER"]) * 1000
    t_open = pygame.time.get_ticks()
    while True:
        if quit_after_ms is not None and pygame.time.get_ticks() - t_open >= quit_after_ms:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                pygame.quit()
                return 0
            if ev.type == pygame.KEYDOWN:
                name = pygame.key.name(ev.key)
                if ev.key == pygame.K_ESCAPE:
                    pygame.quit()
                    return 0
                if ev.key in (pygame.K_SPACE, pygame.K_RIGHT, pygame.K_RETURN) or \
                        _view.key_to_pad(name, layout.n_pads) is not None:
                    k = min(last, k + 1)
                    playing = False
                elif ev.key in (pygame.K_LEFT, pygame.K_BACKSPACE):
                    k = max(0, k - 1)
                    playing = False
                elif ev.key == pygame.K_HOME:
                    k = 0
                elif ev.key == pygame.K_END:
                    k = last
                elif ev.key == pygame.K_p:
                    playing = not playing
                    real = step_t[k]
                elif name in ("+", "=", "[+]"):
                    speed = min(64.0, speed * 2)
                elif name in ("-", "[-]"):
                    speed = max(0.125, speed / 2)
        dt = clock.tick(60)
        if playing:
            real += dt * speed
            while k < last and step_t[k + 1] <= real:
                k += 1
            if k == last:
                playing = False
        if k not in frame_cache:
            frame_cache[k] = screens.rgb(k)
        rgb = frame_cache[k]
        now_us = pygame.time.get_ticks() * 1000
        if eink is not None:
            if shown_k != k:
                eink.refresh(rgb, now_us)
            rgb = eink.frame(now_us)
        shown_k = k
        status = "%s  step %d/%d  t=%.1f s   space: next, left: back, P: %s, +/-: %gx" % (
            verdict.status, k + 1, last + 1, step_t[k] / 1000.0, "pause" if playing else "play", speed)
        bview.draw(rgb, [None] * layout.n_pads, [False] * layout.n_pads, status)
        _panel(win, layout.w, layout.h, font, big, screens, k, verdict)
        pygame.display.flip()


def _panel(win, x0, h, font, big, screens, k, verdict):
    import pygame
    win.fill((24, 26, 30), (x0, 0, PANEL_W, h))
    y = 10
    title = big.render("%s, %d players" % (screens.game, screens.n), True, (240, 240, 240))
    win.blit(title, (x0 + 10, y))
    y += 30
    for s in _wrap(verdict.message, 52)[:4]:
        win.blit(font.render(s, True, (160, 200, 160) if verdict.status == "OK" else (230, 200, 120)),
                 (x0 + 10, y))
        y += 17
    y += 8
    lh = 17
    rows = (h - y - 10) // lh
    # the log around the current step, the step itself highlighted
    lines = []
    first = max(0, k - 6)
    for j in range(first, len(screens.steps)):
        for e in screens.steps[j]:
            lines.append((j == k, line_text(e)))
        if len(lines) >= rows:
            break
    for cur, s in lines[:rows]:
        if cur:
            win.fill((60, 60, 90), (x0 + 4, y - 1, PANEL_W - 8, lh))
        win.blit(font.render(s[:54], True, (235, 235, 235) if cur else (150, 150, 150)), (x0 + 8, y))
        y += lh


def _wrap(s, n):
    """s in lines of at most n characters, cut between words (a range like
    "lines 1-131" stays whole)."""
    import textwrap
    return textwrap.wrap(s, n, break_on_hyphens=False) or [""]


def card_names(cs):
    return " ".join([_cards.name(c) for c in cs])
