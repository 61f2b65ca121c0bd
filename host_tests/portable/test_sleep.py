# Issue 27 on the virtual clock: the box goes dark when nobody plays (the
# setting's minutes), a pad or the menu button wakes it to the same screen,
# a game paused by the sleep goes on with its clock stopped (its log shows
# no gap and replays), the watchdog never fires in a sleep; the battery
# gauge's filter (full, low, floor, noisy) and the floor's save-and-sleep;
# the board file's power.switch / power.sense keys.
import hal as _hal
from hal import board as _board
from core import log as _log
from app import box, battery, logs as _logs
from host import headless
from games import bataille_replay

ROOT = __file__.rsplit("/", 3)[0] if __file__.count("/") >= 3 else "."
MATRIX = ROOT + "/boards/pico_matrix.json"


def ticks(h, app, us, step=10000):
    """The board's loop (App.run) on the virtual clock: a pass, then the
    loop's sleep (the dark box's is hal.power.sleep: 1 s, woken by a press)."""
    end = h.clock.now + us
    while h.clock.now < end:
        app.tick()
        if app.idle < 0:
            nxt = h.pads.next_time()
            wake = h.clock.now + 1000000
            if nxt is not None and nxt < wake:
                wake = nxt
            h.pads.run_until(max(wake, h.clock.now + 1))
        else:
            h.pads.run_until(h.clock.now + step)


def matrix_box(minutes=2):
    h = _hal.open_host(MATRIX)
    h.watchdog.start()
    app = box.App(h, seed=5)
    app.settings["sleep"] = minutes
    return h, app


def lit_pixels(h):
    return len([w for w in h.display.out.last if w])


def test_sleep_setting_offers_2_5_10_minutes_and_never_5_by_default():
    from app import settings
    vals = dict(settings.SETTINGS)["sleep"]
    assert vals[0] == 5 and sorted([v for v in vals if v]) == [2, 5, 10] and False in vals
    assert settings.defaults()["sleep"] == 5


def test_sleep_idle_box_goes_dark_then_a_pad_wakes_it_to_the_same_menu():
    h, app = matrix_box(2)
    ticks(h, app, 1000000)
    assert app.state == "menu" and app.idle >= 0
    app.menus.sel = 1
    app.menus.sel_t = app.now
    app.dirty = True
    ticks(h, app, 10000)
    before = list(h.display.out.last)
    assert lit_pixels(h) > 0 and h.power.switch.level == 1
    ticks(h, app, 117 * 1000000)            # 2 minutes since boot with no press: not yet
    assert app.idle >= 0
    ticks(h, app, 3 * 1000000)
    assert app.idle == -1 and app.state == "menu"
    assert h.power.switch.level == 0                    # the matrix's supply cut
    assert lit_pixels(h) == 0                           # after a black frame
    assert not any(h.leds.state)                        # pad LEDs off
    frames = h.display.out.puts
    ticks(h, app, 600 * 1000000)                        # ten minutes dark
    assert h.display.out.puts == frames                 # nothing drawn in the dark
    assert not h.watchdog.would_have_fired()            # fed between the sleeps
    t = h.clock.now + 300000
    h.pads.tap(0, t)                                    # pad 1 (would move the selection)
    n = h.display.out.puts
    ticks(h, app, 300000 + 1000000)
    out = h.display.out
    first = out.frames[len(out.frames) - (out.puts - n)]   # the first frame after the wake
    assert app.idle >= 0 and h.power.switch.level == 1
    assert app.state == "menu" and app.menus.sel == 1        # the press only woke it
    assert first == before                              # the same screen
    assert any(h.leds.state)                            # the menu's pads lit again
    # awake: the next press acts
    h.pads.tap(0, h.clock.now + 1000)
    ticks(h, app, 300000)
    assert app.menus.sel == 2


def test_sleep_menu_button_wakes_it_too():
    h, app = matrix_box(2)
    ticks(h, app, 125 * 1000000)
    assert app.idle == -1
    h.menu.press()
    ticks(h, app, 100000)
    assert app.idle >= 0 and app.state == "menu" and app.menus.menu_name == "home"


def test_sleep_never_means_never():
    h, app = matrix_box(False)
    ticks(h, app, 30 * 60 * 1000000, 50000)
    assert app.idle > 0 and h.power.switch.level == 1


def test_sleep_game_paused_by_sleep_resumes_with_its_clock_stopped():
    h = _hal.open_host(MATRIX)
    h.watchdog.start()
    r = headless.Runner(h, "bataille", 2, seed=8, options={"length": 30})
    app = r.app
    app.settings["sleep"] = 2
    r.run(60, until="play")
    ticks(h, app, 1000000)
    t_before = app.play.log.last_t
    ticks(h, app, 125 * 1000000)         # nobody flips for 2 minutes
    assert app.idle == -1 and app.state == "pause"
    ticks(h, app, 20 * 60 * 1000000)     # twenty minutes dark: past a ticks span
    assert not h.watchdog.would_have_fired()
    h.pads.tap(0, h.clock.now + 1000)
    ticks(h, app, 500000)
    assert app.idle >= 0 and app.state == "pause"   # woken to its pause
    h.pads.tap(1, h.clock.now + 1000)
    ticks(h, app, 200000)
    assert app.state == "play"                      # the pause's choice (resume, pad 2) resumes it
    r.run(3600)
    assert app.state == "end", app.state
    with open(h.storage.fs.path(_logs.path(1))) as f:
        entries = _log.read(f)
    # the log's times: no gap of the 22 minutes the box waited
    times = [t for _, t, _, _ in entries]
    after = [t for t in times if t > t_before]
    assert after and after[0] - t_before < 130000, (t_before, after[:3])
    assert max([b - a for a, b in zip(times, times[1:])]) < 130000
    g = bataille_replay.replay(entries)
    assert g.done and g.winners == app.play.view.winners


