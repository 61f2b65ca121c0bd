# The corpus of issue 22 (tools/corpus.py): one recorded game's pad edges
# replayed on the host HAL, no bots, and the log the box writes.  Portable:
# the same replay runs on CPython and on the MicroPython unix port.  It drives
# the App as the simulator does (sim/box.py): tick() every LOOP_US of virtual
# time, the pads' edges and interrupts fired in between.
import json
import os

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
CORPUS = HERE + "/../corpus"
BOARDS = HERE + "/../../boards"
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


def _forget(h):
    # the host buses record everything for the tests; a whole game of it
    # would fill the unix port's heap (as sim/box.py trims them)
    wire = getattr(h, "wire", None)
    if wire is not None and len(wire.events) > 2000:
        wire.clear()
    out = getattr(h.display, "out", None)
    frames = getattr(out, "frames", None)
    if frames is not None and len(frames) > 4:
        del frames[:-1]
    pwm = getattr(h.buzzer, "pwm", None)
    changes = getattr(pwm, "changes", None)
    if changes is not None and len(changes) > 200:
        del changes[:-1]


def replay(case):
    """The log text the box writes for the case's edges."""
    import hal
    from hal import board as _board
    from hal.host.clock import VirtualClock
    from app import box as _box
    from app import logs as _logs
    board = _board.load(BOARDS + "/" + case["board"] + ".json")
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
    nxt = clock.now
    limit = t0 + MAX_US
    while clock.now < limit:
        pads.run_until(nxt)
        app.tick()
        nxt += LOOP_US
        if app.state == "end":
            break
        if app.state == "error":
            raise AssertionError("the box shows an error: %s" % app.error_text)
        _forget(h)
    fs = h.storage.fs
    return _read_logs(fs.path(_logs.DIR))
