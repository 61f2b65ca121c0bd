# What a game's flow tells the box (app.box), and how the box picks one.
#
# A flow (app.flow_duel: Bataille and Bata-waf; app.flow_tape: Tape-treize)
# runs one game's engine with real time.  The box calls it, and it answers
# with the bits below: it never calls back into the box.
#
#   f = module.Flow(name, options, seed, cues, choices)   the engine made, not
#                        begun: options the engine's, choices the menus' (the
#                        box's own: "auto"), cues (Cues) the game's log and view
#   f.game, f.clock      the engine, the game clock (core.gametime) both share
#   f.begin(t) -> bits   the game begins at ticks t
#   f.press(p, t) -> bits   player p (an index, not a pad: the box maps pads
#                        to players) pressed at ticks t, the interrupt stamp
#   f.due(now) -> bits   every pass of play: the timers due by ticks now
#   f.pause(now)         play stops (the box then calls f.clock.hold(now)
#                        every pass, and at the resume)
#   f.resume(now) -> bits
#   f.lit() -> mask      the players whose pads are lit (waited for)
#   f.error              what failed, with FAILED
#
#   c = Cues(name, view, sound, hidden)   the game's log (c.log) and its
#                        listener: the view and the sounds follow the game,
#                        c.flush_due says a log is worth writing
#
# A press may raise (the box fails the game); due() never does: it is on
# the idle pass, whose frames stay on the C stack (host_tests/test_frames).
#
# Why bits: the log listener (Cues) and the flow only record
# what happened, and the box acts once the engine is out of its step.
# A new game is a new flow module named in FLOWS, not a branch in the box.
from core import log as _log
from core.compat import const
from app import sounds, speech

DIRTY = const(1)     # the screen changed
LIT = const(2)       # lit() changed
FLUSH = const(4)     # a quiet moment with a log to write
QUIET = const(8)     # a quiet moment: collect garbage
ENDED = const(16)    # the game is over
FAILED = const(32)   # the engine failed: the error screen (error)
SLAP = const(64)     # a slap may come: no flash write now
CALM = const(128)    # no slap can come: flash writes are safe again
FLUSH_BYTES = const(1024)   # write the log between duels (after a take) past this

# game -> (its flow's module under app/, most players: B1, W1, T1)
FLOWS = {"bataille": ("flow_duel", 4), "batawaf": ("flow_duel", 4), "tape": ("flow_tape", 8)}


def flow_of(name):
    """The Flow class of a game (its module imported now)."""
    return __import__("app." + FLOWS[name][0], None, None, ("Flow",)).Flow


def not_out(view):
    """The players still in the game, as a mask."""
    m = 0
    for p in range(view.n):
        if not view.out[p]:
            m |= 1 << p
    return m


class Cues:
    def __init__(self, name, view, sound, hidden):
        self.name = name
        self.view = view
        self.sound = sound
        self.hidden = hidden        # Tape-treize count hidden (T13): not said either
        self.flush_due = False
        self.log = _log.Log(listener=self.event)

    def event(self, t, ev, values):
        """The Log listener: the view and the sounds follow the game."""
        self.view.event(t, ev, values)
        s = self.sound
        name = self.name
        # the voice says what it has a word for (app.speech), the buzzer the rest
        w = speech.words(name, ev, values, self.hidden)
        if w is not None and s.say(w):
            pass
        elif ev == "battle":
            s.play(sounds.WAF if name == "batawaf" else sounds.BATTLE)
        elif ev == "verdict":
            s.play(sounds.BUZZ if values[0] == "false" else sounds.TAKE)
        elif ev == "take" and name != "tape":
            s.play(sounds.TAKE)
        elif ev == "end":
            s.play(sounds.FANFARE)
        if ev == "round" or (ev == "take" and self.log.pending_bytes() >= FLUSH_BYTES):
            self.flush_due = True
