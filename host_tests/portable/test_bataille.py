# Bataille (B1-B8), C4-C5 and the log L, on stacked decks: exact situations.
# Runs under pytest and under the MicroPython unix port (mp_run.py).
from tinytest import raises
from core import cards, log
from games import bataille as B
from games.bataille import Bataille
from games import bataille_replay as R


def stack(*tops, rest=0, kind=cards.STANDARD):
    """Hands given by their top cards (C2 names); every card not named goes,
    in deck order, under the hand `rest` (None: the hands are the deck)."""
    used = {}
    hands = []
    for h in tops:
        hands.append(list(h))
        for c in h:
            used[c] = 1
    if rest is not None:
        for c in cards.deck(kind):
            nm = cards.name(c)
            if nm not in used:
                hands[rest].append(nm)
    return hands


def game(hands, options=None, name="bataille", seed=1):
    lg = log.Log()
    opts = dict(options or {})
    opts["players"] = len(hands)
    g = Bataille(opts, seed, lg, name, hands)
    g.start(0)
    lg.lines = []
    return g, lg


def events(lg):
    """The lines since the last call, as (ev, fields) pairs."""
    out = [log.parse_line(s)[1:] for s in lg.lines]
    lg.lines = []
    return [(ev, d) for ev, d in out]


def flips(evs):
    return [(d["p"], d["card"], d["up"]) for ev, d in evs if ev == "flip"]


def only(evs, name):
    return [d for ev, d in evs if ev == name]


def tie_then_battle(g, lg, cont, ps):
    """Play the duel, which must tie with `cont` the players going on (B3),
    then the battle, which must be between players `ps`; the battle's
    events."""
    g.step(0)
    assert g.tie and list(g.cont) == cont
    events(lg)
    assert g.step(0) == B.BATTLE
    evs = events(lg)
    assert only(evs, "battle")[0]["ps"] == ps
    return evs


def took(g):
    return [cards.name(g.took[i]) for i in range(g.took_n)]


def bottom(g, p, k):
    return cards.names(g.piles[p].to_list()[-k:])


# --- the worked example of the sheet (B2, B3, B5) ----------------------------

WORKED = (["9S", "KS", "2S", "3S", "4S", "4H"],
          ["5H", "KH", "2H", "3H", "5D", "QH"])


def test_b2_b3_worked_example_of_the_sheet():
    g, lg = game(stack(*WORKED))
    assert g.step(0) == B.DUEL
    assert flips(events(lg)) == [(0, "9S", True), (1, "5H", True)]
    assert g.winner == 0 and not g.tie
    assert g.step(1) == B.TAKE
    assert g.taker == 0 and sorted(took(g)) == ["5H", "9S"]
    events(lg)
    assert g.step(2) == B.DUEL and g.tie          # both kings
    events(lg)
    assert g.step(3) == B.BATTLE
    evs = events(lg)
    assert only(evs, "battle") == [{"t": 3, "ev": "battle", "ps": [0, 1]}]
    assert flips(evs) == [(0, "2S", False), (0, "3S", False), (0, "4S", False),
                          (1, "2H", False), (1, "3H", False), (1, "5D", False),
                          (0, "4H", True), (1, "QH", True)]
    assert cards.name(g.shown[0]) == "4H" and cards.name(g.shown[1]) == "QH"
    assert g.step(4) == B.TAKE
    assert g.taker == 1 and g.took_n == 10        # player 2 takes the 10 cards
    assert sorted(took(g)) == sorted(WORKED[0][1:] + WORKED[1][1:])
    # player 1 held 46 (the 40 unnamed cards too): +1 on the 9, -5 in the battle
    assert g.counts() == [46 + 1 - 5, 6 - 1 - 5 + 10]
    assert sum(g.counts()) == 52 and g.duels == 2 and g.battles == 1


def test_b5_ordered_pickup_layer_by_layer_winner_first():
    g, lg = game(stack(*WORKED), {"pickup": "ordered"})
    g.step(0)
    g.step(0)
    assert took(g) == ["9S", "5H"]                # winner's card first
    assert bottom(g, 0, 2) == ["9S", "5H"]
    g.step(0)
    g.step(0)
    g.step(0)
    # the duel's flip, then the face-down layer, then the face-up layer;
    # in each, the winner's (player 2's) cards first.
    want = ["KH", "KS", "2H", "3H", "5D", "2S", "3S", "4S", "QH", "4H"]
    assert took(g) == want
    assert bottom(g, 1, 10) == want
    take = only(events(lg), "take")
    assert take[-1]["cards"] == want and take[-1]["p"] == 1


def test_b5_ordered_pickup_clockwise_from_the_winner():
    # Four players: player 3 wins; the others follow clockwise: 0, 1, 2.
    g, lg = game(stack(["2S"], ["3S"], ["4S"], ["KS"], rest=0), {"pickup": "ordered"})
    g.step(0)
    g.step(0)
    assert took(g) == ["KS", "2S", "3S", "4S"]


