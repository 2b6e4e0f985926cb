"""Scopa's deal: which deck positions go where, the rounds of three cards, the void deal.

The usual table in these tests: seat 0 (alice) deals, seat 1 (bob) receives
first and plays first. The helpers here are shared by the other Scopa tests.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scopa": Setup, Game
play), ../shared/rules/README.md ("Scopa": void deal).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from games.rules import get_game
from games.rules.cards import ITALIAN_40
from games.rules.scopa import deal as scopa_deal
from games.rules.scopa.game import ScopaDeal, redeal_deck

ALICE, BOB = 0, 1
GAME = get_game("scopa")
FRESH = list(ITALIAN_40.new_order)  # AC 2C ... 7C JC QC KC AD ... KS


def make_deck(
    bob: Sequence[str],
    alice: Sequence[str],
    board: Sequence[str],
    rounds: Sequence[tuple[Sequence[str], Sequence[str]]] = (),
) -> list[str]:
    """A deck, top first, for alice dealing: bob's and alice's first hands (three cards
    each, dealt one at a time, bob first), the board, then later ``(bob, alice)`` hands;
    the rest of the pack fills the stock in fresh-pack order."""
    deck: list[str] = []
    for b, a in [(bob, alice), *rounds]:
        assert len(b) == len(a) == 3
        for pair in zip(b, a, strict=True):
            deck += pair
        if len(deck) == 6:
            assert len(board) == 4
            deck += board
    assert len(set(deck)) == len(deck), "a card given twice"
    return deck + [code for code in FRESH if code not in deck]


def new_deal(
    bob: Sequence[str],
    alice: Sequence[str],
    board: Sequence[str],
    rounds: Sequence[tuple[Sequence[str], Sequence[str]]] = (),
    options: dict[str, Any] | None = None,
) -> ScopaDeal:
    """A deal of ``make_deck(...)`` with alice dealing; bob is to play."""
    deal = GAME.new_deal(
        seats=2, dealer=ALICE, options=options, deck=make_deck(bob, alice, board, rounds)
    )
    assert isinstance(deal, ScopaDeal)
    return deal


def hand(deal: ScopaDeal, seat: int) -> list[str]:
    """The seat's hand as it sees it."""
    return deal.view(seat)["players"][seat]["hand"]


def board(deal: ScopaDeal) -> list[str]:
    """The board as a spectator sees it."""
    return deal.view(None)["board"]


def test_cards_are_dealt_one_at_a_time_non_dealer_first_then_four_to_the_board():
    deal = GAME.new_deal(seats=2, dealer=ALICE, deck=FRESH)
    assert hand(deal, BOB) == ["AC", "3C", "5C"]  # deck[0], deck[2], deck[4]
    assert hand(deal, ALICE) == ["2C", "4C", "6C"]
    assert board(deal) == ["7C", "JC", "QC", "KC"]
    assert deal.view(None)["stock_count"] == 30


def test_with_the_other_dealer_the_other_player_gets_the_first_card():
    deal = GAME.new_deal(seats=2, dealer=BOB, deck=FRESH)
    assert hand(deal, ALICE) == ["AC", "3C", "5C"]
    assert hand(deal, BOB) == ["2C", "4C", "6C"]
    assert deal.to_act == ALICE


def test_the_non_dealer_plays_first_and_then_the_players_alternate():
    deal = new_deal(["AC", "2C", "3C"], ["AD", "2D", "3D"], ["4S", "5S", "6S", "QS"])
    assert deal.to_act == BOB
    deal.apply(deal.legal_actions()[0])
    assert deal.to_act == ALICE
    deal.apply(deal.legal_actions()[0])
    assert deal.to_act == BOB


