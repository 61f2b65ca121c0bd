"""The power budget of a board, from its board file: what each part draws at
worst, against the supply.  The figures are typical datasheet/bench values,
rounded up; README.md explains each one.
"""

MODULE_MA = {"pico": 30, "pico_w": 50, "rp2040_zero": 30}  # MicroPython running; Pico W radio idle
PAD_LED_MA = 20          # a 5 V arcade-button LED with its built-in resistor
WS2812_FULL_MA = 60      # one WS2812 at full white: 3 x 20 mA
WS2812_IDLE_MA = 1       # one WS2812 lit black still draws about 0.5-1 mA
BUZZER_MA = 15           # passive piezo through 100 ohm, PWM square wave
SPEAKER_MA = 150         # PAM8302 + 8 ohm speaker, the box talking at full volume (peaks)
DISPLAY_MA = {"ssd1680": 10, "ssd1306": 25, "sh1106": 25}  # e-ink while refreshing; OLED all pixels on (the SH1106 taken as the SSD1306)


def led_cap_ma(board):
    """The current the WS2812 driver lets a frame draw, dark LEDs included:
    display.max_ma, or power.led_budget_ma when the display gives none (as
    the firmware's board loader decides)."""
    disp = board["display"]
    if disp.get("max_ma") is not None:
        return disp["max_ma"]
    return board.get("power", {}).get("led_budget_ma", 500)


def rows(board):
    """[(part, mA, why)] at worst, and the supply in mA."""
    disp = board["display"]
    title = {"pico": "Pico", "pico_w": "Pico W", "rp2040_zero": "RP2040-Zero"}.get(board["module"], board["module"])
    out = [(title + ", MicroPython running", MODULE_MA[board["module"]], "typical, rounded up")]
    n_led = sum(1 for p in board["pads"] if p.get("led") is not None)
    if n_led:
        out.append(("%d pad LEDs, all lit" % n_led, n_led * PAD_LED_MA, "%d x %d mA" % (n_led, PAD_LED_MA)))
    if disp["kind"] == "ws2812":
        n = disp["width"] * disp["height"]
        out.append(("%dx%d WS2812, brightest frame" % (disp["width"], disp["height"]), led_cap_ma(board),
                    "the driver's cap: %d x %d mA dark + %d mA per channel at full; uncapped "
                    "full white would be %d x %d mA = %d mA" % (n, WS2812_IDLE_MA, WS2812_FULL_MA // 3, n,
                                                                WS2812_FULL_MA, n * WS2812_FULL_MA)))
    else:
        out.append((disp["kind"].upper() + " display", DISPLAY_MA[disp["kind"]], "worst case of its datasheet"))
    if board.get("buzzer"):
        out.append(("buzzer", BUZZER_MA, "piezo through 100 ohm"))
    if board.get("speaker"):
        out.append(("speaker", SPEAKER_MA, "PAM8302 into 8 ohm at full volume, speech peaks "
                                           "(about 4 mA when silent)"))
    supply = board.get("power", {}).get("supply_ma", 1000)
    return out, supply


def total(board):
    r, supply = rows(board)
    return sum(ma for _, ma, _ in r), supply


def markdown(boards):
    """One table per board: the worst case against the supply."""
    lines = []
    for name in sorted(boards):
        b = boards[name]
        r, supply = rows(b)
        t = sum(ma for _, ma, _ in r)
        lines.append("**%s** (`boards/%s.json`, supply %d mA)\n" % (b["name"], name, supply))
        lines.append("| part | mA at worst | why |")
        lines.append("| --- | ---: | --- |")
        for part, ma, why in r:
            lines.append("| %s | %d | %s |" % (part, ma, why))
        verdict = "fits, %d mA to spare" % (supply - t) if t <= supply else \
            "**over by %d mA**: use a bigger supply or lower `display.max_ma`" % (t - supply)
        lines.append("| **total** | **%d** | %s |" % (t, verdict))
        lines.append("")
    return "\n".join(lines)
