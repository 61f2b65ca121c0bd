# What the pad tests share (portable: pytest and the MicroPython unix port).
# Not a test module: mp_run.py and pytest only collect test_*.py.


def drain(cap):
    """Every press waiting in the capture's ring, oldest first, as
    (pad, ticks) pairs; the ring is empty afterwards."""
    out = []
    k = cap.next_event()
    while k >= 0:
        out.append((k, cap.ev_t))
        k = cap.next_event()
    return out
