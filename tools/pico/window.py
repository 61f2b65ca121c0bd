"""The emulated Pico in the simulator's window (`make pico`): what the board
drives on its pins, drawn by the simulator's view (sim/view.py): the
display from the decoded WS2812 frames, or from the SSD1306 / SSD1680
controller models (tools/pico/displays.py) fed the board's I2C / SPI
traffic; the pad LEDs from their pin levels; the buzzer's PWM played.  Keys,
mouse and touch press the pads (pins pulled low while held); M is the menu
button.  The board runs at real speed (realtime free run), the USB serial
stays on its socket for mpremote.
"""
import sys

import numpy as np

from tools.pico import displays

displays.host_path()

FPS = 30
# The LEDs' values are what the firmware sends (its brightness setting is in
# them: a lit LED at 24/255 is bright to the eye); a screen shows them
# through a gamma so that they read as they look.
GLOW = np.array([round(255 * (v / 255.0) ** (1 / 2.2)) for v in range(256)], np.uint8)


class PicoWindow:
    def __init__(self, pico, board):
        from hal.host import boards
        self.p = pico
        self.b = boards.load(board)
        self.name = board
        self.cfg = pico.board
        d = self.b.display
        self.kind = d.kind
        self.w, self.h = d.width, d.height
        self.pads = [pd["pin"] for pd in self.cfg["pads"]]
        self.leds = [pd.get("led") for pd in self.cfg["pads"]]
        self.menu_pin = (self.cfg.get("menu_button") or {}).get("pin")
        self.buzzer = (self.cfg.get("buzzer") or {}).get("pin")
        self.levels = {}
        self.model = None
        tapped = displays.for_board(self.b)
        if tapped:
            self.model, self.tap = tapped
        self.rgb = None
        self.tone = (0, 0)
        self.cursor = {}

    def new(self, kind):
        ans = self.p.request("events", kind=kind, since=self.cursor.get(kind, 0), drop=True)[kind]
        self.cursor[kind] = ans["next"]
        return ans["events"]

    def poll(self):
        """Read what the board did since the last call."""
        gpio = self.new("gpio")
        for e in gpio:
            self.levels[e["gpio"]] = e["level"]
        if self.kind == "ws2812":
            frames = self.new("ws2812")
            if frames:
                self.rgb = self.matrix(bytes.fromhex(frames[-1]["data"]))
        elif self.model is not None:
            traffic = [(e["t"], 0, e) for e in gpio]
            traffic += [(e["t"], 1, e) for e in self.new("spi" if self.kind == "ssd1680" or
                                                           self.b.display.bus != "i2c" else "i2c")]
            changed = False
            for _, k, e in sorted(traffic, key=lambda x: (x[0], x[1])):
                if k == 0:
                    if e["level"] is not None:
                        self.tap.pin(e["gpio"], e["level"], e["t"])
                elif "addr" in e:
                    if not e["read"]:
                        self.tap.i2c(e["addr"], bytes.fromhex(e["data"]), e["t"])
                        changed = True
                else:
                    self.tap.spi(bytes.fromhex(e["data"]), e["t"])
                    changed = True
            if changed:
                from sim import view
                pic = self.model.picture()
                ink, paper = (view.INK, view.PAPER) if self.kind == "ssd1680" else (view.OLED_ON, view.OLED_OFF)
                a = np.frombuffer(pic.pix, dtype=np.uint8).reshape(pic.height, pic.width)
                self.rgb = np.where(a[..., None] == 1, np.array(ink, np.uint8), np.array(paper, np.uint8))
        for e in self.new("pwm"):
            if e["gpio"] == self.buzzer:
                self.tone = (e["freq"], int(e["duty"] * 65535)) if e["en"] else (0, 0)

    def matrix(self, raw):
        from drivers.ws2812 import chain_index
        order = self.b.display.order
        img = np.zeros((self.h, self.w, 3), np.uint8)
        for y in range(self.h):
            for x in range(self.w):
                i = 3 * chain_index(x, y, self.w, self.b.display.layout)
                if i + 3 <= len(raw):
                    c = dict(zip(order, raw[i:i + 3]))
                    img[y, x] = (c["R"], c["G"], c["B"])
        return GLOW[img]

    def lit(self):
        from gfx import render
        return [render.player_rgb(k) if pin is not None and self.levels.get(pin) else None
                for k, pin in enumerate(self.leds)]

    def run(self, quit_after_s=None, screenshot=None):
        import pygame
        from sim import screen, sound, view
        layout = view.Layout(self.kind, self.w, self.h, len(self.pads), 1.0, menu=self.menu_pin is not None)
        surf = screen.open_window((layout.w, layout.h))
        pygame.display.set_caption("Bataille box on an emulated Pico - %s" % self.name)
        pygame.key.set_repeat()
        v = view.View(surf, layout, self.name)
        speaker = sound.Speaker()
        held = {}          # input source -> pad
        clock = pygame.time.Clock()
        t0 = pygame.time.get_ticks()
        try:
            while True:
                for ev in pygame.event.get():
                    if ev.type == pygame.QUIT or (ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE):
                        return 0
                    src, pad, down = None, None, None
                    if ev.type in (pygame.KEYDOWN, pygame.KEYUP):
                        down = ev.type == pygame.KEYDOWN
                        if ev.key == pygame.K_m and self.menu_pin is not None:
                            self.p.set_input(self.menu_pin, 0 if down else 1)
                            continue
                        src = ("key", ev.key)
                        pad = view.key_to_pad(pygame.key.name(ev.key), len(self.pads))
                    elif ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and not getattr(ev, "touch", False):
                        down = ev.type == pygame.MOUSEBUTTONDOWN
                        src = ("mouse", ev.button)
                        if down and layout.menu_rect is not None and layout.menu_rect.collidepoint(ev.pos):
                            self.p.set_input(self.menu_pin, 0)
                            held[src] = "menu"
                            continue
                        pad = layout.pad_at(*ev.pos)
                    if src is None:
                        continue
                    if down and pad is not None and src not in held:
                        held[src] = pad
                        self.p.set_input(self.pads[pad], 0)
                    elif not down and src in held:
                        k = held.pop(src)
                        self.p.set_input(self.menu_pin if k == "menu" else self.pads[k], 1)
                if self.p.stopped:
                    sys.stderr.write("pico: the emulated Pico stopped: %s\n" % self.p.stopped)
                    return 1
                self.poll()
                speaker.set(*self.tone)
                down = [k in held.values() for k in range(len(self.pads))]
                st = self.p.state()
                status = "%s on an emulated Pico   t=%.1f s   USB serial socket://127.0.0.1:%d" % (
                    self.name, st["now_us"] / 1e6, self.p.port)
                v.draw(self.rgb, self.lit(), down, status)
                pygame.display.flip()
                if quit_after_s is not None and pygame.time.get_ticks() - t0 >= quit_after_s * 1000:
                    if screenshot:
                        pygame.image.save(surf, screenshot)
                    return 0
                clock.tick(FPS)
        finally:
            speaker.close()
            pygame.quit()
