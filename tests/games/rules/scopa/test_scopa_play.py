"""Scopa's plays: pairing, addition, the player's choice, trailing, scopa, the leftovers.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scopa": Game play,
Ending the hand), ../shared/rules/README.md ("Scopa").
"""

from __future__ import annotations

import pytest

from tests.games.rules.scopa.test_scopa_deal import ALICE, BOB, GAME, board, hand, new_deal


def actions_with(deal, code):
    """The legal actions that play ``code``."""
    return [a for a in deal.legal_actions() if a.split()[1] == code]


def test_pairing_takes_exactly_one_card_of_the_same_rank():
    deal = new_deal(["7D", "AC", "2C"], ["AD", "2D", "3D"], ["7S", "5H", "JS", "QS"])
    assert actions_with(deal, "7D") == ["capture 7D 7S"]
    deal.apply("capture 7D 7S")
    assert board(deal) == ["5H", "JS", "QS"]
    assert deal.view(None)["players"][BOB]["captured_count"] == 2
    assert deal.view(None)["last_play"] == {
        "seat": BOB, "card": "7D", "taken": ["7S"], "scopa": False,
    }  # fmt: skip


def test_with_two_cards_of_the_rank_on_the_board_the_player_chooses_which_to_take():
    deal = new_deal(["7D", "AC", "2C"], ["AD", "2D", "3D"], ["7S", "7C", "JS", "QS"])
    assert actions_with(deal, "7D") == ["capture 7D 7C", "capture 7D 7S"]
    deal.apply("capture 7D 7C")
    assert board(deal) == ["7S", "JS", "QS"]


def test_pairing_takes_precedence_over_addition():
    deal = new_deal(["7D", "AC", "2C"], ["AD", "2D", "3D"], ["7S", "3C", "4S", "QS"])
    assert actions_with(deal, "7D") == ["capture 7D 7S"]


def test_addition_takes_two_or_more_cards_adding_up_to_the_card_and_the_player_chooses():
    deal = new_deal(["7D", "JC", "QC"], ["AD", "2D", "3D"], ["3C", "4S", "5H", "2H"])
    assert actions_with(deal, "7D") == ["capture 7D 2H+5H", "capture 7D 3C+4S"]
    deal.apply("capture 7D 3C+4S")
    assert board(deal) == ["5H", "2H"]
    assert deal.view(None)["last_play"]["taken"] == ["3C", "4S"]


def test_the_taken_cards_are_named_in_sorted_code_order_digits_before_letters():
    deal = new_deal(["KC", "JC", "QC"], ["AD", "2D", "2H"], ["AS", "6H", "3D", "4H"])
    assert "capture KC 3D+6H+AS" in deal.legal_actions()
    assert "capture KC 6H+AS+3D" not in deal.legal_actions()
    deal.apply("capture KC 3D+6H+AS")
    assert board(deal) == ["4H"]


@pytest.mark.parametrize(
    ("card", "board_cards", "capture"),
    [
        ("JD", ["5C", "3S", "KH", "KS"], "capture JD 3S+5C"),
        ("QD", ["4S", "5C", "KH", "KS"], "capture QD 4S+5C"),
        ("KD", ["6C", "4D", "JH", "QS"], "capture KD 4D+6C"),
        ("7D", ["AC", "2S", "4H", "KS"], "capture 7D 2S+4H+AC"),
    ],
)
def test_court_cards_are_worth_8_9_and_10_and_the_ace_1_in_additions(card, board_cards, capture):
    deal = new_deal([card, "2C", "3C"], ["AD", "2D", "3H"], board_cards)
    assert actions_with(deal, card) == [capture]


def test_a_card_that_cannot_capture_is_trailed_to_the_board():
    deal = new_deal(["AC", "2C", "3C"], ["AD", "2D", "3D"], ["5H", "6H", "JS", "QS"])
    assert deal.legal_actions() == ["play 2C", "play 3C", "play AC"]
    deal.apply("play 3C")
    assert board(deal) == ["5H", "6H", "JS", "QS", "3C"]
    assert deal.view(None)["last_play"] == {"seat": BOB, "card": "3C", "taken": [], "scopa": False}
    assert deal.to_act == ALICE


