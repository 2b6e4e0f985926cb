"""Bazzica's combinations: each one and its points, the table, reuse and copies
(the scambio and the 7 of trumps: test_bazzica_scambio.py).

Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt ("Prima fase",
"Combinazioni e punti"), ../shared/rules/README.md ("Bazzica").
In these deals hearts are trumps unless said otherwise; bob leads and wins
every trick, alice following with low cards of other suits.
"""

from __future__ import annotations

import pytest

from tests.games.rules.bazzica.test_bazzica_helpers import (
    ALICE,
    BOB,
    bob_wins,
    hand,
    last_tricks,
    new_deal,
    player,
    trick,
)
from tests.games.rules.helpers import assert_refused


@pytest.mark.parametrize(
    ("bob", "upcard", "action", "points", "label"),
    [
        (["AS", "QS", "QS", "JD", "JD"], "KH", "declare double_bezique JD JD QS QS", 500,
         "Bazzica doppia"),
        (["AS", "AH", "10H", "KH", "QH", "JH"], "9H", "declare sequence AH 10H KH QH JH", 250,
         "Sequenza"),
        (["AS", "AC", "AD", "AH", "AD"], "KH", "declare four_aces AC AD AD AH", 100,
         "Quattro assi"),
        (["AS", "KC", "KD", "KH", "KS"], "9H", "declare four_kings KC KD KH KS", 80, "Quattro re"),
        (["AS", "QC", "QD", "QH", "QS"], "KH", "declare four_queens QC QD QH QS", 60,
         "Quattro donne"),
        (["AS", "JC", "JC", "JH", "JH"], "KH", "declare four_jacks JC JC JH JH", 40,
         "Quattro fanti"),
        (["AS", "QS", "JD"], "KH", "declare bezique JD QS", 40, "Bazzica"),
        (["AS", "KH", "QH"], "9H", "declare royal_marriage KH QH", 40, "Matrimonio di briscola"),
        (["AS", "KC", "QC"], "9H", "declare marriage KC QC", 20, "Matrimonio comune"),
        (["AS", "7H"], "KH", "declare exchange 7H", 10, "Scambio"),
    ],
)  # fmt: skip
def test_each_combination_scores_its_points_for_the_winner_of_the_trick(
    bob, upcard, action, points, label
):
    deal = bob_wins(bob, upcard)
    assert action in deal.legal_actions()
    deal.apply(action)
    bob_view = player(deal, BOB, viewer=ALICE)
    kind, *cards = action.split()[1:]
    assert bob_view["declarations"][0] | {"on_table": None} == {
        "kind": kind, "cards": cards, "points": points, "label": label, "on_table": None,
    }  # fmt: skip
    assert bob_view["declared_points"] == points
    # One declaration per trick: the draw follows at once and bob leads.
    assert deal.phase == "play" and deal.to_act == BOB and deal.view(None)["stock_count"] == 45


def test_declared_cards_stay_on_the_table_shown_to_both_and_remain_playable():
    deal = bob_wins(["AS", "QS", "JD", "KC", "8H", "9H", "10H", "JH"])
    deal.apply("declare bezique JD QS")
    alice_sees = player(deal, BOB, viewer=ALICE)
    assert alice_sees["table"] == [
        {"card": "JD", "used": ["bezique"]}, {"card": "QS", "used": ["bezique"]},
    ]  # fmt: skip
    assert alice_sees["hand"] is None and alice_sees["hand_count"] == 6
    assert "QS" not in hand(deal, BOB) and "play QS" in deal.legal_actions()
    deal.apply("play QS")
    after = player(deal, BOB)
    assert after["table"] == [{"card": "JD", "used": ["bezique"]}]
    assert after["declarations"][0]["on_table"] == ["JD"]
    assert after["declarations"][0]["cards"] == ["JD", "QS"]


def test_only_the_winner_of_the_trick_may_declare():
    deal = new_deal(non_dealer=["7C"], dealer=["AC", "QS", "JD"], upcard="KH")
    assert trick(deal, "7C", "AC") == ALICE
    assert_refused(deal, "declare bezique JD QS", "not_your_turn", seat=BOB)
    assert "declare bezique JD QS" in deal.legal_actions()


