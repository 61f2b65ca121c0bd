# Hypothesis property of the box as a player (P2, CPython): a box seat never
# acts on hidden information.  Game A is played to its K-th card; in game B
# every card still face down at that moment (each hand below the cards its
# player had laid, shuffled across the hands) and the game's generator are
# changed.  The box's presses are the same in both games up to the first
# line the table sees differently (the deal line aside), and A replays.
from hypothesis import given, settings, strategies as st

from examples import examples

from core import cards, log
from games import tape
from games import tape_replay
from seat_helpers import tape_with_box

NAMES = [cards.name(c) for c in range(52)]


def _first_difference(a, b):
    """The ms of the first line after the deal where two logs differ."""
    for i in range(2, min(len(a), len(b))):
        if a[i] != b[i]:
            return min(log.parse_line(a[i])[0], log.parse_line(b[i])[0])
    return 1 << 40


def _box_made_it(a, b, first_box):
    """Whether the first line where two logs differ is a box seat's own
    doing (its slap, or its turns-mode lay), not something the table saw."""
    for i in range(2, min(len(a), len(b))):
        if a[i] != b[i]:
            for ln in (a[i], b[i]):
                t, ev, d = log.parse_line(ln)
                if ev in ("slap", "count") and d["p"] >= first_box:
                    return True
            return False
    return False


@settings(max_examples=examples(60))
@given(people=st.integers(1, 3), nbox=st.integers(1, 3), level=st.integers(1, 3),
       mode=st.sampled_from(["tempo", "turns"]), seed=st.integers(0, 2 ** 30),
       rules=st.lists(st.sampled_from(tape.RULES), unique=True, min_size=1),
       settle=st.integers(0, 1500), k=st.integers(3, 45),
       presses=st.lists(st.tuples(st.integers(100, 90000), st.integers(0, 2)), max_size=40),
       deck=st.permutations(NAMES), mix=st.randoms(use_true_random=False),
       game_seed=st.integers(0, 2 ** 16))
def test_p2_box_actions_never_depend_on_hidden_cards_or_draws(people, nbox, level, mode, seed, rules,
                                                              settle, k, presses, deck, mix, game_seed):
    n = people + nbox
    opts = {"players": n, "box": list(range(people, n)), "level": level, "mode": mode,
            "rules": rules, "settle": settle, "rounds": 1}
    hands = [list(deck[p::n]) for p in range(n)]
    pp = [(ms * 1000, p % people) for ms, p in presses]
    ga, sa, aa = tape_with_box(opts, seed, pp, hands, stop_after_cards=k)
    laid = [0] * n
    for ln in ga.log.lines:
        t, ev, d = log.parse_line(ln)
        if ev == "flip":
            laid[d["p"]] += 1
    hidden = []
    for p in range(n):
        hidden += hands[p][min(laid[p], len(hands[p])):]
    mix.shuffle(hidden)
    other = []
    for p in range(n):
        keep = min(laid[p], len(hands[p]))
        take = len(hands[p]) - keep
        other.append(hands[p][:keep] + hidden[:take])
        hidden = hidden[take:]
    assert sorted(sum(other, [])) == sorted(NAMES)
    gb, sb, ab = tape_with_box(opts, seed, pp, other, stop_after_cards=k, game_seed=game_seed)
    cut = _first_difference(ga.log.lines, gb.log.lines) * 1000
    assert [a for a in aa if a[1] < cut] == [b for b in ab if b[1] < cut]
    assert not _box_made_it(ga.log.lines, gb.log.lines, people)
    # the box's presses are in the log as anyone's, and the log replays
    # (game A's: B's generator was changed behind its seed's back)
    r = tape_replay.replay(log.read(ga.log.lines))
    assert r.log.lines[-1] == ga.log.lines[-1] or r.truncated


def test_p2_the_property_sees_a_seat_that_peeks():
    # the same comparison catches a seat that reads a face-down card: one
    # that slaps falsely whenever the person's next card is a king (what the
    # engine knows, the table does not) acts differently once they change
    from app import seats

    class Peeking(seats.Seats):
        game = None

        def event(self, t, ev, v):
            seats.Seats.event(self, t, ev, v)
            g = Peeking.game
            if ev == "flip" and g is not None and len(g.hands[0]) and g.hands[0].to_list()[0] >> 2 == 12:
                self.when[1] = t + 1

    orig = seats.Seats
    import seat_helpers
    hands = [NAMES[1::2], NAMES[0::2]]
    other = [NAMES[1::2][::-1], NAMES[0::2]]
    got = []
    try:
        seat_helpers.Seats = Peeking
        for h in (hands, other):
            # the helper builds the game; the peeking seat reads it as it goes
            import games.tape as T
            real = T.Tape.start

            def start(g, now=0, real=real):
                Peeking.game = g
                return real(g, now)
            T.Tape.start = start
            try:
                g, s, acts = seat_helpers.tape_with_box({"players": 2, "box": [1], "rounds": 1}, 3,
                                                        [(u * 900000, 0) for u in range(1, 50)], h,
                                                        stop_after_cards=20)
            finally:
                T.Tape.start = real
            got.append((g.log.lines, acts))
    finally:
        seat_helpers.Seats = orig
    (la, aa), (lb, ab) = got
    assert aa != ab and _box_made_it(la, lb, 1)
