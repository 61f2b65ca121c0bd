# Timing and allocation helpers that run on CPython and MicroPython alike.
import sys
import time
import gc

MICROPYTHON = sys.implementation.name == "micropython"
INTERP = "micropython" if MICROPYTHON else "cpython"


def now_us():
    if MICROPYTHON:
        return time.ticks_us()
    return int(time.perf_counter() * 1000000)


def elapsed_us(t0):
    if MICROPYTHON:
        return time.ticks_diff(time.ticks_us(), t0)
    return now_us() - t0


def alloc_bytes(fn, *args):
    """Bytes allocated on the heap by fn(*args) (MicroPython only; None on
    CPython, whose allocator is not comparable)."""
    if not MICROPYTHON:
        return None
    gc.collect()
    gc.disable()
    try:
        a0 = gc.mem_alloc()
        fn(*args)
        return gc.mem_alloc() - a0
    finally:
        gc.enable()


def per_call_us(fn, n, *args):
    """Mean microseconds per call over n calls (after one warm-up call)."""
    fn(*args)
    t0 = now_us()
    for _ in range(n):
        fn(*args)
    return elapsed_us(t0) / n
