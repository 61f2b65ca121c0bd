"""`make selftest`: the hardware self-test on a connected box, with an exit
code that says how it went.

    python tools/selftest.py [--port PORT]

Runs app.selftest on the box through `mpremote exec` (it prints one line per
check: "OK   display: ...", "FAIL pad 3: ..."), passes every line through as
it comes, and exits 1 when any line is a FAIL (mpremote's own exit code is 0
whatever the checks said), with mpremote's code when it failed itself (no
box, a busy port), and 0 only when every check passed.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from mpy import find_tool  # noqa: E402
from port import port_answers  # noqa: E402

CODE = ("import hal; from app import selftest; h = hal.open_board(); h.watchdog.start(); "
        "selftest.run(h)")


def mpremote():
    return find_tool("mpremote") or "mpremote"


def main(argv=None, out=sys.stdout):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--port", default="", help="what `mpremote connect` takes (default: auto-detect)")
    a = ap.parse_args(argv)
    why = port_answers(a.port)
    if why:
        out.write("selftest: %s\n" % why)
        return 1
    argv_ = [mpremote()] + (["connect", a.port] if a.port else []) + ["exec", CODE]
    fails = []
    try:
        p = subprocess.Popen(argv_, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             errors="replace")
    except OSError as e:
        out.write("selftest: cannot run mpremote (%s): run `make venv`\n" % (e.strerror or e))
        return 1
    try:
        for line in p.stdout:
            out.write(line)
            out.flush()
            if line.startswith("FAIL"):
                fails.append(line.split(":", 1)[0][4:].strip())
        rc = p.wait()
    except KeyboardInterrupt:
        p.kill()
        out.write("selftest: interrupted; the box is left at its REPL (`mpremote reset` restarts it)\n")
        return 130
    if rc:
        out.write("selftest: mpremote failed (exit %d): the checks did not all run\n" % rc)
        return rc
    if fails:
        out.write("selftest: %d check(s) FAILED: %s\n" % (len(fails), ", ".join(fails)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