def test_b5_shuffled_pickup_is_drawn_from_the_seed():
    orders = {}
    for seed in range(1, 40):
        g, lg = game(stack(*WORKED), seed=seed)
        for _ in range(5):
            g.step(0)
        assert sorted(took(g)) == sorted(WORKED[0][1:] + WORKED[1][1:])
        orders[",".join(took(g))] = 1
        again, _ = game(stack(*WORKED), seed=seed)
        for _ in range(5):
            again.step(0)
        assert took(again) == took(g)             # C3: same seed, same order
    assert len(orders) > 10                       # and not a fixed order


# --- ties among three and four players (B3) ---------------------------------

def test_b3_three_players_only_the_tied_battle_lower_card_to_winner():
    hands = stack(["7S", "2S", "3S", "4S", "KS"],
                  ["7H", "2H", "3H", "4H", "5H"],
                  ["3C", "9C"], rest=2)
    g, lg = game(hands)
    evs = tie_then_battle(g, lg, [1, 1, 0], [0, 1])
    assert [p for p, c, up in flips(evs)] == [0, 0, 0, 1, 1, 1, 0, 1]  # not player 2
    assert g.step(0) == B.TAKE and g.taker == 0
    assert "3C" in took(g) and g.took_n == 11
    assert g.counts()[2] == len(hands[2]) - 1


def test_b3_four_players_three_tie_then_two_tie_again():
    hands = stack(["5S", "9S"],
                  ["KS", "2S", "3S", "4S", "QS", "2D"],
                  ["KH", "2H", "3H", "4H", "QH", "3D", "4D", "5D", "AD"],
                  ["KC", "2C", "3C", "4C", "JC", "6C"], rest=0)
    g, lg = game(hands)
    g.step(0)
    assert list(g.cont) == [0, 1, 1, 1]
    events(lg)
    assert g.step(0) == B.BATTLE and g.tie        # queens of 1 and 2 tie, not 3
    assert list(g.cont) == [0, 1, 1, 0]
    assert only(events(lg), "battle")[0]["ps"] == [1, 2, 3]
    assert g.step(0) == B.BATTLE
    evs = events(lg)
    assert only(evs, "battle")[0]["ps"] == [1, 2]
    # player 1 holds one card: no card down, the 2D face up (B4)
    assert flips(evs) == [(2, "3D", False), (2, "4D", False), (2, "5D", False),
                          (1, "2D", True), (2, "AD", True)]
    g.step(0)
    assert g.taker == 2 and g.took_n == 4 + 3 * 4 + (1 + 4)
    assert "5S" in took(g)                        # the lower card goes too
    evs = events(lg)
    assert only(evs, "out") == [{"t": 0, "ev": "out", "p": 1}]  # B7


def test_b3_four_players_all_tie_then_two_battle_again():
    hands = stack(["9S", "2S", "AS", "3S", "8S"], ["9H", "2H", "KH"],
                  ["9D", "2D", "AD", "3D", "7D"], ["9C", "2C", "3C"], rest=3)
    g, lg = game(hands, {"down": 1})
    g.step(0)
    assert list(g.cont) == [1, 1, 1, 1]
    events(lg)
    assert g.step(0) == B.BATTLE
    assert only(events(lg), "battle")[0]["ps"] == [0, 1, 2, 3]
    assert list(g.cont) == [1, 0, 1, 0] and g.tie  # two aces tie again
    assert g.step(0) == B.BATTLE
    evs = events(lg)
    assert only(evs, "battle")[0]["ps"] == [0, 2]
    assert flips(evs) == [(0, "3S", False), (2, "3D", False), (0, "8S", True), (2, "7D", True)]
    assert g.step(0) == B.TAKE and g.taker == 0 and g.took_n == 16
    assert "KH" in took(g) and "3C" in took(g)     # the lower cards go too
    assert list(g.inn) == [1, 0, 0, 1]            # 1 and 2 hold nothing more (B7)


# --- B4: short of cards -----------------------------------------------------

def battle_flips(hands, options=None):
    g, lg = game(hands, options)
    g.step(0)
    assert g.tie
    events(lg)
    ph = g.step(0)
    return g, lg, ph, events(lg)


def test_b4_battling_with_one_card_left_plays_it_face_up():
    g, lg, ph, evs = battle_flips(stack(["KS", "AS"], ["KH", "2H", "3H", "4H", "5H"], rest=1))
    assert ph == B.BATTLE
    assert flips(evs) == [(1, "2H", False), (1, "3H", False), (1, "4H", False),
                          (0, "AS", True), (1, "5H", True)]
    assert g.step(0) == B.TAKE and g.taker == 0 and g.took_n == 7


