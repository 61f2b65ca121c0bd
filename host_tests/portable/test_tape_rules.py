# T1-T13 on stacked deals with scripted presses (engine level: times are us
# since the game started).  Portable: pytest and the MicroPython unix port.
from tinytest import raises
from core import cards, log
from games import tape
from games import tape_replay
from games.tape import Tape
from tape_helpers import cards_conserved

MS = 1000
TEMPO = 1500 * MS
NAMES = [cards.name(c) for c in range(52)]


def stack(n, laid, sizes=None, first=1):
    """Hands such that the cards of `laid` are laid in that order from
    player `first` on, clockwise; the rest of the deck fills the hands (to
    `sizes` if given) under them."""
    hands = [[] for _ in range(n)]
    p = first
    for c in laid:
        hands[p].append(c)
        p = (p + 1) % n
    rest = [c for c in NAMES if c not in laid]
    if sizes is None:
        q = p
        for c in rest:
            hands[q].append(c)
            q = (q + 1) % n
    else:
        assert sum(sizes) == 52
        for q in range(n):
            while len(hands[q]) < sizes[q]:
                hands[q].append(rest.pop(0))
            assert len(hands[q]) == sizes[q]
    return hands


def explicit(prefixes, sizes):
    """Hands that start with the given cards, filled to `sizes`."""
    used = []
    for h in prefixes:
        used += h
    rest = [c for c in NAMES if c not in used]
    hands = []
    for q in range(len(prefixes)):
        h = list(prefixes[q])
        while len(h) < sizes[q]:
            h.append(rest.pop(0))
        hands.append(h)
    assert not rest
    return hands


def game(n, laid, sizes=None, seed=1, **opts):
    opts["players"] = n
    g = Tape(opts, seed, hands=stack(n, laid, sizes))
    g.start(0)
    return g


def events(g, *kinds):
    out = []
    for ln in g.log.lines:
        t, ev, d = log.parse_line(ln)
        if not kinds or ev in kinds:
            out.append((t, ev, d))
    return out


def last(g, kind):
    e = events(g, kind)
    return e[-1][2] if e else None


# ---- T1, L: options -------------------------------------------------------

def test_t1_players_from_2_to_8():
    for n in (2, 5, 8):
        assert Tape({"players": n}).n == n
    for bad in (1, 9, "4", True):
        e = raises(ValueError, Tape, {"players": bad})
        assert "players" in str(e) and "2" in str(e) and "8" in str(e)


def test_l_bad_options_name_the_option_and_allowed_values():
    cases = [({"mode": "fast"}, "mode"), ({"tempo": 499}, "tempo"), ({"tempo": 4001}, "tempo"),
             ({"rules": ["match", "triple"]}, "rules"), ({"rules": "match"}, "rules"),
             ({"rules": ["match", "match"]}, "rules"), ({"hidden_count": 1}, "hidden_count"),
             ({"target": 0}, "target"), ({"target": 2, "rounds": 2}, "rounds"),
             ({"slap_timeout": 50}, "slap_timeout"), ({"colour": 1}, "colour")]
    for opts, name in cases:
        e = raises(ValueError, Tape, opts)
        assert name in str(e), (opts, str(e))
    assert "sandwich3" in str(raises(ValueError, Tape, {"rules": ["x"]}))


def test_l_start_lists_every_option_in_force():
    g = Tape({"players": 3, "rules": ["ten", "match"], "rounds": 2}, seed=9)
    g.start(0)
    d = events(g, "start")[0][2]
    assert d["game"] == "tape" and d["players"] == 3 and d["seed"] == 9
    o = d["options"]
    assert o["rules"] == ["match", "ten"] and o["rounds"] == 2 and o["target"] is None
    assert o["tempo"] == 1500 and o["slap_timeout"] == 2000 and o["false_window"] == 300
    assert o["settle"] == 1000 and o["mode"] == "tempo" and o["hidden_count"] is False
    assert o["length"] == "30min"          # every match ends (T12, time limit)


