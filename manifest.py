# Freezing the box into a custom MicroPython build (like micropython-lib's
# manifests): from a MicroPython checkout,
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/this/manifest.py
# Frozen modules cost no RAM to import.  main.py is frozen too (MicroPython
# runs a frozen main.py when the file system has none); the board file still
# goes on the file system: mpremote fs cp boards/NAME.json :board.json
# The host port (firmware/hal/host), the pure-Python framebuf and the
# headless runner are PC-only and left out.  The spoken words
# (firmware/voice/*.vox) are data, not modules: copy them too
# (mpremote fs cp firmware/voice/*.vox :voice/) or the box beeps instead
# (tools/uf2.py freezes them as modules voice_<lang> for a board that talks).  A test checks this list against
# the files under firmware/.
metadata(description="Bataille box: Bataille, Bata-waf and Tape-treize for children", version="0.1.0")

module("main.py", base_path="firmware")
module("flashcheck.py", base_path="firmware")
package("core", base_path="firmware")
package("games", base_path="firmware")
package("pads", base_path="firmware")
package("drivers", base_path="firmware")
package("gfx", base_path="firmware", files=("canvas.py", "faces.py", "fb.py", "gauge.py", "glyphs.py", "menu.py",
                                             "render.py", "table.py", "tape.py", "tape16.py"))
package("app", base_path="firmware",
        files=("box.py", "duels.py", "feedback.py", "idle.py", "io.py", "join.py", "logs.py", "low.py",
               "menu.py", "pause.py", "play.py", "quiet.py", "screens.py", "seats.py", "selftest.py", "selftest_screen.py", "selftest_text.py",
               "settings.py", "sounds.py", "strings.py", "strings_en.py", "strings_fr.py", "tape.py",
               "view.py"))
package("hal", base_path="firmware",
        files=("__init__.py", "board.py", "boarddata.py", "wiring.py", "rp2/__init__.py", "rp2/clock.py",
               "rp2/pads.py", "rp2/pads_pio.py", "rp2/parts.py", "rp2/speaker.py", "rp2/watchdog.py", "rp2/ws2812.py"))
