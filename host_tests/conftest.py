# pytest on CPython: the firmware and the portable tests are importable the
# same way the MicroPython runner makes them (see mp_run.py).
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (os.path.join(HERE, "portable"), os.path.join(ROOT, "firmware"), ROOT, HERE):
    if p not in sys.path:
        sys.path.insert(0, p)

# Hypothesis: deterministic in the suite (the machine is shared and noisy, a
# property test must not flake on timing or on a lucky draw); `make fuzz`
# selects the "fuzz" profile, which explores far more and at random.
try:
    from hypothesis import settings, HealthCheck

    settings.register_profile("suite", deadline=None, derandomize=True,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.register_profile("fuzz", deadline=None, max_examples=5000,
                              suppress_health_check=[HealthCheck.too_slow])
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))
except ImportError:  # pragma: no cover - hypothesis comes with make test
    pass