def test_l_stacked_deal_must_be_one_deck():
    h = stack(2, [])
    h[0][0] = h[1][0]
    raises(ValueError, Tape, {"players": 2}, 1, None, h)
    raises(ValueError, Tape, {"players": 3}, 1, None, stack(2, []))


# ---- T2, T3: dealing, the count ---------------------------------------------

def test_t2_all_cards_dealt_and_player_after_dealer_starts():
    g = Tape({"players": 3}, seed=4)
    g.start(0)
    d = events(g, "deal")[0][2]
    assert d["dealer"] == 0
    assert [len(h) for h in d["hands"]] == [17, 18, 17]  # C4 from player 1
    g.advance_us(TEMPO)
    assert events(g, "count")[0][2] == {"t": 1500, "ev": "count", "p": 1, "n": 1}
    assert cards_conserved(g)


def test_t2_dealer_changes_every_round():
    # 3 players; the first two to play hold one card each: two turns and
    # the round is over.
    sizes = {1: [50, 1, 1], 2: [1, 50, 1], 3: [1, 1, 50]}
    g = Tape({"players": 3, "target": 5, "rules": []}, seed=2, hands=stack(3, [], sizes[1]))
    g.deal_source = lambda rnd: stack(3, [], sizes[(rnd - 1) % 3 + 1])
    g.start(0)
    g.advance_us(60000 * MS)
    deals = events(g, "deal")
    assert [d["dealer"] for _, _, d in deals[:3]] == [0, 1, 2]
    counts = events(g, "count")
    starters = []
    for t, _, d in deals[:3]:
        starters.append([c["p"] for tc, _, c in counts if tc >= t][0])
    assert starters == [1, 2, 0]


def test_t3_count_1_to_13_then_1_and_an_empty_hand_still_counts():
    g = game(3, [], sizes=[25, 2, 25], rules=[])
    g.advance_us(16 * TEMPO)
    cs = events(g, "count")
    assert [d["n"] for _, _, d in cs] == list(range(1, 14)) + [1, 2, 3]
    assert [d["p"] for _, _, d in cs] == [1, 2, 0] * 5 + [1]
    # Player 1 laid two cards then counts without laying one.
    flips = [d["p"] for _, _, d in events(g, "flip")]
    assert flips.count(1) == 2
    outs = events(g, "out")
    assert [d["p"] for _, _, d in outs] == [1] and outs[0][0] == 4 * 1500
    assert len(flips) == 16 - 4
    assert not g.done and g.round == 1 and cards_conserved(g)


# ---- T4, T5: the slap rules ------------------------------------------------

def rule_after(laid, rules=None, n=2):
    """The rule of the window opened by the last card of `laid`, or None if
    no window opened on any card."""
    opts = {} if rules is None else {"rules": rules}
    g = game(n, laid, **opts)
    for k in range(1, len(laid) + 1):
        g.advance_us(k * TEMPO)
        if g.window_open:
            return g.window_rule if k == len(laid) else ("early", k)
    return None


def test_t4_match_value_equals_the_number_said():
    assert rule_after(["9S", "5H", "3D"]) == "match"
    assert rule_after(["9S", "5H", "KD"]) is None
    # J, Q, K are 11, 12, 13 (C6): a queen on the count of 12.
    laid = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "AH", "KH", "QH"]
    assert rule_after(laid) == "match"


def test_t4_double_same_rank_as_the_card_below():
    assert rule_after(["9S", "9H"]) == "double"
    assert rule_after(["9S", "9H"], ["match", "sandwich"]) is None


def test_t4_sandwich_same_rank_as_two_below():
    assert rule_after(["9S", "5H", "9D"]) == "sandwich"
    assert rule_after(["9S", "5H", "9D"], ["match", "double"]) is None


def test_t5_sum2_and_sum3():
    assert rule_after(["2S", "5H", "7D"]) is None
    assert rule_after(["2S", "5H", "7D"], ["sum2"]) == "sum2"
    assert rule_after(["2S", "4H", "7D", "KC"], ["sum3"]) == "sum3"
    assert rule_after(["2S", "4H", "7D", "KC"], ["sum2"]) is None


