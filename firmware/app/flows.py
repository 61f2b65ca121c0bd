# What a game's flow tells the box (app.box), and how the box picks one.
#
# A flow (app.flow_duel: Bataille and Bata-waf; app.flow_tape: Tape-treize)
# runs one game's engine with real time.  The box calls it, and it answers
# with the bits below: it never calls back into the box.
#
#   f = module.Flow(name, options, seed, listener, opts)   the engine made,
#                        not begun: options the engine's, opts the menus' (the
#                        box's own: "auto"), listener (Cues) the game's log and
#                        view
#   f.game, f.clock      the engine, the game clock (core.gametime) both share
#   f.begin(t) -> bits   the game begins at ticks t
#   f.press(p, t) -> bits   player p (an index, not a pad: the box maps pads
#                        to players) pressed at ticks t, the interrupt stamp
#   f.due(now) -> bits   every pass of play: the timers due by ticks now
#   f.pause(now)         play stops (the box then calls f.clock.pause_tick(now)
#                        every pass; the flow at the resume)
#   f.resume(now) -> bits
#   f.lit() -> mask      the players whose pads are lit (waited for)
#   f.error              what failed, with FAILED
#
#   c = Cues(name, view, sound, hidden)   the game's log (c.log) and its
#                        listener: the view and the sounds follow the game,
#                        c.flush_due says a log is worth writing,
#                        c.in_mask() the players still in the game
#
# A press may raise (the box fails the game); due() never does: it is on
# the idle pass, whose frames stay on the C stack (host_tests/test_frames).
#
# Why bits: the log listener (Cues) and the flow only record
# what happened, and the box acts once the engine is out of its step.
# A new game is a new flow module named in FLOWS, not a branch in the box.
#
# The bits (each module that speaks them has them as private consts: on the
# board a public name costs an interned name for ever, host_tests'
# test_app_flows checks that they agree):
#    1 DIRTY     the screen changed
#    2 LIT       lit() changed
#    4 FLUSH     a quiet moment with a log to write
#    8 QUIET     a quiet moment: collect garbage
#   16 ENDED     the game is over
#   32 FAILED    the engine failed: the error screen (f.error)
#   64 SLAP      a slap may come: no flash write now
#  128 CALM      no slap can come: flash writes are safe again
from core import log as _log
from core.compat import const
from app import sounds, speech

_FLUSH_BYTES = const(1024)   # write the log after a take past this (app.flow_duel too)

# game -> (its flow's module, most players: B1, W1, T1)
FLOWS = {"bataille": ("app.flow_duel", 4), "batawaf": ("app.flow_duel", 4), "tape": ("app.flow_tape", 8)}


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
        if ev == "round" or (ev == "take" and self.log.pending_bytes() >= _FLUSH_BYTES):
            self.flush_due = True

    def in_mask(self):
        """The players still in the game, as a mask."""
        v = self.view
        m = 0
        for p in range(v.n):
            if not v.out[p]:
                m |= 1 << p
        return m
