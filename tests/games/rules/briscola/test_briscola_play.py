"""Briscola's tricks: no obligation to follow suit, who wins a trick, who leads next.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola": card
ranking, game play), ../shared/rules/README.md ("Briscola").
"""

from __future__ import annotations

import pytest

from games.rules.briscola.scoring import BEATS_BY_TRUMP, PACK
from tests.games.rules.briscola.test_briscola_deal import ALICE, BOB, hand, new_deal, play_trick

TRUMP_SPADES = {"upcard": "4S"}


def test_there_is_no_obligation_to_follow_suit():
    deal = new_deal(bob=["KC"], alice=["4C", "QD", "AH"], **TRUMP_SPADES)
    deal.apply("play KC")
    assert deal.legal_actions() == ["play 4C", "play AH", "play QD"]
    deal.apply("play QD")  # alice holds a club and discards a diamond
    assert deal.view(None)["last_trick"]["winner"] == BOB


@pytest.mark.parametrize(
    ("lower", "higher"),
    [("3D", "AD"), ("KD", "3D"), ("QD", "KD"), ("JD", "QD"), ("7D", "JD"), ("6D", "7D"),
     ("5D", "6D"), ("4D", "5D"), ("2D", "4D")],
)  # fmt: skip
def test_the_higher_card_of_the_led_suit_wins_ranking_a_3_k_q_j_7_6_5_4_2(lower, higher):
    for lead, follow in ((lower, higher), (higher, lower)):
        deal = new_deal(bob=[lead], alice=[follow], **TRUMP_SPADES)
        play_trick(deal, lead, follow)
        winner = deal.view(None)["last_trick"]["winner"]
        assert winner == (ALICE if follow == higher else BOB)


def test_a_card_of_another_suit_never_wins_even_an_ace_on_a_two():
    deal = new_deal(bob=["2D"], alice=["AC"], **TRUMP_SPADES)
    play_trick(deal, "2D", "AC")
    assert deal.view(None)["last_trick"]["winner"] == BOB
    assert deal.to_act == BOB


def test_a_trump_beats_any_card_of_another_suit():
    deal = new_deal(bob=["AD"], alice=["2S"], **TRUMP_SPADES)
    play_trick(deal, "AD", "2S")
    assert deal.view(None)["last_trick"]["winner"] == ALICE


def test_a_led_trump_wins_over_any_non_trump():
    deal = new_deal(bob=["2S"], alice=["AD"], **TRUMP_SPADES)
    play_trick(deal, "2S", "AD")
    assert deal.view(None)["last_trick"]["winner"] == BOB


def test_the_higher_of_two_trumps_wins():
    deal = new_deal(bob=["3S"], alice=["AS"], **TRUMP_SPADES)
    play_trick(deal, "3S", "AS")
    assert deal.view(None)["last_trick"]["winner"] == ALICE


def test_the_winner_takes_both_cards_and_leads_the_next_trick():
    deal = new_deal(bob=["KC", "2H"], alice=["AC", "5H"], **TRUMP_SPADES)
    play_trick(deal, "KC", "AC")
    view = deal.view(None)
    assert view["last_trick"] == {
        "cards": [{"seat": BOB, "card": "KC"}, {"seat": ALICE, "card": "AC"}],
        "winner": ALICE,
    }
    assert [p["tricks_won"] for p in view["players"]] == [1, 0]
    assert [p["captured_count"] for p in view["players"]] == [2, 0]
    assert deal.to_act == view["leader"] == ALICE
    deal.apply("play 5H")  # alice leads now
    assert deal.to_act == BOB and deal.view(None)["trick"] == [{"seat": ALICE, "card": "5H"}]
    assert "5H" not in hand(deal, ALICE)


def test_the_trick_table_agrees_with_the_rules_for_every_pair_of_cards_and_trump():
    order = "A 3 K Q J 7 6 5 4 2".split()
    for trump in range(4):
        for first, lead in enumerate(PACK.codes):
            for second, follow in enumerate(PACK.codes):
                if first == second:
                    continue
                if follow[-1] == lead[-1]:
                    expected = order.index(follow[:-1]) < order.index(lead[:-1])
                else:
                    expected = follow[-1] == "CDHS"[trump]
                assert BEATS_BY_TRUMP[trump][first * 40 + second] == expected