def test_t5_ten():
    assert rule_after(["4S", "6H"], ["ten"]) == "ten"
    assert rule_after(["4S", "6H"]) is None
    assert rule_after(["5S", "5H"], ["ten"]) == "ten"


def test_t5_sandwich2_and_sandwich3():
    assert rule_after(["9S", "5H", "6D", "9C"], ["sandwich2"]) == "sandwich2"
    assert rule_after(["9S", "5H", "6D", "9C"]) is None
    assert rule_after(["9S", "5H", "6D", "7C", "9C"], ["sandwich3"]) == "sandwich3"
    assert rule_after(["9S", "5H", "6D", "7C", "9C"], ["sandwich2"]) is None


def test_t4_first_rule_in_rule_book_order_is_named():
    # 3 on the count of 3 after a 3: match and double both hold.
    assert rule_after(["JS", "3H", "3D"]) == "match"


# ---- T6, T7: the slap window ---------------------------------------------------

def window_game(n=3, seed=1, **opts):
    # 4th card, a 4 on the count of 4, by player 1 (3 players): at 6.0 s.
    g = game(n, ["9S", "8H", "QD", "4C"][:4] if n == 3 else ["9S", "8H", "QD", "4C"], seed=seed, **opts)
    g.advance_us(4 * TEMPO)
    assert g.window_open and g.window_rule == "match"
    return g


def test_t6_last_slapper_takes_the_whole_pile_bottom_first():
    g = window_game()
    w = 4 * TEMPO
    g.press_us(2, w + 300 * MS)
    g.press_us(0, w + 400 * MS)
    assert g.window_open
    g.press_us(1, w + 500 * MS)   # the last one: the window closes at once
    assert not g.window_open
    v = last(g, "verdict")
    assert v["rule"] == "match" and v["order"] == [2, 0, 1] and v["taker"] == 1
    tk = last(g, "take")
    assert tk["p"] == 1 and tk["cards"] == ["9S", "8H", "QD", "4C"]
    assert events(g, "take")[0][0] == 6500
    assert [d["t_us"] for _, _, d in events(g, "slap")] == [6300000, 6400000, 6500000]
    # The pile went under the taker's pile, in pile order.
    h = g.hands[1].to_list()
    assert [cards.name(c) for c in h[-4:]] == ["9S", "8H", "QD", "4C"]
    assert g.pile_n == 0 and cards_conserved(g)


def test_t6_timeout_whoever_did_not_slap_is_last():
    g = window_game()
    w = 4 * TEMPO
    g.press_us(0, w + 100 * MS)
    g.press_us(1, w + 1900 * MS)
    g.advance_us(w + 1999 * MS)
    assert g.window_open
    g.advance_us(w + 2000 * MS)
    assert not g.window_open
    v = last(g, "verdict")
    assert v["order"] == [0, 1] and v["taker"] == 2
    assert events(g, "verdict")[0][0] == 8000


def test_t6_no_card_is_laid_while_a_window_is_open():
    g = window_game(slap_timeout=4000)
    g.advance_us(4 * TEMPO + 3999 * MS)
    assert len(events(g, "flip")) == 4 and g.window_open


def test_t7_several_players_who_never_slapped_are_drawn_by_the_generator():
    # Statistical (fixed seeds): 30 draws between 2 players, each 5..25.
    # A fair draw fails with probability 6e-5; it catches only a gross bias
    # (a player drawn under 4.5 % or over 95.5 % of the time fails with
    # probability > 99 %, e.g. always the same one).  The fine check of the
    # tie-break's fairness is host_tests/test_tape_fairness.py.
    takers = []
    for seed in range(1, 31):
        g = window_game(n=3, seed=seed)
        g.press_us(1, 4 * TEMPO + 200 * MS)
        g.advance_us(4 * TEMPO + 2000 * MS)
        v = last(g, "verdict")
        assert v["order"] == [1]
        takers.append(v["taker"])
    assert set(takers) == {0, 2}
    assert 5 <= takers.count(0) <= 25


