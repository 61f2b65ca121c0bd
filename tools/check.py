"""`make check`: the inner loop of a change, in a couple of minutes.

After mpy-cross and lint (the Makefile runs them first), the tests that can
see what changed since main: the files changed (committed on this branch
since it left main, staged, unstaged or new), every module of ours that
imports one of them, directly or through others (tools/layers.py reads the
imports), and the tests that import any of those or name a changed file
(a board file, docs/RULES.md, a script a test starts by its path).  The
portable tests among them run under the MicroPython unix port and CPython,
the others under CPython; the emulated RP2040's (host_tests/pico) are left
to `make test`, which stays the whole proof before a change lands.

    python tools/check.py [--base REF] [--dry-run]
"""
import ast
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from tools import layers  # noqa: E402

TESTS = os.path.join(ROOT, "host_tests")
PORTABLE = os.path.join(TESTS, "portable")


def changed(base):
    """The files changed since `base` (committed, staged, unstaged, new),
    relative to the project, those that still exist."""
    def git(*args):
        r = subprocess.run(["git"] + list(args), cwd=ROOT, capture_output=True, text=True)
        return r.stdout.split() if r.returncode == 0 else []
    start = git("merge-base", "HEAD", base)
    names = set(git("diff", "--name-only", start[0] if start else "HEAD"))
    names |= set(git("ls-files", "--others", "--exclude-standard"))
    return sorted(n for n in names if os.path.isfile(os.path.join(ROOT, n)))


def test_files():
    """{path: module name} of every test module and test helper outside the
    emulator's (host_tests/*.py, host_tests/portable/*.py)."""
    out = {}
    for d in (TESTS, PORTABLE):
        for f in sorted(os.listdir(d)):
            if f.endswith(".py"):
                out[os.path.join(d, f)] = f[:-3]
    return out


def imported_names(path):
    """The dotted names a file imports (its own folder's helpers included)."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(node.module + "." + a.name for a in node.names)
    return names


class Map:
    """Who sees whom: our modules' imports (tools/layers.py) and the tests'."""

    def __init__(self):
        self.mods = layers.modules()
        self.graph = layers.imports(self.mods)
        self.by_path = {os.path.normpath(p): m for m, (_, p) in self.mods.items()}
        self.tests = test_files()
        self.by_test = {m: p for p, m in self.tests.items()}
        self.names = {p: imported_names(p) for p in self.tests}
        self.texts = {p: open(p, encoding="utf-8").read() for p in self.tests}

    def reach(self, paths):
        """The test modules and helpers that see the files `paths`."""
        hit = set()
        for rel in paths:
            m = self.by_path.get(os.path.normpath(os.path.join(ROOT, rel)))
            if m:
                hit.add(m)
        grow = True
        while grow:     # every module importing one hit, to a fixed point
            grow = False
            for m, deps in self.graph.items():
                if m not in hit and any(d in hit for d in deps):
                    hit.add(m)
                    grow = True
        chosen = set(os.path.join(ROOT, rel) for rel in paths if os.path.join(ROOT, rel) in self.tests)
        grow = True
        while grow:     # tests importing a module hit or a helper chosen, or naming a file
            grow = False
            for p in self.tests:
                if p not in chosen and self.sees(p, hit, chosen, paths):
                    chosen.add(p)
                    grow = True
        return chosen

    def sees(self, p, hit, chosen, paths):
        for n in self.names[p]:
            if layers.known(self.mods, n) in hit or self.by_test.get(n.partition(".")[0]) in chosen:
                return True
        text = self.texts[p]
        for rel in paths:
            base = os.path.basename(rel)
            if rel in text or ("/" + base) in text or (not rel.endswith(".py") and base in text):
                return True
        return False


def select(paths):
    """(tests to run, as paths; changed files no test sees)."""
    seen = Map()
    runs = sorted(p for p in seen.reach(paths) if os.path.basename(p).startswith("test_"))
    unseen = [rel for rel in paths if not rel.startswith("host_tests/pico/") and
              not [p for p in seen.reach([rel]) if os.path.basename(p).startswith("test_")]]
    return runs, unseen


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="main", help="the branch a change is measured from (main)")
    ap.add_argument("--dry-run", action="store_true", help="say which tests would run, run none")
    a = ap.parse_args(argv)
    paths = changed(a.base)
    if not paths:
        print("check: nothing changed since %s (make test runs everything)" % a.base)
        return 0
    runs, unseen = select(paths)
    portable = [p for p in runs if os.path.dirname(p) == PORTABLE]
    print("check: %d files changed since %s; %d test files see them (%d portable)"
          % (len(paths), a.base, len(runs), len(portable)))
    for rel in unseen:
        print("check: no test imports or names %s (make test is its proof)" % rel)
    for p in runs:
        print("  " + os.path.relpath(p, ROOT))
    if a.dry_run or not runs:
        return 0
    code = 0
    if portable:
        mpy = os.path.join(ROOT, ".venv", "bin", "micropython")
        r = subprocess.run([mpy, "-X", "heapsize=8M", "host_tests/mp_run.py"] +
                           [os.path.basename(p)[:-3] for p in portable], cwd=ROOT)
        code = code or r.returncode
    jobs = os.environ.get("TEST_JOBS", "2")
    xdist = [] if jobs == "0" or len(runs) < 2 else ["-n", jobs, "--dist", "loadfile"]
    r = subprocess.run([sys.executable, "-m", "pytest", "-q"] + xdist + [os.path.relpath(p, ROOT) for p in runs],
                       cwd=ROOT)
    return code or r.returncode


if __name__ == "__main__":
    sys.exit(main())
