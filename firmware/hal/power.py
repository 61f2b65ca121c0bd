# The board file's supply keys beyond the budget (issue 27), checked here and
# not in hal.board: hal.board imports this module only for a board file
# whose "power" names them, so a box without them pays none of these names
# (MicroPython interns them for ever: the names budget, docs/app.md).
#
#   "power": {"switch": 17,          the GPIO driving the matrix's high-side
#                                    P-MOSFET (through its N-MOSFET driver:
#                                    high = the matrix powered); the box cuts
#                                    the matrix's supply when it sleeps
#             "sense": "vsys"        the Pico's own VSYS divider (3:1) on
#                                    GPIO29 / ADC3 (Pico only: on the Pico W
#                                    GPIO29 is the wireless chip's clock)
#             "sense": 26, "divider": [200, 100]
#                                    a divider of the maker's own (kOhm, top
#                                    then bottom) on an ADC pin, GP26-GP29
#   no "sense": the box does not know its battery (no gauge, no floor).
#
#   check(c, pw, b)     c the hal.board checker, pw the "power" object, b the
#                       Board: sets b.power = (switch, sense, full_mv, wired):
#                       the switch's GPIO or None, the ADC's GPIO or None,
#                       the supply's mV at a full-scale ADC reading, and the
#                       sense's GPIO when a wire goes to it (not "vsys",
#                       inside the Pico) or None
# (one attribute named like the key, whose name every box interns already;
# a board without these keys has no b.power: getattr(b, "power", None))
KEYS = ("supply_ma", "led_budget_ma", "switch", "sense", "divider")
ADC_PINS = (26, 27, 28, 29)
VSYS_PIN = 29
ADC_REF_MV = 3300


def check(c, pw, b):
    bad = sorted([k for k in pw if k not in KEYS])
    if bad:
        c.fail("unknown key power.%s (a typo? known here: %s)" % (bad[0], ", ".join(KEYS)))
    seen = {}
    for use, pin in b.uses():
        seen[pin] = use
    switch = sense = mv = None
    if pw.get("switch") is not None:
        switch = _free(c, c.pin(pw, "switch", "power."), "power.switch", seen)
        if b.display.kind != "ws2812":
            c.fail("power.switch cuts a WS2812 matrix's supply; this board's display is %s "
                   "(it sleeps by its own command): remove power.switch" % b.display.kind)
    s = pw.get("sense")
    if s is None:
        if "divider" in pw:
            c.fail("power.divider without power.sense: name the ADC pin it feeds (GP26-GP29)")
        b.power = (switch, None, None, None)
        return
    if s == "vsys":
        if b.module != "pico":
            c.fail("power.sense \"vsys\" is the Raspberry Pi Pico's own VSYS divider on GP29; the %s "
                   "has none a box can read: wire a divider to GP26-GP28 and give its pin and "
                   "power.divider" % b.module)
        if "divider" in pw:
            c.fail("power.divider with power.sense \"vsys\": the Pico's divider is fixed (3:1); remove it")
        sense = VSYS_PIN
        wired = None
        top, bottom = 2, 1
    else:
        if not isinstance(s, int) or isinstance(s, bool) or s not in ADC_PINS:
            c.fail("power.sense must be \"vsys\" or an ADC pin from 26 to 29 (GP26-GP29), not %r" % (s,))
        # GP29 is the Pico's own VSYS sense: "reserved" there, a free pin on the Zero
        sense = wired = _free(c, c.pin(pw, "sense", "power."), "power.sense", seen)
        d = pw.get("divider")
        if (not isinstance(d, list) or len(d) != 2
                or [v for v in d if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 10000]):
            c.fail("power.divider must be [top, bottom], two resistances in kOhm from 1 to 10000 "
                   "(the supply to the pin, the pin to GND), not %r" % (d,))
        top, bottom = d
        if 5500 * bottom // (top + bottom) > ADC_REF_MV:
            c.fail("power.divider %r: a 5.5 V supply would put %d mV on GP%d, over the ADC's 3300 mV; "
                   "use a bigger top resistor" % (d, 5500 * bottom // (top + bottom), s), s)
    b.power = (switch, sense, ADC_REF_MV * (top + bottom) // bottom, wired)


def _free(c, pin, use, seen):
    if pin in seen:
        c.fail("GP%d is used twice: %s and %s" % (pin, seen[pin], use), pin)
    seen[pin] = use
    return pin
