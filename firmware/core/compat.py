# const() on both interpreters, imported as `from core.compat import const`.
# MicroPython's compiler folds `NAME = const(n)` by itself (and keeps no
# global at all for a `_NAME`), so this import only gives CPython a name to
# call.
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):  # type: ignore[no-redef]
        return x
