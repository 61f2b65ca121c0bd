# Figures for the hardware self-test (issue 8): what one step of its state
# machine costs the main loop while it waits for a pad, and a whole run on
# the host HAL with every pad pressed.
from benchlib import per_call_us, alloc_bytes, now_us, elapsed_us

BOARD = {"name": "bench", "module": "pico",
         "pads": [{"pin": 2, "led": 18}, {"pin": 3, "led": 19}, {"pin": 4, "led": 20}, {"pin": 5, "led": 21}],
         "display": {"kind": "ws2812", "width": 16, "height": 16, "pin": 22, "layout": "serpentine",
                     "order": "GRB", "max_ma": 500},
         "buzzer": {"pin": 15}, "menu_button": None, "power": {"supply_ma": 1000, "led_budget_ma": 500}}


def _hal():
    import hal
    return hal.open_host(BOARD)


def _waiting_test():
    """A self-test already at its pads part, waiting for pad 1."""
    from app import selftest
    h = _hal()
    st = selftest.SelfTest(h, pad_timeout_ms=10 ** 6)
    while not st.prompt:
        st.step(h.clock.ticks_ms())
        h.pads.advance(5000)
    return h, st


def _step(h, st):
    st.step(h.clock.ticks_ms())


def _steps(h, st):
    for _ in range(100):
        st.step(h.clock.ticks_ms())


def _full_run():
    from app import selftest
    h = _hal()
    st = selftest.SelfTest(h)
    asked = None
    while st.step(h.clock.ticks_ms()):
        if st.prompt != asked:
            asked = st.prompt
            if asked:
                h.pads.tap(int(asked.split()[-1]) - 1, h.clock.now + 50000)
        h.pads.advance(5000)
    return st


def bench_selftest():
    h, st = _waiting_test()
    out = [("selftest step, waiting for a pad", per_call_us(_step, 2000, h, st), "us")]
    out.append(("selftest 100 steps waiting, alloc", alloc_bytes(_steps, h, st), "bytes"))
    t0 = now_us()
    st = _full_run()
    out.append(("selftest whole run, 4 pads (host HAL, ~6 s virtual)", elapsed_us(t0) // 1000, "ms"))
    assert st.ok
    return out
