# Hypothesis properties of S7 head starts (CPython): with every head start
# 0 a game's log is byte for byte the one with head starts off (the log
# before S7: its start line does not name them either), and with any head
# starts every window's order is by adjusted times and the log replays.
from hypothesis import given, settings, strategies as st

from core import log
from games import tape
from games import tape_replay
from games.tape import Tape

options = st.fixed_dictionaries({
    "players": st.integers(2, 6),
    "mode": st.sampled_from(["tempo", "turns"]),
    "slap_timeout": st.integers(300, 3000),
    "false_window": st.integers(0, 800),
    "rules": st.lists(st.sampled_from(tape.RULES), unique=True, min_size=1),
    "rounds": st.integers(1, 3),
})
# (player, us after the previous press); 0 gives presses at one instant
presses = st.lists(st.tuples(st.integers(0, 7), st.one_of(st.just(0), st.integers(1, 1500000))),
                   max_size=300)


def play(opts, seed, script):
    g = Tape(opts, seed)
    g.start(0)
    u = 0
    for p, dt in script:
        u += dt
        g.advance_us(u)
        g.press_us(p % g.n, u)
    g.advance_us(u + 10000000)
    return g


@settings(max_examples=120, deadline=None)
@given(options, st.integers(0, 2 ** 32), presses)
def test_s7_head_starts_of_zero_give_the_log_of_head_starts_off(opts, seed, script):
    off = play(dict(opts), seed, script)
    zero = play(dict(opts, head_start=[0] * opts["players"]), seed, script)
    assert "\n".join(zero.log.lines) == "\n".join(off.log.lines)


def events_of(g, ev):
    return [ln for ln in g.log.lines if '"ev":"%s"' % ev in ln]


def slap_windows(opts, seed, reactions):
    """Tempo mode: in every window each player presses after their next
    reaction (ms, cycled; 0 at the card itself), in time order."""
    g = Tape(dict(opts, mode="tempo"), seed)
    g.start(0)
    k = 0
    while not g.done and g.round <= opts["rounds"] and k < 400:
        g.advance_us(g.next_deadline_us())
        if g.window_open:
            w = g.window_open_us
            at = sorted((w + reactions[(k + p) % len(reactions)] * 1000, p) for p in range(g.n))
            k += g.n
            for u, p in at:
                g.press_us(p, u)
    return g


@settings(max_examples=100, deadline=None)
@given(options, st.integers(0, 2 ** 32), st.lists(st.integers(0, 1500), min_size=1, max_size=40),
       st.data())
def test_s7_windows_are_ordered_by_adjusted_times_and_replay(opts, seed, reactions, data):
    n = opts["players"]
    hs = data.draw(st.lists(st.integers(0, 600), min_size=n, max_size=n))
    g = slap_windows(dict(opts, head_start=hs), seed, reactions)
    # every window the players slapped in was decided (a deck and rules
    # under which no window opens in the round, e.g. sandwich2 alone, have none)
    assert events_of(g, "verdict") or not events_of(g, "slap")
    win = None
    slaps = {}
    for ln in g.log.lines:
        t, ev, d = log.parse_line(ln)
        if ev == "flip":
            win = t * 1000          # tempo and turns cards are laid on a whole ms
            slaps = {}
        elif ev == "slap":
            slaps.setdefault(d["p"], d["t_us"])
        elif ev == "verdict" and d["rule"] != "false":
            # the log gives the card's ms, not its us: two adjusted times
            # within that ms may be in either order (one clamped to the card)
            adj = [max(slaps[p] - hs[p] * 1000, win) for p in d["order"]]
            for a, b in zip(adj, adj[1:]):
                assert a <= b or b < win + 1000, (d, slaps, hs)
            assert all(slaps[p] >= win for p in d["order"])
        elif ev in ("verdict", "take"):
            slaps = {}
    r = tape_replay.replay(log.read(g.log.lines))
    assert r.counts() == g.counts() and r.points == g.points and r.done == g.done