def test_b4_battling_with_two_cards_left():
    g, lg, ph, evs = battle_flips(stack(["KS", "3S", "2S"], ["KH", "2H", "3H", "4H", "5H"], rest=1))
    assert flips(evs)[:4] == [(0, "3S", False), (1, "2H", False), (1, "3H", False), (1, "4H", False)]
    assert flips(evs)[4:] == [(0, "2S", True), (1, "5H", True)]
    # player 1 lost with their last card: out at the take (B7), game over.
    assert g.step(0) == B.END
    assert g.done and g.winners == [1] and g.reason == "all_cards"
    evs = events(lg)
    assert [ev for ev, d in evs] == ["take", "out", "end"]
    assert only(evs, "end")[0]["cards"] == [0, 52]


def test_b4_battling_with_three_cards_left():
    g, lg, ph, evs = battle_flips(stack(["KS", "4S", "3S", "AS"], ["KH", "2H", "3H", "4H", "5H"], rest=1))
    assert [c for p, c, up in flips(evs) if p == 0] == ["4S", "3S", "AS"]
    assert [up for p, c, up in flips(evs) if p == 0] == [False, False, True]
    assert g.step(0) == B.TAKE and g.taker == 0


def test_b4_one_card_down_variant_short_of_cards():
    g, lg, ph, evs = battle_flips(stack(["KS", "AS"], ["KH", "2H", "3H"], rest=1), {"down": 1})
    assert flips(evs) == [(1, "2H", False), (0, "AS", True), (1, "3H", True)]


def test_b4_a_battler_out_the_last_battler_takes_at_once():
    hands = stack(["KS"], ["KH", "2H"], ["3C", "4C"], rest=2)
    g, lg = game(hands)
    g.step(0)
    assert g.tie
    events(lg)
    assert g.step(5) == B.TAKE                    # no battle cards laid
    evs = events(lg)
    assert [ev for ev, d in evs] == ["out", "take"]
    assert only(evs, "out")[0]["p"] == 0
    assert g.taker == 1 and sorted(took(g)) == ["3C", "KH", "KS"]
    assert list(g.inn) == [0, 1, 1] and not g.done


def test_b4_a_battler_out_the_others_battle_on():
    hands = stack(["KS"], ["KH", "2H", "3H", "4H", "AH"], ["KD", "2D", "3D", "4D", "QD"], ["5C"], rest=3)
    g, lg = game(hands)
    g.step(0)
    events(lg)
    assert g.step(0) == B.BATTLE
    evs = events(lg)
    assert only(evs, "out")[0]["p"] == 0
    assert only(evs, "battle")[0]["ps"] == [1, 2]
    g.step(0)
    assert g.taker == 1 and g.took_n == 4 + 2 * 4
    assert "KS" in took(g)                        # the out player's card stays in the pot


def test_b4_every_battler_out_pot_carried_to_next_duel():
    hands = stack(["KS"], ["KH"], ["2C", "5C", "6C"], ["3C", "4C", "7C"], rest=3)
    g, lg = game(hands)
    g.step(0)
    events(lg)
    assert g.step(0) == B.CARRY
    evs = events(lg)
    assert [ev for ev, d in evs] == ["out", "out"]
    assert g.pot_n == 4 and list(g.inn) == [0, 0, 1, 1]
    assert g.step(0) == B.DUEL and g.duels == 2   # each flip is a duel (B6)
    assert flips(events(lg)) == [(2, "5C", True), (3, "4C", True)]
    assert g.step(0) == B.TAKE and g.taker == 2
    assert sorted(took(g)) == sorted(["KS", "KH", "2C", "3C", "5C", "4C"])
    assert sum(g.counts()) == 52


def test_b4_b5_carried_pot_ordered_pickup_keeps_its_layers_first():
    hands = stack(["KS"], ["KH"], ["2C", "5C", "6C"], ["3C", "4C", "7C"], rest=3)
    g, lg = game(hands, {"pickup": "ordered"})
    for _ in range(4):
        g.step(0)
    # first duel's layer (winner 2, then 3, 0, 1 clockwise), then the second
    assert took(g) == ["2C", "3C", "KS", "KH", "5C", "4C"]


def test_b4_every_battler_out_one_player_left_wins():
    g, lg = game(stack(["KS"], ["KH"], ["2C"], rest=2))
    g.step(0)
    assert g.step(0) == B.END
    assert g.winners == [2] and g.reason == "all_cards" and g.counts() == [0, 0, 52]


def mirrored_hands():
    """Both players hold the same ranks in the same order: every duel and
    every battle ties, and both run out together."""
    a = []
    b = []
    for r in cards.RANK_NAMES:
        a += [r + "S", r + "D"]
        b += [r + "H", r + "C"]
    return [a, b]


def test_b4_nobody_holds_cards_draw():
    g, lg = game(mirrored_hands())
    g.play()
    assert g.done and g.reason == "draw" and g.winners == []
    assert g.duels == 1 and g.pot_n == 52 and g.counts() == [0, 0]
    evs = events(lg)
    assert only(evs, "end")[0]["reason"] == "draw"
    assert [d["p"] for d in only(evs, "out")] == [0, 1]


# --- B4 variant short=lose ----------------------------------------------------

LOSE = {"short": "lose"}


