# What the box does at its quiet moments: a part of the box
# (app.box.App.quiet) that owns what the next quiet moment does (its bits)
# and the heap lines; and the box's four-times-a-second look at the
# battery and the time nobody pressed (sleep(box), a function over the box:
# it reads the box's gauge and writes the box's idle count).
#
#   q = Quiet(box)
#   q.want(bits), q.drop(bits), q.fresh()   what the quiet moment at the end of the
#                              pass does (_Q_* below): the box, a game's part
#   q.save(now=False)          the settings a press changed, saved at the end
#                              of its pass (now=True: tick's quiet moment,
#                              which also writes the game log a flow asked for)
#   q.note(state=None)         the `heap <tag> <alloc> <free>` console lines
#   q.collect                  gc.collect (the host runner may lighten it)
#   q.heap_lines, q.heap_peak  the lines on (main.py turns them on for the
#                              board), the game's peak so far
#   sleep(box)                 four times a second: the battery, the time
#                              nobody pressed, going dark (app.idle)
#
# Sleep (issue 27).  Four times a second (with the watchdog's feed) sleep()
# counts the time since the last press (box.idle, in quarter seconds) and
# samples the battery (app.battery.Power, on a board file with power.sense); past
# the setting's minutes with no press, or at the battery's floor, app.idle
# makes the box dark (a game is paused first: its clock stops, the log shows
# no gap) and box.idle is -1: the state stays what it was, nothing is
# drawn, the loop sleeps in hal.power.sleep (lightsleep on the Pico) and
# still feeds the watchdog between sleeps.  As the gauge turns low the box
# shows its warning once (app.low, imported only then).  A pad or the menu button wakes
# it (app.idle.resume) to the same screen; that press does nothing else.
import gc
from app.phase import _settings
from core.compat import const

# the quiet moment's bits, private in each module that sets them (app.box,
# app.play: a public name is a qstr on the board)
_Q_GC = const(1)       # a collection (and the heap line): a calm screen
_Q_SAVE = const(2)     # the settings a press changed
_Q_LOG = const(4)      # the game's log lines (a flow's _FLUSH)


class Quiet:
    def __init__(self, box):
        self.box = box
        self.jobs = 0
        self.collect = gc.collect
        self.heap_lines = False
        self.heap_peak = 0

    def want(self, bits):
        self.jobs |= bits

    def drop(self, bits):
        self.jobs &= ~bits

    def fresh(self):
        """A game begins: no collection asked for yet, its peak from now."""
        self.jobs &= ~_Q_GC
        self.heap_peak = 0

    def save(self, now=False):
        """Settings a press changed are saved at the end of its pass, after
        its frame went out: a flash write takes 11-22 ms on the Pico, and the
        press's own picture waited for it (issue 26).  now=True, tick's quiet
        moment: the pending save, the game log a flow asked for (its _FLUSH),
        then the quiet collection."""
        if not now:
            self.jobs |= _Q_SAVE
            return
        b = self.box
        q = self.jobs
        self.jobs = 0
        v = b.sound.voice
        if q & (_Q_SAVE | _Q_LOG) and v is not None:
            # the speaker's ring topped up first (64 ms ahead): a flash
            # write holds the loop 11-22 ms, the collection after it more
            v.poll()
        if q & (_Q_SAVE | _Q_LOG):
            with b.store:    # one mount for both (the one-file firmware)
                if q & _Q_SAVE:
                    # a box whose flash refuses a write still plays: say it on the REPL
                    try:
                        _settings().save(b.store, b.settings)
                    except Exception as e:
                        print("settings not saved:", e)
                if q & _Q_LOG and b.play.log is not None:
                    b.play.write()
        self.collect()

    def boot(self):
        """The heap lines on from now (MicroPython): the boot's, after a
        collection, and the menu's at the loop's next quiet moment.  main.py
        calls it once the boot's first frame is out and its code gone."""
        self.heap_lines = hasattr(gc, "mem_alloc")
        if self.heap_lines:
            gc.collect()
            self.note("boot")
            self.want(_Q_GC)

    def note(self, state=None):
        """The live heap just after a quiet collection, for whoever reads the
        console (the emulator harness, a maker with a USB cable):
        `heap <tag> <mem_alloc> <mem_free>`, tag boot (the state given) | menu |
        peak | end
        (docs/app.md, Memory).  In play it only keeps the game's peak, said
        at its end.  gc.mem_* walk the heap (~9 ms each on the Pico): only
        here, never in a slap window."""
        a = gc.mem_alloc()
        st = state or self.box.state
        if st in ("play", "end") and a > self.heap_peak:
            self.heap_peak = a
        if st in ("boot", "menu", "end"):
            f = gc.mem_free()
            if st == "end" and self.heap_peak:
                print("heap peak %d %d" % (self.heap_peak, f + a - self.heap_peak))
                self.heap_peak = 0
            print("heap %s %d %d" % (st, a, f))


def sleep(box):
    """Four times a second: the battery, and the time nobody pressed;
    the box goes dark past the setting's minutes or at the floor."""
    g = box.power
    empty = False
    if g is not None:
        r = g.feed(box.hal.power.read())
        if r:
            box.dirty = True     # the gauge the menus show moved
        empty = r == 2      # (once, as it reaches the floor: asleep or not)
        if g.warn is not None and g.warn >= 0:
            from app import low
            low.due(box)       # the low-battery warning shown: its 2 s
    if box.idle < 0 and not empty:
        return
    box.idle += 1
    f = box.play.flow
    if box.state == "play" and f is not None and not f.idle():
        # a game that goes on by itself (Tape-treize but where turns mode
        # waits for a card, a press still down, a duel's steps, the auto
        # flip: the flow's idle()) is not idle: the box sleeps from a game
        # only where it waits for a press, never in a slap window or a card
        # half laid (issue 40)
        box.idle = 0
    if empty or box.idle >= box.settings["sleep"] * 240 > 0:
        from app import idle
        idle.sleep(box, empty)
