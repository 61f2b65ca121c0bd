# Hypothesis properties of Tape-treize and the pad capture (CPython), and the
# same games byte for byte under the MicroPython unix port.
import pytest
from hypothesis import Phase, example, given, settings, strategies as st

from examples import FUZZ, examples

from core import log, ticks
from games import tape
from games import tape_replay
from games.tape import Tape
from host.bots import Bot, TapeMatch
from hal.host.clock import VirtualClock
from hal.host.pads import HostPads
import mp
from tape_helpers import cards_conserved
from pads_helpers import drain

WRAP = 1 << 30


options = st.fixed_dictionaries({
    "players": st.integers(2, 6),
    "mode": st.sampled_from(["tempo", "turns"]),
    "tempo": st.integers(500, 4000),
    "slap_timeout": st.integers(300, 4000),
    "false_window": st.integers(0, 800),
    "settle": st.integers(0, 2000),
    "rules": st.lists(st.sampled_from(tape.RULES), unique=True),
    "hidden_count": st.booleans(),
    "rounds": st.just(1),
})

# A press script: (player, microseconds after the previous press); 0 gives
# presses at the same instant.
presses = st.lists(st.tuples(st.integers(0, 7), st.one_of(st.just(0), st.integers(1, 3000000))),
                   max_size=300)


def feed(opts, seed, script, start_ticks=0):
    g = Tape(opts, seed)
    g.start(start_ticks)
    u = 0
    for p, dt in script:
        u += dt
        g.press(p % g.n, (start_ticks + u) & ticks.MASK)
        assert cards_conserved(g)
        g.poll((start_ticks + u) & ticks.MASK)
    return g


@settings(max_examples=examples(150))
@given(options, st.integers(0, 2 ** 32), presses)
def test_l_t_scripted_presses_conserve_cards_and_replay(opts, seed, script):
    g = feed(opts, seed, script)
    assert cards_conserved(g)
    assert sum(g.counts()) + g.pile_n == 52
    r = tape_replay.replay(log.read(g.log.lines))
    assert r.counts() == g.counts() and r.points == g.points and r.done == g.done
    assert r.round == g.round and r.said == g.said and r.phase == g.phase


@settings(max_examples=examples(100))
@given(options, st.integers(0, 2 ** 32), presses, st.integers(0, 2 * 1000000))
def test_s4_the_same_presses_across_the_wrap_give_the_same_log(opts, seed, script, before):
    a = feed(opts, seed, script, 0)
    b = feed(opts, seed, script, WRAP - before)   # the wrap `before` us in
    assert a.log.lines == b.log.lines


bot = st.builds(lambda mean, k, f, m: (mean, mean * k // 10, f / 100.0, m / 100.0),
                st.integers(150, 900), st.integers(0, 5), st.integers(0, 15), st.integers(0, 30))


ALL_RULES = list(tape.RULES)


# (the matches are played by the box, App and all: a whole match costs what
# 25 of the engine alone did, up to 30 s of CPU where the drawn options make
# it long.  make test plays the three matches below, 3 s in all: 2, 4 and 6
# players, both modes, no rule to every rule, hidden count, false slaps,
# misses, latency, the timing options at their ends; `make fuzz` draws 250
# at random and test_fuzz_bot_matches_end_and_replay 300 more.  The time
# limit ending a match: test_tape_match_ends.py)
@settings(max_examples=examples(10), deadline=None,
          phases=tuple(Phase) if FUZZ else (Phase.explicit,))
@given(options, st.integers(0, 2 ** 20), st.lists(bot, min_size=6, max_size=6),
       st.lists(st.integers(0, 120), min_size=6, max_size=6))
@example({"players": 2, "mode": "tempo", "tempo": 500, "slap_timeout": 300, "false_window": 0, "settle": 0,
          "rules": [], "hidden_count": False, "rounds": 1}, 0, [(150, 0, 0.0, 0.0)] * 6, [0] * 6)
@example({"players": 6, "mode": "turns", "tempo": 900, "slap_timeout": 4000, "false_window": 800,
          "settle": 2000, "rules": ALL_RULES, "hidden_count": True, "rounds": 1}, 77,
         [(150, 0, 0.15, 0.3), (900, 450, 0.0, 0.0), (400, 200, 0.05, 0.1), (600, 60, 0.1, 0.2),
          (250, 125, 0.02, 0.03), (800, 400, 0.15, 0.0)], [0, 120, 30, 60, 90, 7])
@example({"players": 4, "mode": "tempo", "tempo": 1000, "slap_timeout": 900, "false_window": 200,
          "settle": 400, "rules": ["match", "sum2", "sandwich2"], "hidden_count": False, "rounds": 1}, 2 ** 20,
         [(450, 150, 0.02, 0.03), (300, 0, 0.1, 0.0), (700, 350, 0.0, 0.3), (200, 100, 0.05, 0.05)]
         + [(450, 0, 0.0, 0.0)] * 2, [120, 0, 60, 15, 0, 0])
def test_t11_t12_every_bot_match_ends_and_replays(opts, seed, habits, latency):
    n = opts["players"]
    bots = [Bot(h[0], h[1], h[2], h[3], seed=seed + p + 1) for p, h in enumerate(habits[:n])]
    m = TapeMatch(opts, seed, bots, latency_us=latency[:n])
    g = m.run(max_us=24 * 3600 * 1000000)
    # one round, or the default time limit (30 minutes of game time)
    assert g.done and g.reason in ("rounds", "limit")
    lines = m.lines()
    end_t = log.parse_line(lines[-1])[0]
    assert end_t <= 30 * 60000 + 10000 and (g.reason == "rounds" or end_t >= 30 * 60000)
    assert cards_conserved(g)
    r = tape_replay.replay(log.read(lines))
    assert r.done and r.points == g.points and r.winners == g.winners


@settings(max_examples=examples(60))
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 300)), min_size=1, max_size=60),
       st.lists(st.integers(0, 100), min_size=4, max_size=4),
       st.integers(0, WRAP - 1))
