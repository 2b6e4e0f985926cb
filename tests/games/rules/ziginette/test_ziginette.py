"""Ziginette: worked examples (the playette redealt, a board card matched, the banker's
card matched, dead ranks, the end of a hand and the bank), and properties of random hands.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Ziginette"),
../shared/rules/README.md ("Seven and a Half, Ziginette"; general rulings on banking
games). The usual table: three seats, seat 0 banks, seat 1 bets first, then seat 2.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import get_game
from games.rules.ziginette.deal import dealt_decks, has_playette
from tests.games.rules.helpers import assert_refused, assert_replays, banking_hand, deck_with_top

GAME = get_game("ziginette")


def hand(top, actions, seats=3, banker=0, stacks=None, **options):
    return banking_hand(GAME, top, actions, seats, banker, stacks, **options)


def test_the_layout_is_two_board_cards_and_the_bankers_card():
    deal = hand(["3C", "5D", "KS"], ["limits 1 10"])
    view = deal.view(1)
    assert [b["card"] for b in view["board"]] == ["3C", "5D"] and view["banker_card"] == "KS"
    assert deal.phase == "bet" and deal.to_act == 1
    assert "bet 3C 10" in deal.legal_actions() and "bet KS 1" not in deal.legal_actions()
    assert_refused(deal, "bet KS 1", "not_on_board")
    assert_refused(deal, "bet 3C 11", "bet_out_of_limits")
    deal.apply("bet 3C 4")
    assert_refused(deal, "bet 3C 2", "already_bet")
    assert "bet 3C 1" not in deal.legal_actions()


def test_a_playette_is_redealt_and_recorded():
    first = deck_with_top(GAME.pack.new_order, "3C", "5D", "3S")
    assert has_playette(first)
    deal = GAME.new_deal(seats=3, dealer=0, deck=first)
    deal.apply("limits 1 10")
    decks = dealt_decks(first)
    assert len(decks) >= 2 and not has_playette(decks[-1])
    view = deal.view(None)
    assert view["playettes"][0] == ["3C", "5D", "3S"]
    assert [b["card"] for b in view["board"]] == decks[-1][:2]
    assert deal.record()["redeals"] == decks[1:]
    assert_replays(deal)


def test_a_matched_board_card_loses_its_bets_to_the_banker_and_its_rank_dies():
    # Board 3C 5D, banker KS; then 3H matches 3C; 3D is dead; 7C becomes a board card.
    deal = hand(["3C", "5D", "KS", "3H", "3D", "7C"],
                ["limits 1 10", "bet 3C 4", "bet 5D 2", "done", "bet 3C 3", "done"])  # fmt: skip
    view = deal.view(None)
    assert [b["card"] for b in view["board"]] == ["5D", "7C"]
    assert view["dead"] == ["3"] and view["discards"] == 3
    assert [p["won"] for p in view["players"]] == [7, -4, -3]
    assert deal.phase == "bet" and deal.to_act == 1


def test_the_bankers_card_matched_pays_every_bet_on_the_board():
    deal = hand(["3C", "5D", "KS", "7C", "KC"],
                ["limits 1 10", "bet 3C 4", "done", "bet 5D 2", "done",
                 "bet 7C 5", "done", "done"])  # fmt: skip
    result = deal.result()
    assert result["banker_lost"] and result["points"] == [-11, 9, 2]
    # The deal passes to the losing banker's right: seat 2.
    assert result["next_banker"] == 2 and GAME.next_dealer(0, 3, [result]) == 2


def test_a_bank_that_cannot_pay_breaks():
    deal = hand(["3C", "5D", "KS", "KC"], ["limits 1 10", "bet 3C 10", "done", "bet 5D 10",
                                          "done"], stacks=[12, 50, 50])  # fmt: skip
    result = deal.result()
    assert result["points"] == [-12, 10, 2] and result["unpaid"] == {"2": 8}
    assert result["stacks"] == [0, 60, 52]


def test_no_bets_ends_the_hand_and_the_banker_keeps_or_passes_the_bank():
    deal = hand(["3C", "5D", "KS"], ["limits 1 10", "done", "done"])
    assert deal.phase == "bank_choice" and deal.legal_actions() == ["keep", "pass"]
    deal.apply("keep")
    assert deal.result()["next_banker"] == 0 and deal.result()["points"] == [0, 0, 0]
    passed = hand(["3C", "5D", "KS"], ["limits 1 10", "done", "done", "pass"])
    assert passed.result()["next_banker"] == 2
    rotate = hand(["3C", "5D", "KS"], ["limits 1 10", "done", "done"], bank_rotation="rotate")
    assert rotate.is_over and rotate.result()["next_banker"] == 2


def test_every_board_card_matched_ends_the_hand():
    deal = hand(["3C", "5D", "KS", "3H", "5S"], ["limits 1 10", "bet 3C 2", "bet 5D 2", "done",
                                                 "done"])  # fmt: skip
    assert deal.phase == "bank_choice"
    deal.apply("pass")
    assert deal.result()["points"] == [4, -4, 0]
    assert [m["card"] for m in deal.result()["matched"]] == ["3C", "5D"]


@settings(max_examples=40, deadline=None)
@given(
    seats=st.integers(2, 8),
    deck_seed=st.integers(0, 2**32),
    play_seed=st.integers(0, 2**32),
    stacks=st.lists(st.integers(0, 30), min_size=8, max_size=8),
)
def test_random_hands_conserve_chips_and_keep_to_the_limits(seats, deck_seed, play_seed, stacks):
    stacks = stacks[:seats]
    if not stacks[0]:
        stacks[0] = 1
    deal = GAME.new_deal(seats=seats, dealer=0, seed=deck_seed, carry={"stacks": stacks})
    rng = random.Random(play_seed)
    while not deal.is_over:
        legal = deal.legal_actions()
        assert legal == sorted(set(legal))
        for seat in range(seats):
            assert deal.in_front(seat) >= 0
        bets = [a for a in legal if a.startswith("bet ")]
        if deal.limits:
            low, high = deal.limits
            assert all(low <= int(a.split()[2]) <= high for a in bets)
        deal.apply(rng.choice(bets) if bets and rng.random() < 0.4 else rng.choice(legal))
    result = deal.result()
    assert sum(result["points"]) == 0 and all(s >= 0 for s in result["stacks"])
    view = deal.view(None)
    assert "deck" not in str(view)
    assert_replays(deal)
