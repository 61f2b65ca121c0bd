"""An emulated Raspberry Pi Pico running the stock MicroPython firmware, for
tests, benchmarks and `make pico` (docs/pico.md).

    from tools.pico.pico import Pico
    with Pico(board="pico_matrix", flash="build/pico/flash.bin") as p:
        p.start()                    # p.port: socket://127.0.0.1:<p.port> for mpremote
        p.run_for(2_000_000)         # emulated microseconds
        p.press(2, at_us=p.now_us + 1000, hold_us=80_000)
        p.run_for(500_000)
        print(p.serial_text(), p.frames()[-1])

The emulator is a Node.js process (tools/pico/emu.mjs, on rp2040js pinned in
tools/pico/package.json); this module starts it, talks to it over JSON lines
on its stdin/stdout (a reader thread: no deadlock whatever it prints), and
turns a crash of it into a PicoError quoting its last words.

Inputs (never downloaded, never committed): the RP2040 B1 bootrom and the
MicroPython UF2, looked for in ../shared/pico beside the checkout unless
given (also $PICO_BOOTROM / $PICO_UF2 / $PICO_INPUTS).
"""
import base64
import json
import sys
import os
import shutil
import subprocess
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BOOTROM_NAME = "rp2040-bootrom-b1.bin"
UF2_NAME = "RPI_PICO-v1.28.0.uf2"
WHERE = {
    BOOTROM_NAME: "the RP2040 B1 mask ROM (16 KB); build it from its sources with the ARM compiler "
                  "`make uf2` installs (Debian: gcc-arm-none-eabi cmake): git clone "
                  "https://github.com/raspberrypi/pico-bootrom && cd pico-bootrom && git checkout b1 && "
                  "git submodule update --init && cmake -S . -B build && make -C build; "
                  "build/bootrom.bin is it (copy it as rp2040-bootrom-b1.bin)",
    UF2_NAME: "MicroPython v1.28.0 for RPI_PICO: download it from "
              "https://micropython.org/download/RPI_PICO/ (v1.28.0, .uf2)",
}
NODE_MODULES = os.path.join(HERE, "node_modules", "rp2040js")
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
from tools import inputs as _inputs  # noqa: E402


class PicoError(RuntimeError):
    """The emulator refused a request, or stopped."""


class MissingInput(PicoError):
    """A bootrom or UF2 is not where the harness looks."""


def input_dirs():
    """Where the inputs are looked for, in order (tools/inputs.py)."""
    return _inputs.dirs()


def find_input(name, given=None, env=None):
    """The path of input `name`, or MissingInput saying where to get it."""
    given = given or (os.environ.get(env) if env else None)
    if given:
        if not os.path.isfile(given):
            raise MissingInput("%s: no such file (%s)" % (given, WHERE[name]))
        return os.path.abspath(given)     # the emulator runs in tools/pico
    p = _inputs.find(name)
    if p:
        return p
    raise MissingInput("%s not found (looked in %s); it is %s, then put it in %s" % (
        name, ", ".join(input_dirs()), WHERE[name],
        _inputs.SHARED))


def missing_inputs(uf2=None, bootrom=None):
    """Every input the emulator lacks, each with its recipe (a list of
    lines; empty when it can start): all at once, not the first only."""
    out = []
    for name, given, env in ((BOOTROM_NAME, bootrom, "PICO_BOOTROM"), (UF2_NAME, uf2, "PICO_UF2")):
        try:
            find_input(name, given, env)
        except MissingInput as e:
            out.append(str(e))
    if not node_ready():
        out.append("node or the pinned rp2040js is missing: run `make pico-deps` (Node.js >= 18 and npm)")
    return out


