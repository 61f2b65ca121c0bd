# The board's small parts from the board file: pad LEDs, buzzer, storage.
import machine
from drivers.buzzer import Buzzer, NullPwm
from drivers.leds import PadLeds
from drivers.button import MenuButton
from drivers.storage import Storage, OsFs

STORAGE_DIR = "/data"


def open_leds(board):
    return PadLeds([None if g is None else machine.Pin(g, machine.Pin.OUT, value=0)
                    for g in board.led_pins()])


def open_buzzer(board, clock):
    if board.buzzer_pin is None:
        return Buzzer(NullPwm(), clock)
    pwm = machine.PWM(machine.Pin(board.buzzer_pin), freq=1000, duty_u16=0)
    return Buzzer(pwm, clock)


def open_storage(root=STORAGE_DIR):
    s = Storage(OsFs(root))
    s.clean()   # boot: drop the temp file of a save a power cut interrupted
    return s


def open_menu(board, clock):
    if board.menu_pin is None:
        return None
    return MenuButton(machine.Pin(board.menu_pin, machine.Pin.IN, machine.Pin.PULL_UP), clock)
