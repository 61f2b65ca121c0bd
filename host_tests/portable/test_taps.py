# app.tape.Waiting: Tape-treize presses wait until let go (a slap) or held (the
# pause).  Order, a pad pressed twice, the limit the engine may run to, a
# full queue, nothing allocated per press.
from app.tape import Waiting
from tinytest import heap_locked


def test_taps_come_out_in_time_order_once_let_go():
    w = Waiting()
    w.add(2, 1000)
    w.add(0, 1500)
    held = 0b101
    assert w.next_tap(held) == -1          # pad 2 still down: nothing yet
    assert w.limit(9000) == 1000           # the engine waits at pad 2's press
    held = 0b001                           # pad 2 let go, pad 0 still down
    assert w.next_tap(held) == 2 and w.t_out == 1000
    assert w.next_tap(held) == -1
    assert w.limit(9000) == 1500
    held = 0
    assert w.next_tap(held) == 0 and w.t_out == 1500
    assert w.n == 0 and w.limit(9000) == 9000


def test_taps_a_later_press_waits_for_an_earlier_one_still_down():
    w = Waiting()
    w.add(1, 100)
    w.add(3, 200)
    # pad 3 is up already, pad 1 is not: order is kept
    assert w.next_tap(0b0010) == -1
    assert w.next_tap(0) == 1 and w.next_tap(0) == 3


def test_taps_the_same_pad_twice_means_the_first_was_let_go():
    w = Waiting()
    w.add(1, 100)
    w.add(1, 400)       # pressed again: it was released in between
    held = 0b10         # down again now
    assert w.next_tap(held) == 1 and w.t_out == 100
    assert w.next_tap(held) == -1
    assert w.n == 1 and w.limit(9000) == 400


def test_taps_clear_forgets_every_press():
    w = Waiting()
    w.add(0, 10)
    w.add(2, 20)
    w.clear()
    assert w.n == 0 and w.next_tap(0) == -1 and w.limit(77) == 77


def test_taps_full_queue_refuses_and_force_takes_the_oldest():
    w = Waiting()
    n = 0
    while w.add(n, n * 10):     # 16 pads, all still down
        n += 1
    assert n == 16
    assert w.next_tap(0xFFFF) == -1
    assert w.next_tap(0xFFFF, True) == 0 and w.t_out == 0
    assert w.add(5, 999)
    assert w.n == 16 and w.limit(0) == 10      # pad 1's press is first now


def _presses(w, out):
    for i in range(40):
        w.add(i & 7, i * 1000 + 0x3FFF0000)
        w.add((i + 3) & 7, i * 1000 + 0x3FFF0100)
        k1 = w.next_tap(0)
        k2 = w.next_tap(0)
        w.limit(5)
    out[0] = k1
    out[1] = k2


def test_taps_allocate_nothing_per_press():
    w = Waiting()
    out = [0, 0]
    heap_locked(lambda: _presses(w, out))
    assert out == [7, 2] and w.n == 0
