# A game goes on after a cut (issue 40, RULES.md L `resumed`): imported at
# power-on only when the flash holds an unfinished game (app.logs.GameLogs:
# the small file "resume", written at the game's start, removed at its end), so
# a box with nothing to resume pays none of its names.
#
#   boot(app)            the unfinished game rebuilt from its log, held
#                        paused and shown as its table with the go-on sign
#                        (app.pause.going): one press of a seated pad goes
#                        on, the menu button drops it (L `stopped`).
#                        A damaged or old game file: one line on the serial
#                        port, and the box starts fresh
#   Going                what app.play.Play.begin takes from the log
#                        instead of the menus: the options, the seed, the
#                        file; its begin() tells the view and the seats the
#                        game so far and hands the flow the rebuilt engine
#                        (Flow.begin(t, game): the flow goes on from it)
#
# The log is the journal.  Each of its lines is on flash once written
# (app.logs appends at calm moments: between duels, with no slap window open
# in Tape-treize), and a cut in the middle of a write leaves a cut last line,
# dropped here.  The state is exactly what the lines describe: an engine
# fed the log line by line (app.resume_feed), every line checked against
# the rules, with its generator where the lines left it, becomes the flow's.  The lines of a step the log stops inside follow, then
# `resumed`, at the last line's time: the game clock goes on from there,
# the time without power left out.  The view and the box's seats (P2) hear
# the lines again, as they heard them the first time; the sounds do not.
from core import log as _log
from core import FIELDS
from app.resume_feed import lines, engine
OPEN = "resume"     # (app.logs) {"n": the log's number, "pads": the people's pads, "opts": the menus'}


def cause():
    """L `resumed`'s cut: the RP2040's reset cause (machine's, read here
    rather than through the HAL: the words are this module's, loaded only
    to resume); off the board, where nothing tells, a power cut."""
    try:
        import machine
        c = machine.reset_cause()
        if c == machine.WDT_RESET:
            return "watchdog"
        return "power" if c == machine.PWRON_RESET else "reset"
    except Exception:   # (CPython has no machine; the unix port's has no reset_cause)
        return "power"


class Going:
    def __init__(self, n, side, where, d, g, last_t):
        self.n = n
        self.pads = side["pads"]
        self.opts = side["opts"]
        self.where = where
        self.g = g
        self.last_t = last_t
        self.name = d["game"]
        self.seed = d["seed"]
        eng = dict(d["options"])
        if "box" not in eng:
            eng["box"] = []
        self.eng = eng

    def begin(self, app, f, cues):
        """The flow f (made, not begun) given the rebuilt engine, the view
        and the seats told the game so far; the bits of a begin()."""
        g = self.g
        if g is None:
            # only the start line reached flash: the deal never happened
            cues.log.emit(0, "resumed", cause())
            r = f.begin(app.now)
            del cues.log.lines[1]   # (the start line again: the file has it)
            return r
        v = cues.view
        s = cues.seats
        with app.store:
            fl = open(app.store.fs.path(self.where))
            try:
                for e in lines(fl):     # (read again, one line at a time)
                    vals = [e[3].get(k) for k in FIELDS[e[2]]]
                    v.event(e[1], e[2], vals)
                    if s is not None:
                        s.event(e[1], e[2], vals)
            finally:
                fl.close()
        log = cues.log
        log.last_t = self.last_t
        rest = g.log.lines
        g.log = log
        for i in range(len(rest)):
            t, ev, d = _log.parse_line(rest[i])
            log.emit(t, ev, *[d.get(k) for k in FIELDS[ev]])
        if g.done:
            return 17           # the step the log stopped inside ended the game: DIRTY | ENDED
        log.emit(log.last_t, "resumed", cause())
        # the flow goes on from the engine (app.duels, app.tape: Flow.begin)
        return f.begin(app.now, g)


def read(app, where):
    """(start line's fields, engine, entries, last time) of the log file
    `where` (app.resume_feed); None if the game in it is over."""
    d = None
    with app.store:
        f = open(app.store.fs.path(where))
        try:
            for e in lines(f):
                if e[2] == "end":
                    return None     # over: nothing to resume
                if d is None:
                    d = e[3]
            f.seek(0)
            g, count, last_t = engine(f)
        finally:
            f.close()
    return d, g, count, last_t


def boot(app):
    """At power-on, with OPEN on flash: the game goes on, paused, or a
    fresh start with one line saying why."""
    try:
        side, notice = app.store.load(OPEN, None)
        if notice or not isinstance(side, dict):
            raise ValueError(notice or "%s holds no game" % OPEN)
        n = side["n"]
        where = "logs/game_%d.jsonl" % n
        try:
            r = read(app, where)
        except _log.LogError as e:
            raise ValueError("%s line %d: %s" % (where, e.lineno, e.reason))
        except OSError:
            raise ValueError(where + " is missing")
        if r is None:
            app.logs.done()
            return
        rs = Going(n, side, where, r[0], r[1], r[3])
    except Exception as e:
        print("resume: the unfinished game was not resumed (%s: %s): a fresh start" % (type(e).__name__, e))
        app.logs.done()
        return
    p = app.play
    p.cut = rs
    app.menus.game_name = rs.name   # (as joining leaves it: the screens read it)
    p.begin(rs.name, rs.pads, app.now)
    if app.state == "play":
        p.pause()
        app.fb.lit = p.pads(cues_mask(app))     # the sign: the seated pads lit, any goes on
    else:
        p.cut = None


def cues_mask(app):
    m = 0
    pads = app.play.pads_in
    for p in range(len(pads)):
        if pads[p] < app.n_pads:
            m |= 1 << p
    return m
