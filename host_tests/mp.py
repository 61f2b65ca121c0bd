# Running code under the real MicroPython unix port from a CPython test.
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FIRMWARE = os.path.join(ROOT, "firmware")


def micropython_bin():
    venv = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(venv):
        return venv
    found = shutil.which("micropython")
    if not found:
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
