# The PC's small parts: pad LEDs on recording pins, the buzzer on a recording
# PWM (the simulator plays it), storage in a directory of the PC.
from drivers.buzzer import Buzzer, NullPwm
from drivers.leds import PadLeds
from drivers.storage import Storage
from hal.host.bus import HostPin
from hal.host.pwm import HostPwm


def open_leds(board, wire=None):
    return PadLeds([None if g is None else HostPin(g, wire) for g in board.led_pins()])


def open_buzzer(board, clock):
    if board.buzzer_pin is None:
        return Buzzer(NullPwm(), clock)
    return Buzzer(HostPwm(clock, board.buzzer_pin), clock)


def default_dir():
    try:
        import tempfile
        return tempfile.mkdtemp(prefix="bataille_box_")
    except ImportError:  # MicroPython: no tempfile
        import os
        import time
        d = "/tmp/bataille_box_%d" % time.ticks_us()
        try:
            os.mkdir(d)
        except OSError:
            pass
        return d


def open_storage(root=None, cut_at=None, lean=False):
    """Files in a directory of the PC, through CutFs (power cuts, a log of
    every step); lean: through the board's own OsFs, nothing recorded."""
    if lean:
        from drivers.storage import OsFs
        return Storage(OsFs(root or default_dir()))
    from hal.host.storage import CutFs
    return Storage(CutFs(root or default_dir(), cut_at))