def test_b4_short_lose_a_battler_short_of_cards_lays_nothing_and_is_out():
    # player 0 ties with 2 cards left after the tie, K=3: out at once; the
    # other battler alone takes the pot (B4 Decision) and wins (B7).
    g, lg, ph, evs = battle_flips(stack(["KS", "3S", "2S"], ["KH", "2H", "3H", "4H", "5H"], rest=1),
                                  LOSE)
    assert ph == B.END and g.done and g.winners == [1] and g.reason == "all_cards"
    assert flips(evs) == []                          # they lay nothing
    assert [ev for ev, d in evs] == ["out", "take", "end"]
    assert only(evs, "out")[0]["p"] == 0 and only(evs, "take")[0]["p"] == 1
    assert sorted(only(evs, "take")[0]["cards"]) == ["KH", "KS"]
    # the cards player 0 still held leave the game with them
    assert only(evs, "end")[0]["cards"] == [2, 50] and g.counts() == [2, 50]


def test_b4_short_lose_exactly_k_plus_1_cards_battles_as_usual():
    hands = stack(["KS", "5S", "4S", "3S", "AS"], ["KH", "2H", "3H", "4H", "5H"], rest=1)
    for short in ("play", "lose"):
        g, lg, ph, evs = battle_flips(hands, {"short": short})
        assert ph == B.BATTLE and [c for p, c, up in flips(evs) if p == 0] == ["5S", "4S", "3S", "AS"]
        assert g.step(0) == B.TAKE and g.taker == 0


def test_b4_short_lose_one_card_down_variant():
    # K=1: a battler needs 2 cards; with one left they lose (play: they lay it up)
    hands = stack(["KS", "AS"], ["KH", "2H", "3H"], rest=1)
    g, lg, ph, evs = battle_flips(hands, {"down": 1, "short": "lose"})
    assert ph == B.END and g.winners == [1] and flips(evs) == []
    g, lg, ph, evs = battle_flips(hands, {"down": 1})
    assert flips(evs) == [(1, "2H", False), (0, "AS", True), (1, "3H", True)]


def test_b4_short_lose_the_other_battlers_battle_on():
    hands = stack(["KS", "2S"], ["KH", "2H", "3H", "4H", "AH"], ["KD", "2D", "3D", "4D", "QD"],
                  ["5C"], rest=3)
    g, lg = game(hands, LOSE)
    g.step(0)
    events(lg)
    assert g.step(0) == B.BATTLE
    evs = events(lg)
    assert only(evs, "out")[0]["p"] == 0 and only(evs, "battle")[0]["ps"] == [1, 2]
    assert [p for p, c, up in flips(evs)].count(0) == 0
    g.step(0)
    assert g.taker == 1 and g.took_n == 4 + 2 * 4 and "KS" in took(g)
    assert list(g.inn) == [0, 1, 0, 1] and g.counts()[0] == 1   # 2S leaves with them


def test_b4_short_lose_every_battler_short_two_players_is_a_draw():
    # mirrored hands tie every time: with K=3, both hold 1 card when the
    # last battle begins; play lays them face up, lose puts both out
    g, lg = game(mirrored_hands(), LOSE)
    g.play()
    assert g.done and g.reason == "draw" and g.winners == [] and g.counts() == [1, 1]
    assert [d["p"] for d in only(events(lg), "out")] == [0, 1]
    g, lg = game(mirrored_hands())
    g.play()
    assert g.reason == "draw" and g.counts() == [0, 0]


def test_b4_short_replay_checks_the_variant():
    g2 = Bataille({"players": 2, "short": "lose"}, 1, log.Log(), "bataille", mirrored_hands())
    g2.play()
    text = g2.log.text()
    assert '"short":"lose"' in text
    r = R.replay(log.read(text.splitlines()))
    assert r.done and r.reason == "draw" and r.counts() == [1, 1]
    # the same log said to be played with short=play breaks the rules where
    # the last battle begins (play would battle with the last cards)
    bad = text.replace('"short":"lose"', '"short":"play"')
    e = raises(log.LogError, R.replay, log.read(bad.splitlines()))
    assert "battle" in str(e) and "out" in str(e)


def test_b4_short_lose_at_the_limit_only_the_players_still_in_count():
    g = Bataille({"short": "lose", "players": 3, "length": 1}, 1)
    g.start(0)
    assert g.counts() == [18, 17, 17]
    g.inn[0] = 0              # as short=lose leaves them: out, holding cards
    B._end_limit(g, 0)
    assert g.winners == [1, 2] and g.reason == "limit"


