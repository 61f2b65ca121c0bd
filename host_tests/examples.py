# How many examples a property test tries (issue 39, 4): its own count in
# make test (the "suite" profile of conftest.py: derandomized, the same
# examples every run), FACTOR times as many, drawn at random, under
# `make fuzz` (HYPOTHESIS_PROFILE=fuzz).  A test's own
# @settings(max_examples=N) wins over any profile, so before this a test
# that named its count ran that count under make fuzz too.
import os

FUZZ = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"
FACTOR = 25


def examples(suite, fuzz=None):
    """max_examples for a property test: suite in make test, fuzz (default
    FACTOR * suite) under make fuzz."""
    if FUZZ:
        return fuzz if fuzz is not None else suite * FACTOR
    return suite
