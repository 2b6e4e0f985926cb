"""Sette e mezzo: worked examples for every settlement case of 004 and the rulings, the
bank passing, and properties of random hands.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Seven and a Half"),
../shared/rules/README.md ("Seven and a Half, Ziginette"; general rulings on banking
games). The usual table here: three seats, seat 0 banks, seat 1 plays first, then seat 2.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import get_game
from games.rules.sette_e_mezzo.scoring import total
from tests.games.rules.helpers import assert_refused, assert_replays, banking_hand

GAME = get_game("sette-e-mezzo")


def hand(top, actions, seats=3, banker=0, stacks=None, **options):
    return banking_hand(GAME, top, actions, seats, banker, stacks, **options)


def test_card_values_and_the_wild_king_of_diamonds():
    assert total(["AC"]) == 2 and total(["7S"]) == 14 and total(["JC", "QH", "KS"]) == 3
    # The K of diamonds takes the best whole value from 1 to 7.
    assert total(["KD"]) == 14 and total(["KD", "5C"]) == 14 and total(["KD", "QC"]) == 15
    assert total(["KD", "6C", "AH"]) == 16  # at its lowest, 1, it makes 8: a bust
    assert total(["KD", "6C"]) == 14


def test_limits_then_bets_within_them_and_within_the_stack():
    deal = hand([], [], stacks=[100, 100, 3])
    assert deal.phase == "limits" and deal.to_act == 0
    assert "limits 1 10" in deal.legal_actions() and "limits 5 2" not in deal.legal_actions()
    assert_refused(deal, "limits 0 10", "bad_limits")
    assert_refused(deal, "limits 5 2", "bad_limits")
    assert_refused(deal, "limits 2 11", "bad_limits")
    deal.apply("limits 2 6")
    assert deal.to_act == 1
    assert deal.legal_actions() == sorted(["pass", *(f"bet {n}" for n in range(2, 7))])
    assert_refused(deal, "bet 7", "bet_out_of_limits")
    assert_refused(deal, "bet 1", "bet_out_of_limits")
    assert_refused(deal, "bet 02", "malformed")
    deal.apply("bet 6")
    assert deal.legal_actions() == ["bet 2", "bet 3", "pass"]  # seat 2 has 3 chips
    assert_refused(deal, "bet 4", "bet_over_stack")


def test_a_natural_is_paid_two_to_one_and_takes_the_bank():
    # Seat 1: 7C then a J (natural); seat 2: 4C, stands; banker: 5C, stands.
    deal = hand(["7C", "4C", "5C", "JH"],
                ["limits 1 10", "bet 5", "bet 4", "hit", "stand", "stand"])  # fmt: skip
    result = deal.result()
    assert result["outcomes"] == {"1": "natural", "2": "lose"}
    assert result["points"] == [-10 + 4, 10, -4]
    assert result["next_banker"] == 1
    assert GAME.next_dealer(0, 3, [result]) == 1


def test_two_naturals_push_and_the_banker_keeps_the_bank():
    deal = hand(["7C", "AC", "QS", "JH", "7D"], ["limits 1 10", "bet 5", "bet 2", "hit",
                                                  "stand", "hit"])  # fmt: skip
    # The banker's two-card 7½ (Q + 7) ends his turn.
    result = deal.result()
    assert result["outcomes"] == {"1": "push", "2": "lose"}
    assert result["points"] == [2, 0, -2] and result["next_banker"] == 0


def test_a_banker_natural_beats_a_seven_and_a_half_of_three_cards():
    # Seat 1: 5C, 2C, JS = 7½ in three cards; banker: QD then 7D (natural).
    deal = hand(["5C", "4C", "QD", "2C", "JS", "7D"],
                ["limits 1 10", "bet 3", "bet 3", "hit", "hit", "stand", "stand",
                 "hit"])  # fmt: skip
    result = deal.result()
    assert result["totals"]["1"] == "7½" and result["totals"]["0"] == "7½"
    assert result["outcomes"] == {"1": "lose", "2": "lose"}
    assert result["points"] == [6, -3, -3]


def test_a_bust_loses_at_once_and_shows_the_face_down_card():
    deal = hand(["6C", "4C", "5C", "5S"], ["limits 1 10", "bet 4", "bet 2", "hit"])
    view = deal.view(2)
    assert view["players"][1]["status"] == "bust"
    assert view["players"][1]["face_down"] == "6C" and view["players"][1]["known_cards"] == [
        "6C", "5S",
    ]  # fmt: skip
    # The other players' face-down cards stay hidden.
    assert view["players"][0]["face_down"] is None and view["players"][0]["known_cards"] == []
    deal.apply("stand")
    deal.apply("stand")
    result = deal.result()
    assert result["outcomes"] == {"1": "bust", "2": "lose"}  # seat 2's 4 against the 5
    assert result["points"] == [6, -4, -2]


def test_ties_push_and_a_banker_who_busts_pays_everyone_still_in():
    tie = hand(["5C", "5D", "5S"], ["limits 1 10", "bet 4", "bet 2", "stand", "stand", "stand"])
    assert tie.result()["outcomes"] == {"1": "push", "2": "push"}
    assert tie.result()["points"] == [0, 0, 0]
    bust = hand(["5C", "2D", "6S", "4H"], ["limits 1 10", "bet 4", "bet 2", "stand", "stand",
                                          "hit"])  # fmt: skip
    assert bust.result()["outcomes"] == {"1": "win", "2": "win"}
    assert bust.result()["points"] == [-6, 4, 2]


def test_if_every_player_busts_the_banker_does_not_play():
    deal = hand(["6C", "3C", "6D", "5S"], ["limits 1 10", "bet 4", "pass", "hit"])
    assert deal.is_over and deal.result()["points"] == [4, -4, 0]
    assert deal.result()["outcomes"] == {"1": "bust"}


def test_nobody_betting_ends_the_hand_with_no_chips_moved():
    deal = hand([], ["limits 1 10", "pass", "pass"])
    assert deal.is_over and deal.result()["points"] == [0, 0, 0]
    assert deal.result()["cards"] == [[], [], []]


def test_a_bank_that_cannot_pay_breaks_and_pays_in_playing_order():
    # The banker has 6 chips; both players win 5: seat 1 is paid 5, seat 2 the 1 left.
    deal = hand(["6C", "5D", "3S"], ["limits 1 10", "bet 5", "bet 5", "stand", "stand",
                                      "stand"], stacks=[6, 100, 100])  # fmt: skip
    result = deal.result()
    assert result["points"] == [-6, 5, 1] and result["unpaid"] == {"2": 4}
    assert result["stacks"] == [0, 105, 101]
    # The bank cannot stay with a seat that has no chips.
    assert result["next_banker"] == 1


def test_rotate_passes_the_bank_every_hand_and_skips_empty_stacks():
    deal = hand(["5C", "5D", "5S"], ["limits 1 10", "bet 4", "bet 2", "stand", "stand",
                                      "stand"], bank_rotation="rotate")  # fmt: skip
    assert deal.result()["next_banker"] == 1
    broke = hand([], ["limits 1 10", "pass"], stacks=[10, 0, 10], bank_rotation="rotate")
    assert broke.result()["next_banker"] == 2
    # A seat with no chips neither bets nor is asked.
    assert broke.view(None)["players"][1]["status"] == "out"


def test_the_carry_holds_the_stacks_and_is_checked():
    assert GAME.carry_for({}, 3, []) == {"stacks": [100, 100, 100]}
    assert GAME.carry_for({"stack": 50}, 2, [{"points": [5, -5]}, {"points": [-2, 2]}]) == {
        "stacks": [53, 47]
    }
    for bad in ({"stacks": [1, 2]}, {"stacks": [1, 2, -1]}, {"chips": [1, 2, 3]}, [1, 2, 3]):
        with pytest.raises(ValueError, match="carry"):
            GAME.new_deal(seats=3, carry=bad, seed=1)


def test_the_match_is_a_number_of_hands_and_the_most_chips_win():
    options = {"hands": 4}
    hands = [{"points": [2, -2, 0], "stacks": [102, 98, 100], "next_banker": 0}] * 3
    assert GAME.match_winner(hands, options) is None
    done = [*hands, {"points": [0, 0, 0], "stacks": [106, 94, 100], "next_banker": 0}]
    assert GAME.match_winner(done, options) == 0
    assert GAME.match_places(done, options) == [1, 3, 2]
    tied = [{"points": [5, -5, 0], "stacks": [105, 95, 100]},
            {"points": [-5, 5, 0], "stacks": [100, 100, 100]}] * 2  # fmt: skip
    assert GAME.match_winner(tied, {"hands": 4}) is None  # all level: another hand
    # One seat with all the chips ends the match early.
    early = [{"points": [200, -100, -100], "stacks": [300, 0, 0]}]
    assert GAME.match_winner(early, options) == 0


@settings(max_examples=40, deadline=None)
@given(
    seats=st.integers(2, 8),
    deck_seed=st.integers(0, 2**32),
    play_seed=st.integers(0, 2**32),
    stacks=st.lists(st.integers(0, 30), min_size=8, max_size=8),
)
def test_random_hands_conserve_chips_keep_to_the_limits_and_hide_the_face_down_cards(
    seats, deck_seed, play_seed, stacks
):
    stacks = stacks[:seats]
    banker = next((s for s in range(seats) if stacks[s]), 0)
    if not stacks[banker]:
        stacks[banker] = 1
    deal = GAME.new_deal(seats=seats, dealer=banker, seed=deck_seed, carry={"stacks": stacks})
    rng = random.Random(play_seed)
    while not deal.is_over:
        legal = deal.legal_actions()
        assert legal == sorted(set(legal))
        for viewer in (*range(seats), None):
            view = deal.view(viewer)
            for player in view["players"]:
                if player["seat"] != viewer and not deal.revealed(player["seat"]):
                    # Only the face-up cards of another seat, never its face-down one.
                    assert player["known_cards"] == deal.cards[player["seat"]][1:]
                    assert player["face_down"] is None and player["total"] is None
        deal.apply(rng.choice(legal))
    result = deal.result()
    assert sum(result["points"]) == 0
    assert result["stacks"] == [s + p for s, p in zip(stacks, result["points"], strict=True)]
    assert all(chips >= 0 for chips in result["stacks"])
    low, high = result["limits"] or (1, 10)
    for seat, bet in result["bets"].items():
        assert low <= bet <= min(high, stacks[int(seat)])
    assert stacks[result["next_banker"]] + result["points"][result["next_banker"]] > 0
    assert_replays(deal)
