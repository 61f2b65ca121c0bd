"""Hours of play and days of standby, per board file and supply of the BOM
(issue 27): hardware/README.md section 4's table, from the figures of
hardware/power_figures.json and the model below.

    python hardware/hours.py             print the table
    python hardware/hours.py --measure   re-measure the host figures (the
                                         matrix's mean current and the lit
                                         pad LEDs over a game of each kind)
                                         into power_figures.json
    python hardware/hours.py --pico      re-measure the CPU's busy share
                                         while playing on the emulated RP2040
                                         (a Bata-waf game through the pins of
                                         pico_matrix, tools/pico) into
                                         power_figures.json (a few minutes)

`make diagrams` splices the table into the README (hardware/diagrams.py).

The model: every current at the 5 V rail, summed over the parts a board
file has, in two states.
  playing: the module at its CPU duty (busy at MODULE_BUSY_MA, waiting in
           time.sleep_ms at MODULE_WAIT_MA; the duty measured on the
           emulated RP2040), the display (a matrix: the mean current of the
           frames the box showed, time-weighted, as its driver estimates
           them, measured on the host HAL, whose frames are the board's LED
           for LED: test_pico_boot), the pad LEDs lit on average, the
           speaker's amplifier idle;
  asleep:  the module in machine.lightsleep (measured by MicroPython's
           maintainers), the matrix cut by power.switch (or, without one, its
           256 dark LEDs on), the OLED in its display-off, the amplifier idle
           (its SD pin is not wired), the 3 x AA regulator's quiescent.
A supply's capacity is the energy it brings to the 5 V rail: a 10 Ah power
bank of 3.7 V cells at 85 % -> 6.3 Ah at 5 V; 3 x AA NiMH of 2 Ah at 3.6 V
through the S9V11F5 at 90 % -> 1.3 Ah at 5 V.  Hours = capacity / current.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FIGURES = os.path.join(HERE, "power_figures.json")

# datasheet and bench currents (mA at the 5 V rail), the model's other half
MODULE_BUSY_MA = {"pico": 25.0, "pico_w": 27.0, "rp2040_zero": 25.0}   # 125 MHz, code running
MODULE_WAIT_MA = {"pico": 12.0, "pico_w": 14.0, "rp2040_zero": 12.0}   # 125 MHz, core in WFE
MODULE_SLEEP_MA = {"pico": 1.3, "pico_w": 2.0, "rp2040_zero": 1.3}     # machine.lightsleep(ms)
PAD_LED_MA = 20.0
WS2812_DARK_MA = 1.0     # each, lit black (the driver's model)
OLED_ON_MA = 12.0        # SSD1306 128x64, a menu or a card: a fifth of the pixels lit
OLED_OFF_MA = 0.01       # display off (its sleep)
EINK_PLAY_MA = 1.5       # SSD1680: ~8 mA while refreshing, 1.6 s full / 0.4 s partial, a flip every few s
EINK_OFF_MA = 0.0        # holds its picture without power
AMP_IDLE_MA = 4.0        # PAM8302 with no input (its SD pin not wired: on in the sleep too)
REGULATOR_MA = 0.1       # S9V11F5 quiescent (3 x AA only)
SUPPLIES = (("usb", "10 Ah USB power bank", 10000 * 3.7 / 5 * 0.85),
            ("aa", "3 x AA NiMH 2 Ah", 2000 * 3.6 / 5 * 0.90))


def load_figures(path=FIGURES):
    with open(path) as f:
        return json.load(f)


def currents(board, fig):
    """(mA playing, mA asleep) of a board dict."""
    m = board["module"]
    duty = fig["cpu_duty_playing"]
    play = MODULE_BUSY_MA[m] * duty + MODULE_WAIT_MA[m] * (1 - duty)
    sleep = MODULE_SLEEP_MA[m]
    disp = board["display"]
    n_led = sum(1 for p in board["pads"] if p.get("led") is not None)
    play += PAD_LED_MA * min(n_led, fig["pad_leds_lit_playing"])
    if disp["kind"] == "ws2812":
        n = disp["width"] * disp["height"]
        play += fig["matrix_ma_playing_per_256"] * n / 256.0
        if (board.get("power") or {}).get("switch") is None:
            sleep += n * WS2812_DARK_MA          # no switch: the dark matrix stays on
    elif disp["kind"] == "ssd1306":
        play += OLED_ON_MA
        sleep += OLED_OFF_MA
    else:
        play += EINK_PLAY_MA
        sleep += EINK_OFF_MA
    if board.get("speaker"):
        play += AMP_IDLE_MA
        sleep += AMP_IDLE_MA
    return play, sleep


def rows(boards, fig):
    out = []
    for name in sorted(boards, key=lambda n: (n != "pico_matrix", n)):
        b = boards[name]
        play, sleep = currents(b, fig)
        for key, title, mah in SUPPLIES:
            extra = REGULATOR_MA if key == "aa" else 0.0
            out.append((name, title, play + extra, mah / (play + extra), sleep + extra,
                        mah / (sleep + extra) / 24))
    return out


def markdown(boards, fig=None):
    fig = fig or load_figures()
    lines = ["| board file | supply | mA playing | hours of play | mA asleep | days of standby |",
             "| --- | --- | ---: | ---: | ---: | ---: |"]
    for name, supply, play, hours, sleep, days in rows(boards, fig):
        lines.append("| `%s` | %s | %.0f | %.1f | %.1f | %s |" % (
            name, supply, play, hours, sleep, ("%.0f" % days) if days >= 10 else ("%.1f" % days)))
    lines.append("")
    lines.append("The CPU busy %.0f %% of the time in a game, measured on the emulated RP2040 (%s); "
                 "%.0f %% awake in a menu, %.1f %% asleep, measured there too (%s). Measured on the "
                 "host HAL over a game of each kind (`python hardware/hours.py --measure`): the "
                 "matrix's frames draw %.0f mA on average (256 LEDs, dark ones included, at the "
                 "default brightness), %.1f pad LEDs lit. The rest are the datasheet and bench "
                 "figures at the top of `hardware/hours.py`, the model in its docstring." % (
                     100 * fig["cpu_duty_playing"], fig["cpu_playing_source"], 100 * fig["cpu_duty_menu"],
                     100 * fig["cpu_duty_asleep"], fig["source"], fig["matrix_ma_playing_per_256"],
                     fig["pad_leds_lit_playing"]))
    return "\n".join(lines) + "\n"


def save_figures(fig, path=FIGURES):
    with open(path, "w") as f:
        json.dump(fig, f, indent=1, sort_keys=True)
        f.write("\n")


REV = [int("{:08b}".format(b)[::-1], 2) for b in range(256)]


def measure():
    """The host figures: the matrix's mean current (the WS2812 driver's
    estimate of each frame, weighted by how long it stayed) and the mean
    number of lit pad LEDs, over a Bata-waf, a Bataille and a Tape-treize
    game with bots on pico_matrix."""
    sys.path.insert(0, os.path.join(ROOT, "firmware"))
    import hal
    from host import headless
    from drivers import ws2812
    sums = [0, 0, 0]     # us in play, uA x us, lit LEDs x us
    for game, players, opts in (("batawaf", 2, {"length": "court"}), ("bataille", 2, {"length": "court"}),
                                ("tape", 3, {"target": 3})):
        h = hal.open_host(os.path.join(ROOT, "boards", "pico_matrix.json"))
        r = headless.Runner(h, game, players, seed=11, options=opts)
        d = h.display
        state = {"t": None, "ua": 0, "leds": 0}
        shown = d.show

        def show(full=None, d=d, state=state, shown=shown, h=h):
            shown(full)
            words = d.out.last or []
            s = 0
            for w in words:      # each byte bit-reversed on the wire (drivers/ws2812.py)
                s += REV[w >> 16 & 255] + REV[w >> 8 & 255] + REV[w & 255]
            state["ua"] = ws2812.estimate_ua(s, len(words) or 256)
        d.show = show
        app = r.app
        tick = app.tick
        state["t"] = h.clock.now

        def ticked(tick=tick, app=app, h=h, state=state):
            tick()
            now = h.clock.now
            if app.state == "play":
                dt = now - state["t"]
                sums[0] += dt
                sums[1] += state["ua"] * dt
                sums[2] += sum(1 for v in h.leds.state if v) * dt
            state["t"] = now
        app.tick = ticked
        r.run(3600)
    total_t, ua_t, led_t = sums
    return ua_t / total_t / 1000.0, led_t / float(total_t)


PICO_GAME = "batawaf"


def measure_pico(game=PICO_GAME):
    """The emulated RP2040's figures of a game played through the pins
    (tools/pico/play.py, scenario `game` on its board, the firmware of
    `make flash`): {busy, seconds, instructions_per_s}, busy the share of
    the time the cores were not idle (the emulator's idle time: WFE/WFI,
    as in time.sleep_ms) from the deal (the board's `game <name> <seed>`
    line) to the game's end."""
    import tempfile
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from tools.pico import images, play as P
    from tools.pico.pico import Pico
    scn = P.S.SCENARIOS[game]
    marks = {}
    with tempfile.TemporaryDirectory(prefix="pico_power_") as tmp:
        flash = os.path.join(tmp, "flash.bin")
        images.copy_of(scn.board, flash)
        p = Pico(flash=flash, board=scn.board)
        host_run = P.S.host_run
        run_until = p.run_until

        def dealt(*a, **k):
            # play() calls it as soon as the board has dealt
            marks["start"] = (p.now_us, p.state()["stats"])
            return host_run(*a, **k)

        def until(t_us, *a, **k):
            # after the deal the one run_until is play()'s, to the game's end
            # and AFTER_US more (the log written, the end screen)
            if "start" in marks and "end" not in marks:
                run_until(t_us - P.AFTER_US)
                marks["end"] = (p.now_us, p.state()["stats"])
            return run_until(t_us, *a, **k)
        p.run_until = until
        P.S.host_run = dealt
        try:
            p.start()
            g = P.play(scn, flash, tmp, pico=p)
        finally:
            P.S.host_run = host_run
            p.close()
    if P.tracebacks(g.console):
        raise RuntimeError("the emulated box failed:\n" + g.console[-1500:])
    (t0, s0), (t1, s1) = marks["start"], marks["end"]
    us = t1 - t0
    idle = (s1["idleNs"] - s0["idleNs"]) / 1e3
    return {"busy": 1 - idle / us, "seconds": us / 1e6,
            "instructions_per_s": (s1["instructions"] - s0["instructions"]) / (us / 1e6)}


