"""Tute for four in partnerships (004 "Tute"; rulings "Tute")."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import IllegalAction, get_game
from games.rules.cards import ITALIAN_40
from games.rules.tute.scoring import hand_result, match_winner

GAME = get_game("tute")


def deck_for(hands: dict[int, list[str]], dealer: int = 3) -> list[str]:
    """A deck dealing ``hands`` (seat -> ten codes, the dealer's last code his last card,
    the trump card) one card at a time from the seat after the dealer."""
    order = []
    for round_ in range(10):
        for offset in range(1, 5):
            order.append(hands[(dealer + offset) % 4][round_])
    return order


def spread(seat_cards: dict[int, list[str]], dealer: int = 3) -> list[str]:
    """Hands of ten from partial hands: the rest of the pack goes round in pack order."""
    rest = [c for c in ITALIAN_40.new_order if not any(c in h for h in seat_cards.values())]
    hands = {seat: list(seat_cards.get(seat, [])) for seat in range(4)}
    for seat in range(4):
        while len(hands[seat]) < 10:
            hands[seat].append(rest.pop(0))
    return deck_for(hands, dealer)


def test_all_forty_cards_are_dealt_and_the_dealers_last_card_is_trump_shown_to_all():
    deal = GAME.new_deal(seats=4, dealer=3, seed=5)
    trump_card = deal.deck[-1]
    view = deal.view(None)
    assert view["trump_card"] == trump_card and view["trump"] == trump_card[-1]
    assert [p["hand_count"] for p in view["players"]] == [10, 10, 10, 10]
    assert view["players"][3]["known_cards"] == [trump_card]
    assert deal.to_act == 0 and view["sides"] == [[0, 2], [1, 3]]
    assert trump_card in deal.view(3)["players"][3]["hand"]


def _play(deal, *moves):
    for seat, action in moves:
        deal.apply(action, seat=seat)


# Seat 0 leads; trump is the suit of the dealer's (seat 3's) tenth card.
HANDS = {
    0: ["7C", "5C", "AD", "2S", "4S", "5S", "6S", "7S", "JS", "QS"],
    1: ["3C", "KC", "4C", "2H", "3H", "4H", "5H", "6H", "7H", "JH"],
    2: ["2C", "6C", "QC", "JC", "KH", "QH", "AH", "3D", "2D", "4D"],
    3: ["AC", "KS", "3S", "AS", "5D", "6D", "7D", "JD", "QD", "KD"],  # trump D (KD last)
}


def test_follow_suit_and_beat_the_winning_card_if_you_can():
    deal = GAME.new_deal(seats=4, dealer=3, deck=deck_for(HANDS))
    assert deal.view(None)["trump"] == "D"
    deal.apply("play 5C", seat=0)
    # Seat 1 holds 3C, KC, 4C: it must beat the 5C, so 3C or KC, not the 4C.
    assert [a for a in deal.legal_actions()] == ["play 3C", "play KC"]
    with pytest.raises(IllegalAction) as refusal:
        deal.apply("play 4C", seat=1)
    assert refusal.value.key == "must_beat" and refusal.value.params["suit"] == "C"
    with pytest.raises(IllegalAction) as refusal:
        deal.apply("play 2H", seat=1)
    assert refusal.value.key == "must_follow"
    deal.apply("play 3C", seat=1)
    # Seat 2 cannot beat the 3C with 2C, 6C, QC, JC: any club.
    assert deal.legal_actions() == ["play 2C", "play 6C", "play JC", "play QC"]


def test_void_in_the_suit_led_you_must_trump_and_overtrump_if_you_can():
    hands = {
        0: ["2S", "7C", "5C", "AD", "4S", "5S", "6S", "7S", "JS", "QS"],
        1: ["2D", "KC", "4C", "2H", "3H", "4H", "5H", "6H", "7H", "JH"],
        2: ["3C", "6C", "QC", "JC", "KH", "QH", "AH", "3D", "4D", "5D"],
        3: ["AC", "KS", "3S", "AS", "2C", "6D", "7D", "JD", "QD", "KD"],
    }
    deal = GAME.new_deal(seats=4, dealer=3, deck=deck_for(hands))
    deal.apply("play 2S", seat=0)
    # Seat 1 has no spade: it must trump with its only trump, the 2D.
    assert deal.legal_actions() == ["play 2D"]
    with pytest.raises(IllegalAction) as refusal:
        deal.apply("play KC", seat=1)
    assert refusal.value.key == "must_trump"
    deal.apply("play 2D", seat=1)
    # Seat 2: no spade; trumps 3D, 4D, 5D all beat the 2D: any of them, not a club.
    assert deal.legal_actions() == ["play 3D", "play 4D", "play 5D"]
    deal.apply("play 4D", seat=2)
    # Seat 3 holds spades: it follows, any spade (the trick is already trumped).
    assert deal.legal_actions() == ["play 3S", "play AS", "play KS"]


def test_with_trumps_none_higher_a_trump_must_still_be_played():
    hands = {
        0: ["2S", "7C", "5C", "AD", "4S", "5S", "6S", "7S", "JS", "QS"],
        1: ["3D", "KC", "4C", "2H", "3H", "4H", "5H", "6H", "7H", "JH"],
        2: ["2D", "6C", "QC", "JC", "KH", "QH", "AH", "3C", "4D", "5D"],
        3: ["AC", "KS", "3S", "AS", "2C", "6D", "7D", "JD", "QD", "KD"],
    }
    deal = GAME.new_deal(seats=4, dealer=3, deck=deck_for(hands))
    _play(deal, (0, "play 2S"), (1, "play 3D"))
    # Seat 2's trumps 2D, 4D, 5D are all below the 3D: any trump, never a club.
    assert deal.legal_actions() == ["play 2D", "play 4D", "play 5D"]


def _win_first_trick_with(deal, moves):
    _play(deal, *moves)
    return deal.view(None)["last_trick"]["winner"]


def test_declarations_come_after_winning_a_trick_cuarenta_first_and_one_per_trick():
    hands = {
        0: ["AS", "KD", "QD", "KH", "QH", "2C", "4C", "5C", "6C", "7C"],  # cuarenta + veinte
        1: ["2S", "3C", "AC", "2H", "3H", "4H", "5H", "6H", "7H", "JH"],
        2: ["3S", "KC", "QC", "JC", "AH", "AD", "3D", "2D", "4D", "5D"],
        3: ["4S", "5S", "6S", "7S", "JS", "QS", "KS", "6D", "7D", "JD"],  # trump D (JD)
    }
    deal = GAME.new_deal(seats=4, dealer=3, deck=deck_for(hands))
    assert not [a for a in deal.legal_actions() if a.startswith("declare")]  # no trick won yet
    winner = _win_first_trick_with(
        deal, [(0, "play AS"), (1, "play 2S"), (2, "play 3S"), (3, "play 4S")]
    )
    assert winner == 0 and deal.to_act == 0
    declares = [a for a in deal.legal_actions() if a.startswith("declare")]
    assert declares == ["declare cuarenta"]  # the veinte must wait for the cuarenta
    with pytest.raises(IllegalAction) as refusal:
        deal.apply("declare veinte H", seat=0)
    assert refusal.value.key == "declaration_not_allowed"
    deal.apply("declare cuarenta", seat=0)
    assert not [a for a in deal.legal_actions() if a.startswith("declare")]  # one per trick
    assert set(deal.view(1)["players"][0]["known_cards"]) >= {"KD", "QD"}
    assert deal.view(None)["declarations"] == [
        {"seat": 0, "kind": "cuarenta", "suit": "D", "points": 40}
    ]


def test_after_a_veinte_the_side_can_no_longer_declare_the_cuarenta():
    hands = {
        0: ["AS", "KH", "QH", "2C", "4C", "5C", "6C", "7C", "JC", "QC"],  # a veinte
        1: ["2S", "3C", "AC", "2H", "3H", "4H", "5H", "6H", "7H", "JH"],
        2: ["3S", "KC", "KD", "QD", "AH", "AD", "3D", "2D", "4D", "5D"],  # the cuarenta
        3: ["4S", "5S", "6S", "7S", "JS", "QS", "KS", "6D", "7D", "JD"],
    }
    deal = GAME.new_deal(seats=4, dealer=3, deck=deck_for(hands))
    _play(deal, (0, "play AS"), (1, "play 2S"), (2, "play 3S"), (3, "play 4S"))
    deal.apply("declare veinte H", seat=0)
    # Later the partner (seat 2, holding K and Q of trumps) wins a trick and is to lead:
    # the side has made a veinte, so the cuarenta is no longer open to it.
    deal.to_act = deal.leader = 2
    deal.may_declare = True
    assert deal.declarations_open(2) == []
    deal.veinte_sides.clear()  # without the side's veinte it would be
    assert deal.declarations_open(2) == ["declare cuarenta"]


def test_a_tute_wins_the_hand_at_once():
    hands = {
        0: ["AS", "KC", "KD", "KH", "KS", "2C", "4C", "5C", "6C", "7C"],
        1: ["2S", "3C", "AC", "2H", "3H", "4H", "5H", "6H", "7H", "JH"],
        2: ["3S", "JC", "QC", "QD", "AH", "AD", "3D", "2D", "4D", "5D"],
        3: ["4S", "5S", "6S", "7S", "JS", "QS", "QH", "6D", "7D", "JD"],
    }
    deal = GAME.new_deal(seats=4, dealer=3, deck=deck_for(hands))
    _play(deal, (0, "play AS"), (1, "play 2S"), (2, "play 3S"), (3, "play 4S"))
    assert "declare tute" in deal.legal_actions()
    deal.apply("declare tute", seat=0)
    assert deal.is_over
    result = deal.result()
    assert result["winner"] == 0 and result["tute"] == 0 and result["points"] == [1, 0, 1, 0]


def test_the_hands_count_card_points_declarations_and_the_last_trick():
    sides = ((0, 2), (1, 3))
    everything = ITALIAN_40.mask(ITALIAN_40.new_order)
    result = hand_result([everything, 0, 0, 0], sides, [{"seat": 3, "points": 40}], 1, None)
    assert result["card_points"] == [120, 0] and result["totals"] == [120, 50]
    assert result["winner"] == 0 and result["last_trick"] == 1
    drawn = hand_result([0, 0, 0, 0], sides, [], None, None)
    assert drawn["winner"] is None and drawn["side_points"] == [0, 0]


def test_the_match_is_won_by_more_hands_and_level_hands_play_on():
    assert match_winner([2, 2], 5, 5) is None
    assert match_winner([3, 1], 5, 5) == 0
    assert match_winner([0, 1], 1, 1) == 1
    results = [{"points": [1, 0, 1, 0], "side_points": [1, 0]}] * 3
    assert GAME.match_winner(results, {"hands": 3}) == 0
    assert GAME.match_places(results, {"hands": 3}) == [1, 2]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), dealer=st.integers(0, 3))
def test_random_play_keeps_the_rules_and_replays(seed, dealer):
    deal = GAME.new_deal(seats=4, dealer=dealer, seed=seed)
    rng = random.Random(seed)
    while not deal.is_over:
        legal = deal.legal_actions()
        assert legal
        for seat in range(4):
            view = deal.view(seat)
            assert all(p["hand"] is None for p in view["players"] if p["seat"] != seat)
            assert json.loads(json.dumps(view)) == view
        spectator = json.dumps(deal.view(None))
        assert '"hand": [' not in spectator
        deal.apply(rng.choice(legal))
    result = deal.result()
    if result["tute"] is None:
        assert sum(result["card_points"]) == 120
        assert sum(result["totals"]) == 130 + sum(result["declared"])
    assert GAME.replay(deal.record()).result() == result
