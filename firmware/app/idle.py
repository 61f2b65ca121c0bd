# The box goes dark when nobody plays, and wakes (issue 27): app.box.App
# decides when (sleep(): the setting's minutes with no press, or the
# battery's floor); this module does it.  It is imported only when the box
# first goes to sleep, so a box that never sleeps pays none of its names.
#
#   sleep(app, empty)   a game is paused (the one game clock stops, as the
#                       menu's pause does: the log shows no gap) and its log
#                       written; at the floor (empty) the settings are saved
#                       too and the battery sign shown 2 s (app.low's
#                       warning: why the box goes dark; the e-ink keeps
#                       it); then the pad LEDs, the buzzer and the voice go
#                       quiet, the display dark (a black frame then the
#                       matrix's supply cut by power.switch; the OLED's own
#                       display-off; e-ink keeps its picture without power)
#                       and app.idle = -1
#   resume(app)         the display and the lights back as they were, the
#                       screen redrawn: the same screen (a game: its pause,
#                       which the next press resumes).  At the floor the box
#                       stays dark until the supply is back over it.


def sleep(app, empty):
    if app.state == "play":
        app.play.pause()
    if app.play.log is not None and app.state == "pause":
        app.play.write()     # no slap window in a pause: a calm moment
    if empty:
        app.quiet.save()
        if getattr(app.hal, "echo", False):
            print("battery at its floor (%d mV): settings saved, the box sleeps" % app.power.value)
        if app.power is not None:
            _sign(app)
    hal = app.hal
    for part in (getattr(hal, "buzzer", None), getattr(hal, "voice", None)):
        if part is not None and hasattr(part, "stop"):
            part.stop()
    lights = app.lights
    for k in range(app.n_pads):
        lights.set(k, False)
    lights.leds = None          # the feedback's writes while dark go nowhere
    d = getattr(hal, "display", None)
    if d is None:
        pass
    elif d.kind == "ws2812":
        app.disp.fb.fill(0)
        d.show(True)
        # the dark frame out (its DMA 7.7 ms, then the PIO's FIFO and the
        # latch) before the supply goes and the sleep stops their clocks
        busy = getattr(getattr(d, "out", None), "busy", None)
        for _ in range(50):
            if busy is None or not busy():
                break
            hal.clock.sleep_ms(1)
        hal.clock.sleep_ms(2)
    elif hasattr(d, "power"):
        d.power(False)
    p = getattr(hal, "power", None)
    if p is not None:
        p.value(False)
    app.idle = -1
    if getattr(hal, "echo", False):
        print("asleep")     # on the board's console (the emulator's tests read it)


def resume(app):
    g = app.power
    if g is not None and g.out:
        return
    hal = app.hal
    p = getattr(hal, "power", None)
    if p is not None:
        p.value(True)
    d = getattr(hal, "display", None)
    if d is not None and d.kind != "ws2812" and hasattr(d, "power"):
        d.power(True)
    lights = app.lights
    lights.leds = getattr(hal, "leds", None)
    lights.state = [None] * len(lights.state)
    app.fb.shown = -1
    app.idle = 0
    if app.menus.menu_name:       # (a game's: no menu, app.phase.Chosen)
        app.menus.rewind(app.now)     # a menu's label scrolls from its start again
    app.dirty = True
    app.new_screen = True
    if getattr(hal, "echo", False):
        print("awake")


def _sign(app):
    """The battery sign (app.low's warning) for 2 s before the box goes dark
    at the floor: a child sees why the box stopped, and on e-ink it stays
    (the panel keeps its picture without power).  The loop waits here,
    feeding the watchdog: nothing else is to be done at the floor."""
    from app import low
    app.power.warn = -1
    low.draw(app)
    app.power.warn = None       # (shown here, not by the loop: no 2 s of its own after)
    app.disp.show(True)
    waited = 0      # 2 s, and the e-ink's refresh to its end (its driver sends as the HAL polls)
    while waited < 2000 or (app.disp.busy() and waited < 8000):
        if app.wdt is not None:
            app.wdt.feed()
        if app.hal_poll is not None:
            app.hal_poll()
        app.hal.clock.sleep_ms(100)
        waited += 100
