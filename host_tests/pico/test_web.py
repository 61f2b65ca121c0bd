# The box's web page (`make web`, docs/web.md) in a real browser: Debian's
# headless Chromium driven by puppeteer-core (web/drive.mjs), the page
# opened from the disk (file://) with every network request refused.  The
# site is built by tools/web.py (every board file, one frozen UF2 per
# display kind, cached by tools/uf2.py; the bootrom from the emulator's
# inputs).  In fast mode
# (?fast: emulated time not held to the wall clock), through window.box:
# the first picture of each board is the host renderer's home menu (its
# board file the board.json the page writes into the emulated flash, a
# mounted box shown upright; the SH1106 through the page's own model); the flash is still there after a reload
# (IndexedDB); a game log of the simulator replays on the firmware line for
# line, and the box's own log of it, read off the emulated flash, is
# accepted by `make replay`; a link opens a dealt game.
import json
import os
import re
import shutil
import subprocess
import sys
import time
import types

import pytest

from tools.pico.pico import ROOT
from tools.pico import play as P

sys.path.insert(0, os.path.join(ROOT, "host_tests"))
import pico_box  # noqa: E402  (the menus mirrored: app.menu, app.settings)
from tools.pico import pico as _pico  # noqa: E402

from tools.web_page import Page, WEB, CHROMIUM  # noqa: E402,F401  (the page in Chromium: shared with bench/host_web.py)


def in_ci():
    return os.environ.get("CI", "").lower() in ("true", "1", "yes")


def need(what):
    if in_ci():
        pytest.fail(what, pytrace=False)
    pytest.skip(what)


class _Pins:
    """What pico_box.Box asks of its emulated Pico, answered by the page."""

    def __init__(self, box):
        self.box = box

    @property
    def now_us(self):
        return self.box.now_ms * 1000

    def press(self, gpio, at_us=None, hold_us=60000, **_):
        self.box._press(gpio, at_us, hold_us)

    def run_for(self, us):
        self.box._run_for(us)

    def serial_text(self):
        return self.box.text()


class PageBox(pico_box.Box):
    """pico_box's menu walking (the firmware's own app.menu, mirrored) on
    the page: a tap is box.press, time passes as the page runs on."""

    def __init__(self, page, board="pico_matrix"):
        self.board = board
        self.page = page
        with open(os.path.join(ROOT, "boards", board + ".json")) as f:
            self.pins = [p["pin"] for p in json.load(f)["pads"]]
        self.pico = _Pins(self)
        import random
        from app import settings as _set
        from host.walk import Walk
        self.rng = random.Random(1)
        self.walk = Walk(_set.defaults())   # as pico_box.Box: a fresh flash holds the defaults
        self.st = self.walk.st
        self.where = None

    @property
    def now_ms(self):
        return self.page.js("box.emulatedMs()")

    def text(self):
        return self.page.js("box.console()")

    def _press(self, gpio, at_us=None, hold_us=60000, **_):
        pad = self.pins.index(gpio) + 1
        self.page.js("(box.press(%d, %d), 0)" % (pad, hold_us // 1000))

    def _run_for(self, us):
        end = self.now_ms + us / 1000.0
        while self.now_ms < end:
            time.sleep(0.02)

    def wait(self, pred, max_us, step_us=250000, what="?"):
        end = self.now_ms + max_us / 1000.0
        while not pred():
            if self.now_ms >= end:
                raise pico_box.BoxError("waited %.0f s emulated for %s; the console said:\n%s"
                                        % (max_us / 1e6, what, self.text()[-1500:]))
            self._run_for(step_us)


def chain_rgb(board, raw):
    """The matrix as the page draws it: the wire bytes mapped to x, y through
    the board's chain and colour order, through the LED gamma."""
    from tools.pico.window import PicoWindow
    from hal import board as _board
    b = _board.load(os.path.join(ROOT, "boards", board + ".json"))
    me = types.SimpleNamespace(b=b, w=b.display.width, h=b.display.height)
    return [int(v) for v in PicoWindow.matrix(me, raw).reshape(-1)]


def host_picture(board):
    """The host renderer's home menu, as the page draws it (RGB bytes)."""
    if board in ("pico_matrix", "pico_w", "rp2040_zero"):
        from test_uf2_pico import host_first_frame
        from drivers.ws2812 import wire_bytes
        _, words = host_first_frame(board)
        return chain_rgb(board, b"".join(wire_bytes(w) for w in words))
    from tools.pico.displays import host_frame
    from sim import view
    on, off = (view.INK, view.PAPER) if board == "pico_eink" else (view.OLED_ON, view.OLED_OFF)
    pic = host_frame(board, "menu")
    return [c for v in pic.pix for c in (on if v else off)]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    why = _pico.not_ready()
    if why:
        need("emulated RP2040: " + why)
    if not shutil.which(CHROMIUM):
        need("no `chromium` (Debian package chromium): `make test-pico` installs it")
    if not os.path.isdir(os.path.join(WEB, "node_modules", "puppeteer-core")):
        need("web/node_modules is missing: run `make web` (npm ci in web/)")
    out = str(tmp_path_factory.mktemp("web") / "site")
    # every board, as make web builds it: one firmware per display kind
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "web.py"), "--out", out],
                       capture_output=True, text=True, cwd=ROOT)
    if r.returncode and "MicroPython sources" in r.stderr + r.stdout and not in_ci():
        pytest.skip("no MicroPython sources for the UF2s: " + r.stderr.strip().splitlines()[-1])
    assert r.returncode == 0, r.stdout + r.stderr[-3000:]
    return out


