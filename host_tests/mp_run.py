# The portable test runner for the MicroPython unix port (in the style of
# emlearn-micropython's test_all.py): import each portable test module, call
# every test_* function, print one line per failure and end with
#   micropython: N passed, N failed
# Usage: micropython host_tests/mp_run.py [module ...]
import sys
import os

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


def main():
    passed = 0
    failed = 0
    for modname in modules():
        try:
            mod = __import__(modname)
        except Exception as e:
            print("FAIL import", modname)
            sys.print_exception(e)
            failed += 1
            continue
        for name in sorted(dir(mod)):
            if not name.startswith("test_"):
                continue
            fn = getattr(mod, name)
            if not callable(fn):
                continue
            try:
                fn()
                passed += 1
            except Exception as e:
                failed += 1
                print("FAIL", modname + "." + name)
                sys.print_exception(e)
    print("micropython: %d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


main()
