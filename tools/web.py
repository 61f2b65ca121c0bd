"""Build the box's web page (`make web`): a static site in build/web/ that
runs the real firmware (the frozen UF2 of each board) on the emulated RP2040
in the browser, opened from the disk or from any static host, with no server
and no network.  docs/web.md says what it is and what it costs.

  python tools/web.py [--out build/web] [--boards pico_matrix,pico_oled]

Why this shape: a page opened from file:// cannot fetch() files beside it,
so everything the emulator needs is in script files (<script src> works
from the disk): each board's UF2 as base64 with what the emulator must know
of the board (boards/<name>.js), the bootrom the same way (bootrom.js), and
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
# The displays the page's own decoding knows (web/src/worker.mjs, panels.mjs):
# the Python emulator models the SH1106 too, the page not yet.
PAGE_KINDS = ("ws2812", "ssd1306", "ssd1680")
# A mounting (display.rotate, display.mirror) changes how the box is fixed
# in its case, not what a visitor sees.
MOUNTING = ("rotate", "mirror")


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
    """(BOARDS, VARIANTS), derived from the board files: the page offers
    every board its decoding can show, but a mounting of another board it
    offers (the same box to a visitor; each board costs make web a firmware
    build).  VARIANTS: {left-out board: why, in words}."""
    files = board_files()

    def plain(b):
        b = dict(b, name="")
        b["display"] = {k: v for k, v in b.get("display", {}).items() if k not in MOUNTING}
        return json.dumps(b, sort_keys=True)
    boards, variants = [], {}
    for name, b in files.items():
        disp = b.get("display", {})
        if disp.get("kind") not in PAGE_KINDS:
            variants[name] = "its display (%s) has no model in the page" % disp.get("kind")
        elif [k for k in MOUNTING if k in disp]:
            base = [n for n, o in files.items() if n != name and not [k for k in MOUNTING if k in o.get("display", {})]
                    and plain(o) == plain(b)]
            if base:
                variants[name] = "a mounting of %s" % base[0]
            else:
                boards.append(name)
        else:
            boards.append(name)
    # the default board first: the one the README and make sim start from
    boards.sort(key=lambda n: (n != "pico_matrix", n))
    return tuple(boards), variants


BOARDS, VARIANTS = offered()
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


def board_data(board, uf2_path):
    from tools.pico.pico import board_config
    from tools.pico.window import GLOW
    from gfx import render
    from sim import view
    cfg, b = board_config(board)
    cfg["record_off"] = ["dma"]          # nothing in the page reads them
    with open(uf2_path, "rb") as f:
        uf2 = f.read()
    d = b["display"]
    return {
        "name": board,
        "title": b.get("name", board),
        "board": b,
        "config": cfg,
        "display": {"kind": d["kind"], "width": d["width"], "height": d["height"],
                    "layout": d.get("layout", "rows"), "order": d.get("order", "GRB")},
        "colours": {"ink": view.INK, "paper": view.PAPER, "oled_on": view.OLED_ON, "oled_off": view.OLED_OFF,
                    "led_off": view.LED_OFF,
                    "players": [render.player_rgb(k) for k in range(len(b["pads"]))]},
        "glow": [int(v) for v in GLOW],
        "keys": [view.pad_keys(k) for k in range(len(b["pads"]))],
        "uf2_file": "uf2/" + os.path.basename(uf2_path),
        "uf2": base64.b64encode(uf2).decode(),
    }


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
    os.makedirs(os.path.join(out, "boards"), exist_ok=True)
    os.makedirs(os.path.join(out, "uf2"), exist_ok=True)
    with open(bootrom, "rb") as f:
        rom = f.read()
    if len(rom) != 16384:
        raise SystemExit("web: %s is %d bytes, not the 16 KB RP2040 bootrom" % (bootrom, len(rom)))
    with open(os.path.join(out, "bootrom.js"), "w") as f:
        f.write(script("BOX_ROM", "bootrom", base64.b64encode(rom).decode()))
    index = []
    for board in boards:
        uf2 = uf2_of(board, os.path.join(out, "uf2"))
        data = board_data(board, uf2)
        with open(os.path.join(out, "boards", board + ".js"), "w") as f:
            f.write(script("BOX_BOARDS", board, data))
        index.append({"name": board, "title": data["title"], "uf2_file": data["uf2_file"],
                      "uf2_bytes": os.path.getsize(uf2)})
    with open(os.path.join(out, "boards.js"), "w") as f:
        f.write("self.BOX_INDEX = %s;\n" % json.dumps(index))
    bundle(out)
    shutil.copy(os.path.join(WEB, "index.html"), os.path.join(out, "index.html"))
    sizes = {n: os.path.getsize(os.path.join(out, n)) for n in ("box.js", "bootrom.js")}
    say("web: %s (box.js %d KB, %d boards, %.0f s): open %s" % (
        os.path.relpath(out, ROOT), sizes["box.js"] // 1024, len(boards), time.time() - t0,
        os.path.join(os.path.relpath(out, ROOT), "index.html")))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "web"))
    ap.add_argument("--boards", default=",".join(BOARDS), help="comma-separated board names (default: %s)" % ",".join(BOARDS))
    a = ap.parse_args(argv)
    boards = [b for b in a.boards.split(",") if b]
    for b in boards:
        if not os.path.isfile(os.path.join(ROOT, "boards", b + ".json")):
            raise SystemExit("web: no board file boards/%s.json (boards: %s)" % (b, ", ".join(BOARDS)))
        if b in VARIANTS:
            raise SystemExit("web: %s is not offered on the page: %s" % (b, VARIANTS[b]))
    if a.boards == ",".join(BOARDS) and VARIANTS:
        say("web: left out, %s" % "; ".join("%s (%s)" % kv for kv in sorted(VARIANTS.items())))
    build(os.path.abspath(a.out), boards)
    return 0


if __name__ == "__main__":
    sys.exit(main())
