# Bata-waf (W1-W6) on stacked dog decks, and the fast path of play() against
# step() (the statistics rely on them being the same game).
from tinytest import raises
from core import cards, log
from games import bataille as B
from games.bataille import Bataille
from test_bataille import stack, game, events, flips, only, took, tie_then_battle


def dogs(*tops, rest=0):
    return stack(*tops, rest=rest, kind=cards.DOGS)


def test_w1_deal_18_12_9_cards_of_the_dog_deck():
    for n, each in ((2, 18), (3, 12), (4, 9)):
        lg = log.Log()
        g = Bataille({"players": n}, 3, lg, "batawaf")
        g.start(0)
        assert g.counts() == [each] * n
        hands = log.parse_line(lg.lines[1])[2]["hands"]
        names = [c for h in hands for c in h]
        assert sorted(names) == sorted(cards.names(cards.deck(cards.DOGS)))
        assert all(c[0] == "W" for c in names)


def test_w2_biggest_dog_takes_two_players():
    g, lg = game(dogs(["W3a"], ["W5b"]), name="batawaf")
    g.step(0)
    assert g.winner == 1
    g.step(0)
    assert sorted(took(g)) == ["W3a", "W5b"]


def test_w2_biggest_dog_takes_three_and_four_players():
    g, lg = game(dogs(["W3a"], ["W1b"], ["W6c"]), name="batawaf")
    g.step(0)
    g.step(0)
    assert g.taker == 2 and g.took_n == 3
    g, lg = game(dogs(["W2a"], ["W4b"], ["W1c"], ["W3d"]), name="batawaf")
    g.step(0)
    g.step(0)
    assert g.taker == 1 and sorted(took(g)) == ["W1c", "W2a", "W3d", "W4b"]


def test_w3_bata_waf_one_down_one_up_only_the_tied():
    g, lg = game(dogs(["W4a", "W1a", "W2a"], ["W4b", "W1b", "W6b"], ["W2c"]), name="batawaf")
    evs = tie_then_battle(g, lg, [1, 1, 0], [0, 1])
    assert flips(evs) == [(0, "W1a", False), (1, "W1b", False), (0, "W2a", True), (1, "W6b", True)]
    g.step(0)
    assert g.taker == 1 and g.took_n == 7 and "W2c" in took(g)


def test_w3_double_bata_waf():
    g, lg = game(dogs(["W5a", "W1a", "W3a", "W2a", "W6a"],
                      ["W5b", "W1b", "W3b", "W2b", "W4b"],
                      ["W5c", "W1c", "W2c"],
                      ["W1d"], rest=3), name="batawaf")
    g.step(0)
    assert list(g.cont) == [1, 1, 1, 0]
    assert g.step(0) == B.BATTLE and g.tie and list(g.cont) == [1, 1, 0, 0]
    events(lg)
    assert g.step(0) == B.BATTLE                  # Bata-waf again, between 0 and 1
    assert flips(events(lg)) == [(0, "W2a", False), (1, "W2b", False),
                                 (0, "W6a", True), (1, "W4b", True)]
    assert g.step(0) == B.TAKE and g.taker == 0
    assert g.took_n == 4 + 6 + 4 and g.battles == 2


def test_w4_short_of_cards_and_out_as_bataille():
    g, lg = game(dogs(["W5a"], ["W5b", "W1b", "W2b"], ["W1c"], rest=2), name="batawaf")
    g.step(0)
    events(lg)
    assert g.step(0) == B.TAKE                    # player 0 is out, 1 takes at once
    assert [ev for ev, d in events(lg)] == ["out", "take"]
    assert g.taker == 1 and g.took_n == 3


def test_w4_pickup_always_shuffled():
    e = raises(ValueError, Bataille, {"pickup": "ordered"}, 1, None, "batawaf")
    assert "'pickup'" in str(e) and "shuffled" in str(e)


def test_w5_whole_game_until_one_holds_36_and_optional_duel_limit():
    for n in (2, 3, 4):
        g = Bataille({"players": n}, 11, None, "batawaf").play()
        assert g.reason == "all_cards" and g.counts()[g.winners[0]] == 36
    g = Bataille({"length": 10}, 11, None, "batawaf").play()
    assert g.reason == "limit" and g.duels == 10 and sum(g.counts()) + g.pot_n == 36


def test_w6_log_names_only_dogs():
    lg = log.Log()
    Bataille({"players": 3}, 2, lg, "batawaf").play()
    for s in lg.lines:
        ev, d = log.parse_line(s)[1:]
        if ev == "flip":
            assert cards.is_dog(cards.parse(d["card"]))


# --- play()'s fast path is the same game as step() ---------------------------

def signature(g):
    return (g.counts(), [p.to_list() for p in g.piles], g.duels, g.battles,
            g.reason, g.winners, g.rng.state(), list(g.inn), g.pot_n)


def stepped(options, seed, name):
    g = Bataille(options, seed, None, name)
    g.start(0)
    while not g.done:
        g.step(0)
    return g


def test_b5_fast_play_is_the_same_game_as_step():
    cases = (({}, "bataille"), ({"players": 3}, "bataille"), ({"players": 4, "down": 1}, "bataille"),
             ({"length": 40, "ace": "low"}, "bataille"), ({}, "batawaf"), ({"players": 4}, "batawaf"))
    for options, name in cases:
        g = Bataille(options, 0, None, name)
        for seed in range(12):
            g.new_game(seed)
            g.play()
            assert signature(g) == signature(stepped(options, seed, name)), (options, seed)


def test_b5_fast_play_stacked_mirror_draw():
    from test_bataille import mirrored_hands
    g = Bataille(None, 1, None, "bataille", mirrored_hands()).play()
    assert g.reason == "draw" and g.pot_n == 52
