"""One Calabrasella hand: the deal, the bidding, the call and the card given back, the
discards and the widow, and trick play.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Calabrasella": "Setup",
"Bidding and exchanging cards", "Play of the hand"), ../shared/rules/README.md
("Calabrasella"); decisions in games/rules/calabrasella/game.py.
"""

from __future__ import annotations

import pytest

from games.rules.cards import ITALIAN_40
from tests.games.rules.calabrasella.tables import (
    ALL_TOPS,
    DEALER,
    GAME,
    LEFT,
    RIGHT,
    apply_all,
    hand,
    new_deal,
)
from tests.games.rules.helpers import assert_refused

# The dealer's left declares with no 3 of diamonds; the dealer holds it.
CALLER = ["3C", "3H", "3S", "2C", "AC", "KC", "QC", "JC", "7C", "6C", "5C", "4C"]
HOLDER = ["3D", "2D", "AD", "KD", "QD", "JD", "7D", "6D", "5D", "4D", "2H", "AH"]


def called_deal():
    return new_deal({LEFT: CALLER, DEALER: HOLDER}, widow=["4S", "5S", "6S", "7S"])


# -- the deal -----------------------------------------------------------------------


def test_twelve_cards_each_one_at_a_time_from_the_dealers_left_and_four_to_the_widow():
    deal = GAME.new_deal(seats=3, dealer=1, seed=5)
    deck = deal.deck
    for seat in range(3):
        assert hand(deal, seat) == sorted(deck[(seat - 2) % 3 : 36 : 3])
    assert ITALIAN_40.codes_of(deal.widow) == sorted(deck[36:])
    assert (deal.phase, deal.to_act) == ("bid", 2)


def test_only_three_players_may_sit():
    for seats in (2, 4):
        with pytest.raises(ValueError, match="played by"):
            GAME.new_deal(seats=seats, seed=1)


# -- bidding --------------------------------------------------------------------------


def test_bidding_goes_left_from_the_dealers_left_and_the_first_play_ends_it():
    deal = new_deal()
    assert deal.legal_actions() == ["pass", "play"]
    apply_all(deal, "pass")
    assert deal.to_act == RIGHT
    apply_all(deal, "play")
    assert deal.declarer == RIGHT and deal.defenders == (DEALER, LEFT)
    assert deal.phase == "call" and deal.to_act == RIGHT
    assert deal.bids == [(LEFT, "pass"), (RIGHT, "play")]


def test_three_passes_end_the_hand_unplayed_with_no_chips_and_the_deal_passes_left():
    deal = apply_all(new_deal(), "pass", "pass", "pass")
    assert deal.is_over and deal.phase == "over" and deal.legal_actions() == []
    result = deal.result()
    assert result["points"] == [0, 0, 0] and result["passed_out"] is True
    assert result["declarer"] is None
    assert GAME.next_dealer(DEALER, 3) == LEFT


def test_the_dealer_bids_last():
    deal = apply_all(new_deal(), "pass", "pass")
    assert deal.to_act == DEALER
    apply_all(deal, "play")
    assert deal.declarer == DEALER


# -- the call -------------------------------------------------------------------------


def test_the_declarer_calls_a_three_he_lacks_and_its_holder_hands_it_over():
    deal = apply_all(called_deal(), "play")
    assert deal.legal_actions() == ["call 3D"]
    assert_refused(deal, "call 3C", "call_not_allowed")  # his own
    assert_refused(deal, "call 2D", "call_not_allowed")  # a 2 while a 3 is missing
    apply_all(deal, "call 3D")
    assert "3D" in hand(deal, LEFT) and "3D" not in hand(deal, DEALER)
    assert len(hand(deal, LEFT)) == 13 and len(hand(deal, DEALER)) == 11
    assert deal.called_from == DEALER
    assert (deal.phase, deal.to_act) == ("return", LEFT)


def test_the_declarer_gives_back_another_card_of_his_choice_to_the_holder():
    deal = apply_all(called_deal(), "play", "call 3D")
    assert "return 3D" not in deal.legal_actions() and len(deal.legal_actions()) == 12
    assert_refused(deal, "return 3D", "cannot_return_called_card")
    assert_refused(deal, "return KD", "card_not_in_hand")
    apply_all(deal, "return 4C")
    assert "4C" in hand(deal, DEALER) and "4C" not in hand(deal, LEFT)
    assert [len(hand(deal, seat)) for seat in range(3)] == [12, 12, 12]
    assert (deal.phase, deal.to_act) == ("discard", LEFT)


def test_holding_every_three_the_declarer_calls_a_two_he_lacks():
    threes = ["3C", "3D", "3H", "3S", "2C", "AC", "KC", "QC", "JC", "7C", "6C", "5C"]
    deal = apply_all(new_deal({LEFT: threes}), "play")
    assert deal.legal_actions() == ["call 2D", "call 2H", "call 2S"]
    assert_refused(deal, "call 2C", "call_not_allowed")


def test_holding_every_three_and_every_two_the_declarer_calls_nothing():
    deal = apply_all(new_deal({LEFT: ALL_TOPS}), "play")
    assert (deal.phase, deal.to_act, deal.called) == ("discard", LEFT, -1)
    assert_refused(deal, "call 3D", "wrong_phase")


def test_a_called_card_in_the_widow_is_simply_lost_to_the_declarer():
    deal = new_deal({LEFT: CALLER}, widow=["3D", "5S", "6S", "7S"])
    before = [hand(deal, seat) for seat in range(3)]
    apply_all(deal, "play", "call 3D")
    assert [hand(deal, seat) for seat in range(3)] == before
    assert deal.called_from is None
    assert (deal.phase, deal.to_act) == ("discard", LEFT)