def test_s2_a_later_press_is_never_stamped_before_an_earlier_one(gaps, latency, start):
    clock = VirtualClock(start)
    pads = HostPads(4, clock, latency_us=latency, poll_us=1000)
    t = start + 1000
    edges = []
    nxt = [0] * 4
    for k, gap in gaps:
        t += gap
        if t < nxt[k]:
            continue   # the pad is still down or resting
        pads.tap(k, t, hold_us=20000)
        edges.append((t, k))
        nxt[k] = t + 20000 + 45000
    pads.run_until(t + 500000)
    stamps = {}
    order = drain(pads.capture)
    assert len(order) == len(edges) and pads.capture.overflow == 0
    # Stamp of each press: unwrapped against the start.
    got = sorted([(start + ((s - start) & ticks.MASK), k) for k, s in order])
    per_pad = {}
    for s, k in got:
        per_pad.setdefault(k, []).append(s)
    for k in per_pad:
        want = [tt for tt, kk in edges if kk == k]
        for w, s in zip(want, per_pad[k]):
            assert w <= s <= w + latency[k]
            stamps[(w, k)] = s
    for (w1, k1), s1 in stamps.items():
        for (w2, k2), s2 in stamps.items():
            if w1 < w2:
                assert s1 <= s2


SAMPLE = [({"players": 3, "rounds": 1}, 12), ({"players": 3, "mode": "turns", "rounds": 1}, 12),
          ({"players": 4, "rounds": 1, "rules": ["match", "sum2", "sandwich2"]}, 5)]


@pytest.mark.slow
def test_c3_l_the_same_bot_matches_give_the_same_log_on_micropython():
    code = ("from host.bots import TapeMatch\n"
            "for opts, seed in %r:\n"
            "    m = TapeMatch(opts, seed, start_us=%d)\n"
            "    m.run()\n"
            "    print('\\n'.join(m.lines()))\n"
            "    print('=====')\n") % (SAMPLE, WRAP - 5000000)
    out = mp.run(code).split("=====\n")
    for i, (opts, seed) in enumerate(SAMPLE):
        m = TapeMatch(opts, seed, start_us=WRAP - 5000000)
        m.run()
        assert out[i] == "\n".join(m.lines()) + "\n", opts


@pytest.mark.fuzz
@settings(max_examples=2000)
@given(options, st.integers(0, 2 ** 32), presses)
def test_fuzz_scripted_presses_replay(opts, seed, script):
    g = feed(opts, seed, script)
    assert cards_conserved(g)
    r = tape_replay.replay(log.read(g.log.lines))
    assert r.counts() == g.counts() and r.points == g.points


@pytest.mark.fuzz
@settings(max_examples=300, deadline=None)
@given(options, st.integers(0, 2 ** 20), st.lists(bot, min_size=6, max_size=6))
def test_fuzz_bot_matches_end_and_replay(opts, seed, habits):
    n = opts["players"]
    bots = [Bot(h[0], h[1], h[2], h[3], seed=seed + p + 1) for p, h in enumerate(habits[:n])]
    m = TapeMatch(opts, seed, bots)
    g = m.run(max_us=24 * 3600 * 1000000)
    assert g.done and cards_conserved(g)
    r = tape_replay.replay(log.read(m.lines()))
    assert r.points == g.points
