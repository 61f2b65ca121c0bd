# S2-S6, T7 on the PIO path: pads.pio_stamps turning the pad state
# machine's words (a model of it: pio_model.py) into stamps for the same
# PadCapture.  Portable: pytest and the MicroPython unix port.
from tinytest import raises, heap_locked
from pads.capture import PadCapture
from pads.pio_stamps import PioStamps
from pio_model import PioModel
from pads_helpers import drain

WRAP = 1 << 30
# An integer stamp for an edge seen within 0.5 us (the whole us nearest the
# middle of that half us), samples 0.19 us past each half us: |stamp - edge|
# < 0.5 + 0.19 us.  The pass that pushes a word is blind for its second half
# us: an edge that follows another by less than 1 us is seen up to 1 us
# after it, and stamped within 1.25 us (still after the first).
WITHIN_US = 0.75
AFTER_CHANGE_US = 1.25


def make(n=4, u0=1000, fifo=4, order=None, debounce_us=20000, stuck_us=5000000, ring_size=64):
    m = PioModel(n, u0, fifo=fifo)
    cap = PadCapture(n, lambda: 0, m.ticks_us, ring_size, debounce_us, stuck_us)
    st = PioStamps(cap, n, order or list(range(n)), m.rx_level, m.get, m.ticks_us, m.stalled)
    st.tie(u0, 3)
    m.run_until(m.now_ns + 1000)
    st.irq(None)            # the levels at start: not an edge
    return m, cap, st


def at(m, st, t_ns):
    """Run the machine to t_ns and let the interrupt drain its FIFO then."""
    m.run_until(t_ns)
    st.irq(None)


def err_us(stamp, edge_ns):
    d = stamp * 1000 - edge_ns
    if d > WRAP * 500:
        d -= WRAP * 1000
    elif d < -WRAP * 500:
        d += WRAP * 1000
    return d / 1000


def test_s2_pio_stamp_is_the_edge_time_within_a_us():
    # edges at every phase of the sample grid and of the microsecond,
    # drained from 1 us to 1.5 s later (the 8-pin window is 2.1 s)
    worst = 0
    for n in (4, 8):
        for j in range(40):
            m, cap, st = make(n=n, u0=7000 + j)
            edge = (7000 + j) * 1000 + 30000 + j * 137 + (j * j * 71) % 1000
            m.set(edge, 1)
            late = (1000, 5000000, 1500000000)[j % 3]
            at(m, st, edge + late)
            ev = drain(cap)
            assert [k for k, _ in ev] == [0], ev
            e = err_us(ev[0][1], edge)
            worst = max(worst, abs(e))
    assert worst < WITHIN_US, worst


def test_s2_pio_orders_two_pads_2us_apart_drained_5ms_late():
    # the CPU held interrupts off for 5 ms: the stamps are still the edges'
    m, cap, st = make()
    t = 2000000 * 1000
    m.set(t, 1 << 2)
    m.set(t + 2000, (1 << 2) | (1 << 0))
    at(m, st, t + 5000000)
    ev = drain(cap)
    assert [k for k, _ in ev] == [2, 0]
    assert 1 <= ev[1][1] - ev[0][1] <= 3
    assert abs(err_us(ev[0][1], t)) < WITHIN_US


def test_t7_pio_pads_in_one_sample_tie():
    # closer than the 0.5 us sample: one word, one stamp (S2), a tie (T7)
    m, cap, st = make()
    t = m.s0 + 500 * 6000000 - 400       # both between two samples
    m.set(t, 1 << 1)
    m.set(t + 200, (1 << 1) | (1 << 3))
    at(m, st, t + 100000)
    ev = drain(cap)
    assert sorted([k for k, _ in ev]) == [1, 3]
    assert ev[0][1] == ev[1][1]


def test_s3_pio_chatter_is_one_press_and_debounce_holds():
    m, cap, st = make()
    t = 1000000 * 1000
    # chatter on press: down, up, down... every 300-900 us
    lv = 0
    for i in range(12):
        lv ^= 1
        m.set(t + i * 700000, lv)
    at(m, st, t + 12 * 700000 + 1000)
    ev = drain(cap)
    assert [k for k, _ in ev] == [0]
    assert abs(err_us(ev[0][1], t)) < WITHIN_US
    assert cap.bounced == 0          # not seen released by poll: still held
    # poll sees it released; a press within release_us is bounce (S3)
    now = m.ticks_us()
    cap._read = lambda: 0
    cap.poll(now)
    m.set(m.now_ns + 5000000, 1)
    at(m, st, m.now_ns + 6000000)
    assert drain(cap) == []
    assert cap.bounced == 1


def test_s4_pio_stamps_across_the_tick_wrap():
    u0 = WRAP - 3000        # the tie 3 ms before ticks_us wraps
    m, cap, st = make(u0=u0)
    edges = [u0 * 1000 + 1000000, u0 * 1000 + 2999700, u0 * 1000 + 3001300, u0 * 1000 + 900000000]
    for i, e in enumerate(edges):
        m.set(e, 1 << i)
    got = []
    for e in edges:
        at(m, st, e + 3000)
        got += drain(cap)
    assert [k for k, _ in got] == [0, 1, 2, 3]
    for (k, t), e in zip(got, edges):
        assert 0 <= t < WRAP
        assert abs(err_us(t, e)) < WITHIN_US, (k, t, e)


