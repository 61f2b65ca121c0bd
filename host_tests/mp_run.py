# The portable test runner for the MicroPython unix port (in the style of
# emlearn-micropython's test_all.py): import each portable test module, call
# every test_* function, print one line per failure and end with
#   micropython: N passed, N failed
# Usage: micropython host_tests/mp_run.py [module ...]
#
# MP_CLAIM=dir (host_tests/mp.py portable -j N: N of these processes at
# once, make test's two cores both at work): each test is claimed before it
# runs by making dir/<module.test> (mkdir either makes it or fails: one
# winner), so the processes share the tests between them as they go, the
# long ones included, with no list of costs to keep; each runs only what it
# claimed and says how many it passed.
import gc
import sys
import os
import time

HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
ROOT = HERE + "/.."
sys.path.insert(0, HERE + "/portable")
sys.path.insert(0, ROOT + "/firmware")


def modules():
    names = sys.argv[1:]
    if names:
        return names
    return sorted([f[:-3] for f in os.listdir(HERE + "/portable")
                   if f.startswith("test_") and f.endswith(".py")])


# MP_PROGRESS=1 (the Makefile sets it when the output is a terminal): one
# line, rewritten in place, says which test runs (the port has no isatty)
PROGRESS = os.getenv("MP_PROGRESS") == "1"


def progress(i, n, what):
    """The line for test i of n (what: its name), or cleared (what empty)."""
    if PROGRESS:
        text = ("micropython [%d/%d] %s" % (i, n, what))[:78] if what else ""
        sys.stdout.write("\r" + text + " " * (78 - len(text)) + "\r")


# MP_TIMES=path (make test's timing, tools/suite_times.py): each test's
# wall time, "module.test<TAB>seconds" a line, for the table of the ten
# slowest tests at the end of make test
TIMES = os.getenv("MP_TIMES")
CLAIM = os.getenv("MP_CLAIM")


def claimed(what):
    """Is this test ours to run?  Always, alone; under MP_CLAIM, when this
    process made its claim first."""
    if not CLAIM:
        return True
    try:
        os.mkdir(CLAIM + "/" + what)
        return True
    except OSError:
        return False


def clock_ms():
    return time.ticks_ms() if hasattr(time, "ticks_ms") else int(time.time() * 1000)


def took_ms(t0):
    return time.ticks_diff(clock_ms(), t0) if hasattr(time, "ticks_diff") else clock_ms() - t0


def scratch():
    """A directory of this run's own for the files the tests make (the
    boxes' flash, under TMPDIR: hal.host.parts.default_dir), removed at
    the end: a run leaves nothing in /tmp."""
    from hal.host.parts import default_dir
    d = default_dir("bbx_mp_run_")
    os.putenv("TMPDIR", d)
    return d


def main():
    from app_hal import rmtree
    tmp = scratch()
    try:
        run()
    finally:
        rmtree(tmp)


def run():
    passed = 0
    failed = 0
    tests = []
    for modname in modules():
        try:
            mod = __import__(modname)
        except Exception as e:
            print("FAIL import", modname)
            sys.print_exception(e)
            failed += 1
            continue
        for name in sorted(dir(mod)):
            if name.startswith("test_") and callable(getattr(mod, name)):
                tests.append((modname, name, getattr(mod, name)))
    times = open(TIMES, "w") if TIMES else None
    for i, (modname, name, fn) in enumerate(tests):
        if not claimed(modname + "." + name):
            continue
        progress(i + 1, len(tests), modname + "." + name)
        # Every module stays imported in this one process: what one test
        # left behind is collected before the next, so a test's MemoryError
        # is its own and not the sum of those before it.
        gc.collect()
        t0 = clock_ms()
        try:
            fn()
            passed += 1
        except Exception as e:
            failed += 1
            progress(i + 1, len(tests), "")
            print("FAIL", modname + "." + name)
            sys.print_exception(e)
        if times:
            times.write("%s.%s\t%.3f\n" % (modname, name, took_ms(t0) / 1000))
    if times:
        times.close()
    progress(len(tests), len(tests), "")
    print("micropython: %d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


main()
