# CPython-only figure for hardware/ (issue 8): the time `make diagrams` takes
# to draw every board file's wiring diagram and the enclosure (matplotlib).
import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "hardware"))


def bench_diagrams():
    import contextlib
    import io
    import diagrams
    # drawn into a folder removed afterwards; its "drawn into ..." line is
    # not part of the bench table
    with tempfile.TemporaryDirectory(prefix="bench_diagrams_") as out:
        t0 = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()):
            diagrams.main(["--out", out])
        ms = (time.perf_counter() - t0) * 1000
    return [("make diagrams (all boards + enclosure)", round(ms), "ms")]
