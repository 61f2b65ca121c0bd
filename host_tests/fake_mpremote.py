"""A stand-in for mpremote in the flash tests: the box's file system is a
folder of the PC (FAKE_BOX), `exec` code runs there under the MicroPython
unix port (FAKE_MICROPYTHON) as it would on the box's REPL, `fs cp` copies
files into it.  FAKE_CUT=K cuts the copy in the middle of the K-th file
copied (0 = the first; counted across calls in FAKE_BOX/../cut_count): half
of that file reaches the box, then the "person" presses Ctrl-C (SIGINT to
the process that ran this one, as a terminal does to its whole group).

    fake_mpremote.py [connect PORT] exec CODE | fs cp SRC... :DEST | reset
"""
import os
import shutil
import signal
import subprocess
import sys


def box_path(remote):
    return os.path.join(os.environ["FAKE_BOX"], remote.lstrip(":").lstrip("/"))


def cut_now(src, dst):
    """True when this file is the one FAKE_CUT names: half of it is written."""
    cut = os.environ.get("FAKE_CUT")
    if cut is None:
        return False
    counter = os.path.join(os.path.dirname(os.environ["FAKE_BOX"].rstrip("/")), "cut_count")
    n = int(open(counter).read()) if os.path.exists(counter) else 0
    with open(counter, "w") as f:
        f.write(str(n + 1))
    if n != int(cut):
        return False
    with open(src, "rb") as f:
        data = f.read()
    with open(dst, "wb") as f:
        f.write(data[:len(data) // 2])
    return True


def main(argv):
    if argv[:1] == ["connect"]:
        argv = argv[2:]
    if argv[:1] == ["exec"]:
        r = subprocess.run([os.environ["FAKE_MICROPYTHON"], "-c", argv[1]], cwd=os.environ["FAKE_BOX"])
        return r.returncode
    if argv[:2] == ["fs", "cp"]:
        srcs, dest = argv[2:-1], argv[-1]
        for src in srcs:
            dst = box_path(dest)
            if dest.endswith("/"):
                if not os.path.isdir(dst):
                    print("mpremote: cp: destination is not a directory", file=sys.stderr)
                    return 1
                dst = os.path.join(dst, os.path.basename(src))
            if cut_now(src, dst):
                os.kill(os.getppid(), signal.SIGINT)
                return 130
            shutil.copyfile(src, dst)
        return 0
    if argv == ["reset"]:
        return 0
    print("fake mpremote: unknown command %r" % (argv,), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
