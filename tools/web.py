"""Build the box's web page (`make web`): a static site in build/web/ that
runs the real firmware (the frozen UF2 of each board) on the emulated RP2040
in the browser, opened from the disk or from any static host, with no server
and no network.  docs/web.md says what it is and what it costs.

  python tools/web.py [--out build/web] [--boards pico_matrix,pico_oled]

Why this shape: a page opened from file:// cannot fetch() files beside it,
so everything the emulator needs is in script files (<script src> works
from the disk): every board file with what the emulator must know of it
(boards.js); one frozen UF2 per display kind as base64 (firmware/<kind>.js:
the board file is data the firmware reads from its flash, main.py booting a
board.json found there before the frozen one, so the page writes the chosen
board's file into the emulated flash instead of a firmware per board); the
bootrom the same way (bootrom.js), and
the page's code (box.js: the page and, as a string started as a blob
Worker, the emulator: tools/pico/lib/, the same files `make pico` runs).
What is taken from elsewhere, so that each fact has one source:
  - the UF2s: tools/uf2.py (`make uf2`), cached in build/mp;
  - the bootrom: the emulator's inputs (build/pico-inputs, ../shared/pico:
    tools.pico.pico.find_input), never shipped in the repository;
  - the emulator's board settings (the WS2812 pin, the SPI wiring and the
    e-ink BUSY timings, the OLED's address): tools.pico.pico.board_config;
  - the colours: the simulator's view (paper, ink, OLED) and the firmware's
    player colours (pad LEDs); the LED gamma: tools.pico.window.GLOW.
"""
import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "web")
# The displays the page's own decoding knows (web/src/worker.mjs, panels.mjs).
PAGE_KINDS = ("ws2812", "ssd1306", "sh1106", "ssd1680")
# A mounting (display.rotate, display.mirror) changes how the box is fixed
# in its case, not the firmware: the board file says it, read at boot.
MOUNTING = ("rotate", "mirror")
# The file system the firmware (MicroPython's RPI_PICO build) keeps at the
# end of the flash: MICROPY_HW_FLASH_STORAGE_BYTES of its mpconfigboard.h,
# in littlefs blocks of 4 KB (its _boot.py: VfsLfs2, progsize 256).  The
# page writes the board file there (tools/pico/lib/littlefs.mjs format).
FS_BLOCKS = 1408 * 1024 // 4096


def board_files():
    """{name: its board file's JSON} of every file under boards/."""
    d = os.path.join(ROOT, "boards")
    out = {}
    for f in sorted(os.listdir(d)):
        if f.endswith(".json"):
            with open(os.path.join(d, f)) as fh:
                out[f[:-5]] = json.load(fh)
    return out


def offered():
    """(BOARDS, FIRMWARES, UNSHOWN), derived from the board files: BOARDS
    every board file (the default one first); FIRMWARES {display kind: the
    board whose frozen UF2 runs every board of that kind} (a Pico's, one
    that talks if any does, so that its voices are frozen in: the board
    file itself comes from the flash); UNSHOWN {board: why the page cannot
    show it, in words}."""
    files = board_files()
    firmwares, unshown = {}, {}
    for name, b in files.items():
        kind = b.get("display", {}).get("kind")
        if kind not in PAGE_KINDS:
            unshown[name] = "its display (%s) has no model in the page yet" % kind

    def rank(name):
        b = files[name]
        return (b.get("module") != "pico", "speaker" not in b,
                bool([k for k in MOUNTING if k in b["display"]]), name)
    for name in sorted((n for n in files if n not in unshown), key=rank):
        firmwares.setdefault(files[name]["display"]["kind"], name)
    # the default board first: the one the README and make sim start from
    boards = sorted(files, key=lambda n: (n != "pico_matrix", n))
    return tuple(boards), firmwares, unshown


BOARDS, FIRMWARES, UNSHOWN = offered()
for _p in (ROOT, os.path.join(ROOT, "firmware")):
    if _p not in sys.path:
        sys.path.insert(0, _p)


def say(msg):
    print(msg, file=sys.stderr, flush=True)


def uf2_of(board, out_dir):
    """The frozen UF2 of `board` (tools/uf2.py, cached): its path in out_dir."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("uf2", os.path.join(ROOT, "tools", "uf2.py"))
    _uf2 = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(_uf2)
    out = os.path.join(out_dir, "bataille-box-%s-%s.uf2" % (board, _uf2.version()))
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "uf2.py"), "firmware", "--board", board,
                        "--out", out], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    if r.returncode:
        raise SystemExit("web: the UF2 of %s could not be built (above); `make web` needs what `make uf2` "
                         "needs" % board)
    return out


def board_data(board):
    """What the page must know of a board (boards.js): its board file (the
    text written to the flash as board.json), the emulator's settings, its
    display, colours and keys; its firmware (a display kind) or why none."""
    from tools.pico.pico import board_config
    from tools.pico.window import GLOW
    from gfx import render
    from sim import view
    cfg, b = board_config(board)
    # what the page does not read is not recorded (the worker drains the
    # rest after every run call): the DMA transfers, flash operations and
    # resets, the other displays' traffic
    used = {"ws2812": ("ws2812",), "ssd1306": ("i2c",), "sh1106": ("i2c",), "ssd1680": ("spi", "busy")}
    cfg["record_off"] = ["dma", "flash", "reset"] + [k for k in ("ws2812", "i2c", "spi", "busy")
                                                     if k not in used.get(b["display"]["kind"], ())]
    with open(os.path.join(ROOT, "boards", board + ".json")) as f:
        text = f.read()
    d = b["display"]
    kind = d["kind"]
    return {
        "name": board,
        "title": b.get("name", board),
        "board": b,
        "board_json": text,
        "firmware": kind if kind in FIRMWARES else None,
        "why": UNSHOWN.get(board),
        "config": cfg,
        "display": {"kind": kind, "width": d["width"], "height": d["height"],
                    "layout": d.get("layout", "rows"), "order": d.get("order", "GRB")},
        "colours": {"ink": view.INK, "paper": view.PAPER, "oled_on": view.OLED_ON, "oled_off": view.OLED_OFF,
                    "led_off": view.LED_OFF,
                    "players": [render.player_rgb(k) for k in range(len(b["pads"]))]},
        "glow": [int(v) for v in GLOW],
        "keys": [view.pad_keys(k) for k in range(len(b["pads"]))],
        "games": games_of(board),
    }


def games_of(board):
    """{game: {"taps": pads, "max": players}}: the pads (0-based) that walk a
    box with a fresh flash from its home menu to the game's join screen
    (host.bots.Walk, the firmware's own menus mirrored, as the emulator's
    tests walk them), for the page's links and log replays."""
    from hal.host import boards
    from app import settings
    from app.phase import GAMES
    from host.walk import Walk
    b = boards.load(board)
    return {g: {"taps": Walk(settings.defaults(), board=b).presses(g), "max": min(GAMES[g][1], len(b.pad_pins()))}
            for g in sorted(GAMES)}