# ---- the battery -----------------------------------------------------


def test_battery_gauge_full_low_floor():
    g = battery.Power(4200)
    for _ in range(20):
        assert g.feed(4200) != 2
    assert g.level() == 100 and not g.low and not g.out
    for _ in range(40):
        g.feed(3450)
    assert g.low and not g.out and 10 <= g.level() <= 20
    hit = [g.feed(3200) for _ in range(40)]
    assert hit.count(2) == 1 and g.out and g.level() == 0
    for _ in range(40):                 # the USB cable plugged in
        g.feed(4800)
    assert not g.out and not g.low and g.level() == 100


def test_battery_gauge_a_frames_current_step_is_not_an_empty_battery():
    # a bright frame every few samples pulls VSYS down 600 mV for one
    # reading (a 500 mA step on NiMH cells' internal resistance and worse):
    # the median drops it, the gauge stays where the battery is
    g = battery.Power(3900)
    for i in range(400):
        assert g.feed(3300 - 400 if i % 3 == 0 else 3900 + (i * 37) % 60 - 30) != 2
    assert not g.out and not g.low and 3850 <= g.value <= 3950


def test_battery_app_at_the_floor_saves_and_sleeps_and_stays_dark():
    h, app = matrix_box(False)
    ticks(h, app, 1000000)
    assert app.power is not None and app.idle >= 0
    app.settings["volume"] = 1          # changed, not yet saved
    h.power.level = 3700
    ticks(h, app, 5000000)
    assert app.idle >= 0 and app.power.level() > 40
    h.power.level = 3200
    ticks(h, app, 12000000)     # the filter's 2 s, and 2 s under the floor
    assert app.idle == -1 and app.power.out
    from app import settings as _set
    st, notice = _set.load(app.store)
    assert st["volume"] == 1            # saved before the dark
    h.pads.tap(1, h.clock.now + 1000)
    ticks(h, app, 2000000)
    assert app.idle == -1               # a press does not wake an empty box
    h.power.level = 4800                   # the USB cable plugged in
    ticks(h, app, 12000000)
    h.pads.tap(1, h.clock.now + 1000)
    ticks(h, app, 500000)
    assert app.idle >= 0


def test_battery_gauge_in_the_settings_title_and_low_in_every_menu():
    h = _hal.open_host(ROOT + "/boards/pico_oled.json")
    assert h.power is not None and h.power.read() == -1
    app = box.App(h, seed=5)
    assert app.power is None          # no sense in its board file: no gauge
    h, app = matrix_box(False)
    titles = []
    app.renderer.menu = lambda title, items, sel, d, hint=False: titles.append(title)
    app.open_menu("settings")
    ticks(h, app, 100000)
    assert titles[-1].endswith("%"), titles
    h.power.level = 3400
    app.open_menu("home")
    ticks(h, app, 12000000)
    assert app.power.low and titles[-1].startswith("Menu ") and titles[-1].endswith("%"), titles[-1]


# ---- the board file ----------------------------------------------------


def board_dict(**power):
    import json
    with open(MATRIX) as f:
        d = json.load(f)
    d["power"] = {"supply_ma": 1000, "led_budget_ma": 500}
    d["power"].update(power)
    return d


def refused(d, words):
    try:
        _board.validate(d, "x.json")
    except _board.BoardError as e:
        for w in words:
            assert w in str(e), (w, str(e))
        return
    raise AssertionError("accepted: %r" % (d["power"],))


def test_board_power_switch_and_sense_keys():
    b = _board.validate(board_dict(switch=17, sense=29), "x.json")
    assert b.power == (17, 29, 9900, None)
    assert ("power.switch", 17) in b.uses()
    b = _board.validate(board_dict(sense=[26, 100, 100]), "x.json")
    assert b.power == (None, 26, 6600, 26) and ("power.sense", 26) in b.uses()
    assert not hasattr(_board.validate(board_dict(), "x.json"), "power")
    refused(board_dict(switch=2), ["GP2", "twice", "power.switch"])
    refused(board_dict(switch=29), ["GP29", "reserved"])
    refused(board_dict(sense=26), ["power.sense", "[GPIO, top, bottom]"])
    refused(board_dict(sense=[5, 2, 1]), ["power.sense", "GP26-GP29"])
    refused(board_dict(sense=[27, 10, 100]), ["over the ADC"])
    refused(board_dict(sense=[29, 2, 1]), ["GP29", "reserved"])
    refused(board_dict(sense=[26, 2]), ["[GPIO, top, bottom]"])
    refused(board_dict(switch=26, sense=[26, 2, 1]), ["GP26", "twice"])
    refused(board_dict(swich=17), ["unknown key power.swich"])
    d = board_dict(sense=29)
    d["module"] = "pico_w"
    d["pads"] = d["pads"][:2]
    refused(d, ["GP29", "Pico W"])
    with open(ROOT + "/boards/pico_oled.json") as f:
        import json
        d = json.load(f)
    d["power"] = {"switch": 17}
    refused(d, ["WS2812", "power.switch"])


def test_battery_floor_reached_while_asleep_saves_too():
    h, app = matrix_box(2)
    ticks(h, app, 125 * 1000000)
    assert app.idle == -1
    app.settings["volume"] = 2          # changed, not yet saved
    h.power.level = 3200
    ticks(h, app, 40 * 1000000)         # asleep the gauge reads once a second
    assert app.power.out and app.idle == -1
    from app import settings as _set
    st, notice = _set.load(app.store)
    assert st["volume"] == 2