def test_b4_short_lose_the_cards_held_leave_the_game_and_replay_agrees():
    # 3 players: player 0 ties with player 1 on a king holding 2 cards more
    # (K=3, fewer than 4): out at once, and their 2 cards leave the game
    # with them; the game goes on with 49 cards in play, and `all_cards`
    # means those: the log replays to the same end.
    hands = stack(["KS", "3S", "2S"], ["KH", "2H", "3H", "4H", "5H"], ["4D"], rest=2)
    lg = log.Log()
    g = Bataille({"players": 3, "short": "lose"}, 3, lg, "bataille", hands)
    g.play()
    assert g.done and g.reason == "all_cards" and len(g.winners) == 1
    w = g.winners[0]
    assert w != 0 and g.counts()[0] == 2 and g.counts()[w] <= 50
    assert sum(g.counts()) == 52 and g.inn[0] == 0
    assert [p for p in range(3) if g.inn[p]] == [w]   # the others out, holding theirs
    r = R.replay(log.read(lg.text().splitlines()))
    assert r.done and r.reason == "all_cards" and r.counts() == g.counts()


def test_b4_short_option_values_and_bad_value():
    assert Bataille(None, 1).options["short"] == "play"
    assert Bataille(None, 1, None, "batawaf").options["short"] == "play"
    e = raises(ValueError, Bataille, {"short": "stop"}, 1)
    assert "'short'" in str(e) and "lose" in str(e)


# --- B6 length --------------------------------------------------------------

def test_b6_length_court_and_moyen_are_80_and_200_duels():
    for name, duels in (("court", 80), ("moyen", 200), (37, 37)):
        for seed in range(1, 30):
            g = Bataille({"length": name}, seed).play()
            assert g.options["length"] == duels
            if g.reason == "limit":
                break
        assert g.reason == "limit" and g.duels == duels
        best = max(g.counts())
        assert g.winners == [p for p in range(2) if g.counts()[p] == best]


def test_b6_equal_counts_at_the_limit_share_the_win():
    hands = stack(["9S", "2H"], ["5H", "KS"], rest=0)
    hands = [hands[0][:2] + hands[0][2:26], hands[1] + hands[0][26:]]
    g, lg = game(hands, {"length": 2})
    g.play()
    assert g.reason == "limit" and g.counts() == [26, 26] and g.winners == [0, 1]
    assert only(events(lg), "end")[0]["winners"] == [0, 1]


def test_b6_minutes_limit_ends_at_the_first_duel_due_after_it():
    g, lg = game(stack(*WORKED), {"length": "1min"})
    g.play(0, 7000)
    assert g.reason == "limit"
    end = only(events(lg), "end")[0]
    assert end["t"] == 63000                      # 9 steps of 7 s, then due
    assert g.winners == [p for p in range(2) if g.counts()[p] == max(g.counts())]


def test_b6_minutes_limit_equal_counts():
    hands = stack(["9S", "2H"], ["5H", "KS"], rest=0)
    hands = [hands[0][:26], hands[1] + hands[0][26:]]
    g, lg = game(hands, {"length": "2min"})
    for t in (0, 1000, 2000, 3000):
        g.step(t)
    assert g.counts() == [26, 26] and not g.done
    assert g.step(120000) == B.END
    assert g.winners == [0, 1] and g.reason == "limit" and g.duels == 2


# --- C6 ace high or low --------------------------------------------------------

def test_c6_ace_high_by_default_low_as_a_variant():
    hands = stack(["AS"], ["KH"], rest=0)
    g, lg = game(hands)
    g.step(0)
    assert g.winner == 0 and list(g.score) == [14, 13]
    g, lg = game(hands, {"ace": "low"})
    g.step(0)
    assert g.winner == 1 and list(g.score) == [1, 13]
    g, lg = game(stack(["AS"], ["2H"], rest=0), {"ace": "low"})
    g.step(0)
    assert g.winner == 1


# --- B7 out, B8 addition -----------------------------------------------------

def test_b7_last_player_holding_cards_wins():
    g, lg = game(stack(["2S"], ["AS"], rest=1))
    assert g.step(0) == B.DUEL
    assert g.step(0) == B.END
    assert g.winners == [1] and g.reason == "all_cards"
    assert [ev for ev, d in events(lg)] == ["flip", "flip", "take", "out", "end"]


def test_b8_addition_higher_sum_wins_ace_counts_one():
    g, lg = game(stack(["KS", "AS"], ["6H", "7H"], rest=0), {"addition": True})
    g.step(0)
    assert flips(events(lg)) == [(0, "KS", True), (0, "AS", True),
                                 (1, "6H", True), (1, "7H", True)]
    assert list(g.score) == [14, 13] and g.winner == 0
    g.step(0)
    assert g.took_n == 4


def test_b8_addition_tie_battles_k_down_two_up():
    g, lg = game(stack(["5S", "4S", "2S", "3S", "6S", "KS", "KD"],
                       ["6H", "3H", "2H", "3D", "4H", "QH", "QD"], rest=0), {"addition": True})
    g.step(0)
    assert g.tie
    events(lg)
    g.step(0)
    assert [up for p, c, up in flips(events(lg))] == [False] * 6 + [True] * 4
    assert g.winner == 0 and list(g.score) == [26, 24]


