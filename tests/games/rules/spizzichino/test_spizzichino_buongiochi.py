"""Buongiochi: sets of 3s, 2s, aces and the Napoletana, declared by the engine.

Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt ("Play", "Variations"),
../shared/rules/sources/001_4bb5011f2c927f3d.txt (packet tops do not count),
../shared/rules/README.md ("Spizzichino": buongiochi).
"""

from __future__ import annotations

from tests.games.rules.spizzichino.test_spizzichino_helpers import ALICE, BOB, deal_to_play, player

PLAIN = ["4D", "5D", "6D", "7D", "JD"]  # a packet with no buongioco in it


def declared(deal, seat):
    return [(d["kind"], d["cards"], d["points"]) for d in player(deal, seat)["buongiochi"]]


def finish(deal):
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    return deal.result()


def test_four_threes_dealt_at_once_score_four_and_nothing_for_three_of_them():
    deal = deal_to_play({1: ["3C", "3D", "3H", "3S", "4C"], 2: PLAIN})
    assert declared(deal, BOB) == [("four", ["3C", "3D", "3H", "3S"], 4)]
    assert player(deal, BOB)["deal_points"] == 4


def test_three_aces_scored_then_the_fourth_taken_from_a_packet_scores_nothing_more():
    deal = deal_to_play({1: ["AC", "AD", "AH", "4C", "5C"], 2: PLAIN, 3: ["AS"]})
    assert declared(deal, BOB) == [("three", ["AC", "AD", "AH"], 3)]
    deal.apply("take AS")
    assert declared(deal, BOB) == [("three", ["AC", "AD", "AH"], 3)]
    assert player(deal, BOB)["deal_points"] == 3


def test_a_card_counts_in_a_napoletana_and_in_a_set_of_a_kind():
    deal = deal_to_play({1: ["3C", "3D", "3H", "2C", "AC"], 2: PLAIN})
    assert declared(deal, BOB) == [
        ("three", ["3C", "3D", "3H"], 3),
        ("napoletana", ["3C", "2C", "AC"], 3),
    ]
    assert player(deal, BOB)["deal_points"] == 6


def test_packet_tops_do_not_count_until_taken_into_the_hand():
    deal = deal_to_play({1: ["2C", "2D", "4C", "5C", "6C"], 2: PLAIN, 3: ["2H"], 4: ["2S"]})
    assert declared(deal, BOB) == []
    deal.apply("take 2H")
    assert declared(deal, BOB) == [("three", ["2C", "2D", "2H"], 3)]


def test_a_napoletana_completed_by_a_pizzico_is_declared_at_once():
    deal = deal_to_play({1: ["3H", "2H", "4C", "5C", "6C"], 2: PLAIN, 3: ["AH"]})
    assert declared(deal, BOB) == []
    deal.apply("take AH")
    assert declared(deal, BOB) == [("napoletana", ["3H", "2H", "AH"], 3)]


def test_initial_hand_only_counts_the_hand_formed_at_the_split_and_not_pizzichi():
    packets = {1: ["2C", "2D", "2H", "4C", "5C"], 2: PLAIN, 3: ["3H"], 4: ["AH"]}
    deal = deal_to_play(packets, options={"buongiochi": "initial_hand_only"})
    assert declared(deal, BOB) == [("three", ["2C", "2D", "2H"], 3)]
    deal.apply("take 3H")
    deal.apply("take AH")  # 3H 2H AH would be a Napoletana under "all"
    assert declared(deal, BOB) == [("three", ["2C", "2D", "2H"], 3)]
    everything = deal_to_play(packets)
    everything.apply("take 3H")
    everything.apply("take AH")
    assert [d[0] for d in declared(everything, BOB)] == ["three", "napoletana"]


def test_with_buongiochi_none_nothing_is_declared_and_only_cards_score():
    packets = {1: ["3C", "3D", "3H", "3S", "2C"], 2: PLAIN, 3: ["AC"]}
    deal = deal_to_play(packets, options={"buongiochi": "none"})
    deal.apply("take AC")
    assert declared(deal, BOB) == []
    result = finish(deal)
    assert result["buongiochi"] == [[], []]
    assert result["points"] == result["card_points"]


def test_a_set_already_scored_scores_no_more_when_formed_again():
    # Bob leads 3C (nobody beats a three), wins, and takes 3S: 3D 3H 3S are three
    # threes again, but the set of threes has scored this deal.
    deal = deal_to_play({1: ["3C", "3D", "3H", "4C", "5C"], 2: PLAIN, 3: ["3S"]})
    deal.apply("play 3C")
    deal.apply(next(a for a in deal.legal_actions() if a.startswith("play")))
    assert deal.to_act == BOB
    deal.apply("take 3S")
    assert declared(deal, BOB) == [("three", ["3C", "3D", "3H"], 3)]


def test_the_dealers_buongiochi_are_declared_at_the_dealers_split():
    deal = deal_to_play({5: ["AC", "AD", "AH", "AS", "4C"], 6: PLAIN})
    assert declared(deal, ALICE) == [("four", ["AC", "AD", "AH", "AS"], 4)]


def test_declared_cards_are_known_to_the_opponent_until_played():
    deal = deal_to_play({1: ["3C", "3D", "3H", "4C", "5C"], 2: PLAIN})
    assert player(deal, BOB, viewer=ALICE)["known_cards"] == ["3C", "3D", "3H"]
    assert player(deal, BOB, viewer=None)["known_cards"] == ["3C", "3D", "3H"]
    assert player(deal, BOB)["known_cards"] == []  # nothing to tell bob about his own hand
    deal.apply("play 3D")
    assert player(deal, BOB, viewer=ALICE)["known_cards"] == ["3C", "3H"]


def test_deal_points_are_card_points_plus_buongiochi():
    result = finish(deal_to_play({1: ["3C", "3D", "3H", "2C", "AC"], 2: PLAIN}))
    bonus = [sum(d["points"] for d in declarations) for declarations in result["buongiochi"]]
    assert bonus[BOB] == 6
    assert result["points"] == [c + b for c, b in zip(result["card_points"], bonus, strict=True)]
