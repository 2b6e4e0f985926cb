"""Tressette's deal procedure, play and refusals, accusi and signals (game.py).

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tresette"),
../shared/rules/README.md ("General rulings", "Tressette").
"""

from __future__ import annotations

import pytest

from tests.games.rules.helpers import assert_refused
from tests.games.rules.tressette.tables import (
    GAME,
    SUIT_HANDS,
    apply_all,
    hand,
    new_deal,
    play_out,
)


def test_partners_sit_opposite_and_four_seats_only():
    assert GAME.sides(4, {}) == ((0, 2), (1, 3))
    assert GAME.seats == (4,)
    with pytest.raises(ValueError, match="played by"):
        GAME.new_deal(seats=2, seed=1)


@pytest.mark.parametrize("dealer", range(4))
def test_the_deck_is_dealt_one_card_at_a_time_from_the_dealers_left_who_leads(dealer):
    deck = GAME.pack.shuffled(5)
    deal = GAME.new_deal(seats=4, dealer=dealer, deck=deck)
    for seat in range(4):
        first = (seat - dealer - 1) % 4
        assert hand(deal, seat) == sorted(deck[first::4])
    assert deal.to_act == deal.leader == (dealer + 1) % 4
    assert GAME.next_dealer(dealer, 4) == (dealer + 1) % 4


def test_ranking_is_3_2_a_k_q_j_7_6_5_4_with_the_cavallo_above_the_fante():
    order = ["4C", "5C", "6C", "7C", "JC", "QC", "KC", "AC", "2C", "3C"]
    for low, high in zip(order, order[1:], strict=False):
        deal = new_deal({0: [low], 1: [high], 2: ["4D"], 3: ["5D"]})
        apply_all(deal, f"play {low}", f"play {high}", "play 4D", "play 5D")
        assert deal.last_trick[2] == 1, (low, high)
        assert deal.to_act == 1


def test_a_card_of_another_suit_never_wins_there_are_no_trumps():
    deal = new_deal({0: ["4C"], 1: ["3D"], 2: ["3H"], 3: ["3S"]})
    apply_all(deal, "play 4C", "play 3D", "play 3H", "play 3S")
    assert deal.last_trick == (
        0,
        tuple(deal.game.pack.index[c] for c in ("4C", "3D", "3H", "3S")),
        0,
    )


def test_a_follower_must_follow_suit_when_able_and_is_refused_otherwise():
    deal = new_deal({0: ["4C"], 1: ["5C", "3D"], 2: ["6D"]})
    deal.apply("play 4C")
    assert [a for a in deal.legal_actions() if a.startswith("play")] == ["play 5C"]
    refusal = assert_refused(deal, "play 3D", "must_follow_suit")
    assert refusal.params == {"suit": "C"}
    assert_refused(deal, "play 6D", "card_not_in_hand")


def test_void_in_the_led_suit_any_card_may_be_played():
    deal = new_deal(SUIT_HANDS)
    deal.apply("play 4C")
    plays = [a for a in deal.legal_actions() if a.startswith("play")]
    assert plays == [f"play {code}" for code in hand(deal, 1)]


def test_ten_tricks_of_four_then_the_deal_is_over():
    deal = play_out(GAME.new_deal(seats=4, dealer=0, seed=3))
    assert deal.tricks_played == 10 and deal.is_over and deal.phase == "over"
    assert sum(deal.tricks_won(seat) for seat in range(4)) == 10
    assert deal.legal_actions() == []


# -- accusi ------------------------------------------------------------------------------


def test_accusi_are_found_at_the_deal_and_the_holder_has_good_play():
    deal = new_deal({1: ["AC", "AD", "AH", "2C", "3C"], 2: ["2D", "2H", "2S", "3D"]})
    assert deal.held[1] == [
        {"kind": "three", "rank": "A", "points": 3},
        {"kind": "napoli", "suit": "C", "points": 3},
    ]
    assert deal.good_play(1) and not deal.good_play(0)
    assert deal.held[2] == [{"kind": "three", "rank": "2", "points": 3}]
    assert deal.announced == [None, None, None, None]


def test_accusi_are_announced_and_counted_when_the_holder_first_wins_a_trick():
    # Seat 1 holds four 3s and wins the first club trick with 3C.
    deal = new_deal({0: ["4C", "4D"], 1: ["3C", "3D", "3H", "3S"], 2: ["5C"], 3: ["6C"]})
    apply_all(deal, "play 4C", "play 3C", "play 5C", "play 6C")
    assert deal.announced[1] == [{"kind": "four", "rank": "3", "points": 4}]
    assert deal.announced[0] is None
    result = play_out(deal).result()
    assert result["accusi_points"][1] == 4
    assert result["side_points"][1] == result["card_points"][1] + 4
    assert result["accusi"][1] == [{"kind": "four", "rank": "3", "points": 4}]