def test_b8_addition_short_of_cards_keeps_last_two_up():
    g, lg = game(stack(["5S", "4S", "2S", "3S"], ["6H", "3H", "2H", "3D", "4H", "QH"], rest=1),
                 {"addition": True})
    g.step(0)
    events(lg)
    g.step(0)
    assert [(c, up) for p, c, up in flips(events(lg)) if p == 0] == [("2S", True), ("3S", True)]


def test_b8_addition_duel_with_one_card():
    hands = stack(["KS", "QS", "4S", "5S", "AS"],
                  ["KH", "QH", "7H", "2H", "3H", "5H", "6H"], ["9C"], rest=1)
    g, lg = game(hands, {"addition": True, "down": 1})
    g.step(0)
    events(lg)
    g.step(0)                                     # players 0 and 1 battle
    g.step(0)
    assert g.counts()[2] == 0 and list(g.inn)[2] == 0   # 9C alone lost: out


# --- C4 dealing, options in the log, bad input -------------------------------

def test_c4_three_players_18_17_17_dealer_last():
    lg = log.Log()
    g = Bataille({"players": 3}, 5, lg)
    g.start(0)
    assert g.counts() == [18, 17, 17]
    _, ev, d = log.parse_line(lg.lines[1])
    assert ev == "deal" and d["dealer"] == 2
    deck = B.__dict__["_cards"].deck()
    from core.rng import Rng
    from core import cards
    want = cards.deal(cards.shuffled_deck(Rng(5)), 3, 0)
    assert d["hands"] == [cards.names(h) for h in want]


def test_l_a_log_from_before_b4_short_replays_as_played():
    # A box flashed before B4's variant logged no `short`: its logs (the
    # last five kept on the box) still replay, as short=play, the only rule then.
    g = Bataille({"players": 2}, 3, log.Log(), "bataille", mirrored_hands())
    g.play()
    text = g.log.text()
    old = text.replace(',"short":"play"', "").replace('"short":"play",', "")
    assert '"short"' not in old.splitlines()[0]
    r = R.replay(log.read(old.splitlines()))
    assert r.done and r.reason == g.reason and r.counts() == g.counts()
    # ... and not as short=lose: a short battler would be out at once.
    g2 = Bataille({"players": 2, "short": "lose"}, 3, log.Log(), "bataille", mirrored_hands())
    g2.play()
    old2 = g2.log.text().replace(',"short":"lose"', "").replace('"short":"lose",', "")
    raises(log.LogError, R.replay, log.read(old2.splitlines()))


def test_l_start_logs_every_option_in_force():
    lg = log.Log()
    Bataille({"pickup": "ordered", "length": "court"}, 9, lg).start(0)
    _, ev, d = log.parse_line(lg.lines[0])
    assert d["game"] == "bataille" and d["players"] == 2 and d["seed"] == 9
    assert d["options"] == {"players": 2, "ace": "high", "down": 3, "pickup": "ordered",
                            "length": 80, "short": "play", "addition": False,
                            "box": [], "level": 1}
    lg = log.Log()
    Bataille({"players": 3, "length": "5min", "short": "lose"}, 9, lg, "batawaf").start(0)
    _, ev, d = log.parse_line(lg.lines[0])
    assert d["options"] == {"players": 3, "down": 1, "pickup": "shuffled", "length": "5min",
                            "short": "lose", "box": [], "level": 1}


def test_c3_stacked_deal_draws_the_same_numbers_after_the_deal():
    g1 = Bataille(None, 77)
    g1.start(0)
    hands = [cards.names(p.to_list()) for p in g1.piles]
    g2 = Bataille(None, 77, None, "bataille", hands)
    g2.start(0)
    assert g1.rng.state() == g2.rng.state()
    g1.play()
    g2.play()
    assert g1.counts() == g2.counts() and g1.duels == g2.duels


def bad_option(opts, word, game_name="bataille"):
    e = raises(ValueError, Bataille, opts, 1, None, game_name)
    msg = str(e)
    assert word in msg, msg
    return msg


def test_b1_bad_options_name_the_option_and_allowed_values():
    m = bad_option({"players": 5}, "'players'")
    assert "2 to 4" in m
    m = bad_option({"players": 1}, "'players'")
    m = bad_option({"down": 2}, "'down'")
    assert "3" in m and "1" in m
    m = bad_option({"length": "forever"}, "'length'")
    assert "court" in m and "min" in m
    bad_option({"length": 0}, "'length'")
    bad_option({"length": []}, "'length'")
    bad_option({"length": True}, "'length'")
    bad_option({"players": "2"}, "'players'")
    bad_option({"length": "0min"}, "'length'")
    bad_option({"ace": "middle"}, "'ace'")
    bad_option({"pickup": "sorted"}, "'pickup'")
    bad_option({"addition": "yes"}, "'addition'")
    bad_option({"colour": 1}, "'colour'")
    bad_option({"pickup": "ordered"}, "'pickup'", "batawaf")      # W4
    bad_option({"addition": True}, "'addition'", "batawaf")
    bad_option({"players": 5}, "'players'", "batawaf")
    raises(ValueError, Bataille, None, 1, None, "poker")