def test_a_declared_card_may_join_combinations_of_other_kinds():
    deal = bob_wins(["AS", "QS", "JD", "QH", "QC", "QD", "KS", "8C"])
    deal.apply("declare bezique JD QS")
    trick(deal, "8C", "7C")
    assert "declare four_queens QC QD QH QS" in deal.legal_actions()
    deal.apply("declare four_queens QC QD QH QS")
    trick(deal, "10S", "8D")
    assert deal.legal_actions() == ["declare marriage KS QS", "draw"]
    deal.apply("declare marriage KS QS")
    assert player(deal, BOB)["declared_points"] == 40 + 60 + 20
    assert {"card": "QS", "used": ["four_queens", "bezique", "marriage"]} in player(deal, BOB)[
        "table"
    ]


def test_a_card_never_joins_a_second_combination_of_the_same_kind():
    deal = bob_wins(["AS", "QS", "JD", "QS", "9H", "10H", "8C", "7H"])
    deal.apply("declare bezique JD QS")
    trick(deal, "8C", "7C")
    # The second QS is new, but the only JD has been in a bezique already.
    assert "declare bezique JD QS" not in deal.legal_actions()
    assert_refused(deal, "declare bezique JD QS", "already_used")


def test_an_ace_used_in_four_aces_never_joins_another_four_aces():
    # 002's own example: five aces after four have been declared make no new four aces.
    deal = bob_wins(["8C", "AC", "AD", "AH", "AS", "AD", "9H", "10H"], upcard="KH")
    deal.apply("declare four_aces AC AD AH AS")
    trick(deal, "10S", "8D")
    assert not [action for action in deal.legal_actions() if "four_aces" in action]
    assert_refused(deal, "declare four_aces AC AD AD AH", "already_used")


def test_a_second_combination_of_a_kind_with_new_cards_scores_again():
    deal = bob_wins(["AS", "KC", "QC", "KC", "QC", "9H", "10H", "8C"], upcard="KH")
    deal.apply("declare marriage KC QC")
    trick(deal, "8C", "7C")
    assert "declare marriage KC QC" in deal.legal_actions()
    deal.apply("declare marriage KC QC")
    assert player(deal, BOB)["declared_points"] == 40


SEQUENCE_HAND = ["AS", "AH", "10H", "KH", "QH", "JH", "8C", "9D"]


def test_with_reuse_by_kind_a_royal_marriage_may_be_taken_from_a_declared_sequence():
    deal = bob_wins(SEQUENCE_HAND, upcard="9H")
    deal.apply("declare sequence AH 10H KH QH JH")
    trick(deal, "8C", "7C")
    deal.apply("declare royal_marriage KH QH")
    assert player(deal, BOB)["declared_points"] == 290


def test_with_reuse_by_class_no_royal_marriage_comes_out_of_a_declared_sequence():
    deal = bob_wins(SEQUENCE_HAND, upcard="9H", options={"reuse": "class"})
    deal.apply("declare sequence AH 10H KH QH JH")
    trick(deal, "8C", "7C")
    assert deal.legal_actions() == ["draw"]
    assert_refused(deal, "declare royal_marriage KH QH", "already_used")


@pytest.mark.parametrize("reuse", ["kind", "class"])
def test_a_royal_marriage_may_grow_into_a_sequence(reuse):
    deal = bob_wins(SEQUENCE_HAND, upcard="9H", options={"reuse": reuse})
    deal.apply("declare royal_marriage KH QH")
    trick(deal, "8C", "7C")
    deal.apply("declare sequence AH 10H KH QH JH")
    assert player(deal, BOB)["declared_points"] == 290


BEZIQUES = ["AS", "QS", "JD", "QS", "JD", "8C", "9C", "10C"]


@pytest.mark.parametrize("reuse", ["kind", "class"])
def test_a_bezique_may_grow_into_a_double_bezique(reuse):
    deal = bob_wins(BEZIQUES, options={"reuse": reuse})
    deal.apply("declare bezique JD QS")
    trick(deal, "8C", "7C")
    deal.apply("declare double_bezique JD JD QS QS")
    assert player(deal, BOB)["declared_points"] == 540


