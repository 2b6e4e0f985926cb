"""Pinch Tarot's melds: announced before playing to a trick, shown, scored once.

Source: ../shared/rules/sources/003_7513308a0e62a486.txt ("Melds"),
../shared/rules/README.md ("Pinch Tarot": melds are optional actions; their
cards become known; each scores once per hand except the increments).
"""

from __future__ import annotations

import pytest

from games.rules import IllegalAction
from tests.games.rules.pinch_tarot.test_pinch_tarot_deal import ALICE, BOB, TRUMPS, known, new_deal

# Bob (the elder hand, who leads) is dealt the cards given and then clubs from
# the ace; alice hers and then the next cards of a fresh pack.


def melds(deal):
    return [a for a in deal.legal_actions() if a.startswith("meld ")]


def refusal(deal, action):
    with pytest.raises(IllegalAction) as refused:
        deal.apply(action)
    return refused.value.key


def player(deal, seat):
    return deal.view(None)["players"][seat]


def taroc(trumps):
    return "meld tarocchi " + " ".join(trumps)


def test_ten_or_more_trumps_are_offered_as_one_taroc_showing_them_all():
    deal = new_deal(alice=TRUMPS[1:12])  # 2T to 12T, eleven trumps
    deal.apply("play AC")
    assert melds(deal) == [taroc(TRUMPS[1:12])]  # one entry, not each ten and all eleven


def test_taroc_scores_a_point_a_trump_and_again_only_the_extra_trumps():
    deal = new_deal(alice=TRUMPS[1:12])
    deal.apply("play AC")
    deal.apply(taroc(TRUMPS[2:12]))  # ten trumps, keeping the 2 secret
    assert deal.to_act == ALICE  # a meld does not use the turn
    assert player(deal, ALICE)["melds"] == [
        {"kind": "tarocchi", "cards": TRUMPS[2:12], "points": 10, "label": "taròcchi, 10 trumps"}
    ]
    assert melds(deal) == [taroc(TRUMPS[1:12])]
    deal.apply(taroc(TRUMPS[1:12]))
    assert [m["points"] for m in player(deal, ALICE)["melds"]] == [10, 1]
    assert player(deal, ALICE)["meld_points"] == 11
    assert melds(deal) == []
    deal.apply("play 2T")  # and then she plays to the trick, trumping it
    assert deal.view(None)["last_trick"]["winner"] == ALICE


def test_nine_trumps_are_no_taroc_and_the_fool_is_not_a_trump():
    deal = new_deal(bob=[*TRUMPS[:9], "FOOL"])
    assert melds(deal) == []
    assert refusal(deal, taroc(TRUMPS[:9])) == "meld_too_few_trumps"
    assert refusal(deal, taroc([*TRUMPS[:9], "FOOL"])) == "malformed"


def test_a_taroc_with_no_more_trumps_than_before_is_refused():
    deal = new_deal(bob=TRUMPS[:11])
    deal.apply(taroc(TRUMPS[:11]))
    assert refusal(deal, taroc(TRUMPS[:10])) == "tarocchi_not_more"
    assert refusal(deal, taroc(TRUMPS[:11])) == "tarocchi_not_more"


def test_trumps_are_spelled_by_number_without_repeats():
    deal = new_deal(bob=TRUMPS[:11])
    assert refusal(deal, taroc([*TRUMPS[1:10], "1T"])) == "malformed"
    assert refusal(deal, taroc([*TRUMPS[:10], "10T"])) == "malformed"


def test_gatti_is_the_fool_with_trumps_1_and_20_for_ten_once():
    deal = new_deal(bob=["FOOL", "1T", "20T"])
    assert melds(deal) == ["meld gatti 1T 20T FOOL"]
    deal.apply("meld gatti 1T 20T FOOL")
    assert player(deal, BOB)["melds"] == [
        {"kind": "gatti", "cards": ["1T", "20T", "FOOL"], "points": 10, "label": "gatti"}
    ]
    assert melds(deal) == []
    assert refusal(deal, "meld gatti 1T 20T FOOL") == "meld_already_scored"


def test_melded_cards_are_known_to_the_opponent_until_played():
    deal = new_deal(bob=["FOOL", "1T", "20T"], alice=["2H"])
    assert known(deal, BOB, ALICE) == []
    deal.apply("meld gatti 1T 20T FOOL")
    assert known(deal, BOB, ALICE) == ["1T", "20T", "FOOL"]
    assert known(deal, BOB, None) == ["1T", "20T", "FOOL"]
    deal.apply("play 1T")
    assert known(deal, BOB, ALICE) == ["20T", "FOOL"]


def test_each_family_of_four_courts_scores_ten():
    deal = new_deal(bob=["JH", "CH", "QH", "KH", "JS", "CS", "QS", "KS"])
    assert melds(deal) == ["meld family JH CH QH KH", "meld family JS CS QS KS"]
    deal.apply("meld family JS CS QS KS")
    deal.apply("meld family JH CH QH KH")
    labels = [(m["label"], m["points"]) for m in player(deal, BOB)["melds"]]
    assert labels == [("family of spades", 10), ("family of hearts", 10)]


def test_three_of_a_kind_scores_five_and_the_fourth_card_five_more():
    deal = new_deal(bob=["21T", "KD", "KH", "KS"], alice=["2T"], talon=["KC", "2S"])
    assert melds(deal) == ["meld three KD KH KS"]
    deal.apply("meld three KD KH KS")
    deal.apply("play 21T")
    deal.apply("play 2T")  # bob wins and draws the king of clubs
    assert melds(deal) == ["meld four KC KD KH KS"]
    deal.apply("meld four KC KD KH KS")
    assert [(m["label"], m["points"]) for m in player(deal, BOB)["melds"]] == [
        ("three kings", 5),
        ("four kings", 5),
    ]
    assert refusal(deal, "meld three KC KD KH") == "meld_already_scored"


def test_holding_four_a_player_may_show_the_four_or_any_three_of_them():
    deal = new_deal(bob=["QC", "QD", "QH", "QS"])
    assert melds(deal) == [
        "meld four QC QD QH QS",
        "meld three QC QD QH",
        "meld three QC QD QS",
        "meld three QC QH QS",
        "meld three QD QH QS",
    ]
    deal.apply("meld four QC QD QH QS")
    assert player(deal, BOB)["melds"][0]["points"] == 10
    assert melds(deal) == []
    assert refusal(deal, "meld three QC QD QH") == "meld_already_scored"


def test_only_jacks_cavaliers_queens_and_kings_make_sets():
    deal = new_deal(bob=["10C", "10D", "10H", "AS", "AH", "AD", "JC", "JD", "JH"])
    assert melds(deal) == ["meld three JC JD JH"]
    assert refusal(deal, "meld three 10C 10D 10H") == "malformed"


def test_a_meld_of_cards_not_held_is_refused():
    deal = new_deal(bob=["JD", "CD", "QD"])
    assert refusal(deal, "meld family JD CD QD KD") == "meld_cards_not_held"
    assert refusal(deal, "meld family JD CD QD") == "malformed"
    assert refusal(deal, "meld three KD KC KH") == "malformed"  # cards in suit order
