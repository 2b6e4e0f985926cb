"""Scoring a Scopa hand item by item, and the race to the target across deals.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scopa": Ending the
hand, primiera), ../shared/rules/README.md ("Scopa": ties, primiera, target).
"""

from __future__ import annotations

import pytest

from games.rules.cards import ITALIAN_40 as P
from games.rules.scopa.scoring import ALL_CARDS, score_hand
from tests.games.rules.scopa.test_scopa_deal import ALICE, BOB, GAME


def piles(alice):
    """Alice's pile from codes; bob has every other card."""
    mine = P.mask(alice)
    return [mine, ALL_CARDS ^ mine]


def names(result):
    return [(item["name"], item["seat"]) for item in result["items"]]


def item(name, seat, **extra):
    return {"name": name, "seat": seat, "points": 1, **extra}


def test_items_come_in_the_order_of_004_cards_diamonds_settebello_primiera_scope():
    # Alice: 22 cards (diamonds but AD, clubs but 7C, 2 and 3 of S and H); bob the other 7s.
    alice = [c for c in P.codes if c[-1] in "DC" and c not in ("7C", "AD")]
    alice += ["2S", "2H", "3S", "3H"]
    result = score_hand(piles(alice), [(BOB, P.index["4S"]), (ALICE, P.index["5D"])])
    assert names(result) == [
        ("cards", ALICE), ("diamonds", ALICE), ("settebello", ALICE), ("primiera", BOB),
        ("scopa", BOB), ("scopa", ALICE),
    ]  # fmt: skip
    assert result["points"] == [4, 2]
    assert result["cards"] == [22, 18] and result["diamonds"] == [9, 1]
    assert result["primiera"] == [18 + 21 + 13 + 13, 21 + 16 + 21 + 21]
    assert result["settebello"] == ALICE and result["scope"] == [1, 1]
    assert result["items"][4] == item("scopa", BOB, card="4S")


def test_equal_cards_and_equal_diamonds_score_for_nobody():
    # 20 cards each, five diamonds each; bob has the settebello.
    alice = [c for c in P.codes if c[-1] in "CH"]
    alice = [c for c in alice if c not in ("AC", "2C", "3C", "4C", "5C")] + [
        "AD", "2D", "3D", "4D", "5D",
    ]  # fmt: skip
    result = score_hand(piles(alice), [])
    assert result["cards"] == [20, 20] and result["diamonds"] == [5, 5]
    assert ("cards", ALICE) not in names(result) and ("cards", BOB) not in names(result)
    assert names(result) == [("settebello", BOB)]


def test_the_settebello_is_the_seven_of_diamonds():
    assert ("settebello", ALICE) in names(score_hand(piles(["7D"]), []))
    assert ("settebello", BOB) in names(score_hand(piles(["7C", "7H", "7S"]), []))


@pytest.mark.parametrize(
    ("best", "points"),
    [("7", 21), ("6", 18), ("A", 16), ("5", 15), ("4", 14), ("3", 13), ("2", 12),
     ("K", 10), ("Q", 10), ("J", 10)],
)  # fmt: skip
def test_primiera_counts_the_best_card_of_each_suit_7_21_6_18_a_16_5_15_down_to_courts_10(
    best, points
):
    order = ["7", "6", "A", "5", "4", "3", "2", "K", "Q", "J"]
    below = order[order.index(best) :]
    alice = [rank + "C" for rank in below] + ["JD", "JH", "JS"]
    assert score_hand(piles(alice), [])["primiera"][ALICE] == points + 30


def test_primiera_needs_all_four_suits():
    # Alice has the best cards of three suits; bob has lower ones, but in all four suits.
    result = score_hand(piles(["7C", "7D", "7H", "6C", "6D", "6H"]), [])
    assert result["primiera"] == [None, 16 + 16 + 16 + 21]
    assert ("primiera", BOB) in names(result)


def test_nobody_scores_primiera_when_nobody_has_all_four_suits():
    alice = [c for c in P.codes if c[-1] in "CD"]
    result = score_hand(piles(alice), [])
    assert result["primiera"] == [None, None]
    assert "primiera" not in [n for n, _ in names(result)]


def test_the_higher_primiera_scores_and_equal_primiera_scores_for_nobody():
    higher = score_hand([P.mask(["7C", "6D", "KH", "KS"]), P.mask(["6C", "7D", "7H", "QS"])], [])
    assert higher["primiera"] == [59, 70] and ("primiera", BOB) in names(higher)
    tie = score_hand([P.mask(["7C", "6D", "KH", "KS"]), P.mask(["6C", "7D", "JH", "QS"])], [])
    assert tie["primiera"] == [59, 59]
    assert "primiera" not in [n for n, _ in names(tie)]