def test_a_card_that_can_capture_cannot_be_trailed_but_another_card_may_be():
    deal = new_deal(["7D", "AC", "2C"], ["AD", "2D", "3D"], ["7S", "5H", "JS", "QS"])
    assert deal.legal_actions() == ["capture 7D 7S", "play 2C", "play AC"]
    deal.apply("play AC")
    assert "AC" in board(deal) and hand(deal, BOB) == ["2C", "7D"]


def test_a_capture_that_clears_the_board_is_a_scopa_shown_to_all():
    deal = new_deal(["7D", "JC", "QC"], ["AD", "2D", "3D"], ["3C", "4S", "5H", "2H"])
    deal.apply("capture 7D 3C+4S")
    deal.apply("play AD")
    deal.apply("capture JC 2H+5H+AD")
    view = deal.view(ALICE)
    assert view["board"] == []
    assert view["last_play"]["scopa"] is True
    assert view["players"][BOB]["scope"] == 1 and view["players"][BOB]["scopa_cards"] == ["JC"]
    assert view["players"][ALICE]["scope"] == 0
    assert view["players"][BOB]["captured_count"] == 7


def test_on_an_empty_board_every_card_is_trailed():
    deal = new_deal(["7D", "JC", "QC"], ["AD", "2D", "3D"], ["3C", "4S", "5H", "2H"])
    for action in ("capture 7D 3C+4S", "play AD", "capture JC 2H+5H+AD"):
        deal.apply(action)
    assert deal.legal_actions() == ["play 2D", "play 3D"]


def first_deal_whose_last_play_clears_the_board(options=None):
    for seed in range(200):
        deal = GAME.new_deal(seats=2, dealer=ALICE, seed=seed, options=options)
        while not deal.is_over:
            before = list(board(deal))
            deal.apply(deal.legal_actions()[0])
        last = deal.view(None)["last_play"]
        if last["taken"] and sorted(last["taken"]) == sorted(before):
            return deal
    raise AssertionError("no deal in 200 seeds ends by clearing the board")


def test_clearing_the_board_on_the_very_last_play_is_no_scopa_by_default():
    deal = first_deal_whose_last_play_clears_the_board()
    assert deal.view(None)["last_play"]["scopa"] is False
    items = deal.result()["items"]
    last_card = deal.view(None)["last_play"]["card"]
    assert all(i.get("card") != last_card for i in items if i["name"] == "scopa")
    assert deal.result()["leftover"] == []


def test_with_the_option_clearing_the_board_on_the_last_play_is_a_scopa():
    plain = first_deal_whose_last_play_clears_the_board()
    deal = first_deal_whose_last_play_clears_the_board({"last_play_scopa": True})
    assert deal.deck == plain.deck
    last = deal.view(None)["last_play"]
    assert last["scopa"] is True
    assert deal.result()["items"][-1] == {
        "name": "scopa", "seat": last["seat"], "points": 1, "card": last["card"],
    }  # fmt: skip
    assert sum(deal.result()["scope"]) == sum(plain.result()["scope"]) + 1


def test_the_cards_left_on_the_board_go_to_the_last_capturer_and_are_no_scopa():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=5)
    capturers, scope = [], 0
    while not deal.is_over:
        left = board(deal)
        piles = [p["captured_count"] for p in deal.view(None)["players"]]
        deal.apply(deal.legal_actions()[0])
        last = deal.view(None)["last_play"]
        capturers += [last["seat"]] if last["taken"] else []
        scope += last["scopa"]
    result = deal.result()
    assert last["taken"] == []  # this deal ends with a trail: three cards are left
    assert set(result["leftover"]) == {*left, last["card"]} and len(result["leftover"]) == 3
    assert result["last_capturer"] == capturers[-1]
    piles[capturers[-1]] += 3
    assert result["cards"] == piles
    assert sum(result["scope"]) == scope
    assert board(deal) == []
