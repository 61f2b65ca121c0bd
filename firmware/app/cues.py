# A game's log and its listener (split off app.play by issue 38): its one
# job is to have the view, the sounds and the box's seats follow the game
# from its log's events, and to say when the log is worth writing.
#
#   c = Cues(name, view, sound, hidden)   the game's log (c.log, core.log.Log)
#                        with c.event as its listener; hidden: Tape-treize's
#                        count hidden (T13), not said either
#   c.seats              app.seats when the box plays seats (P1): it hears
#                        the log too (P2)
#   c.flush_due          the log is worth writing (a round, or past
#                        _FLUSH_BYTES): the flow writes it at its next calm
#                        moment and clears it
#   c.in_mask()          the players still in the game, as a mask
#
# Why a listener and not calls from the flow: the view is built from the
# log's events alone (app.view), so a replay draws the same screens and
# says the same words; the flow only records what happened.
from app import sounds
from core import log as _log
from core.compat import const

# write the log past this many bytes (Cues.flush_due, both flows): 1 KB of
# lines was ~1.7 KB of the Pico's heap (a str a line, 16-byte blocks)
_FLUSH_BYTES = const(256)


class Cues:
    def __init__(self, name, view, sound, hidden):
        self.name = name
        self.view = view
        self.sound = sound
        self.hidden = hidden        # Tape-treize count hidden (T13): not said either
        self.flush_due = False
        self.seats = None           # app.seats when the box plays seats (P1): it hears the log too
        self.log = _log.Log(listener=self.event)

    def event(self, t, ev, values):
        """The Log listener: the view and the sounds follow the game."""
        self.view.event(t, ev, values)
        s = self.seats
        if s is not None:
            s.event(t, ev, values)      # the box's seats learn what the table sees (P2)
        s = self.sound
        name = self.name
        # the voice says what it has a word for (app.sounds.words), the buzzer the rest
        # (asked only of a box that talks: a phrase is a tuple made per event)
        w = sounds.words(name, ev, values, self.hidden) if s.speaks() else None
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
        # (the flow writes it at its next calm moment and clears the flag:
        # app.tape with no slap window open and no pad down, app.duels
        # between duels.)  Past _FLUSH_BYTES at any event, not only at a
        # take: a Tape-treize pile can grow for 20 cards before anyone takes
        # it, and its lines with it
        if not self.flush_due and (ev == "round" or self.log.pending_bytes() >= _FLUSH_BYTES):
            self.flush_due = True

    def in_mask(self):
        """The players still in the game, as a mask."""
        v = self.view
        m = 0
        for p in range(v.n):
            if not v.out[p]:
                m |= 1 << p
        return m
