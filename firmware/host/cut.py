# Power cuts off the board (issue 40), portable (CPython and the MicroPython
# unix port): a headless game (host.headless.Runner and its bots) cut the
# moment the N-th line of its log reaches flash, the box started again from
# what its files hold (app.resume: the game shown paused), one press of a
# seated pad, and the Runner's bots going on to the end.
#
#   text = played(game, players, seed, root, cut=None, options=None)
#                            the game's log (text); cut=N: cut after its
#                            N-th line (N from 1), then resumed
#   cut_at(root, game, players, seed, n, options=None) -> bool
#                            the first half: played up to the cut (False:
#                            the game ended first)
#   runner(root, game, players, seed)   a Runner on a box started on root
#   ends(text) -> dict       the `end` line's fields (t left out), or None
#   cutting(logs, path, n, last=None)   logs.flush wrapped: the cut itself,
#                            also sim.power_cut's (the simulator's box)
#
# The cut lands in the box's write of its log (app.logs.GameLogs.flush
# writes the lines held since the last calm moment at once): the file keeps
# its first N lines, as when the power goes in the middle of an append.
# The Runner's bots start afresh after the cut (sim.power_cut takes the
# simulator's bots as they were, for games that end as the uncut ones).
import json
from host.headless import Runner

BOARD = "pico_oled"


class Cut(BaseException):
    """The power goes: nothing in the box catches it (it is no error)."""


def _log_path(root, n):
    from app.logs import path
    return "%s/%s" % (root, path(n))


class _Bots(Runner):
    """The Runner's bots; back after a cut, the first thing they do is go on."""

    def bots(self):
        app = self.app
        if app.state == "pause" and app.play.cut is not None:
            if not self.pending:
                for k in app.play.pads_in:
                    if k < app.n_pads:
                        self.press(k, 400000)
                        break
            return
        Runner.bots(self)


def runner(root, game, players, seed, options=None, board=BOARD):
    """A Runner on the host HAL of `board`, its files in root (a box
    started on them: a game they hold unfinished is resumed)."""
    import hal as _hal
    h = _hal.open_host(board, storage_dir=root, lean=True)
    _hal.forget_board_checks()
    return _Bots(h, game, players, seed=seed, options=options)


def cutting(logs, path, n, last=None):
    """Wrap logs.flush (app.logs.GameLogs): once the n-th line of the log
    reaches flash, its file (path()) keeps its first n lines, last() runs
    (the caller's moment before the power goes) and Cut is raised; no cut
    when line n is the game's end line."""
    flush = logs.flush
    done = [0]

    def cut(log):
        done[0] += len(log.lines)
        k = flush(log)
        if done[0] >= n:
            name = path()
            with open(name) as f:
                lines = f.read().split("\n")[:n]
            if len(lines) == n and '"end"' not in lines[-1]:
                if last is not None:
                    last()
                with open(name, "w") as f:
                    f.write("\n".join(lines) + "\n")
                raise Cut()
        return k
    logs.flush = cut


def cut_at(root, game, players, seed, n, options=None, board=BOARD, max_s=3600):
    """Play until the n-th line of the log reaches flash, and cut there:
    the log's number, negative if the game ended first (no cut)."""
    r = runner(root, game, players, seed, options, board)
    logs = r.app.logs
    cutting(logs, lambda: _log_path(root, logs.current), n)
    try:
        r.run(max_s)
    except Cut:
        return logs.current
    return -logs.current


def played(game, players, seed, root, cut=None, options=None, board=BOARD, max_s=3600):
    n = -1
    if cut is not None:
        n = cut_at(root, game, players, seed, cut, options, board, max_s)
    if n > 0 or cut is None:
        r = runner(root, game, players, seed, options, board)
        r.run(max_s)
        if r.app.state != "end":
            raise RuntimeError("%s stopped in state %s: %s" % (game, r.app.state, r.app.error_text))
        n = r.app.logs.current
    with open(_log_path(root, abs(n))) as f:
        return f.read()


def ends(text):
    for s in text.split("\n"):
        if '"end"' in s:
            d = json.loads(s)
            if d.get("ev") == "end":
                d.pop("t")
                return d
    return None