# -- discards and the widow -------------------------------------------------------------


def test_the_declarer_discards_one_to_four_cards_then_turns_the_widow_and_takes_as_many():
    deal = apply_all(called_deal(), "play", "call 3D", "return 4C")
    assert "turn" not in deal.legal_actions()
    assert_refused(deal, "turn", "no_discard")
    apply_all(deal, "discard 5C", "discard 6C")
    assert "turn" in deal.legal_actions() and len(hand(deal, LEFT)) == 10
    assert not deal.widow_up
    apply_all(deal, "turn")
    assert deal.widow_up and deal.phase == "take"
    assert deal.legal_actions() == ["take 4S", "take 5S", "take 6S", "take 7S"]
    assert_refused(deal, "take 5C", "card_not_in_widow")
    assert_refused(deal, "discard 7C", "wrong_phase")
    apply_all(deal, "take 7S")
    assert deal.phase == "take"
    apply_all(deal, "take 4S")
    assert len(hand(deal, LEFT)) == 12 and {"7S", "4S"} <= set(hand(deal, LEFT))
    assert ITALIAN_40.codes_of(deal.set_aside) == ["5C", "5S", "6C", "6S"]
    assert (deal.phase, deal.to_act, deal.leader) == ("play", RIGHT, RIGHT)


def test_four_discards_at_most():
    deal = apply_all(called_deal(), "play", "call 3D", "return 4C")
    apply_all(deal, "discard 5C", "discard 6C", "discard 7C", "discard JC")
    assert deal.legal_actions() == ["turn"]
    assert_refused(deal, "discard QC", "too_many_discards")
    apply_all(deal, "turn", "take 4S", "take 5S", "take 6S", "take 7S")
    assert deal.phase == "play" and deal.set_aside.bit_count() == 4


# -- trick play -------------------------------------------------------------------------


def ready_to_play():
    """The called deal with the exchange and one discard made: the dealer's right leads."""
    deal = apply_all(called_deal(), "play", "call 3D", "return 4C", "discard 5C", "turn")
    return apply_all(deal, "take 4S")


def test_players_must_follow_suit_when_able_and_may_play_anything_when_void():
    deal = ready_to_play()
    right = hand(deal, RIGHT)
    lead = next(code for code in right if code.endswith("H"))
    apply_all(deal, f"play {lead}")
    dealer_hearts = [c for c in hand(deal, DEALER) if c.endswith("H")]
    assert deal.legal_actions() == sorted(f"play {c}" for c in dealer_hearts)
    assert_refused(deal, "play 2D", "must_follow_suit")
    apply_all(deal, f"play {dealer_hearts[0]}")
    left_hearts = [c for c in hand(deal, LEFT) if c.endswith("H")]
    if left_hearts:
        assert deal.legal_actions() == sorted(f"play {c}" for c in left_hearts)
    else:  # void in hearts: every card
        assert len(deal.legal_actions()) == 12


def test_the_highest_card_of_the_led_suit_wins_3_2_a_k_q_j_7_6_5_4_and_leads_next():
    # The right leads KH; the dealer plays 2H over it; the declarer's 3H beats both.
    deal = ready_to_play()
    apply_all(deal, "play KH", "play 2H", "play 3H")
    cards = tuple(ITALIAN_40.index[code] for code in ("KH", "2H", "3H"))
    assert deal.last_trick == (RIGHT, cards, LEFT)
    assert deal.to_act == deal.leader == LEFT and deal.tricks_won(LEFT) == 1
    # The declarer leads spades; a card of another suit never wins.
    apply_all(deal, "play 4S")
    spades = [c for c in hand(deal, RIGHT) if c.endswith("S")]
    apply_all(deal, f"play {spades[-1]}")
    dealer = deal.legal_actions()[0]  # the dealer has no spade: any card
    apply_all(deal, dealer)
    assert deal.last_trick[2] == RIGHT


def test_an_ace_beats_a_king_and_a_three_beats_a_two():
    # Through the engine's strength order: 3 > 2 > A > K > Q > J > 7 > 6 > 5 > 4.
    from games.rules.calabrasella.scoring import STRENGTH

    order = [ITALIAN_40.index[r + "S"] for r in ("3", "2", "A", "K", "Q", "J", "7", "6", "5", "4")]
    assert [STRENGTH[card] for card in order] == sorted((STRENGTH[c] for c in order), reverse=True)
    assert len({STRENGTH[card] for card in order}) == 10


def test_twelve_tricks_end_the_hand():
    deal = ready_to_play()
    while not deal.is_over:
        assert deal.phase == "play"
        deal.apply(deal.legal_actions()[-1])
    assert deal.tricks_played == 12 and all(h == 0 for h in deal.hand)
    assert sum(c.bit_count() for c in deal.captured) == 36
    assert_refused(deal, "play 3C", "deal_over")


def test_an_action_of_another_phase_is_refused_naming_what_is_expected():
    deal = new_deal()
    refusal = assert_refused(deal, "play 3C", "wrong_phase")
    assert "'play' or 'pass'" in str(refusal)
    apply_all(deal, "play")
    assert_refused(deal, "pass", "wrong_phase")
    assert_refused(deal, "take 4C", "wrong_phase")
    assert_refused(deal, "discard 9C", "malformed")