def test_c1_bad_stacked_deals_name_the_cards():
    hands = stack(["AS"], [], rest=1)
    hands[1].remove("KD")
    e = raises(ValueError, Bataille, None, 1, None, "bataille", hands)
    assert "missing KD" in str(e)
    hands[1].append("AS")
    e = raises(ValueError, Bataille, None, 1, None, "bataille", hands)
    assert "duplicated AS" in str(e) and "missing KD" in str(e)
    hands = stack(["W1a"], [], rest=1, kind=cards.DOGS)
    e = raises(ValueError, Bataille, None, 1, None, "bataille", hands)
    assert "W1a" in str(e)
    e = raises(ValueError, Bataille, {"players": 3}, 1, None, "bataille", stack(["AS"], [], rest=1))
    assert "2 hands for 3 players" in str(e)
    raises(ValueError, Bataille, None, 1, None, "bataille", [["XX"], []])


# --- replay (L) ---------------------------------------------------------------

def test_l_replay_rebuilds_the_same_final_state():
    for opts in ({}, {"players": 3, "down": 1}, {"pickup": "ordered"}, {"addition": True, "length": 50}):
        lg = log.Log()
        g = Bataille(opts, 4, lg)
        g.play(0, 1500)
        r = R.replay(log.read(lg.text().splitlines()))
        assert r.done and not r.truncated
        assert r.counts() == g.counts() and r.winners == g.winners and r.reason == g.reason
        assert [p.to_list() for p in r.piles] == [p.to_list() for p in g.piles]


def test_l_replay_reports_the_first_wrong_line():
    lg = log.Log()
    Bataille(None, 4, lg).play(0, 1500)
    lines = lg.text().splitlines()
    k = 6
    while '"ev":"take"' not in lines[k]:
        k += 1
    # the take goes to the other player: the rules disagree on line k+1
    p = '"p":0' if '"p":0' in lines[k] else '"p":1'
    lines[k] = lines[k].replace(p, '"p":1' if p == '"p":0' else '"p":0')
    e = raises(log.LogError, R.replay, log.read(lines))
    assert e.lineno == k + 1 and "take" in e.reason


def test_l_replay_truncated_log_is_not_an_error():
    lg = log.Log()
    Bataille({"players": 3}, 8, lg).play(0, 1500)
    lines = lg.text().splitlines()
    r = R.replay(log.read(lines[:40]))
    assert r.truncated and not r.done
    e = raises(log.LogError, R.replay, log.read(lines + [lines[-1]]))
    assert e.lineno == len(lines) + 1


# --- B5: an ordered game that cycles ------------------------------------------

# Found by tools/stats.py runs (seed 632 of the addition variant, one card
# down, ordered pickup): the state first repeats after 237 + 1092 duels.
CYCLING = [["9D", "8C", "JD", "KC", "8H", "8D", "3D", "2D", "3H", "10D", "AC", "8S", "3C",
            "AH", "AS", "5C", "KD", "4D", "6H", "QS", "3S", "5H", "10H", "JH", "4H", "2S"],
           ["QD", "AD", "4C", "QC", "10C", "7C", "7H", "JC", "7S", "6D", "10S", "6S", "QH",
            "KS", "KH", "5D", "7D", "6C", "9C", "9H", "4S", "2C", "5S", "JS", "9S", "2H"]]
CYCLING_OPTS = {"pickup": "ordered", "addition": True, "down": 1}


def state_key(g):
    out = bytearray()
    for pile in g.piles:
        out.append(pile.n)
        out.extend(bytes(pile.to_list()))
    return bytes(out)


def duel_starts(options, hands, stop):
    """(duel index, state key) at each duel start with an empty table."""
    g, lg = game(hands, options)
    g.log = None
    while not g.done and g.duels <= stop:
        if g._next == B._NEXT_DUEL and g.pot_n == 0:
            yield g.duels, state_key(g)
        g.step(0)


def test_b5_ordered_game_that_cycles_is_a_draw_within_two_cycle_lengths():
    # The repeat is found independently: a hash of every state (small ints,
    # so it fits MicroPython's heap), then the two states compared in full.
    seen = {}
    mu = lam = -1
    for k, key in duel_starts(CYCLING_OPTS, CYCLING, 100000):
        h = 0
        for b in key:                             # MicroPython's hash() of
            h = (h * 1000003 + b) % 1000000000039  # bytes collides here
        if h in seen:
            mu = seen[h]
            lam = k - mu
            break
        seen[h] = k
    seen = None
    assert lam > 0                                # the game really cycles
    keys = [key for k, key in duel_starts(CYCLING_OPTS, CYCLING, mu + lam) if k in (mu, mu + lam)]
    assert len(keys) == 2 and keys[0] == keys[1]
    g, lg = game(CYCLING, CYCLING_OPTS)
    while not g.done:
        g.step(0)
        lg.lines = lg.lines[-8:]
    assert g.reason == "cycle" and g.winners == []
    assert mu + lam <= g.duels <= mu + 2 * lam    # seen within two lengths
    end = only(events(lg), "end")[0]
    assert end["reason"] == "cycle" and sum(end["cards"]) == 52