def one_file_box(uf2):
    """The board name frozen into a one-file firmware (make uf2), or None for
    a plain MicroPython UF2.  A UF2 carries its image in 256-byte payloads:
    the frozen box_board module's name is in them as text."""
    try:
        with open(uf2, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if b"box_board" not in data:
        return None
    base = os.path.basename(uf2)
    if base.startswith("bataille-box-"):
        return base[len("bataille-box-"):].rsplit("-", 1)[0].replace(".uf2", "")
    return "its frozen board"


def inputs_present():
    try:
        find_input(BOOTROM_NAME, env="PICO_BOOTROM")
        find_input(UF2_NAME, env="PICO_UF2")
        return True
    except MissingInput:
        return False


def node_ready():
    """True if node and the pinned rp2040js are installed (`make pico-deps`)."""
    return shutil.which("node") is not None and os.path.isdir(NODE_MODULES)


def not_ready():
    """None when the emulator can run (the bootrom and the UF2 found, node
    and the pinned rp2040js installed), else one line saying what is missing
    and where to get it: the benches' rows and the tests' skips say this."""
    return "; ".join(missing_inputs()) or None


def board_path(board):
    """boards/<name>.json of a board's name, or the path given
    (hal.host.boards: the one place that knows)."""
    fw = os.path.join(ROOT, "firmware")
    if fw not in sys.path:
        sys.path.insert(0, fw)
    from hal.host import boards
    return boards.path(board)


def board_config(board):
    """What the emulator must know of a board file (boards/<name>.json or a
    path): which pin is a WS2812 chain, the SPI wiring and the e-ink BUSY
    pin, the I2C devices that answer."""
    with open(board_path(board)) as f:
        b = json.load(f)
    cfg = {"levels": {}, "ws2812_pins": [], "spi": [], "i2c_devices": []}
    d = b.get("display", {})
    kind = d.get("kind")
    if kind == "ws2812":
        cfg["ws2812_pins"].append(d["pin"])
    elif kind == "ssd1680":
        cfg["spi"].append({"bus": d.get("spi", 0), "dc": d["dc"], "cs": d["cs"]})
        from tools.pico.ssd1680 import FULL_US, PARTIAL_US, RESET_US   # the panel's one set
        cfg["eink"] = {"bus": d.get("spi", 0), "busy": d["busy"], "full_us": FULL_US,
                       "partial_us": PARTIAL_US, "reset_us": RESET_US}
        cfg["levels"][str(d["busy"])] = 0
    elif kind in ("ssd1306", "sh1106"):
        cfg["i2c_devices"].append(d.get("addr", 0x3C))
    return cfg, b


class Pico:
    """One emulated Pico.  Times are emulated microseconds since start()
    (they keep counting across watchdog resets)."""

    def __init__(self, uf2=None, bootrom=None, flash=None, fresh=False, board=None,
                 port=0, config=None, node="node", log=None):
        self.uf2 = find_input(UF2_NAME, uf2, "PICO_UF2")
        self.bootrom = find_input(BOOTROM_NAME, bootrom, "PICO_BOOTROM")
        self.flash = os.path.abspath(flash) if flash else None
        self.fresh = fresh
        self.board = None
        self.config = {}
        if board:
            self.config, self.board = board_config(board)
        if config:
            self.config.update(config)
        self.want_port = port
        self.node = node
        self.port = None
        self.now_us = 0.0
        self._proc = None
        self._log = log
        self._lock = threading.Lock()
        self._next_id = 0
        self._answers = {}
        self._cond = threading.Condition()
        self._dead = None
        self._serial = bytearray()
        self._serial_next = 0
        self._event_next = {}
        self._events = {}
        self.stopped = None      # set when a free run stopped on an error
        self.stopped_by = None   # why the last run_until returned

    # ---- process ----
    def start(self, timeout=60):
        """Power the board on (the emulator process starts)."""
        if not node_ready():
            raise PicoError("the emulator is not installed: run `make pico-deps` (needs node and npm)")
        if self.flash:
            os.makedirs(os.path.dirname(self.flash), exist_ok=True)
        cfg = dict(self.config, uf2=self.uf2, bootrom=self.bootrom, flash=self.flash,
                   fresh=self.fresh, port=self.want_port)
        self._own_log = self._log is None
        if self._own_log:
            fd, self._log = tempfile.mkstemp(prefix="pico-emu-", suffix=".log")
            os.close(fd)
        self._logf = open(self._log, "wb")
        self._proc = subprocess.Popen(
            [self.node, os.path.join(HERE, "emu.mjs"), json.dumps(cfg)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._logf, cwd=HERE)
        self._reader = threading.Thread(target=self._read, args=(self._proc,), daemon=True)
        self._reader.start()
        ready = self._wait("ready", timeout)
        self.port = ready.get("port")
        return self

    def _read(self, proc):
        # (proc, not self._proc: close() drops that while this thread may
        # still be reading the last lines)
        for line in proc.stdout:
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            with self._cond:
                if "event" in msg:
                    if msg["event"] == "stopped":
                        self.stopped = msg.get("error")
                    self._answers[msg["event"]] = msg
                else:
                    self._answers[msg.get("id")] = msg
                self._cond.notify_all()
        code = proc.wait()
        with self._cond:
            self._dead = code
            self._cond.notify_all()

    def _last_words(self):
        try:
            with open(self._log, "rb") as f:
                text = f.read()[-2000:].decode("utf-8", "replace").strip()
        except OSError:
            text = ""
        return text

    def _wait(self, key, timeout):
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while key not in self._answers:
                if self._dead is not None:
                    raise PicoError("the emulator process exited (code %s): %s" % (
                        self._dead, self._last_words() or "no message"))
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    raise PicoError("the emulator did not answer %r within %s s" % (key, timeout))
                self._cond.wait(left if left is not None else 1.0)
            return self._answers.pop(key)

    def request(self, cmd, timeout=120, **args):
        """Send one command, wait for its answer (a dict); PicoError if refused."""
        if self._proc is None:
            raise PicoError("not started: call start() first")
        with self._lock:
            self._next_id += 1
            rid = self._next_id
            line = json.dumps(dict(args, id=rid, cmd=cmd)) + "\n"
            try:
                self._proc.stdin.write(line.encode())
                self._proc.stdin.flush()
            except (BrokenPipeError, OSError):
                pass   # _wait reports the exit
        ans = self._wait(rid, timeout)
        if not ans.get("ok"):
            raise PicoError("%s: %s" % (cmd, ans.get("error")))
        if "now_us" in ans:
            self.now_us = ans["now_us"]
        return ans

    def close(self):
        """Save the flash image and stop the emulator."""
        if self._proc is None:
            return
        try:
            if self._dead is None:
                self.request("close", timeout=30)
        except PicoError:
            pass
        try:
            self._proc.stdin.close()
        except OSError:
            pass
        try:
            self._proc.wait(10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        self._reader.join(10)
        self._logf.close()
        self._proc = None
        if self._own_log:
            try:
                os.unlink(self._log)
            except OSError:
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- time ----
    def run_until(self, t_us, timeout=None, flash_ops=None):
        """Run the board up to emulated time t_us (idle waits skipped).
        flash_ops=n: stop instead right after the n-th flash erase/program
        operation from now (then power_cycle() is a power cut in the middle
        of a write); self.stopped_by says which ('limit' or 'flash')."""
        ans = self.request("run_until", timeout=timeout, t_us=t_us, flash_ops=flash_ops)
        self.stopped_by = ans.get("stopped")
        return ans["now_us"]

    def run_for(self, us, timeout=None, flash_ops=None):
        return self.run_until(self.now_us + us, timeout, flash_ops)

    def run_free(self, realtime=False):
        """Let the board run on its own (answering mpremote) until pause().
        realtime: never ahead of the wall clock (a person watching)."""
        return self.request("run_free", realtime=realtime)

    def pause(self):
        return self.request("pause")["now_us"]

    def state(self):
        return self.request("state")

    def save(self):
        """Write the flash image to its file now."""
        self.request("save")

    def power_cycle(self):
        """Unplug and plug the board again (flash kept)."""
        return self.request("power_cycle")

    def watchdog(self):
        """The watchdog fires as at a timeout (the firmware stopped feeding
        it): the chip resets, the flash kept, machine.reset_cause() reads
        WDT_RESET."""
        return self.request("watchdog")

    # ---- inputs ----
    def set_input(self, gpio, level, at_us=None):
        """Drive `gpio` to `level` (0/1) at emulated time at_us (None: now).
        A pad pressed is 0 (pads pull up, a press shorts them to ground)."""
        return self.request("input", gpio=gpio, level=1 if level else 0, at_us=at_us)["at_us"]

    def press(self, gpio, at_us=None, hold_us=80000, bounce_us=0, bounces=0):
        """Press a pad (active low) at at_us for hold_us; with bounces,
        the contact chatters `bounces` times, bounce_us apart, at the press
        and at the release."""
        t = self.now_us if at_us is None else at_us
        for i in range(bounces):
            self.set_input(gpio, 0, t + 2 * i * bounce_us)
            self.set_input(gpio, 1, t + (2 * i + 1) * bounce_us)
        self.set_input(gpio, 0, t + 2 * bounces * bounce_us)
        up = t + hold_us
        for i in range(bounces):
            self.set_input(gpio, 1, up + 2 * i * bounce_us)
            self.set_input(gpio, 0, up + (2 * i + 1) * bounce_us)
        self.set_input(gpio, 1, up + 2 * bounces * bounce_us)
        return up + 2 * bounces * bounce_us

    def set_adc(self, channel, count):
        """The level on ADC channel 0..4 (GPIO26..29, the temperature
        sensor), as the 12-bit count the converter reads, from now on."""
        self.request("adc", channel=channel, value=count)

    def set_vsys(self, mv):
        """The Pico's VSYS at mv: its 3:1 divider on GPIO29 (ADC3) with the
        3.3 V reference, as a 12-bit count (clipped at full scale)."""
        count = int(round(mv / 3.0 * 4096 / 3300))
        self.set_adc(3, max(0, min(4095, count)))
        return count

    # ---- outputs ----
    def serial_bytes(self):
        ans = self.request("serial", since=self._serial_next)
        self._serial += base64.b64decode(ans["data"])
        self._serial_next = ans["next"]
        return bytes(self._serial)

    def serial_text(self):
        """Everything the board printed on its USB serial port so far."""
        return self.serial_bytes().decode("utf-8", "replace")

    def write_serial(self, data):
        """Type on the board's USB serial port (without a socket client)."""
        if isinstance(data, str):
            data = data.encode()
        self.request("serial_write", data=base64.b64encode(data).decode())

    def heap(self):
        """The firmware's heap reports so far: [(tag, alloc, free)] from its
        console lines `heap <tag> <mem_alloc> <mem_free>`."""
        out = []
        for line in self.serial_text().splitlines():
            w = line.split()
            if len(w) == 4 and w[0] == "heap" and w[2].isdigit() and w[3].isdigit():
                out.append((w[1], int(w[2]), int(w[3])))
        return out

    def events(self, kind):
        """Every event of `kind` recorded so far: 'gpio' {t, gpio, level},
        'pwm' {t, gpio, slice, en, freq, duty}, 'ws2812' {t, end, pin, bits,
        data (hex, wire order), violations, notes}, 'spi' {t, end, bus, dc,
        cs, data (hex)}, 'i2c' {t, bus, addr, read, ack, data (hex)}, 'dma'
        {t, ch, read, write, count, size, treq}, 'reset' {t, reason, n},
        'busy' {t, us, why, mode}, 'flash' {t, op ('erase'/'program'), addr,
        len, n}.  Times in emulated us."""
        ans = self.request("events", kind=kind, since=self._event_next.get(kind, 0), drop=True)
        got = ans[kind]
        self._events.setdefault(kind, []).extend(got["events"])
        self._event_next[kind] = got["next"]
        return list(self._events[kind])

    def frames(self, pin=None):
        """Decoded WS2812 frames: [(t_us, [(r, g, b), ...] in chain order)],
        byte order from the board file (GRB by default)."""
        order = "GRB"
        if self.board and self.board.get("display", {}).get("kind") == "ws2812":
            order = self.board["display"].get("order", "GRB")
        out = []
        for ev in self.events("ws2812"):
            if pin is not None and ev["pin"] != pin:
                continue
            raw = bytes.fromhex(ev["data"])
            px = []
            for i in range(0, len(raw) - 2, 3):
                c = dict(zip(order, raw[i:i + 3]))
                px.append((c["R"], c["G"], c["B"]))
            out.append((ev["t"], px))
        return out
