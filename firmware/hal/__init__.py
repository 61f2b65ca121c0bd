# The HAL facade: one object with every part of the box, the same shape on
# the board (open_board) and on the PC (open_host).  The box talks to
# hardware only through it.
#
#   hal = open_host(board, clock=None, storage_dir=None, ...)   # PC / tests / sim
#   hal = open_board(board="board.json")                       # the Pico
#
#   hal.board      the Board (hal.board): pins, display kind, budget
#   hal.clock      ticks_us/ticks_ms/ticks_diff/ticks_add (+ advance on the host)
#   hal.pads       HostPads / Rp2Pads: .capture is the PadCapture (S1-S6)
#   hal.leds       drivers.button.PadLeds: set(k, on), all(on), only(k)
#   hal.display    Ws2812Matrix | Ssd1680 | Ssd1306: .fb (draw here), .format,
#                  .width, .height, show(full=None), poll(), busy(), .error,
#                  set_brightness(1..5) (matrix, OLED)
#   hal.buzzer     drivers.buzzer.Buzzer (silent on a board without buzzer):
#                  tone(hz, ms), play([(hz, ms), ...]), stop(), .volume
#   hal.voice      drivers.voice.Voice on the board's speaker (None without
#                  one): open(stream), say(names), talking(), .volume;
#                  hal.voice_dir is where the <lang>.vox files are
#   hal.storage    drivers.storage.Storage: load(name, defaults) -> (value,
#                  notice), save(name, value), .slap_window
#   hal.watchdog   start(), feed()
#   hal.menu       drivers.button.MenuButton (pressed(): 1 once per press, 2
#                  once held 1.5 s; press() a short one), None without a
#                  menu button
#   hal.power      hal.rp2.parts.Power / hal.host.parts.Power (issue 27): value(on) the
#                  matrix's supply switch, read() the battery in mV (-1: no
#                  sense), sleep(ms) the CPU asleep until a press
#   hal.notices    messages for the player / the REPL (display errors, ...)
#
# The main loop calls hal.poll() every pass: it advances the display and the
# buzzer, and when the display has failed it blinks the error code on the pad
# LEDs (drivers.blink) while the pads go on working.
import sys
# Hal and the Board from a name live in hal.wiring, below this facade and both
# ports (hal.host, hal.rp2), which take them from there.
from hal.wiring import Hal, _as_board, _host_voice_dir  # noqa: F401

# Only the boot uses these (main.forget_boot drops them from this module once
# the box is up, with this tuple: the heap goes to the games)
_BOOT = ("open_board", "open_host", "forget_board_checks", "_as_board", "_host_voice_dir")


def forget_board_checks():
    """Drop the board file checker (hal.board and its display checks,
    hal.board_display: their tables and messages, some 15 KB of MicroPython
    heap) once the HAL is open: the Board it made lives in hal.boarddata.
    A later import loads the checker again, as a new module (its BoardError
    is then another class): for the box's own boot (main.py) and lean runs
    (host.headless.play), not for a test process."""
    g = globals()
    for name in ("board", "board_display"):
        sys.modules.pop("hal." + name, None)
        if name in g:
            del g[name]


def open_host(*args, **kw):
    """The PC port (hal.host.open_host, which says its arguments).  Each
    port's opening lives in its own package, so the board never loads the
    host's names nor the PC the board's (MicroPython interns every name a
    module holds, for ever: issue 13)."""
    from hal.host import open_host as _open
    return _open(*args, **kw)


def open_board(*args, **kw):
    """The Pico (hal.rp2.open_board, which says its arguments)."""
    from hal.rp2 import open_board as _open
    return _open(*args, **kw)