def test_t7_equal_times_are_broken_by_the_generator_not_pad_number():
    # Statistical (fixed seeds): 45 ties among 3, each player 5..25 times.
    # A fair draw fails with probability 0.24 %; a player taking under 3 %
    # or over 73 % of the ties fails with probability > 99 % (so: pad order
    # deciding ties is caught, a few percent of bias is not: see
    # host_tests/test_tape_fairness.py).
    takers = []
    for seed in range(1, 46):
        g = window_game(n=3, seed=seed)
        t = 4 * TEMPO + 250 * MS
        for p in (0, 1, 2):
            g.press_us(p, t)
        v = last(g, "verdict")
        assert sorted(v["order"]) == [0, 1, 2] and v["taker"] == v["order"][-1]
        takers.append(v["taker"])
    for p in (0, 1, 2):
        assert 5 <= takers.count(p) <= 25, takers


def test_t7_a_players_later_presses_in_the_window_are_ignored():
    g = window_game()
    w = 4 * TEMPO
    g.press_us(0, w + 100 * MS)
    g.press_us(0, w + 150 * MS)
    g.press_us(2, w + 200 * MS)
    g.press_us(0, w + 300 * MS)
    assert [d["p"] for _, _, d in events(g, "slap")] == [0, 2]
    g.advance_us(w + 2000 * MS)
    v = last(g, "verdict")
    assert v["order"] == [0, 2] and v["taker"] == 1


def test_t7_first_press_time_decides_not_arrival_of_later_presses():
    # Presses 1 us apart are ordered by their time.
    g = window_game()
    w = 4 * TEMPO
    g.press_us(2, w + 100000)
    g.press_us(1, w + 100001)
    g.press_us(0, w + 100002)
    assert last(g, "verdict")["order"] == [2, 1, 0] and last(g, "verdict")["taker"] == 0


# ---- T8: false slaps -----------------------------------------------------------

def test_t8_false_slap_the_first_takes_the_pile():
    g = game(3, ["9S", "8H", "QD", "5C"])
    g.advance_us(2 * TEMPO)
    g.press_us(2, 2 * TEMPO + 500 * MS)
    g.press_us(0, 2 * TEMPO + 700 * MS)   # within false_window of the first
    g.press_us(1, 2 * TEMPO + 799 * MS)
    g.advance_us(2 * TEMPO + 800 * MS)
    v = last(g, "verdict")
    assert v["rule"] == "false" and v["order"] == [2, 0, 1] and v["taker"] == 2
    assert last(g, "take") == {"t": 3800, "ev": "take", "p": 2, "cards": ["9S", "8H"]}
    assert cards_conserved(g)


def test_t8_a_press_after_the_false_window_is_not_part_of_it():
    g = game(3, ["9S", "8H", "QD", "5C"])
    g.advance_us(2 * TEMPO)
    g.press_us(2, 2 * TEMPO + 500 * MS)
    g.press_us(0, 2 * TEMPO + 800 * MS)   # 300 ms after: the window is closed
    assert last(g, "verdict")["order"] == [2]
    assert len(events(g, "slap")) == 1   # in the settle pause: not logged


def test_t8_equal_first_times_drawn_by_the_generator():
    takers = set()
    for seed in range(1, 21):
        g = game(3, ["9S", "8H", "QD", "5C"], seed=seed)
        g.advance_us(2 * TEMPO)
        g.press_us(0, 2 * TEMPO + 500 * MS)
        g.press_us(2, 2 * TEMPO + 500 * MS)
        g.advance_us(2 * TEMPO + 800 * MS)
        v = last(g, "verdict")
        assert v["taker"] == v["order"][0]
        takers.add(v["taker"])
    assert takers == {0, 2}