def pico_figures(fig, m):
    """The figures of measure_pico() (m) into fig, with where they come from."""
    fig["cpu_duty_playing"] = round(m["busy"], 3)
    fig["cpu_playing_source"] = ("a %s game through the pins of the emulated pico_matrix, "
                                 "`python hardware/hours.py --pico`: %.0f s of play, %.1f %% busy, "
                                 "%.1f M instructions a second" % (
                                     PICO_GAME, m["seconds"], 100 * m["busy"], m["instructions_per_s"] / 1e6))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--measure", action="store_true", help="re-measure the host figures into power_figures.json")
    ap.add_argument("--pico", action="store_true",
                    help="re-measure the playing CPU share on the emulated RP2040 into power_figures.json")
    a = ap.parse_args(argv)
    sys.path.insert(0, HERE)
    import boardfiles
    boards = boardfiles.load_boards()
    if a.measure:
        fig = load_figures()
        ma, leds = measure()
        fig["matrix_ma_playing_per_256"] = round(ma, 1)
        fig["pad_leds_lit_playing"] = round(leds, 2)
        save_figures(fig)
    if a.pico:
        fig = load_figures()
        pico_figures(fig, measure_pico())
        save_figures(fig)
    sys.stdout.write(markdown(boards))
    return 0


if __name__ == "__main__":
    sys.exit(main())
