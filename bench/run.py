"""make bench: every figure on CPython and on the MicroPython unix port, in
one run (so ratios compare like with like on a noisy shared machine).

Prints a table (figure, interpreter, value, unit) and writes the same rows to
build/bench.json.  CPython-only figures come from bench/host_*.py modules
(each with bench_* functions returning (figure, value, unit) rows, or
(figure, value, unit, interpreter) when they measure MicroPython in a
subprocess).
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "host_tests"))
sys.path.insert(0, os.path.join(ROOT, "firmware"))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))
from progress import Progress  # noqa: E402


def run_portable(cmd, quick):
    env = dict(os.environ)
    if quick:
        env["BENCH_QUICK"] = "1"
    r = subprocess.run(cmd + [os.path.join(HERE, "mp_bench.py")], capture_output=True, text=True, env=env)
    rows = []
    for ln in r.stdout.splitlines():
        if ln.startswith("{"):
            rows.append(json.loads(ln))
    if r.returncode != 0:
        print("bench failed under %s:\n%s" % (cmd[0], r.stderr or r.stdout))
        sys.exit(1)
    return rows


def host_benches():
    """[(module.function, function)] of every bench/host_*.py."""
    out = []
    for f in sorted(os.listdir(HERE)):
        if f.startswith("host_") and f.endswith(".py"):
            mod = __import__(f[:-3])
            for name in sorted(dir(mod)):
                if name.startswith("bench_"):
                    out.append(("%s.%s" % (f[:-3], name), getattr(mod, name)))
    return out


def run_host(benches, progress, done):
    rows = []
    for i, (what, fn) in enumerate(benches):
        progress.show(done + i, what, force=True)
        for row in fn():
            # a host module measuring MicroPython in a subprocess
            # names the interpreter as a 4th item
            figure, value, unit = row[:3]
            interp = row[3] if len(row) > 3 else "cpython"
            rows.append({"figure": figure, "interpreter": interp, "value": value, "unit": unit})
    return rows


def main():
    from mp import micropython_bin
    benches = host_benches()
    progress = Progress("bench", total=2 + len(benches))
    progress.show(0, "portable figures on CPython", force=True)
    rows = run_portable([sys.executable], False)
    progress.show(1, "portable figures on MicroPython", force=True)
    rows += run_portable([micropython_bin()], False)
    rows += run_host(benches, progress, 2)
    progress.close()
    rows.sort(key=lambda r: (r["figure"], r["interpreter"]))
    w = max(len(r["figure"]) for r in rows)
    print("%-*s  %-11s  %14s  %s" % (w, "figure", "interpreter", "value", "unit"))
    for r in rows:
        v = r["value"]
        v = "n/a" if v is None else (("%.2f" % v) if isinstance(v, float) else str(v))
        print("%-*s  %-11s  %14s  %s" % (w, r["figure"], r["interpreter"], v, r["unit"]))
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    out = os.path.join(ROOT, "build", "bench.json")
    with open(out, "w") as f:
        json.dump(rows, f, indent=1)
    print("wrote %s" % os.path.relpath(out, ROOT))


if __name__ == "__main__":
    import argparse
    # no options: refuse a stray argument rather than start a long run
    argparse.ArgumentParser(description=__doc__.split("\n")[0]).parse_args()
    main()