def test_t8_false_slap_on_an_empty_pile_costs_nothing():
    g = game(3, ["9S", "8H", "QD", "5C"])
    g.press_us(0, 700 * MS)               # before the first card
    assert [d["p"] for _, _, d in events(g, "slap")] == [0]
    assert not events(g, "verdict") and not events(g, "take")
    g.advance_us(3 * TEMPO)
    # The play went on as scheduled, the count did not restart.
    assert [t for t, _, _ in events(g, "flip")] == [1500, 3000, 4500]
    assert [d["n"] for _, _, d in events(g, "count")] == [1, 2, 3]


# ---- T9: after a take ----------------------------------------------------------

def test_t9_settle_ignores_presses_then_the_taker_restarts_the_count():
    g = window_game()
    w = 4 * TEMPO
    for p in (0, 2, 1):
        g.press_us(p, w + (100 + 100 * p) * MS)
    taken = w + 300 * MS
    assert last(g, "take")["p"] == 1
    n_lines = len(g.log.lines)
    g.press_us(0, taken + 100 * MS)
    g.press_us(2, taken + 999 * MS)
    assert len(g.log.lines) == n_lines     # ignored and not logged
    g.advance_us(taken + 1000 * MS + TEMPO - 1)
    assert len(g.log.lines) == n_lines
    g.advance_us(taken + 1000 * MS + TEMPO)
    c = last(g, "count")
    assert c["p"] == 1 and c["n"] == 1
    assert events(g, "count")[-1][0] == (taken + 1000 * MS + TEMPO) // MS


# ---- T10: pace ------------------------------------------------------------------

def test_t10_tempo_cards_are_laid_at_their_logical_time():
    g = game(3, ["9S", "8H", "QD", "5C"], tempo=700)
    g.advance_us(2000 * MS)                 # a late poll: one card due at 700
    assert [t for t, _, _ in events(g, "flip")] == [700, 1400]
    g.press_us(1, 2500 * MS)                # a press processes timers first
    assert [t for t, _, _ in events(g, "flip")] == [700, 1400, 2100]
    assert last(g, "verdict") is None        # the false slap is being collected


def test_t10_turns_mode_the_player_lays_by_pressing():
    g = game(3, ["9S", "8H", "3D", "5C"], mode="turns")
    g.advance_us(60000 * MS)
    assert not events(g, "count")           # nothing happens by itself
    g.press_us(1, 60000 * MS + 123)          # player 1's turn: a flip
    assert last(g, "flip") == {"t": 60000, "ev": "flip", "p": 1, "card": "9S", "up": True}
    assert not events(g, "slap")
    g.press_us(2, 61000 * MS)
    g.press_us(0, 62000 * MS)               # player 0 lays the 3: match
    assert g.window_open and g.window_rule == "match"
    g.press_us(0, 62100 * MS)               # now a press is a slap
    assert [d["p"] for _, _, d in events(g, "slap")] == [0]


def test_t10_turns_mode_another_players_press_is_a_false_slap():
    g = game(3, ["9S", "8H", "QD", "5C"], mode="turns")
    g.press_us(1, 1000 * MS)
    g.press_us(0, 1500 * MS)                # not player 0's turn (player 2's)
    g.advance_us(1800 * MS)
    v = last(g, "verdict")
    assert v["rule"] == "false" and v["taker"] == 0
    assert last(g, "take")["cards"] == ["9S"]
    assert g.turn == 0


# ---- T11, T12: rounds, points, the match ------------------------------------------

def test_t11_round_ends_when_half_or_fewer_still_hold_cards():
    # 4 players: when the second player runs out, 2 of 4 hold cards.
    g = game(4, ["9S", "8H", "5D", "10C"], sizes=[24, 1, 1, 26], rules=[])
    g.advance_us(TEMPO)
    assert not events(g, "round")
    g.advance_us(2 * TEMPO)
    r = events(g, "round")
    assert r and r[0][0] == 3000
    assert r[0][2]["n"] == 1 and r[0][2]["points"] == [0, 1, 1, 0]
    assert r[0][2]["cards"] == [24, 0, 0, 26]


