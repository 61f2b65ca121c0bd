# Properties of Bataille and Bata-waf over seeds, options and player counts
# (CPython only: hypothesis, and a sample run under the MicroPython unix port).
import os

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from core import cards, log
from games import bataille as B
from games import bataille_replay as R
from games.bataille import Bataille
from mp import run

FUZZ = bool(os.environ.get("FUZZ"))
EXAMPLES = 3000 if FUZZ else 200
PROPS = settings(max_examples=EXAMPLES, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow])


@st.composite
def setups(draw):
    game = draw(st.sampled_from(B.GAMES))
    opts = {"players": draw(st.integers(2, 4))}
    length = draw(st.sampled_from(["all", "all", "court", 1, 7, 60, "1min"]))
    if length != "all":
        opts["length"] = length
    if game == "bataille":
        opts["ace"] = draw(st.sampled_from(["high", "low"]))
        opts["down"] = draw(st.sampled_from([3, 1]))
        opts["pickup"] = draw(st.sampled_from(["shuffled", "ordered"]))
        opts["addition"] = draw(st.booleans())
    if draw(st.booleans()):
        opts["short"] = draw(st.sampled_from(["play", "lose"]))
    seed = draw(st.integers(0, 2 ** 32 - 1))
    return game, opts, seed


def play_logged(game, opts, seed, step_ms=1500, hands=None):
    lg = log.Log()
    g = Bataille(opts, seed, lg, game, hands)
    g.play(0, step_ms)
    return g, lg


@st.composite
def stacked(draw):
    """A setup with a stacked deal split unevenly (hands of 0, 1, 2 ... cards
    next to big ones): the B4 short-of-cards paths, which shuffled deals
    seldom reach."""
    game, opts, seed = draw(setups())
    kind = cards.STANDARD if game == "bataille" else cards.DOGS
    deck = draw(st.permutations(cards.names(cards.deck(kind))))
    n = opts["players"]
    cuts = sorted(draw(st.lists(st.integers(0, len(deck)), min_size=n - 1, max_size=n - 1)))
    bounds = [0] + cuts + [len(deck)]
    hands = [list(deck[bounds[k]:bounds[k + 1]]) for k in range(n)]
    return game, opts, seed, hands