def test_with_reuse_by_kind_two_beziques_make_a_double_and_a_double_makes_beziques():
    deal = bob_wins(BEZIQUES)
    deal.apply("declare bezique JD QS")
    trick(deal, "8C", "7C")
    deal.apply("declare bezique JD QS")
    trick(deal, "10S", "8D")
    deal.apply("declare double_bezique JD JD QS QS")
    assert player(deal, BOB)["declared_points"] == 580
    deal = bob_wins(BEZIQUES)
    deal.apply("declare double_bezique JD JD QS QS")
    trick(deal, "8C", "7C")
    assert "declare bezique JD QS" in deal.legal_actions()


def test_with_reuse_by_class_two_declared_beziques_never_make_a_double():
    deal = bob_wins(BEZIQUES, options={"reuse": "class"})
    deal.apply("declare bezique JD QS")
    trick(deal, "8C", "7C")
    deal.apply("declare bezique JD QS")
    trick(deal, "10S", "8D")
    assert deal.legal_actions() == ["draw"]
    assert_refused(deal, "declare double_bezique JD JD QS QS", "no_new_card")


def test_with_reuse_by_class_no_bezique_comes_out_of_a_declared_double():
    deal = bob_wins(BEZIQUES, options={"reuse": "class"})
    deal.apply("declare double_bezique JD JD QS QS")
    trick(deal, "8C", "7C")
    assert deal.legal_actions() == ["draw"]


def test_the_engine_declares_with_a_card_already_on_the_table_before_a_hidden_copy():
    deal = bob_wins(["AS", "QS", "JD", "QS", "QC", "QD", "QH", "8C"])
    deal.apply("declare bezique JD QS")
    trick(deal, "8C", "7C")
    deal.apply("declare four_queens QC QD QH QS")
    table = player(deal, BOB, viewer=ALICE)["table"]
    assert {"card": "QS", "used": ["four_queens", "bezique"]} in table
    assert [entry["card"] for entry in table].count("QS") == 1
    assert hand(deal, BOB).count("QS") == 1  # the second QS stays hidden


def test_playing_a_code_held_twice_plays_the_copy_on_the_table_first():
    deal = bob_wins(["AS", "QS", "JD", "QS", "9H", "10H", "8C", "7H"])
    deal.apply("declare bezique JD QS")
    deal.apply("play QS")
    assert [entry["card"] for entry in player(deal, BOB)["table"]] == ["JD"]
    assert hand(deal, BOB).count("QS") == 1


@pytest.mark.parametrize(
    ("action", "upcard"),
    [
        ("declare royal_marriage KC QC", "KH"),
        ("declare sequence AC 10C KC QC JC", "KH"),
        ("declare marriage KH QH", "9H"),
        ("declare exchange 7C", "KH"),
    ],
)
def test_combinations_of_trumps_need_trumps_and_common_marriages_another_suit(action, upcard):
    deal = bob_wins(["AS", "AC", "10C", "KC", "QC", "JC", "KH", "QH"], upcard=upcard)
    assert_refused(deal, action, "not_this_trump")


def test_declaring_cards_one_does_not_hold_is_refused():
    deal = bob_wins(["AS", "QS", "8C"])
    assert_refused(deal, "declare bezique JD QS", "card_not_available")


def test_the_winner_of_the_24th_trick_may_declare_before_the_last_draw():
    def declare(deal):
        if deal.tricks_played == 24:
            assert "declare marriage KC QC" in deal.legal_actions()
            return "declare marriage KC QC"
        return "draw"

    bob = ["KC", "QC", "AS", "9C", "KH", "10H", "JH", "7C"]
    alice = ["AD", "8D", "7S", "QH", "8H", "JD", "KS", "AD"]
    deal = last_tricks(bob, alice, upcard="QH", last="9C", declare=declare)
    bob_view = player(deal, BOB, viewer=ALICE)
    assert [d["kind"] for d in bob_view["declarations"]] == ["marriage"]
    # Declared cards go back to the hand for the last tricks, still known to alice.
    assert bob_view["table"] == [] and bob_view["known_cards"] == ["KC", "QC"]
    assert deal.legal_actions()[0].startswith("play")
    assert_refused(deal, "declare marriage KC QC", "wrong_phase")