def test_t11_the_last_card_triggers_a_slap_and_the_round_waits_for_it():
    # 2 players; player 1's only card is an ace on the count of 1.
    g = game(2, ["AS"], sizes=[51, 1])
    g.advance_us(TEMPO)
    assert g.window_open and not events(g, "round")
    g.press_us(1, TEMPO + 200 * MS)
    g.press_us(0, TEMPO + 300 * MS)         # player 0 is last: takes the ace
    r = events(g, "round")
    assert r and r[0][2]["points"] == [0, 1] and r[0][2]["cards"] == [52, 0]


def test_t11_a_player_without_cards_who_slaps_last_takes_and_comes_back():
    # 3 players: player 1 lays its last card, then is last in a window.
    # p1 lays 9S (out), p2 8H, p0 QD, p1 counts 4 with no card, p2 lays
    # 5H on 5: match.
    g = Tape({"players": 3}, 1, None, explicit([["QD"], ["9S"], ["8H", "5H"]], [20, 1, 31]))
    g.start(0)
    g.advance_us(5 * TEMPO)
    assert g.window_open and g.counts()[1] == 0
    assert [d["p"] for _, _, d in events(g, "out")] == [1]
    w = 5 * TEMPO
    g.press_us(0, w + 100 * MS)
    g.press_us(2, w + 200 * MS)
    g.press_us(1, w + 300 * MS)
    assert last(g, "take")["p"] == 1 and g.counts()[1] == 4
    assert not events(g, "round") and g.turn == 1
    g.advance_us(w + 300 * MS + 1000 * MS + TEMPO)
    assert last(g, "flip")["p"] == 1 and last(g, "count")["n"] == 1


def test_t11_a_player_without_cards_who_false_slaps_comes_back():
    g = game(3, ["9S", "8H", "QD"], sizes=[20, 1, 31])
    g.advance_us(3 * TEMPO)
    assert g.counts()[1] == 0
    g.press_us(1, 3 * TEMPO + 100 * MS)
    g.advance_us(3 * TEMPO + 400 * MS)
    assert last(g, "take")["p"] == 1 and g.counts()[1] == 3


def lone_card_match(later_sizes, **opts):
    """A two-player match with no slap rules, played to its end: in round 1
    player 1 holds a single card, in round rnd > 1 the hands have the sizes
    later_sizes(rnd); the player with the single card takes the round."""
    opts["players"] = 2
    opts["rules"] = []
    g = Tape(opts, seed=3, hands=stack(2, [], [51, 1]))
    g.deal_source = lambda rnd: stack(2, [], later_sizes(rnd))
    g.start(0)
    g.advance_us(100000 * MS)
    return g


def test_t12_match_to_a_target_of_points():
    # Player 0 holds one card in rounds 2 and 3 (player 1 in round 1).
    g = lone_card_match(lambda rnd: [1, 51], target=2)
    ends = events(g, "end")
    rounds = events(g, "round")
    assert g.done and len(rounds) == 3
    assert [r[2]["points"] for r in rounds] == [[0, 1], [1, 1], [2, 1]]
    # Round 2 was dealt after the pause.
    assert events(g, "deal")[1][0] == rounds[0][0] + tape.ROUND_PAUSE_MS
    assert ends[0][2]["reason"] == "target" and ends[0][2]["winners"] == [0]
    assert ends[0][2]["points"] == [2, 1] and g.winners == [0]


def test_t12_equal_points_share_the_win():
    g = lone_card_match(lambda rnd: [1, 51], rounds=2)
    e = last(g, "end")
    assert e["reason"] == "rounds" and e["points"] == [1, 1] and e["winners"] == [0, 1]


def test_t12_match_of_a_fixed_number_of_rounds():
    g = lone_card_match(lambda rnd: [51, 1] if rnd != 2 else [1, 51], rounds=3)
    e = last(g, "end")
    assert g.done and g.round == 3 and e["reason"] == "rounds"
    assert e["points"] == [1, 2] and e["winners"] == [1] and g.winners == [1]
    # Nothing happens after the end.
    n = len(g.log.lines)
    g.press_us(0, 200000 * MS)
    assert len(g.log.lines) == n and g.next_deadline() is None


