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