def test_accusi_never_announced_are_never_counted():
    # Seat 0 holds every club: it leads clubs and wins all ten tricks. Seat 1 holds three
    # aces ("good play") but never wins a trick, so never announces and scores nothing.
    clubs = [rank + "C" for rank in ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")]
    deal = new_deal({0: clubs, 1: ["AD", "AH", "AS"]})
    assert deal.good_play(1) and deal.held[1][0] == {"kind": "three", "rank": "A", "points": 3}
    result = play_out(deal).result()
    assert deal.tricks_won(0) == 10 and deal.announced[1] is None
    assert result["accusi"] == [[{"kind": "napoli", "suit": "C", "points": 3}], [], [], []]
    assert result["card_thirds"] == [35, 0] and result["accusi_points"] == [3, 0]
    assert result["side_points"] == [14, 0] and result["points"] == [14, 0, 14, 0]


# -- signals -----------------------------------------------------------------------------


def test_busso_is_the_leaders_before_leading_and_keeps_the_turn():
    deal = new_deal(SUIT_HANDS)
    assert deal.legal_actions()[0] == "busso"
    deal.apply("busso")
    assert deal.to_act == 0 and deal.signals == [(0, 0, "busso")]
    assert "busso" not in deal.legal_actions()
    assert_refused(deal, "busso", "signal_not_allowed")
    deal.apply("play 4C")
    assert deal.to_act == 1
    assert_refused(deal, "busso", "signal_not_allowed")


def test_striscio_announces_the_true_count_of_the_led_suit():
    deal = new_deal({0: ["4C"], 1: ["5C", "6C", "7C"], 2: ["AD"]})
    deal.apply("play 4C")
    assert "striscio 3" in deal.legal_actions()
    assert not any(a.startswith("striscio") and a != "striscio 3" for a in deal.legal_actions())
    assert_refused(deal, "striscio 2", "signal_not_allowed")
    deal.apply("striscio 3")
    assert deal.to_act == 1 and deal.signals[-1] == (0, 1, "striscio 3")
    assert_refused(deal, "striscio 3", "signal_not_allowed")  # once a turn


def test_striscio_is_refused_to_the_leader():
    deal = new_deal(SUIT_HANDS)
    assert_refused(deal, "striscio 10", "signal_not_allowed")


def test_volo_names_a_count_of_0_1_or_2_that_some_suit_has():
    deal = new_deal({0: ["4C", "5C", "4D", "AH", "2H", "3H", "KH", "QH", "JH", "7H"]})
    legal = deal.legal_actions()
    assert [a for a in legal if a.startswith("volo")] == ["volo 0", "volo 1", "volo 2"]
    deal = new_deal({0: ["4C", "5C", "6C", "4D", "5D", "6D", "4H", "5H", "6H", "4S"]})
    assert [a for a in deal.legal_actions() if a.startswith("volo")] == ["volo 1"]
    assert_refused(deal, "volo 2", "signal_not_allowed")
    assert_refused(deal, "volo 0", "signal_not_allowed")
    deal.apply("volo 1")
    assert deal.to_act == 0 and not any(a.startswith("volo") for a in deal.legal_actions())


def test_signals_reset_with_each_turn():
    deal = new_deal(SUIT_HANDS)
    apply_all(deal, "busso", "play 4C", "play 4D", "play 4H", "play 4S")
    assert deal.to_act == 0 and "busso" in deal.legal_actions()


def test_with_signals_off_only_cards_are_legal_and_signals_are_refused():
    deal = new_deal(SUIT_HANDS, options={"signals": False})
    assert all(a.startswith("play ") for a in deal.legal_actions())
    assert_refused(deal, "busso", "signal_not_allowed")
    assert_refused(deal, "volo 0", "signal_not_allowed")


def test_signals_are_in_the_record_and_replay():
    deal = new_deal(SUIT_HANDS)
    apply_all(deal, "busso", "volo 0", "play 4C", "striscio 0", "play 4D")
    again = GAME.replay(deal.record())
    assert again.signals == deal.signals and again.to_act == deal.to_act


@pytest.mark.parametrize("action", ["play", "busso ", "striscio", "striscio 11", "volo 3", "Busso"])
def test_malformed_actions_are_refused(action):
    assert_refused(new_deal(SUIT_HANDS), action, "malformed")
