# The board binding (hal/rp2/pads.py) on CPython, with stand-ins for
# `machine` and `micropython`: the GPIO_IN -> pad mapping tables, the pin
# setup (pull-up, falling edge, hard IRQ, one cached handler), refused pin
# lists, and a press going through the registered handler.
import importlib
import sys
import types

import pytest

from hal.host.clock import VirtualClock
from pads_helpers import drain

SIO_GPIO_IN = 0xD0000004


class FakePin:
    IN = 0
    PULL_UP = 1
    IRQ_FALLING = 4
    made = {}

    def __init__(self, g, mode=None, pull=None):
        self.g = g
        self.mode = mode
        self.pull = pull
        self.irq_args = None
        FakePin.made[g] = self

    def irq(self, trigger=None, handler=None, hard=False):
        self.irq_args = (trigger, handler, hard)


class FakeMem:
    def __init__(self):
        self.gpio_in = (1 << 30) - 1   # every input high: nothing pressed

    def __getitem__(self, addr):
        assert addr == SIO_GPIO_IN
        return self.gpio_in


@pytest.fixture
def rp2(monkeypatch):
    machine = types.ModuleType("machine")
    machine.Pin = FakePin
    machine.mem32 = FakeMem()
    mp = types.ModuleType("micropython")
    mp.const = lambda x: x
    mp.calls = []
    mp.alloc_emergency_exception_buf = lambda n: mp.calls.append(n)
    monkeypatch.setitem(sys.modules, "machine", machine)
    monkeypatch.setitem(sys.modules, "micropython", mp)
    for name in ("hal.rp2.pads", "pads.capture_viper"):
        sys.modules.pop(name, None)
    FakePin.made = {}
    mod = importlib.import_module("hal.rp2.pads")
    yield mod, machine, mp
    sys.modules.pop("hal.rp2.pads", None)


def test_s1_s2_pins_map_to_pads_and_are_set_up_for_a_hard_falling_irq(rp2):
    mod, machine, mp = rp2
    pins = [27, 2, 9, 16, 0, 22, 8, 15]
    clock = VirtualClock(0)
    pads = mod.Rp2Pads(pins, clock)
    assert mp.calls == [100]
    cap = pads.capture
    for k, g in enumerate(pins):
        p = FakePin.made[g]
        assert p.mode == FakePin.IN and p.pull == FakePin.PULL_UP
        trigger, handler, hard = p.irq_args
        assert trigger == FakePin.IRQ_FALLING and hard is True
        assert handler is cap.handler   # one bound method, made once
    # Active low, one read: every subset of pads maps right.
    for mask in (0, 1, 0x80, 0x5A, 0xFF, 0x24):
        v = (1 << 30) - 1
        for k in range(8):
            if mask & (1 << k):
                v &= ~(1 << pins[k])
        machine.mem32.gpio_in = v
        assert pads.read_levels() == mask
    # Other GPIOs low change nothing.
    machine.mem32.gpio_in = ((1 << 30) - 1) & ~((1 << 5) | (1 << 29))
    assert pads.read_levels() == 0


def test_s2_a_press_through_the_registered_handler(rp2):
    mod, machine, mp = rp2
    clock = VirtualClock(1000)
    pads = mod.Rp2Pads([3, 4, 5], clock)
    machine.mem32.gpio_in = ((1 << 30) - 1) & ~((1 << 4) | (1 << 5))
    pin = FakePin.made[4]
    pin.irq_args[1](pin)
    assert drain(pads.capture) == [(1, 1000), (2, 1000)]


def test_s1_bad_pin_lists_are_refused_with_the_reason(rp2):
    mod, machine, mp = rp2
    clock = VirtualClock(0)
    for pins, words in (([], "1 to 8"), (list(range(9)), "1 to 8"), ([3, 30], "30"),
                        ([3, 3], "GPIO 3"), (["GP3"], "GP3")):
        with pytest.raises(ValueError) as e:
            mod.Rp2Pads(pins, clock)
        assert words in str(e.value)


def test_s2_pads_on_scattered_pins_keep_the_pin_interrupts(rp2):
    # "auto" times pads by the PIO only on consecutive GPIOs (`in pins`)
    mod, machine, mp = rp2
    pads = mod.Rp2Pads([2, 4, 7, 9], VirtualClock(0))
    assert pads.timing == "irq" and pads.pio is None
    assert FakePin.made[7].irq_args[1] is pads.capture.handler
    assert mod.consecutive_base([5, 3, 4, 2]) == 2
    assert mod.consecutive_base([2, 4, 7, 9]) == -1


def test_s2_pio_timing_refuses_scattered_pins_and_bad_names(rp2):
    mod, machine, mp = rp2
    with pytest.raises(ValueError) as e:
        mod.Rp2Pads([2, 4, 7, 9], VirtualClock(0), timing="pio")
    assert "consecutive" in str(e.value)
    with pytest.raises(ValueError) as e:
        mod.Rp2Pads([2, 3], VirtualClock(0), timing="dma")
    assert "timing 'dma'" in str(e.value)


def test_s2_auto_without_a_pio_falls_back_to_the_pin_interrupts(rp2):
    # (these stand-ins have no rp2 module: as a port without the PIO)
    mod, machine, mp = rp2
    pads = mod.Rp2Pads([3, 4, 5], VirtualClock(0))
    assert pads.timing == "irq" and pads.pio_error
    assert FakePin.made[4].irq_args[1] is pads.capture.handler