def test_t12_time_limit_ends_the_match_with_the_points_as_they_stand():
    # No slap rules and no presses: a round is 52 cards laid (78 s); the
    # match to 3 points would take 3 rounds, 2 minutes of game time end it
    # in round 2.
    g = Tape({"players": 3, "rules": [], "length": "2min"}, seed=4)
    g.start(0)
    g.advance_us(119000 * MS)
    assert not g.done
    g.advance_us(10 * 60000 * MS)
    e = last(g, "end")
    t_end = events(g, "end")[0][0]
    assert g.done and e["reason"] == "limit" and g.reason == "limit"
    assert 120000 <= t_end < 120000 + 1500           # at the next card due
    assert g.round == 2 and e["points"] == last(g, "round")["points"] == [1, 0, 1]
    assert e["winners"] == [0, 2]
    assert e["cards"] == g.counts() and sum(g.counts()) + g.pile_n == 52
    assert g.next_deadline() is None


def test_t12_time_limit_waits_for_the_verdict_of_an_open_window():
    # a window opens just before the limit: its verdict and take are
    # logged, then the match ends (a slap is never cut short)
    g = Tape({"players": 2, "length": "1min"}, seed=4)
    g.start(0)
    while not g.done:
        g.advance_us(g.next_deadline_us())
    evs = [ev for t, ev, d in events(g)]
    assert evs[-1] == "end" and last(g, "end")["reason"] == "limit"
    # every window opened before the end was closed by a verdict
    assert evs.count("verdict") == g.windows
    t_end = events(g, "end")[0][0]
    assert 60000 <= t_end <= 60000 + 2000 + 1000 + 1500


def test_t12_time_limit_in_turns_mode_with_nobody_pressing():
    # turns mode waits for a press; the limit is its only timer (armed again
    # every 4.5 minutes, so that it stays a small int on the board)
    g = Tape({"players": 2, "mode": "turns", "length": "10min"}, seed=2)
    g.start(0)
    seen = []
    while not g.done:
        seen.append(g.next_deadline_us())
        g.advance_us(seen[-1])
    assert last(g, "end")["reason"] == "limit" and events(g, "end")[0][0] == 600000
    assert len(seen) == 3 and seen[-1] == 600000 * MS


def test_t12_time_limit_option_values():
    assert Tape({"length": "all"}).limit_ms == -1
    assert Tape({"length": "045min"}).options["length"] == "45min"
    assert Tape().limit_ms == 30 * 60000
    for bad in ("0min", "601min", 30, "30", "court"):
        e = raises(ValueError, Tape, {"length": bad})
        assert "'length'" in str(e) and "<n>min" in str(e)
    # without a limit, the match of the first test goes on into round 3
    g = Tape({"players": 3, "rules": [], "length": "all"}, seed=4)
    g.start(0)
    g.advance_us(3 * 60000 * MS)
    assert not g.done and g.round == 3 and g.next_deadline() is not None


def test_l_stopped_tape_ends_with_the_points_as_they_stand_and_replays():
    # rules off, nobody slaps: round 1 ends after 78 s with points [1, 0, 1];
    # stopped from the menu in round 2 at 100.0002 s: the card due at
    # 100.5 s is not laid, the pile counts for nobody, the most points win
    g = Tape({"players": 3, "rules": [], "length": "all"}, seed=4)
    g.start(0)
    g.advance_us(100000 * MS)
    assert g.round == 2 and not g.done
    g.stop(g.ticks_of(100000 * MS + 200))
    e = last(g, "end")
    assert g.done and g.reason == "stopped" and e["reason"] == "stopped"
    assert events(g, "end")[0][0] == 100000
    assert e["winners"] == [0, 2] and e["points"] == [1, 0, 1] and e["cards"] == g.counts()
    assert g.next_deadline() is None
    r = tape_replay.replay(log.read(g.log.lines))
    assert r.done and not r.truncated and r.reason == "stopped" and r.winners == [0, 2]


