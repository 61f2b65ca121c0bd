# S2 on the emulated RP2040 (issue 26, item 2): the real firmware's pads,
# timed by the PIO and by the pin interrupts, with two pads pressed 2 us
# apart while the CPU is idle, busy, or holds interrupts off for 5 ms (a
# critical section made over the REPL: machine.disable_irq() and a busy
# loop).  The PIO path orders them right and stamps each within 1 us of its
# edge in every case; the interrupt path ties them (the order is lost: T7's
# generator decides) and, with interrupts off, stamps them milliseconds late.
# The scenario: tools/pico/stamps.py (also `make bench-pico`'s rows).
import pytest

from tools.pico import play as P
from tools.pico import faults, stamps
from tools.pico.pico import Pico


@pytest.fixture(scope="module")
def runs(flashed, tmp_path_factory):
    d = tmp_path_factory.mktemp("pads_pio")
    flashed("pico_matrix", d / "flash.bin")
    p = Pico(board="pico_matrix", flash=str(d / "flash.bin"))
    try:
        p.start()
        P.first_frame(p)
        P.up(p)     # (the pads open after the first frame)
        # the box boots on the PIO path (pico_matrix: GP2-5, pad_timing auto)
        assert "TIMING pio" in faults.look(p, "print('TIMING', BOX.hal.pads.timing)")
        yield stamps.measure(p, phases_us=(0.0, 0.3, 0.7))
    finally:
        p.close()


def by(runs, timing, mode):
    (r,) = [r for r in runs if r["asked"] == timing and r["mode"] == mode]
    assert r["timing"] == timing
    assert sorted(k for k, _ in r["stamps"]) == [0, 1], r
    return r


@pytest.mark.parametrize("mode", stamps.MODES)
def test_s2_pio_path_orders_pads_2us_apart_and_stamps_the_edge(runs, mode):
    r = by(runs, "pio", mode)
    assert stamps.ordered_right(r), r
    assert max(abs(e) for e in r["errors"]) <= 1.0, r


def test_s2_interrupt_path_loses_the_order_with_interrupts_off(runs):
    r = by(runs, "irq", "off")
    assert not stamps.ordered_right(r), r
    # stamped when interrupts came back on: 3 ms after the edges
    assert min(r["errors"]) >= 2900, r


@pytest.mark.parametrize("mode", ("idle", "busy"))
def test_s2_interrupt_path_ties_pads_2us_apart_and_is_late(runs, mode):
    r = by(runs, "irq", mode)
    st = dict(r["stamps"])
    assert st[0] == st[1], r          # one read of the levels: a tie (T7)
    assert min(r["errors"]) >= 3, r   # the interrupt's latency