def test_b5_cycle_watch_is_bounded_and_off_for_shuffled_pickup():
    g, lg = game(CYCLING, {"addition": True, "down": 1})
    g.log = None
    g.play()
    assert g.reason == "all_cards"
    assert g.ordered is None        # shuffled pickup: no room kept for a watch that never runs
    g, lg = game(CYCLING, CYCLING_OPTS)
    g.log = None
    size = len(g.ordered.slots)
    g.play()
    assert g.reason == "cycle" and g.ordered.at == g.duels
    assert len(g.ordered.slots) == size == (32 + 1) * (2 + 52)   # 1.8 KB, whatever the length


def test_l_replay_refuses_what_is_not_a_bataille_log():
    lg = log.Log()
    Bataille({"length": "1min"}, 6, lg).play(0, 1500)
    lines = lg.text().splitlines()
    assert R.replay(log.read(lines)).reason == "limit"     # a time limit replays
    bad = lines[0].replace('"down":3', '"down":2')
    e = raises(log.LogError, R.replay, log.read([bad] + lines[1:]))
    assert e.lineno == 1 and "'down'" in e.reason
    deal = lines[1].replace('"AS"', '"KS"')
    e = raises(log.LogError, R.replay, log.read([lines[0], deal] + lines[2:]))
    assert e.lineno == 2 and "duplicated KS" in e.reason
    tape = lines[0].replace('"game":"bataille"', '"game":"tape"')
    e = raises(log.LogError, R.replay, log.read([tape] + lines[1:]))
    assert e.lineno == 1
    e = raises(log.LogError, R.replay, log.read(lines[:1]))
    assert "deal" in e.reason


def test_b1_seed_must_be_a_whole_number():
    for seed in (-1, "7", 1.5, True):
        e = raises(ValueError, Bataille, None, seed)
        assert "seed" in str(e)


def _read_and_replay(lines):
    # the reader refuses a wrong field type before the rules see it; either
    # way the log is refused with its line number
    return R.replay(log.read(lines))


def test_l_replay_malformed_fields_are_log_errors():
    lg = log.Log()
    Bataille(None, 6, lg).play(0, 1500)
    lines = lg.text().splitlines()
    deal = '{"t":0,"ev":"deal","dealer":1,"hands":5}'
    e = raises(log.LogError, _read_and_replay, ([lines[0], deal] + lines[2:]))
    assert e.lineno == 2 and "hands" in e.reason
    flip = lines[2].replace('"up":true', '"up":1.5')
    e = raises(log.LogError, _read_and_replay, (lines[:2] + [flip] + lines[3:]))
    assert e.lineno == 3 and "flip" in e.reason
    seed = lines[0].replace('"seed":6', '"seed":"6"')
    e = raises(log.LogError, _read_and_replay, ([seed] + lines[1:]))
    assert e.lineno == 1 and "seed" in e.reason


# --- L: a game stopped from the menu -------------------------------------------

def test_l_stopped_the_most_cards_held_win_table_cards_count_for_nobody():
    # a tie on the kings: the battle is shown, then the game is stopped with
    # the two kings still on the table: they count for nobody
    hands = stack(["KS", "2S", "3S"], ["KH", "4H"], rest=1)
    lg = log.Log()
    g = Bataille({"players": 2}, 1, lg, "bataille", hands)
    g.start(0)
    assert g.step(1000) == B.DUEL and g.tie and g.pot_n == 2
    g.stop(1500)
    assert g.done and g.reason == "stopped" and g.winners == [1]
    t, ev, d = log.parse_line(lg.lines[-1])
    assert (t, ev, d["reason"], d["winners"], d["cards"]) == (1500, "end", "stopped", [1], [2, 48])
    g.stop(2000)      # once over, a stop changes nothing
    assert log.parse_line(lg.lines[-1])[0] == 1500
    r = R.replay(log.read(lg.text().splitlines()))
    assert r.done and not r.truncated and r.reason == "stopped" and r.winners == [1]


def test_l_stopped_equal_counts_share_and_replay_checks_the_winners():
    lg = log.Log()
    g = Bataille({"players": 2}, 1, lg, "bataille", mirrored_hands())
    g.start(0)
    g.step(0)
    g.stop(700)
    assert g.winners == [0, 1] and g.counts() == [25, 25]
    text = lg.text()
    r = R.replay(log.read(text.splitlines()))
    assert r.reason == "stopped" and r.winners == [0, 1]
    bad = text.replace('"winners":[0,1],"reason":"stopped"', '"winners":[0],"reason":"stopped"')
    assert bad != text
    e = raises(log.LogError, R.replay, log.read(bad.splitlines()))
    assert "stopped" in str(e)