def test_l_stopped_tape_the_timers_of_that_millisecond_fire_first():
    # a tempo card is due at 3000 ms; a stop at 3000.4 ms (ticks, as the box
    # does) comes after it, so the replay, which knows the ms only, agrees
    g = Tape({"players": 2, "rules": [], "length": "all"}, seed=4)
    g.start(7)
    g.poll(7 + 2999 * MS)
    g.stop(7 + 3000 * MS + 400)
    evs = [(t, ev) for t, ev, d in events(g)]
    assert evs[-3:] == [(3000, "count"), (3000, "flip"), (3000, "end")]
    r = tape_replay.replay(log.read(g.log.lines))
    assert r.done and r.reason == "stopped" and r.log.lines[-3:] == g.log.lines[-3:]
    # a log that says stopped where the rules still lay a card is refused
    lines = [ln for ln in g.log.lines if '"t":3000,' not in ln or '"end"' in ln]
    e = raises(log.LogError, tape_replay.replay, log.read(lines))
    assert "count" in str(e)


# ---- T13 -------------------------------------------------------------------------

def test_t13_hidden_count_is_recorded_and_play_is_unchanged():
    a = game(3, ["9S", "8H", "3D"], hidden_count=True)
    b = game(3, ["9S", "8H", "3D"])
    for g in (a, b):
        g.advance_us(3 * TEMPO)
    assert a.hidden_count and not a.show_count and b.show_count
    assert events(a, "start")[0][2]["options"]["hidden_count"] is True
    assert a.log.lines[1:] == b.log.lines[1:]
    assert a.window_open and b.window_open


# ---- L: replay of stacked multi-round matches ------------------------------------

def _three_round_log():
    g = lone_card_match(lambda rnd: [51, 1] if rnd != 2 else [1, 51], rounds=3)
    assert g.done
    return g, list(g.log.lines)


def test_l_replay_takes_every_rounds_deal_from_the_log():
    g, lines = _three_round_log()
    r = tape_replay.replay(log.read(lines))
    assert r.done and r.points == g.points == [1, 2] and r.round == 3


def test_l_replay_refuses_a_later_deal_that_is_not_one_deck():
    g, lines = _three_round_log()
    i = [k for k in range(len(lines)) if '"deal"' in lines[k]][1]
    t, ev, d = log.parse_line(lines[i])
    hands = d["hands"]
    hands[0][0] = hands[1][0]
    lines[i] = log.line(t, "deal", [d["dealer"], hands])
    e = raises(log.LogError, tape_replay.replay, log.read(lines))
    assert e.lineno == i + 1 and "duplicated" in e.reason


def test_c3_a_stacked_deal_draws_the_same_numbers_as_a_shuffled_one():
    a = Tape({"players": 3}, seed=5, hands=stack(3, ["AS", "2H"]))
    b = Tape({"players": 3}, seed=5)
    a.start(0)
    b.start(0)
    assert a.rng.state() == b.rng.state()
    assert a.log.lines[1] != b.log.lines[1]


def test_t10_tempo_mode_the_current_players_press_is_a_false_slap():
    g = game(3, ["9S", "8H", "QD", "5C"])
    g.advance_us(TEMPO)
    assert g.turn == 2
    g.press_us(2, TEMPO + 100 * MS)
    g.advance_us(TEMPO + 400 * MS)
    v = last(g, "verdict")
    assert v["rule"] == "false" and v["taker"] == 2
    assert len(events(g, "flip")) == 1


def test_s4_next_deadline_in_ticks_across_the_wrap():
    wrap = 1 << 30
    g = Tape({"players": 2})
    g.start(wrap - 1000)
    assert g.next_deadline() == TEMPO - 1000
    g.poll(TEMPO - 1001)
    assert not events(g, "flip")
    g.poll(TEMPO - 1000)
    assert [t for t, _, _ in events(g, "flip")] == [1500]
    assert g.next_deadline() == 2 * TEMPO - 1000