def firmware_data(kind, uf2_path):
    """firmware/<kind>.js: the frozen UF2 that runs every board of a
    display kind, and where its file system is."""
    with open(uf2_path, "rb") as f:
        uf2 = f.read()
    return {"kind": kind, "frozen": FIRMWARES[kind], "uf2_file": "uf2/" + os.path.basename(uf2_path),
            "uf2_bytes": len(uf2), "fs_blocks": FS_BLOCKS, "uf2": base64.b64encode(uf2).decode()}


def script(var, key, value):
    """A script that adds value under key to self[var] (a page or a worker)."""
    return "(self.%s = self.%s || {})[%s] = %s;\n" % (var, var, json.dumps(key), json.dumps(value))


def bundle(out):
    """box.js with esbuild (web/build.mjs); web/node_modules from `make web`."""
    esb = os.path.join(WEB, "node_modules", "esbuild")
    if not os.path.isdir(esb):
        raise SystemExit("web: esbuild is not installed: run `make web` (it runs npm ci in web/)")
    if not os.path.isdir(os.path.join(ROOT, "tools", "pico", "node_modules", "rp2040js")):
        raise SystemExit("web: rp2040js is not installed: run `make pico-deps`")
    r = subprocess.run(["node", os.path.join(WEB, "build.mjs"), out], cwd=WEB)
    if r.returncode:
        raise SystemExit("web: the bundle failed (above)")


def build(out, boards):
    from tools.pico.pico import BOOTROM_NAME, MissingInput, find_input
    t0 = time.time()
    try:
        bootrom = find_input(BOOTROM_NAME, env="PICO_BOOTROM")
    except MissingInput as e:
        raise SystemExit("web: the page needs the RP2040 bootrom, as `make pico` does: %s" % e)
    os.makedirs(os.path.join(out, "uf2"), exist_ok=True)
    with open(bootrom, "rb") as f:
        rom = f.read()
    if len(rom) != 16384:
        raise SystemExit("web: %s is %d bytes, not the 16 KB RP2040 bootrom" % (bootrom, len(rom)))
    with open(os.path.join(out, "bootrom.js"), "w") as f:
        f.write(script("BOX_ROM", "bootrom", base64.b64encode(rom).decode()))
    os.makedirs(os.path.join(out, "firmware"), exist_ok=True)
    index = [board_data(b) for b in boards]
    kinds = sorted(set(d["firmware"] for d in index if d["firmware"]))
    for kind in kinds:
        uf2 = uf2_of(FIRMWARES[kind], os.path.join(out, "uf2"))
        with open(os.path.join(out, "firmware", kind + ".js"), "w") as f:
            f.write(script("BOX_FIRMWARE", kind, firmware_data(kind, uf2)))
    with open(os.path.join(out, "boards.js"), "w") as f:
        f.write("self.BOX_INDEX = %s;\n" % json.dumps(index))
    bundle(out)
    shutil.copy(os.path.join(WEB, "index.html"), os.path.join(out, "index.html"))
    sizes = {n: os.path.getsize(os.path.join(out, n)) for n in ("box.js", "bootrom.js")}
    say("web: %s (box.js %d KB, %d boards, %d firmwares, %.0f s): open %s" % (
        os.path.relpath(out, ROOT), sizes["box.js"] // 1024, len(boards), len(kinds), time.time() - t0,
        os.path.join(os.path.relpath(out, ROOT), "index.html")))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "web"))
    ap.add_argument("--boards", default=",".join(BOARDS),
                    help="comma-separated board names offered (default: every board file, %s); one firmware is "
                         "built per display kind among them" % ",".join(BOARDS))
    a = ap.parse_args(argv)
    boards = [b for b in a.boards.split(",") if b]
    for b in boards:
        if not os.path.isfile(os.path.join(ROOT, "boards", b + ".json")):
            raise SystemExit("web: no board file boards/%s.json (boards: %s)" % (b, ", ".join(BOARDS)))
    for b in boards:
        if b in UNSHOWN:
            say("web: %s is listed but cannot be shown: %s" % (b, UNSHOWN[b]))
    build(os.path.abspath(a.out), boards)
    return 0


if __name__ == "__main__":
    sys.exit(main())
