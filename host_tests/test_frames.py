# The box's idle pass calls no function whose frame MicroPython puts on the
# heap (tools/frames.py says why: on the Pico four such calls a pass were a
# third of the idle CPU, a first-fit search of the heap each).  A change that
# adds a local or an exception handler to one of these functions fails here:
# move the rare work into a function of its own, called when there is some
# (as App.tick does with take_presses and redraw).
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
import app_heap  # noqa: E402
import frames  # noqa: E402

# What the loop calls every pass (app.box.App.run -> tick), on every board.
IDLE_PASS = {
    "app/box.py": ("App.tick", "App.timers", "App.since_ms"),
    "app/join.py": ("Menus.scroll_due", "Menus.join_tick"),    # a menu's label, joining
    # Bataille and Bata-waf's timers (Tape-treize's engine runs its own every
    # pass, under an exception handler: app/tape.py says why)
    "app/duels.py": ("Flow.due", "Flow.at"),
    "app/io.py": ("Display.busy", "Sound.busy_with", "Sound.poll", "Menu.pressed"),
    "pads/capture.py": ("PadCapture.poll", "PadCapture.next_event", "PadCapture.held_mask"),
    "hal/wiring.py": ("Hal.poll", "Hal._check"),
    "hal/rp2/parts.py": ("BoardClock.ticks_us", "BoardClock.ticks_ms"),
    "core/ticks.py": ("diff", "add", "GameClock.ms", "GameClock.us", "GameClock.pause_tick"),
    "drivers/button.py": ("MenuButton.poll", "MenuButton.pressed"),
    "drivers/buzzer.py": ("Buzzer.poll",),
    "drivers/blink.py": ("Blinker.poll",),
    "drivers/voice.py": ("Voice.poll",),
    "drivers/ws2812.py": ("Ws2812Matrix.poll", "Ws2812Matrix.busy"),
    "drivers/ssd1306.py": ("Ssd1306.poll", "Ssd1306.busy"),
    "drivers/ssd1680.py": ("Ssd1680.poll", "Ssd1680.busy"),
    "app/tape.py": ("Waiting.limit", "Waiting.next_tap"),
}


@pytest.fixture(scope="module")
def sizes():
    def get():
        try:
            return {(rel, name): size for rel, name, s, e, size in frames.frames(sorted(IDLE_PASS))}
        except frames.uf2.Missing as e:
            raise app_heap.NoSources(str(e))
    return app_heap.need(get)


@pytest.mark.parametrize("rel,name", [(r, n) for r in sorted(IDLE_PASS) for n in IDLE_PASS[r]])
def test_idle_pass_frames_stay_on_the_c_stack(sizes, rel, name):
    assert (rel, name) in sizes, "no function %s in firmware/%s" % (name, rel)
    size = sizes[(rel, name)]
    assert not frames.on_heap(size), (
        "%s (firmware/%s) has a %d-byte frame: over %d bytes MicroPython allocates it on the heap "
        "at every call" % (name, rel, size, frames.ON_STACK_WORDS * frames.WORD))


def test_the_frame_reader_sees_a_heap_frame(sizes):
    # the reader itself: a function with an exception handler bound to a
    # name and a few locals is over the limit, one with none is not
    rows = {name: size for rel, name, s, e, size in frames.frames(["app/box.py"])}
    assert frames.on_heap(rows["App.take_presses"])
    assert not frames.on_heap(rows["App.tick"])