@pytest.fixture(scope="module")
def page(site, tmp_path_factory):
    profile = str(tmp_path_factory.mktemp("profile"))
    p = Page("file://%s/index.html?fast&board=pico_matrix" % site, profile)
    p.site, p.profile = site, profile
    yield p
    p.close()


def test_web_first_frame_is_the_host_menu(page):
    t0 = time.monotonic()
    page.js("box.ready")
    boot_s = time.monotonic() - t0
    f = page.frame()
    assert (f["width"], f["height"], f["kind"]) == (16, 16, "ws2812")
    want = host_picture("pico_matrix")
    assert any(want)
    assert f["rgb"] == want
    assert "Traceback" not in page.js("box.console()")
    assert page.refused == [], page.refused        # nothing asked of the network
    print("\n[web] first frame after %.1f s wall, %.0f ms emulated" % (boot_s, page.js("box.emulatedMs()")))


def test_web_flash_persists_across_a_reload(page):
    # the flash is saved to IndexedDB (every 2 s while written): a reload
    # boots the same box with its files (its settings file)
    before = page.js("box.listDir('/data')")
    time.sleep(3)
    page.js("(location.reload(), 0)")
    for _ in range(100):
        time.sleep(0.2)
        try:
            if page.js("typeof box === 'object' && box.board() === 'pico_matrix'"):
                break
        except AssertionError:
            pass          # the page is being replaced
    page.js("box.ready")
    assert page.js("box.listDir('/data')") == before


def web_tool():
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import web
    return web


KINDS = {"pico_oled": "ssd1306", "pico_eink": "ssd1680", "pico_oled_flipped": "ssd1306",
         "pico_eink_flipped": "ssd1680", "pico_matrix_turned": "ws2812", "pico_w": "ws2812",
         "rp2040_zero": "ws2812", "pico_sh1106": "sh1106"}


@pytest.mark.parametrize("board", sorted(KINDS))
def test_web_first_frame_of_each_board(page, board):
    # one firmware per display kind: the board file is the board.json the
    # page wrote into the flash (main.py boots it before the frozen one);
    # a mounted box (turned, flipped) drives its glass turned and the page
    # shows it upright: the picture of its upright twin
    page.js("box.load(%s)" % json.dumps(board))
    assert page.js("box.board()") == board
    files = [e["name"] for e in page.js("box.listDir('/')")]
    if board in web_tool().FIRMWARES.values():
        assert "board.json" not in files       # the firmware's frozen board is this one
    else:
        with open(os.path.join(ROOT, "boards", board + ".json")) as f:
            assert page.bytes_of("box.readFile('/board.json')").decode() == f.read()
    f = page.frame()
    assert f["kind"] == KINDS[board]
    assert f["rgb"] == host_picture(board.replace("_flipped", "").replace("_turned", ""))
    assert not P.tracebacks(page.js("box.console()"))
    assert page.refused == [], page.refused


