# mypy: disable-error-code="attr-defined"
# What the box does at its quiet moments, a mixin of app.box.App (named App
# too, as app.join and app.play are: one name fewer on the board):
#
#   save_settings(now=False)   the settings a press changed, saved at the end
#                              of its pass (now=True: tick's quiet moment,
#                              which also writes the game log a flow asked for)
#   heap_note(state=None)      the `heap <tag> <alloc> <free>` console lines
#   sleep()                    four times a second: the battery, the time
#                              nobody pressed, going dark (app.idle)
#
# Sleep (issue 27).  Four times a second (with the watchdog's feed) sleep()
# counts the time since the last press (self.idle, in quarter seconds) and
# samples the battery (app.io.Power, on a board file with power.sense); past
# the setting's minutes with no press, or at the battery's floor, app.idle
# makes the box dark (a game is paused first: its clock stops, the log shows
# no gap) and self.idle is -1: the state stays what it was, nothing is
# drawn, the loop sleeps in hal.power.sleep (lightsleep on the Pico) and
# still feeds the watchdog between sleeps.  As the gauge turns low the box
# shows its warning once (app.low, imported only then).  A pad or the menu button wakes
# it (app.idle.resume) to the same screen; that press does nothing else.
import gc
from app.join import _settings
from core.compat import const

# self.quiet_jobs's bits, what the quiet moment at the end of a pass does
# (tick calls save_settings(True) when any is set); private in each module
# that sets them (app.box, app.play: a public name is a qstr on the board)
_Q_GC = const(1)       # a collection (and the heap line): a calm screen
_Q_SAVE = const(2)     # the settings a press changed
_Q_LOG = const(4)      # the game's log lines (a flow's _FLUSH)


class App:
    def save_settings(self, now=False):
        """Settings a press changed are saved at the end of its pass, after
        its frame went out: a flash write takes 11-22 ms on the Pico, and the
        press's own picture waited for it (issue 26).  now=True, tick's quiet
        moment: the pending save, the game log a flow asked for (its _FLUSH),
        then the quiet collection."""
        if not now:
            self.quiet_jobs |= _Q_SAVE
            return
        q = self.quiet_jobs
        self.quiet_jobs = 0
        v = self.sound.voice
        if q & (_Q_SAVE | _Q_LOG) and v is not None:
            # the speaker's ring topped up first (64 ms ahead): a flash
            # write holds the loop 11-22 ms, the collection after it more
            v.poll()
        if q & (_Q_SAVE | _Q_LOG):
            with self.store:    # one mount for both (the one-file firmware)
                if q & _Q_SAVE:
                    # a box whose flash refuses a write still plays: say it on the REPL
                    try:
                        _settings().save(self.store, self.settings)
                    except Exception as e:
                        print("settings not saved:", e)
                if q & _Q_LOG and self.log is not None:
                    self.write_log()
        self.collect()

    def heap_note(self, state=None):
        """The live heap just after a quiet collection, for whoever reads the
        console (the emulator harness, a maker with a USB cable):
        `heap <tag> <mem_alloc> <mem_free>`, tag boot (the state given) | menu |
        peak | end
        (docs/app.md, Memory).  In play it only keeps the game's peak, said
        at its end.  gc.mem_* walk the heap (~9 ms each on the Pico): only
        here, never in a slap window."""
        a = gc.mem_alloc()
        st = state or self.state
        if st in ("play", "end") and a > self.heap_peak:
            self.heap_peak = a
        if st in ("boot", "menu", "end"):
            f = gc.mem_free()
            if st == "end" and self.heap_peak:
                print("heap peak %d %d" % (self.heap_peak, f + a - self.heap_peak))
                self.heap_peak = 0
            print("heap %s %d %d" % (st, a, f))

    def sleep(self):
        """Four times a second: the battery, and the time nobody pressed;
        the box goes dark past the setting's minutes or at the floor."""
        g = self.power
        empty = False
        if g is not None:
            r = g.feed(self.hal.power.read())
            if r:
                self.dirty = True     # the gauge the menus show moved
            empty = r == 2      # (once, as it reaches the floor: asleep or not)
            if g.warn is not None and g.warn >= 0:
                from app import low
                low.due(self)       # the low-battery warning shown: its 2 s
        if self.idle < 0 and not empty:
            return
        self.idle += 1
        if empty or self.idle >= self.settings["sleep"] * 240 > 0:
            from app import idle
            idle.sleep(self, empty)
