# pytest on CPython: the firmware and the portable tests are importable the
# same way the MicroPython runner makes them (see mp_run.py).
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(HERE, "portable"), os.path.join(ROOT, "firmware"), ROOT, HERE):
    if p not in sys.path:
        sys.path.insert(0, p)