def test_web_offers_every_board_file(page, monkeypatch):
    # the list is the board files, every one shown (one firmware per display
    # kind); a board whose display the page had no model of would say why,
    # on the page (its chooser entry) and to box.load
    files = sorted(f[:-5] for f in os.listdir(os.path.join(ROOT, "boards")) if f.endswith(".json"))
    names = page.js("box.boards")
    assert names[0] == "pico_matrix" and sorted(names) == files
    assert page.js("document.querySelectorAll('#board option').length") == len(files)
    web = web_tool()
    assert set(web.FIRMWARES) == set(KINDS.values()) and web.UNSHOWN == {}
    # (derived from the board files: a display kind the page does not know)
    fake = dict(web.board_files(), pico_lcd={"module": "pico", "pads": [], "display": {"kind": "st7789"}})
    monkeypatch.setattr(web, "board_files", lambda: fake)
    assert web.offered()[2] == {"pico_lcd": "its display (st7789) has no model in the page yet"}
    with pytest.raises(AssertionError, match="pico_lcd: the page cannot show it: its display \\(st7789\\)"):
        page.js("(BOX_INDEX.push({name: 'pico_lcd', title: 'LCD', firmware: null, "
                "why: 'its display (st7789) has no model in the page yet'}), box.load('pico_lcd'))")
    assert page.js("box.board()") != "pico_lcd"
    notice = page.js("document.getElementById('notice').textContent")
    assert "cannot show this box: its display (st7789)" in notice
    page.js("(BOX_INDEX.pop(), 0)")


def test_web_sound_plays_the_buzzer_and_the_speaker(site, tmp_path):
    # at real time (no ?fast), Sound on: the buzzer's tones (the menu's
    # clicks) and the speaker's samples (DMA into the PWM compare register:
    # the count said as Tape-treize's cards are laid) reach Web Audio
    p = Page("file://%s/index.html?board=pico_matrix" % site, str(tmp_path / "profile"))
    try:
        p.js("box.ready")
        p.js("(document.getElementById('sound').click(), 0)")
        box = PageBox(p)
        # Tape-treize: the box counts each card it lays out loud (app.sounds.words)
        box.begin("tape", 2)
        box.pico.run_for(4000000)
        s = p.js("box.sound()")
        assert s["on"] and s["tones"] > 0 and s["samples"] > 1000 and s["buffers"] > 0, s
        assert not P.tracebacks(box.text())
    finally:
        p.close()


