# Power cuts off the board (issue 40): a headless game (host.headless's
# Runner and its bots) cut the moment the N-th line of its log reaches
# flash, the box started again from what its files hold (app.resume), one
# press of a seated pad, and the same bots going on to the end.  Portable:
# the same run on CPython and on the MicroPython unix port.
#
#   log = played(game, players, seed, cut=None, options=None, board=...)
#                            the whole game's log (text); cut=N: cut after
#                            its N-th line (N from 1), then resumed
#   ends(text) -> dict       the `end` line's fields, or None
#
# The cut lands inside the box's write of its log (app.logs.GameLogs.flush
# writes the lines held since the last calm moment at once): what reaches
# flash is the first N lines, as when the power goes in the middle of an
# append; the box is dropped there, whatever it was doing.
#
# The bots' randomness goes on with the game: a Runner draws a reaction
# per press from its generator, and the state of that generator when each
# line was written is kept, so the bots after the cut draw what they drew
# after that line the first time (a child does not forget the game either).
import json
from host.headless import Runner
from core.rng import Rng

BOARD = "pico_oled"


class Cut(Exception):
    pass


def _log_text(root):
    from app.logs import DIR, number_of
    import os
    nums = [number_of(f) for f in os.listdir(root + "/" + DIR)]
    with open("%s/%s/game_%d.jsonl" % (root, DIR, max(nums))) as f:
        return f.read()


class _Bots(Runner):
    """The Runner's bots; after a cut, the first thing they do is go on."""

    def bots(self):
        app = self.app
        if app.state == "pause" and app.resuming is not None:
            if not self.pending:
                for k in app.pads_in:
                    if k < app.n_pads:
                        self.press(k, 400000)
                        return
            return
        Runner.bots(self)


def _open(board, root):
    import hal as _hal
    h = _hal.open_host(board, storage_dir=root, lean=True)
    _hal.forget_board_checks()
    return h


def played(game, players, seed, root, cut=None, options=None, board=BOARD, max_s=3600):
    """The game's log text; cut: after its cut-th line reached flash, the
    box restarted from its files (same seed, same bots)."""
    r = _Bots(_open(board, root), game, players, seed=seed, options=options)
    states = []         # the bots' generator when each line was written
    if cut is not None:
        logs = r.app.logs
        flush = logs.flush

        def cutting(log):
            for i in range(len(log.lines)):
                states.append(r.rng.s if hasattr(r.rng, "s") else None)
            n = flush(log)
            if cut is not None and len(states) >= cut:
                text = _log_text(root)
                keep = text.split("\n")[:cut]
                from app.logs import path
                with open(root + "/" + path(logs.current), "w") as f:
                    f.write("\n".join(keep) + "\n")
                raise Cut()
            return n
        logs.flush = cutting
    try:
        r.run(max_s)
    except Cut:
        r = _Bots(_open(board, root), game, players, seed=seed, options=options)
        r.run(max_s)
    if r.app.state != "end":
        raise RuntimeError("%s stopped in state %s: %s" % (game, r.app.state, r.app.error_text))
    return _log_text(root)


def ends(text):
    for s in text.split("\n"):
        if '"end"' in s:
            d = json.loads(s)
            if d.get("ev") == "end":
                d.pop("t")
                return d
    return None


_ = Rng     # (the bots' generator: host.headless.Runner.rng)