def test_when_both_hands_are_empty_each_gets_three_more_from_the_stock_the_board_none():
    deal = new_deal(
        ["2C", "2D", "2H"],
        ["4C", "4D", "4H"],
        ["JS", "QS", "KS", "6S"],
        rounds=[(["AC", "AD", "AH"], ["3C", "3D", "3H"])],
    )
    for _ in range(6):
        assert deal.view(None)["stock_count"] == 30
        deal.apply(deal.legal_actions()[0])
    view = deal.view(None)
    assert view["round"] == 2 and view["stock_count"] == 24
    assert hand(deal, BOB) == ["AC", "AD", "AH"]
    assert hand(deal, ALICE) == ["3C", "3D", "3H"]
    assert deal.to_act == BOB
    assert {"JS", "QS", "KS", "6S"} <= set(board(deal))


def test_a_hand_is_six_rounds_of_three_cards_36_plays_in_all():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=3)
    rounds = []
    while not deal.is_over:
        rounds.append(deal.view(None)["round"])
        deal.apply(deal.legal_actions()[-1])
    assert len(deal.actions) == 36
    assert rounds == [r for r in range(1, 7) for _ in range(6)]
    assert deal.view(None)["stock_count"] == 0


@pytest.mark.parametrize(
    "opening", [["KC", "KD", "KH", "5S"], ["KC", "2S", "KD", "KH"], ["KC", "KD", "KH", "KS"]]
)
def test_three_or_more_kings_on_the_opening_board_void_the_deal_which_is_redealt(opening):
    deck = make_deck(["AC", "2C", "3C"], ["AD", "2D", "3D"], opening)
    deal = GAME.new_deal(seats=2, dealer=ALICE, deck=deck)
    again = redeal_deck(deck)
    assert deal.view(BOB)["void_deals"] == [{"board": opening}]
    assert board(deal) == again[6:10]
    assert set(hand(deal, BOB)) == {again[0], again[2], again[4]}
    assert set(hand(deal, ALICE)) == {again[1], again[3], again[5]}
    assert deal.record()["deck"] == deck and deal.record()["redeals"] == [again]


def test_two_kings_on_the_opening_board_are_played():
    deal = new_deal(["AC", "2C", "3C"], ["AD", "2D", "3D"], ["KC", "KD", "5H", "5S"])
    assert deal.view(None)["void_deals"] == []
    assert board(deal) == ["KC", "KD", "5H", "5S"]
    assert deal.record()["redeals"] == []


def test_the_redeal_is_a_reshuffle_seeded_from_the_void_deck():
    deck = make_deck(["AC", "2C", "3C"], ["AD", "2D", "3D"], ["KC", "KD", "KH", "5S"])
    again = redeal_deck(deck)
    assert again == ITALIAN_40.shuffled("scopa redeal " + " ".join(deck))
    assert sorted(again) == sorted(deck) and again != deck
    assert redeal_deck(list(deck)) == again


def test_a_redeal_with_three_kings_again_is_redealt_again(monkeypatch):
    void = make_deck(["AC", "2C", "3C"], ["AD", "2D", "3D"], ["KC", "KD", "KH", "5S"])
    void_again = make_deck(["AH", "2H", "3H"], ["AS", "2S", "3S"], ["KC", "KS", "KH", "5D"])
    good = list(FRESH)
    chain = {tuple(void): void_again, tuple(void_again): good}
    monkeypatch.setattr(scopa_deal, "redeal_deck", lambda deck: chain[tuple(deck)])
    deal = GAME.new_deal(seats=2, dealer=ALICE, deck=void)
    assert [v["board"] for v in deal.view(None)["void_deals"]] == [void[6:10], void_again[6:10]]
    assert board(deal) == ["7C", "JC", "QC", "KC"]
    assert deal.record()["redeals"] == [void_again, good]


def test_the_void_deals_are_in_the_result():
    deck = make_deck(["AC", "2C", "3C"], ["AD", "2D", "3D"], ["KC", "KD", "KH", "5S"])
    deal = GAME.new_deal(seats=2, dealer=ALICE, deck=deck)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    assert deal.result()["void_deals"] == [{"board": ["KC", "KD", "KH", "5S"]}]