def sim_log(tmp_path, *args):
    """A game log from the simulator's headless bots (make sim)."""
    out = tmp_path / "sim.jsonl"
    r = subprocess.run([sys.executable, "-m", "sim", "--headless", "--bots", "--log", str(out)] + list(args),
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    return out.read_text()


@pytest.fixture
def matrix(page):
    if page.js("box.board()") != "pico_matrix":
        page.js("box.load('pico_matrix')")
    return page


def test_web_replays_a_log_on_the_firmware(matrix, tmp_path):
    # the simulator's game, its seed and options set on a fresh box, the
    # people's flips pressed at their times: the firmware plays the same
    # game, line for line (a short Bata-waf: four duels)
    text = sim_log(tmp_path, "--game", "batawaf", "--players", "2", "--seed", "7", "--length", "4")
    lines = text.splitlines()
    r = matrix.js("box.replay(%s)" % json.dumps(text))
    assert r["same"] and r["ended"] and r["part"] is None, r
    assert r["lines"] == r["boxLines"] == len(lines) and r["seed"] == 7
    assert "the same" in matrix.js("document.getElementById('notice').textContent")
    assert "game batawaf 7" in matrix.js("box.console()")
    # the box's own log of it, off the emulated flash: what the download
    # button saves, and `make replay` accepts it
    name = matrix.js("box.lastLog().then((l) => l.name)")
    assert name in [e["name"] for e in matrix.js("box.listDir('/data/logs')")]
    data = matrix.bytes_of("box.readFile('/data/logs/%s')" % name)
    assert data == matrix.bytes_of("box.lastLog().then((l) => l.bytes)")
    assert [json.loads(ln)["ev"] for ln in data.decode().splitlines()] == [json.loads(ln)["ev"] for ln in lines]
    (tmp_path / name).write_bytes(data)
    code, out = P.replay_ok(str(tmp_path / name))
    assert code == 0, out
    # the same log with the winner of a duel changed: they part ways there
    k = next(i for i, ln in enumerate(lines) if '"ev":"take"' in ln)
    d = json.loads(lines[k])
    d["p"] = 1 - d["p"]
    lines[k] = json.dumps(d, separators=(",", ":"))
    r = matrix.js("box.replay(%s)" % json.dumps("\n".join(lines) + "\n"))
    assert not r["same"] and r["part"]["line"] == k + 1, r
    assert r["part"]["log"]["p"] == d["p"] and r["part"]["box"]["p"] == 1 - d["p"]
    assert "part ways at line %d" % (k + 1) in matrix.js("document.getElementById('notice').textContent")


@pytest.mark.parametrize("text, says", [
    ("hello\n", "line 1 is not JSON"),
    ('{"t":0,"ev":"start","game":"poker","players":2,"seed":1,"options":{}}\n', "does not play (poker)"),
    ('{"t":0,"ev":"deal","dealer":0,"hands":[]}\n', "first line is not the game's start"),
    ("", "it is empty"),
])
def test_web_a_log_that_is_not_one_says_so_in_one_line(page, text, says):
    with pytest.raises(AssertionError, match=re.escape(says)):
        page.js("box.replay(%s)" % json.dumps(text))
    line = page.js("document.getElementById('notice').textContent")
    assert says in line and "\n" not in line
    assert page.js("box.emulatedMs()") >= 0         # the page answers


def _notice(p, want, wait_s=90):
    """The page's notice line once it holds `want` (or what it holds then)."""
    end = time.monotonic() + wait_s
    line = ""
    while time.monotonic() < end:
        line = p.js("document.getElementById('notice').textContent")
        if want in line:
            break
        time.sleep(0.3)
    return line


def test_web_a_link_replays_the_log_beside_the_page(site, tmp_path):
    # &log=: a family's log put beside the page (a served page, or one opened
    # from the disk that may read its folder) plays back on the firmware,
    # and the page says it matched; a page that may not read files says so
    # in one line and stays usable
    text = sim_log(tmp_path, "--game", "batawaf", "--players", "2", "--seed", "11", "--length", "3")
    with open(os.path.join(site, "family.jsonl"), "w") as f:
        f.write(text)
    url = "file://%s/index.html?fast#board=pico_matrix&log=family.jsonl" % site
    with Page(url, str(tmp_path / "profile1"), file_access=True) as p:
        line = _notice(p, "the same")
        assert "the same" in line, line
        assert "game batawaf 11" in p.js("box.console()")
    with Page(url, str(tmp_path / "profile2")) as p:
        line = _notice(p, "cannot read the log")
        assert "family.jsonl: cannot read the log beside the page" in line and "\n" not in line, line
        assert p.js("box.emulatedMs()") >= 0


def test_web_a_device_that_cannot_keep_up_shows_it(site, tmp_path):
    # paced at a speed the emulator cannot reach (50x: some 3-5x is what
    # these two cores give), the status says so and turns its colour; at
    # real time it does not (issue 43, 4: a slow device is shown)
    slow = "document.getElementById('status').classList.contains('slow')"
    with Page("file://%s/index.html?board=pico_matrix" % site, str(tmp_path / "profile")) as p:
        p.js("box.ready")
        # at real time the sign is off (within 15 s: the page's first
        # seconds, the worker's warm-up and the flash saved, may lag on a
        # loaded machine: two test workers beside it)
        end = time.monotonic() + 15
        while time.monotonic() < end and p.js(slow):
            time.sleep(0.3)
        assert not p.js(slow)
        p.js("(() => { const s = document.getElementById('pace'); const o = document.createElement('option'); "
             "o.value = '50'; s.appendChild(o); s.value = '50'; s.dispatchEvent(new Event('change')); return 0; })()")
        end = time.monotonic() + 20
        while time.monotonic() < end and not p.js(slow):
            time.sleep(0.3)
        assert p.js(slow)
        assert "cannot keep up" in p.js("document.getElementById('status').textContent")


def test_web_a_link_opens_a_game(site, tmp_path):
    # #board=&game=&players=&seed=: that box, a fresh flash, the game dealt
    # from that seed for that many players; at real time, box.speed is the
    # emulated ms per wall ms
    p = Page("file://%s/index.html#board=pico_oled&game=tape&players=3&seed=42" % site, str(tmp_path / "profile"))
    try:
        p.js("box.ready")
        assert p.js("box.board()") == "pico_oled"
        for _ in range(100):
            if "game tape 42" in p.js("box.console()"):
                break
            time.sleep(0.2)
        assert "game tape 42" in p.js("box.console()"), p.js("box.console()")[-800:]
        assert "Traceback" not in p.js("box.console()")
        assert 0.3 < p.js("box.speed") < 1.2
        # the page's own controls write the link
        p.js("(document.getElementById('board').value = 'pico_eink', "
             "document.getElementById('board').dispatchEvent(new Event('change')), 0)")
        assert p.js("location.hash") == "#board=pico_eink"
    finally:
        p.close()
