"""Briscola's deal: dealing from the deck, the upcard, drawing after each trick.

The helpers at the top are shared by the other test_briscola_* modules. The
usual table: seat 0 (alice) deals, seat 1 (bob) sits at her left, receives
the first card and leads the first trick.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola": setup,
game play), ../shared/rules/README.md ("Briscola": dealing, the upcard).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.rules import get_game
from games.rules.briscola.game import BriscolaDeal
from games.rules.cards import ITALIAN_40

ALICE, BOB = 0, 1
GAME = get_game("briscola")


def make_deck(
    bob: Sequence[str] = (), alice: Sequence[str] = (), upcard: str = "", stock: Sequence[str] = ()
) -> list[str]:
    """A deck, top first, dealing ``bob`` (non-dealer) and ``alice`` (dealer) their cards,
    turning ``upcard`` and starting the stock with ``stock``.

    Whatever is not given is filled with the unused cards in fresh-pack order.
    """
    used = [*bob, *alice, *([upcard] if upcard else []), *stock]
    assert len(set(used)) == len(used), "a card given twice"
    rest = [code for code in ITALIAN_40.new_order if code not in used]
    bob, alice = list(bob), list(alice)
    while len(bob) < 3:
        bob.append(rest.pop(0))
    while len(alice) < 3:
        alice.append(rest.pop(0))
    upcard = upcard or rest.pop(0)
    return [bob[0], alice[0], bob[1], alice[1], bob[2], alice[2], upcard, *stock, *rest]


def new_deal(options: dict[str, Any] | None = None, **cards: Any) -> BriscolaDeal:
    """A deal of ``make_deck(**cards)`` dealt by alice."""
    deal = GAME.new_deal(seats=2, dealer=ALICE, options=options, deck=make_deck(**cards))
    assert isinstance(deal, BriscolaDeal)
    return deal


def hand(deal: BriscolaDeal, seat: int) -> list[str]:
    """The hand of ``seat`` as it sees it."""
    return deal.view(seat)["players"][seat]["hand"]


def play_trick(deal: BriscolaDeal, lead: str, follow: str) -> None:
    deal.apply("play " + lead)
    deal.apply("play " + follow)


def play_first_legal(deal: BriscolaDeal, tricks: int | None = None) -> None:
    """Play the first legal action until the end, or until ``tricks`` tricks are played."""
    while not deal.is_over and (tricks is None or deal.tricks_played < tricks):
        deal.apply(deal.legal_actions()[0])


# -- the deal -----------------------------------------------------------------


def test_cards_are_dealt_one_at_a_time_from_the_dealers_left_then_the_next_is_the_upcard():
    deck = list(ITALIAN_40.new_order)  # AC 2C 3C 4C 5C 6C 7C ...
    deal = GAME.new_deal(seats=2, dealer=ALICE, deck=deck)
    assert sorted(hand(deal, BOB)) == sorted([deck[0], deck[2], deck[4]])
    assert sorted(hand(deal, ALICE)) == sorted([deck[1], deck[3], deck[5]])
    view = deal.view(None)
    assert view["upcard"] == deck[6] == "7C" and view["trump"] == "C"
    assert view["stock_count"] == 33


def test_with_bob_dealing_alice_sits_at_his_left_and_receives_the_first_card():
    deck = list(ITALIAN_40.new_order)
    deal = GAME.new_deal(seats=2, dealer=BOB, deck=deck)
    assert sorted(hand(deal, ALICE)) == sorted([deck[0], deck[2], deck[4]])
    assert sorted(hand(deal, BOB)) == sorted([deck[1], deck[3], deck[5]])
    assert deal.to_act == ALICE and deal.view(None)["leader"] == ALICE


def test_the_player_left_of_the_dealer_leads_the_first_trick():
    deal = new_deal(bob=["4C", "KS", "2D"])
    assert deal.to_act == BOB
    assert deal.legal_actions() == ["play 2D", "play 4C", "play KS"]


def test_the_upcards_suit_is_trump():
    deal = new_deal(bob=["AC"], alice=["2H"], upcard="4H")
    play_trick(deal, "AC", "2H")  # the lowest trump takes the ace
    assert deal.view(None)["last_trick"]["winner"] == ALICE


def test_after_a_trick_its_winner_draws_the_top_of_the_stock_first_then_the_other_player():
    deal = new_deal(
        bob=["4C", "KS", "2D"], alice=["5C", "6S", "7S"], upcard="QH", stock=["AD", "3D"]
    )
    play_trick(deal, "4C", "5C")  # alice's 5C wins
    assert "AD" in hand(deal, ALICE) and "3D" in hand(deal, BOB)
    assert [p["hand_count"] for p in deal.view(None)["players"]] == [3, 3]
    assert deal.view(None)["stock_count"] == 31
    assert deal.to_act == ALICE  # the winner leads the next trick


def test_the_loser_of_the_seventeenth_trick_is_the_last_to_draw_and_takes_the_upcard():
    deck = list(ITALIAN_40.new_order)
    deal = GAME.new_deal(seats=2, dealer=ALICE, deck=deck)
    play_first_legal(deal, tricks=16)
    view = deal.view(None)
    assert view["stock_count"] == 1 and view["upcard"] == deck[6]
    play_first_legal(deal, tricks=17)
    winner = deal.view(None)["last_trick"]["winner"]
    assert deck[39] in hand(deal, winner)
    assert deck[6] in hand(deal, 1 - winner)
    view = deal.view(None)
    assert view["stock_count"] == 0 and view["upcard"] is None and view["trump"] == "C"


def test_the_last_three_tricks_are_played_without_drawing_and_a_hand_is_twenty_tricks():
    deal = GAME.new_deal(seats=2, dealer=BOB, seed=11)
    play_first_legal(deal, tricks=17)
    for left in (3, 2, 1):
        assert [p["hand_count"] for p in deal.view(None)["players"]] == [left, left]
        play_first_legal(deal, tricks=deal.tricks_played + 1)
    assert deal.is_over and deal.tricks_played == 20 and deal.to_act is None
    assert deal.legal_actions() == []
    assert sum(p["captured_count"] for p in deal.view(None)["players"]) == 40


def test_the_stock_shrinks_by_two_cards_a_trick_until_only_the_upcard_is_left():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=12)
    counts = []
    while deal.tricks_played < 17:
        counts.append(deal.view(None)["stock_count"])
        play_first_legal(deal, tricks=deal.tricks_played + 1)
    assert counts == list(range(33, 0, -2))
