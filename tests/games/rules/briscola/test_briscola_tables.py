"""Briscola for three (39 cards) and for four in partnerships (rulings, "Briscola"; 004)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import IllegalAction, get_game
from games.rules.cards import ITALIAN_40

GAME = get_game("briscola")
PACK_39 = [code for code in ITALIAN_40.new_order if code != "2C"]


def deck_for(hands: dict[int, list[str]], upcard: str, seats: int, dealer: int = 0) -> list[str]:
    """A deck dealing ``hands`` (seat -> three codes) one card at a time from the dealer's
    left, then ``upcard``, then the rest of the pack in pack order."""
    order = []
    for round_ in range(3):
        for offset in range(1, seats + 1):
            order.append(hands[(dealer + offset) % seats][round_])
    order.append(upcard)
    pack = PACK_39 if seats == 3 else list(ITALIAN_40.new_order)
    return order + [code for code in pack if code not in order]


def test_three_players_use_39_cards_without_the_two_of_clubs():
    deal = GAME.new_deal(seats=3, seed=4)
    assert len(deal.deck) == 39 and "2C" not in deal.deck
    assert [p["hand_count"] for p in deal.view(None)["players"]] == [3, 3, 3]
    assert deal.view(None)["stock_count"] == 29
    with pytest.raises(ValueError):
        GAME.new_deal(seats=3, deck=list(ITALIAN_40.new_order))
    assert deal.sides == ((0,), (1,), (2,))


def test_four_players_sit_as_partners_opposite_and_share_their_points():
    deal = GAME.new_deal(seats=4, seed=9)
    assert deal.sides == ((0, 2), (1, 3))
    assert deal.view(None)["stock_count"] == 27
    rng = random.Random(1)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    result = deal.result()
    assert sum(result["side_points"]) == 120
    assert result["points"] == [result["side_points"][s % 2] for s in range(4)]
    assert sum(result["tricks"]) == 10


def test_the_highest_trump_wins_a_trick_of_three_and_an_off_suit_card_never_does():
    # Trump hearts (upcard 4H). Seat 1 leads the AC; seat 2 plays the 2H (a trump);
    # seat 0 plays the 3C: the trump wins though the 3 of the led suit is higher.
    hands = {1: ["AC", "5D", "6D"], 2: ["2H", "5S", "6S"], 0: ["3C", "7D", "7S"]}
    deal = GAME.new_deal(seats=3, dealer=0, deck=deck_for(hands, "4H", 3))
    assert deal.to_act == 1
    for seat, action in ((1, "play AC"), (2, "play 2H"), (0, "play 3C")):
        deal.apply(action, seat=seat)
    view = deal.view(None)
    assert view["last_trick"]["winner"] == 2 and deal.to_act == 2
    assert [c["seat"] for c in view["last_trick"]["cards"]] == [1, 2, 0]
    # Off suit: seat 2 leads 5S, seat 0 plays 7D (not spades, not trump), seat 1 6D.
    for seat, action in ((2, "play 5S"), (0, "play 7D"), (1, "play 6D")):
        deal.apply(action, seat=seat)
    assert deal.view(None)["last_trick"]["winner"] == 2


def test_after_a_trick_every_player_draws_the_winner_first():
    hands = {1: ["AC", "5D", "6D"], 2: ["2H", "5S", "6S"], 0: ["3C", "7D", "7S"]}
    deck = deck_for(hands, "4H", 3)
    deal = GAME.new_deal(seats=3, dealer=0, deck=deck)
    for seat, action in ((1, "play AC"), (2, "play 2H"), (0, "play 3C")):
        deal.apply(action, seat=seat)
    stock = deck[10:]
    assert stock[0] in deal.view(2)["players"][2]["hand"]  # the winner draws first
    assert stock[1] in deal.view(0)["players"][0]["hand"]  # then the order of play
    assert stock[2] in deal.view(1)["players"][1]["hand"]


def test_the_wrong_seat_is_refused_at_a_table_of_four():
    deal = GAME.new_deal(seats=4, dealer=3, seed=2)
    assert deal.to_act == 0
    with pytest.raises(IllegalAction) as refusal:
        deal.apply(deal.legal_actions()[0], seat=2)
    assert refusal.value.key == "not_your_turn"


def _play_until_stock_exhausted(deal, rng):
    while not deal.stock_exhausted:
        deal.apply(rng.choice(deal.legal_actions()))


def test_at_four_each_sees_the_partners_last_cards_once_the_stock_is_out_and_no_more():
    deal = GAME.new_deal(seats=4, seed=11)
    rng = random.Random(3)
    for seat in range(4):
        partner = deal.view(seat)["players"][(seat + 2) % 4]
        assert partner["known_cards"] in ([], [deal.view(None)["upcard"]])
    _play_until_stock_exhausted(deal, rng)
    hands = {seat: deal.view(seat)["players"][seat]["hand"] for seat in range(4)}
    for seat in range(4):
        view = deal.view(seat)
        partner = (seat + 2) % 4
        assert sorted(view["players"][partner]["known_cards"]) == sorted(hands[partner])
        assert len(hands[partner]) == 3
        for opponent in ((seat + 1) % 4, (seat + 3) % 4):
            shown = set(view["players"][opponent]["known_cards"])
            assert shown <= {ITALIAN_40.codes[deal.upcard]}  # only the upcard, seen taken
    spectator = deal.view(None)
    assert all(
        set(p["known_cards"]) <= {ITALIAN_40.codes[deal.upcard]} for p in spectator["players"]
    )


@settings(max_examples=30, deadline=None)
@given(seats=st.sampled_from([3, 4]), seed=st.integers(0, 10**6), dealer=st.integers(0, 3))
def test_random_play_keeps_every_card_and_points_and_replays(seats, seed, dealer):
    dealer %= seats
    deal = GAME.new_deal(seats=seats, dealer=dealer, seed=seed)
    rng = random.Random(seed)
    while not deal.is_over:
        view = deal.view(None)
        in_hands = sum(p["hand_count"] for p in view["players"])
        captured = sum(p["captured_count"] for p in view["players"])
        upcard = 1 if view["upcard"] else 0
        assert in_hands + captured + len(view["trick"]) + view["stock_count"] + upcard == len(
            deal.deck
        )
        for seat in range(seats):
            own = deal.view(seat)
            others = [p for p in own["players"] if p["seat"] != seat]
            assert all(p["hand"] is None for p in others)
        assert deal.legal_actions()
        deal.apply(rng.choice(deal.legal_actions()))
    result = deal.result()
    assert sum(result["card_points"]) == 120
    assert sum(result["tricks"]) * seats == len(deal.deck)
    replayed = GAME.replay(deal.record())
    assert replayed.result() == result
    assert Counter(deal.deck) == Counter(PACK_39 if seats == 3 else ITALIAN_40.new_order)
