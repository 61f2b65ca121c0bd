# The corpus of issue 22 (tools/corpus.py): one recorded game's pad edges
# replayed on the host HAL, no bots, and the log the box writes.  Portable:
# the same replay runs on CPython and on the MicroPython unix port.  It drives
# the App with the one driver off the board (host.headless.Drive), as the
# simulator does: tick() every LOOP_US of virtual time, the pads' edges and
# interrupts fired in between.
import json
import os

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
CORPUS = HERE + "/../corpus"
LOOP_US = 5000
MAX_US = 90 * 60 * 1000000


def names():
    return sorted([f[:-5] for f in os.listdir(CORPUS) if f.endswith(".json")])


def load(name):
    with open(CORPUS + "/" + name + ".json") as f:
        return json.load(f)


def expected(case):
    """The corpus's log as the rule book of 2026-12-01 writes it: its P6 put
    the box's seats and level in every `start` line's options (`box` [] and
    `level` 1 when no seat is the box's).  Nothing else of a log changed."""
    from core import log as _log
    out = []
    for ln in case["log"].split("\n"):
        at = ln.find('"options":')
        if ln.startswith('{"t":') and '"ev":"start"' in ln and at > 0 and ln.endswith("}"):
            opts = json.loads(ln[at + 10:-1])
            if "box" not in opts:
                opts["box"] = []
            if "level" not in opts:
                opts["level"] = 1
            ln = ln[:at + 10] + _log.encode(opts) + "}"
        out.append(ln)
    return "\n".join(out)


def _read_logs(fs_root):
    try:
        files = os.listdir(fs_root)
    except OSError:
        return ""
    nums = []
    for f in files:
        if f.startswith("game_") and f.endswith(".jsonl") and f[5:-6].isdigit():
            nums.append(int(f[5:-6]))
    out = []
    for n in sorted(nums):
        with open("%s/game_%d.jsonl" % (fs_root, n)) as f:
            t = f.read()
        if t:
            out.append(t if t.endswith("\n") else t + "\n")
    return "".join(out)


def replay(case):
    """The log text the box writes for the case's edges."""
    import hal
    from hal.host import boards
    from hal.host.clock import VirtualClock
    from app import box as _box
    from app import logs as _logs
    from host.headless import Drive, trim
    board = boards.load(case["board"])
    clock = VirtualClock()
    h = hal.open_host(board, clock)
    game = case["game"]
    opts = case["options"]
    app = _box.App(h, seed=case["seed"], options_of=lambda g: opts if g == game else {})
    pads = h.pads
    t0 = clock.now
    for t, k, down, bounce in case["edges"]:
        if down:
            pads.press(k, t0 + t, bounce)
        else:
            pads.release(k, t0 + t, bounce)
    n = [0]

    def after():
        if app.state == "end":
            return True
        if app.state == "error":
            raise AssertionError("the box shows an error: %s" % app.error_text)
        n[0] += 1
        if not n[0] & 15:
            # the host buses record everything for the tests; a whole game
            # of it would fill the unix port's heap
            trim(h, 200)
        return False
    Drive(app, LOOP_US).run_until(t0 + MAX_US, after)
    fs = h.storage.fs
    return _read_logs(fs.path(_logs.DIR))