def test_s2_pio_edge_just_after_another_is_late_by_at_most_the_push_pass():
    worst = 0
    for j in range(20):
        m, cap, st = make()
        t = 2000000 * 1000 + j * 53
        m.set(t, 1)
        m.set(t + 100 + j * 45, 3)          # 0.1 to 1 us later
        at(m, st, t + 100000)
        ev = drain(cap)
        assert [k for k, _ in ev] == [0, 1]
        assert ev[0][1] <= ev[1][1]
        worst = max(worst, abs(err_us(ev[1][1], t + 100 + j * 45)))
    assert worst < AFTER_CHANGE_US, worst


def test_s5_pio_fifo_full_is_counted_and_the_ring_overflow_kept():
    # interrupts off while 6 changes come: the 4-word FIFO drops 2 (lost)
    m, cap, st = make(fifo=4)
    t = 1000000 * 1000
    for i in range(6):
        m.set(t + i * 10000, (1 << (i % 4 + 1)) - 1 if i < 4 else 0)
    at(m, st, t + 100000)
    assert st.lost == 1          # one stall seen (the flag is sticky)
    assert sorted([k for k, _ in drain(cap)]) == [0, 1, 2, 3]
    # the capture's own ring: full drops and counts (S5), order kept
    m, cap, st = make(ring_size=2)
    for i in range(3):
        m.set(t + i * 1000, (1 << (i + 1)) - 1)
    at(m, st, t + 100000)
    assert cap.overflow == 1
    assert [k for k, _ in drain(cap)] == [0, 1]


def test_s6_pio_stuck_pad_is_ignored_until_released():
    m, cap, st = make(stuck_us=300000)
    levels = [1]
    cap._read = lambda: levels[0]
    t = 1000000 * 1000
    m.set(t, 1)
    at(m, st, t + 1000)
    assert [k for k, _ in drain(cap)] == [0]
    cap.poll(m.ticks_us())
    m.run_until(t + 400000000)
    cap.poll(m.ticks_us())
    assert cap.stuck_mask == 1
    # pad 1 pressed while pad 0 is stuck: only pad 1 counts
    m.set(t + 500000000, 3)
    at(m, st, t + 500001000)
    assert [k for k, _ in drain(cap)] == [1]


def test_s2_pio_pad_held_at_start_is_not_a_press():
    m = PioModel(4, 5000)
    m.set(0, 1 << 2)                 # held before the machine starts
    cap = PadCapture(4, lambda: 0, m.ticks_us)
    st = PioStamps(cap, 4, [0, 1, 2, 3], m.rx_level, m.get, m.ticks_us, m.stalled)
    st.tie(5000, 3)
    at(m, st, 6000 * 1000)
    assert drain(cap) == []
    assert st.words == 1


def test_s2_pio_pins_in_another_order_map_to_their_pads():
    # pad k on GPIO base + order...: pin i is pad pad_of_pin[i]
    m, cap, st = make(order=[3, 2, 1, 0])
    t = 1000000 * 1000
    m.set(t, 1 << 0)                 # pin base+0: pad 3
    at(m, st, t + 1000)
    assert [k for k, _ in drain(cap)] == [3]


def test_s2_pio_refuses_bad_shapes():
    cap = PadCapture(4, lambda: 0, lambda: 0)
    e = raises(ValueError, PioStamps, cap, 9, [0] * 9, None, None, None)
    assert "1 to 8" in str(e)
    e = raises(ValueError, PioStamps, cap, 4, [0, 1], None, None, None)
    assert "one pad" in str(e)


def test_s2_pio_handler_allocates_nothing():
    m, cap, st = make(u0=WRAP - 400000)     # across the wrap
    t = m.now_ns + 1000000
    # the model's words are computed beforehand; the handler runs locked
    for i in range(30):
        m.set(t + i * 30000000, 1 << (i & 3))
        m.set(t + i * 30000000 + 10000000, 0)
    cap._read = lambda: 0
    stamps = []
    for i in range(60):
        m.run_until(t + i * 15000000 + 1000)
        heap_locked(lambda: st.irq(None))
        heap_locked(lambda: cap.poll(m.ticks_us()))
        stamps += drain(cap)
    assert [k for k, _ in stamps] == [i & 3 for i in range(30)]
    assert all(0 <= s < WRAP for _, s in stamps)


def test_s2_board_file_pad_timing_is_checked():
    from hal import board
    import json
    d = json.loads('{"name": "x", "module": "pico", "pads": [{"pin": 2}, {"pin": 3}], '
                   '"display": {"kind": "ws2812", "width": 16, "height": 16, "pin": 22}}')
    assert board.validate(d).pad_timing == "auto"
    d["pad_timing"] = "irq"
    assert board.validate(d).pad_timing == "irq"
    d["pad_timing"] = "fast"
    assert "pad_timing 'fast' is unknown" in str(raises(board.BoardError, board.validate, d))
    d["pad_timing"] = "pio"
    d["pads"] = [{"pin": 2}, {"pin": 4}]
    assert "consecutive" in str(raises(board.BoardError, board.validate, d))
