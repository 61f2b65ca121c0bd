# The little that portable tests need besides `assert`, on both interpreters
# (pytest is not available under MicroPython).
import sys

MICROPYTHON = sys.implementation.name == "micropython"


def raises(exc, fn, *args, **kw):
    """Call fn and return the exception of type exc it raised; fail otherwise."""
    try:
        fn(*args, **kw)
    except exc as e:
        return e
    raise AssertionError("%s did not raise %s" % (getattr(fn, "__name__", fn), exc.__name__))


def heap_locked(fn):
    """fn() with MicroPython's heap locked: a MemoryError if it allocates
    (so fn keeps its results in lists made beforehand).  CPython cannot
    lock its heap: the same call, for its results."""
    if not MICROPYTHON:
        return fn()
    import micropython
    micropython.heap_lock()
    try:
        fn()
    finally:
        micropython.heap_unlock()


class Console:
    """What the given modules print, kept instead of shown:

        with Console(box) as out:
            ...
        assert "box error: MemoryError..." in out.lines

    A test that makes the box fail on purpose checks what the box says on
    its console, and `make test` stays free of messages a newcomer would
    read as failures.  Works by giving each module its own `print` (a
    module global comes before the builtin, on both interpreters)."""

    def __init__(self, *modules):
        self.modules = modules
        self.lines = []

    def _print(self, *args, **kw):
        self.lines.append(" ".join(str(a) for a in args))

    def __enter__(self):
        for m in self.modules:
            m.print = self._print
        return self

    def __exit__(self, *exc):
        for m in self.modules:
            del m.print
        return False

    def said(self, text):
        """True if a printed line contains text."""
        for ln in self.lines:
            if text in ln:
                return True
        return False