def result_of(*items):
    return {"points": [0, 0], "items": [item(n, s) for n, s in items]}


def test_the_match_winner_is_the_first_to_reach_11_counting_items_in_order():
    ten_each = result_of(*[("scopa", ALICE), ("scopa", BOB)] * 10)
    last = result_of(("cards", BOB), ("diamonds", ALICE), ("settebello", ALICE))
    assert GAME.match_scores([ten_each], {}) == [10, 10]
    assert GAME.match_winner([ten_each], {}) is None
    assert GAME.match_winner([ten_each, last], {}) == BOB
    assert GAME.match_scores([ten_each, last], {}) == [10, 11]  # scoring stops there


def test_a_player_who_would_end_higher_still_loses_to_the_first_to_reach_the_target():
    first = result_of(*[("scopa", ALICE)] * 9 + [("scopa", BOB)] * 10)
    second = result_of(("cards", BOB), ("diamonds", ALICE), ("settebello", ALICE))
    assert GAME.match_winner([first, second], {}) == BOB


def test_a_deal_that_leaves_both_short_of_the_target_continues_the_match():
    deal = result_of(("cards", ALICE), ("settebello", BOB), ("primiera", ALICE))
    assert GAME.match_winner([deal] * 5, {}) is None
    assert GAME.match_scores([deal] * 5, {}) == [10, 5]
    assert GAME.match_winner([deal] * 6, {}) == ALICE
    assert GAME.match_scores([deal] * 6, {}) == [11, 5]
    assert GAME.match_scores([], {}) == [0, 0] and GAME.match_winner([], {}) is None


@pytest.mark.parametrize(("target", "deals"), [(11, 6), (16, 8), (21, 11)])
def test_the_target_option_sets_the_points_to_reach(target, deals):
    deal = result_of(("cards", ALICE), ("settebello", BOB), ("primiera", ALICE))
    options = {"target": target}
    assert GAME.match_winner([deal] * (deals - 1), options) is None
    assert GAME.match_winner([deal] * deals, options) == ALICE


@pytest.mark.parametrize("options", [{"target": 12}, {"target": "11"}, {"goal": 11}])
def test_an_unknown_target_or_option_is_refused(options):
    with pytest.raises(ValueError):
        GAME.match_winner([], options)
    with pytest.raises(ValueError):
        GAME.new_deal(seats=2, options=options)


def test_the_deal_points_are_the_sum_of_its_items_and_match_real_deals():
    results = []
    for seed in range(40):
        deal = GAME.new_deal(seats=2, dealer=seed % 2, seed=seed)
        while not deal.is_over:
            legal = deal.legal_actions()
            deal.apply(legal[(seed + len(deal.actions)) % len(legal)])
        result = deal.result()
        per_seat = [sum(i["points"] for i in result["items"] if i["seat"] == s) for s in (0, 1)]
        assert result["points"] == per_seat
        assert sum(result["scope"]) == len([i for i in result["items"] if i["name"] == "scopa"])
        results.append(result)
    scores = GAME.match_scores(results, {})
    winner = GAME.match_winner(results, {})
    assert winner is not None and scores[winner] == 11 and scores[1 - winner] < 11


def test_the_settebello_goes_to_nobody_when_neither_pile_holds_it():
    # Piles of part of a deal (rulings: "for any piles, not only for a whole deal's"):
    # nobody captured the 7 of diamonds, so nobody scores it, seat 1 included.
    partial = [P.mask(["7C", "AD"]), P.mask(["KS", "2D"])]
    result = score_hand(partial, [])
    assert result["settebello"] is None
    assert "settebello" not in [name for name, _ in names(result)]
    swapped = score_hand([P.mask(["KS"]), P.mask(["7D"])], [])
    assert swapped["settebello"] == BOB and ("settebello", BOB) in names(swapped)


def test_a_player_may_trail_a_card_that_cannot_capture_while_another_could():
    # Rulings, "Scopa": trailing is forbidden only "with that card" (004).
    deal = GAME.new_deal(seats=2, dealer=0, seed=5)
    while not deal.is_over:
        legal = deal.legal_actions()
        trails = [a for a in legal if " " in a and a.split()[0] == "play" and len(a.split()) == 2]
        captures = [a for a in legal if a not in trails]
        if trails and captures:
            card = trails[0].split()[1]
            assert all(not a.startswith(f"capture {card}") for a in captures)
            deal.apply(trails[0])
            assert deal.actions[-1][1] == trails[0]
            return
        deal.apply(legal[0])
    pytest.fail("no state with both a trail and a capture met")