class Table:
    """The game rebuilt from its log alone: where every card is, and whether
    each flip, battle and take follows the rules (B2-B5, B7, B8, W2-W4)."""

    def __init__(self, entries):
        d = entries[0][3]
        self.game = d["game"]
        self.opts = d["options"]
        self.n = d["players"]
        kind = cards.STANDARD if self.game == "bataille" else cards.DOGS
        self.deck = sorted(cards.names(cards.deck(kind)))
        self.piles = [list(h) for h in entries[1][3]["hands"]]
        self.table = []          # (card, player, layer) in the order laid
        self.layer = -1
        self.prev = "deal"
        self.out = set()
        self.last_up = True
        self.down = self.opts["down"]
        self.lose = self.opts.get("short") == "lose"
        self.dead = 0            # cards held by players out under short=lose
        self.ups = 2 if self.opts.get("addition") else 1
        self.group = None        # the duel or battle being laid
        self.decision = None     # ("win", p) or ("tie", players)

    def worth(self, name):
        c = cards.parse(name)
        if self.opts.get("addition"):
            return cards.value(c)
        return cards.strength(c, self.opts.get("ace") == "low")

    def check_places(self, lineno):
        everywhere = [c for p in self.piles for c in p] + [c for c, p, l in self.table]
        assert sorted(everywhere) == self.deck, "line %d: a card is lost or doubled" % lineno

    def begin(self, kind, ps):
        self.group = {"kind": kind, "ps": list(ps), "sizes": {p: len(self.piles[p]) for p in ps},
                      "flips": {p: [] for p in ps}}

    def finish(self, lineno):
        """The flips of a duel or battle are all laid: check them, decide."""
        g = self.group
        if g is None:
            return
        self.group = None
        score = {}
        for p in g["ps"]:
            size = g["sizes"][p]
            downs = 0 if g["kind"] == "duel" else min(self.down, max(0, size - self.ups))
            ups = min(self.ups, size - downs)
            laid = g["flips"][p]
            assert [up for c, up in laid] == [False] * downs + [True] * ups, \
                "line %d: player %d laid %r with %d cards (B3/B4/B8)" % (lineno, p, laid, size)
            score[p] = sum(self.worth(c) for c, up in laid if up)
        best = max(score.values())
        top = [p for p in score if score[p] == best]
        self.decision = ("win", top[0]) if len(top) == 1 else ("tie", set(top))

    def apply(self, lineno, ev, d):
        if ev == "flip":
            p = d["p"]
            assert p not in self.out, "line %d: an out player flips" % lineno
            assert self.piles[p] and self.piles[p][0] == d["card"], "line %d: not the top card" % lineno
            if self.prev not in ("flip", "battle"):
                self.finish(lineno)
                ps = [q for q in range(self.n) if q not in self.out]
                self.begin("duel", ps)            # B2: everyone still in flips
            assert p in self.group["ps"], "line %d: player %d is not in this flip" % (lineno, p)
            self.group["flips"][p].append((d["card"], d["up"]))
            self.piles[p].pop(0)
            if self.prev == "battle":
                self.layer += 1                   # the face-down layer
            elif self.prev != "flip":
                self.layer += 1                   # a new duel
            elif d["up"] and not self.last_up:
                self.layer += 1                   # a battle's face-up layer
            self.last_up = d["up"]
            self.table.append((d["card"], p, self.layer))
        elif ev == "battle":
            self.finish(lineno)
            kind, tied = self.decision
            assert kind == "tie", "line %d: a battle without a tie" % lineno
            assert sorted(d["ps"]) == sorted(tied - self.out) and len(d["ps"]) >= 2, \
                "line %d: B3 only the tied players battle" % lineno
            self.begin("battle", d["ps"])
        elif ev == "take":
            self.finish(lineno)
            p = d["p"]
            kind, who = self.decision
            if kind == "win":
                assert p == who, "line %d: the highest card takes (B2)" % lineno
            else:
                left = who - self.out
                # B4: the single battler left takes; or, all battlers out, the
                # last player holding cards takes the table.
                assert p in left if left else p not in self.out, "line %d: B4 take" % lineno
            assert sorted(d["cards"]) == sorted(c for c, q, l in self.table), "line %d" % lineno
            if self.opts.get("pickup") == "ordered":
                want = []
                for layer in range(self.layer + 1):
                    for k in range(self.n):
                        q = (p + k) % self.n
                        want += [c for c, who, l in self.table if l == layer and who == q]
                assert d["cards"] == want, "line %d: B5 ordered pickup" % lineno
            self.piles[p] += d["cards"]
            self.table = []
            self.layer = -1
        elif ev == "out":
            self.finish(lineno)
            held = len(self.piles[d["p"]])
            if held:
                # B4 short=lose: only a battler short of cards when the
                # battle begins, holding fewer than K+1
                kind, tied = self.decision
                assert self.lose and kind == "tie" and d["p"] in tied and held < self.down + 1, \
                    "line %d: out with cards" % lineno
                self.dead += held
            self.out.add(d["p"])
        elif ev == "end":
            self.finish(lineno)
            assert d["cards"] == [len(h) for h in self.piles]
            if d["reason"] == "all_cards":
                assert d["cards"][d["winners"][0]] == len(self.deck) - self.dead
        self.prev = ev
        self.check_places(lineno)


def rebuilt(entries):
    """The Table of a whole log: the deal checked (every card in one place),
    then every event applied, each checked by the rules as it goes."""
    t = Table(entries)
    t.check_places(2)
    for lineno, _, ev, d in entries[2:]:
        t.apply(lineno, ev, d)
    return t


@PROPS
@given(setups())
def test_l_every_card_in_exactly_one_place_after_every_event(setup):
    game, opts, seed = setup
    g, lg = play_logged(game, opts, seed)
    entries = log.read(lg.text().splitlines())
    t = rebuilt(entries)
    assert entries[-1][2] == "end"
    assert [len(h) for h in t.piles] == g.counts()


@PROPS
@given(stacked())
def test_b4_uneven_stacked_deals_follow_the_rules_and_replay(setup):
    game, opts, seed, hands = setup
    g, lg = play_logged(game, opts, seed, hands=hands)
    assert g.done
    entries = log.read(lg.text().splitlines())
    rebuilt(entries)
    r = R.replay(entries)
    assert r.done and not r.truncated and r.counts() == g.counts()
    if "min" not in str(opts.get("length")):
        fast = Bataille(opts, seed, None, game, hands).play()
        assert [p.to_list() for p in fast.piles] == [p.to_list() for p in g.piles]
        assert (fast.reason, fast.winners, fast.duels) == (g.reason, g.winners, g.duels)


