"""The time budget of `make test` (issue 39): each part timed, one table at
the end, printed whether the parts passed or not.

  python3 tools/suite_times.py reset DIR
  python3 tools/suite_times.py run DIR NAME [--needs STAGE] -- CMD...
  python3 tools/suite_times.py table DIR

`run` runs CMD, and writes DIR/NAME.json (its wall time and exit code); a
pytest in CMD writes its per-test times to DIR/NAME.xml (--junitxml, given
through PYTEST_ADDOPTS so the Makefile lines of each suite stay as they are)
and the MicroPython runner to DIR/NAME.tsv (MP_TIMES).  --needs: CMD is not
run when that stage failed (no point linting without the tools installed).
`run` exits as CMD did.  `table` prints every stage and the ten slowest tests
of all suites, and exits 1 if a stage failed: `make test` goes on past a
failing part (the table and the other parts' results are worth having) and
still exits non-zero.

Standard library only: the install stage runs before the venv exists.
"""
import json
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

SLOWEST = 10


def reset(d):
    """A new run: the last run's files go, its per-test times kept in
    DIR/last/ (the emulated stage's file order reads them: file_costs)."""
    os.makedirs(os.path.join(d, "last"), exist_ok=True)
    for f in os.listdir(d):
        if f.endswith((".json", ".xml", ".tsv")):
            os.replace(os.path.join(d, f), os.path.join(d, "last", f))
    return 0


def file_costs(path):
    """{test file's name: its tests' seconds} from a junit xml (a stage's
    DIR/NAME.xml), {} without one."""
    out = {}
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        return out
    for case in root.iter("testcase"):
        f = case.get("classname", "").rsplit(".", 1)[-1] + ".py"
        out[f] = out.get(f, 0.0) + float(case.get("time") or 0)
    return out


def stage(d, name):
    try:
        with open(os.path.join(d, name + ".json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def run(d, name, cmd, needs=None):
    os.makedirs(d, exist_ok=True)
    before = stage(d, needs) if needs else None
    if needs and (before is None or before["rc"] != 0):
        print("%s: not run, %s failed" % (name, needs), file=sys.stderr)
        rc, took = 1, 0.0
        skipped = True
    else:
        env = dict(os.environ)
        xml = os.path.abspath(os.path.join(d, name + ".xml"))
        env["PYTEST_ADDOPTS"] = (env.get("PYTEST_ADDOPTS", "") + " --junitxml=" + xml).strip()
        env["MP_TIMES"] = os.path.abspath(os.path.join(d, name + ".tsv"))
        t0 = time.monotonic()
        try:
            rc = subprocess.call(cmd, env=env)
        except OSError as e:
            print("%s: cannot run %s: %s" % (name, cmd[0], e), file=sys.stderr)
            rc = 127
        except KeyboardInterrupt:
            rc = 130
        took = time.monotonic() - t0
        skipped = False
    with open(os.path.join(d, name + ".json"), "w") as f:
        json.dump({"name": name, "seconds": round(took, 2), "rc": rc, "skipped": skipped,
                   "at": time.time()}, f)
    return rc


def tests_of(d, name):
    """[(seconds, 'stage: test')] from the stage's junit xml and tsv."""
    out = []
    p = os.path.join(d, name + ".xml")
    if os.path.exists(p):
        try:
            root = ET.parse(p).getroot()
        except ET.ParseError:
            root = None
        for case in (root.iter("testcase") if root is not None else ()):
            cls = case.get("classname", "")
            for pre in ("host_tests.pico.", "host_tests."):
                if cls.startswith(pre):
                    cls = cls[len(pre):]
                    break
            out.append((float(case.get("time") or 0), "%s: %s::%s" % (name, cls, case.get("name"))))
    p = os.path.join(d, name + ".tsv")
    if os.path.exists(p):
        with open(p) as f:
            for line in f:
                test, _, secs = line.rstrip("\n").rpartition("\t")
                try:
                    out.append((float(secs), "%s: %s" % (name, test)))
                except ValueError:
                    pass
    return out


def clock(s):
    return "%d:%02d" % divmod(int(round(s)), 60)


def table(d, out=sys.stdout):
    stages = []
    if os.path.isdir(d):
        for f in os.listdir(d):
            if f.endswith(".json"):
                s = stage(d, f[:-5])
                if s:
                    stages.append(s)
    stages.sort(key=lambda s: s.get("at", 0))
    if not stages:
        print("suite_times: no stage was timed in %s" % d, file=out)
        return 1
    w = max(len(s["name"]) for s in stages) + 2
    print("", file=out)
    print("make test, wall time of each part:", file=out)
    failed = []
    for s in stages:
        said = "not run" if s.get("skipped") else ("ok" if s["rc"] == 0 else "FAILED (exit %d)" % s["rc"])
        if s["rc"] != 0:
            failed.append(s["name"])
        print("  %-*s %7s  %s" % (w, s["name"], clock(s["seconds"]), said), file=out)
    print("  %-*s %7s  %s" % (w, "total", clock(sum(s["seconds"] for s in stages)),
                              "FAILED: " + ", ".join(failed) if failed else "all passed"), file=out)
    slow = sorted((t for s in stages for t in tests_of(d, s["name"])), reverse=True)[:SLOWEST]
    if slow:
        print("the %d slowest tests:" % len(slow), file=out)
        for secs, what in slow:
            print("  %7.1f s  %s" % (secs, what), file=out)
    return 1 if failed else 0


USAGE = __doc__.split("\n\n")[1]


def main(argv):
    if len(argv) == 2 and argv[0] in ("reset", "table"):
        return reset(argv[1]) if argv[0] == "reset" else table(argv[1])
    if len(argv) >= 4 and argv[0] == "run" and "--" in argv:
        head, cmd = argv[:argv.index("--")], argv[argv.index("--") + 1:]
        needs = None
        if head[3:5] and head[3] == "--needs" and len(head) == 5:
            needs = head[4]
        elif len(head) != 3:
            head = None
        if head and cmd:
            return run(head[1], head[2], cmd, needs)
    print("suite_times: usage:\n" + USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
