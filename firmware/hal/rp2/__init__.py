# The Pico port of the HAL: open_board() makes the Hal of a board from the
# rp2 parts (PIO pads, DMA speaker, machine.WDT).  hal.open_board calls it
# (hal/__init__.py).
from hal.wiring import Hal, _as_board, open_display, open_leds, open_buzzer, open_menu

# Only the boot uses these (main.forget_boot drops them from this module once
# the box is up, with this tuple: the heap goes to the games)
_BOOT = ("open_board", "Hal", "open_display", "open_leds", "open_buzzer", "open_menu", "_as_board")


def open_board(board="board.json", watchdog_ms=5000, storage_root="/data", voice=True, pads=True):
    """The Pico: every part from the board file (a path, a name under boards/
    or a Board).  The watchdog is made but not started: the boot starts it
    once the box is up (it cannot be stopped).  voice=False: the speaker
    waits for open_voice; pads=False: the pads and the power parts wait for
    open_pads (the boot's: its first screen says nothing and reads no pad;
    the voice's modules were 80 ms of the .mpy boot before it, the pads'
    five and their PIO program ~120 ms, issue 41)."""
    from hal.rp2.parts import Buses, open_storage, BoardClock, Rp2Watchdog
    b = _as_board(board)
    clock = BoardClock()
    parts = Buses()
    leds = open_leds(b, parts)
    display = open_display(b, clock, parts)
    hal = Hal(b, clock, None, leds, display, open_buzzer(b, clock, parts), open_storage(storage_root),
              Rp2Watchdog(watchdog_ms), True, open_menu(b, clock, parts))
    if pads:
        open_pads(hal)
    if voice:
        open_voice(hal)
    return hal


def open_pads(hal):
    """hal.pads, the PIO pads (S1-S6), and hal.power, the supply switch, the
    battery and the sleep (issue 27), which wakes on a pad: opened once."""
    from hal.rp2.pads import Rp2Pads
    from hal.rp2.parts import Power
    b = hal.board
    hal.pads = Rp2Pads(b.pad_pins(), hal.clock, timing=b.pad_timing)
    hal.power = Power(b, hal.pads, hal.menu)
    return hal.pads


def open_voice(hal):
    """hal.voice: the voice (drivers.voice) on the board's speaker, opened
    once; None on a board without one."""
    b = hal.board
    if hal.voice is None and b.speaker_pin is not None:
        from drivers.voice import Voice
        from hal.rp2.speaker import DmaSpeaker
        hal.voice = Voice(DmaSpeaker(b.speaker_pin))
    return hal.voice