@PROPS
@given(setups())
def test_b6_every_game_ends_and_replays_to_the_same_final_state(setup):
    game, opts, seed = setup
    g, lg = play_logged(game, opts, seed)
    assert g.done and g.reason in ("all_cards", "limit", "draw", "cycle")
    c = [g.counts()[p] if g.inn[p] else -1 for p in range(g.n)]   # B4 lose: out with cards
    if g.reason == "all_cards":
        assert len(g.winners) == 1 and c[g.winners[0]] == g.size - sum(
            g.counts()[p] for p in range(g.n) if not g.inn[p])
    if g.reason == "limit":
        assert g.winners == [p for p in range(g.n) if c[p] == max(c)]
    limit = g.options["length"]
    if isinstance(limit, int):
        assert g.duels <= limit
    r = R.replay(log.read(lg.text().splitlines()))
    assert not r.truncated and r.done
    assert [p.to_list() for p in r.piles] == [p.to_list() for p in g.piles]
    assert (r.winners, r.reason, r.duels, r.battles, r.rng.state()) == \
        (g.winners, g.reason, g.duels, g.battles, g.rng.state())


@PROPS
@given(setups())
def test_b5_play_without_log_is_the_logged_game(setup):
    game, opts, seed = setup
    if "min" in str(opts.get("length")):
        return                                    # time limits need the steps' times
    g, lg = play_logged(game, opts, seed)
    fast = Bataille(opts, seed, None, game).play()
    assert [p.to_list() for p in fast.piles] == [p.to_list() for p in g.piles]
    assert (fast.winners, fast.reason, fast.duels, fast.battles) == \
        (g.winners, g.reason, g.duels, g.battles)


@PROPS
@given(setups(), st.floats(0.0, 1.0))
def test_l_any_prefix_of_a_log_replays_as_truncated(setup, where):
    game, opts, seed = setup
    g, lg = play_logged(game, opts, seed)
    lines = lg.text().splitlines()
    cut = 2 + int(where * (len(lines) - 2))
    r = R.replay(log.read(lines[:cut]))
    assert r.truncated == (cut < len(lines))
    assert r.done or r.truncated


SAMPLE = [("bataille", {}, 1), ("bataille", {"players": 3, "down": 1}, 77),
          ("bataille", {"players": 4, "ace": "low", "length": "court"}, 123456789),
          ("bataille", {"pickup": "ordered"}, 5), ("bataille", {"addition": True}, 2 ** 31 + 9),
          ("bataille", {"length": "1min", "players": 2}, 3),
          ("batawaf", {}, 42), ("batawaf", {"players": 3}, 65536), ("batawaf", {"players": 4}, 9)]

# A whole game's log is kept in RAM before it is printed: a long game needs
# more than the unix port's default heap.
HEAP = 32 * 1024 * 1024
MP_CODE = """
from games.bataille import Bataille
from core.log import Log
import sys
for game, opts, seed in %r:
    lg = Log()
    Bataille(opts, seed, lg, game).play(0, 1500)
    lg.flush(sys.stdout)
"""


def test_c3_log_is_byte_identical_on_cpython_and_micropython():
    want = "".join(play_logged(game, opts, seed)[1].text() for game, opts, seed in SAMPLE)
    got = run(MP_CODE % (SAMPLE,), heapsize=HEAP)
    assert got.count('"ev":"end"') == len(SAMPLE)
    assert got == want


@pytest.mark.fuzz
def test_c3_log_identical_across_interpreters_many_seeds():
    sample = [("bataille", {"players": 2 + s % 3, "down": (3, 1)[s % 2]}, s * 7919) for s in range(60)]
    sample += [("batawaf", {"players": 2 + s % 3}, s * 104729) for s in range(30)]
    want = "".join(play_logged(game, opts, seed)[1].text() for game, opts, seed in sample)
    assert run(MP_CODE % (sample,), heapsize=HEAP) == want


@PROPS
@given(stacked())
def test_b5_both_fast_paths_play_the_logged_game(setup):
    # CPython plays two-player games on deques, MicroPython on the rings:
    # both move the same cards with the same draws as step() (stacked deals
    # reach the B4 hand-overs to step() in the middle of a battle)
    from games import bataille_fast
    game, opts, seed, hands = setup
    if "min" in str(opts.get("length")) or opts["players"] != 2:
        return
    g, lg = play_logged(game, opts, seed, hands=hands)
    want = ([p.to_list() for p in g.piles], g.winners, g.reason, g.duels, g.battles, g.rng.state())
    saved = bataille_fast._DEQUE
    try:
        for dq in (saved, None):
            bataille_fast._DEQUE = dq
            f = Bataille(opts, seed, None, game, hands).play()
            assert ([p.to_list() for p in f.piles], f.winners, f.reason, f.duels, f.battles,
                    f.rng.state()) == want, dq
    finally:
        bataille_fast._DEQUE = saved
