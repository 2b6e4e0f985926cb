"""The taròcchi as one choice (issue #32): offered as a single entry, every trump held, while
``apply`` accepts exactly the choices of trumps that were offered one by one before.

``old_offers`` is the enumeration the engine offered before: every choice of at least ten
trumps held (more than shown before), spelled by number. The engine must accept each of
them, score it as before, and refuse every other set with a clear reason.
Source: ../shared/rules/sources/003_7513308a0e62a486.txt ("Melds"),
../shared/rules/README.md ("Pinch Tarot").
"""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from games.rules import IllegalAction
from games.rules.pinch_tarot.melds import MIN_TAROCCHI
from tests.games.rules.pinch_tarot.test_pinch_tarot_deal import BOB, TRUMPS, known, new_deal

FIFTEEN = TRUMPS[:15]  # bob, the elder hand who leads, holds 1T to 15T


def taroc(trumps):
    return "meld tarocchi " + " ".join(trumps)


def old_offers(trumps, best=0):
    """Every taròcchi the engine listed before: each choice of max(10, best + 1) or more of
    ``trumps`` (in number order)."""
    return [
        taroc(shown)
        for size in range(max(MIN_TAROCCHI, best + 1), len(trumps) + 1)
        for shown in combinations(trumps, size)
    ]


def offered_tarocchi(deal):
    return [a for a in deal.legal_actions() if a.startswith("meld tarocchi")]


def test_fifteen_trumps_are_offered_one_choice_not_thousands():
    deal = new_deal(bob=FIFTEEN)
    assert len(old_offers(FIFTEEN)) == 4944
    assert offered_tarocchi(deal) == [taroc(FIFTEEN)]
    view = deal.view(BOB)
    assert [a for a in view["legal_actions"] if a.startswith("meld tarocchi")] == [taroc(FIFTEEN)]
    assert len(json.dumps(view, separators=(",", ":"))) < 2048


def test_every_set_of_the_old_offers_is_accepted_and_scores_as_before():
    accepted = []
    deal = new_deal(bob=FIFTEEN)
    for size in range(MIN_TAROCCHI - 1, len(FIFTEEN) + 1):  # the nines: each refused
        for shown in combinations(FIFTEEN, size):
            action = taroc(shown)
            try:
                deal.apply(action)
            except IllegalAction:
                continue
            accepted.append(action)
            player = deal.view(None)["players"][BOB]
            assert player["melds"] == [
                {
                    "kind": "tarocchi",
                    "cards": list(shown),
                    "points": size,
                    "label": f"taròcchi, {size} trumps",
                }
            ]
            assert player["meld_points"] == size
            assert known(deal, BOB, None) == list(shown)
            assert deal.to_act == BOB  # a meld does not use the turn
            deal = new_deal(bob=FIFTEEN)
    assert accepted == old_offers(FIFTEEN)


def test_a_second_taroc_accepts_any_larger_choice_and_scores_the_extra_trumps():
    deal = new_deal(bob=FIFTEEN)
    deal.apply(taroc(FIFTEEN[5:]))  # 6T..15T, ten trumps
    assert offered_tarocchi(deal) == [taroc(FIFTEEN)]
    later = old_offers(FIFTEEN, best=10)
    sample = [later[0], later[len(later) // 2], later[-1], taroc(FIFTEEN[:11])]
    for action in sample:
        trial = new_deal(bob=FIFTEEN)
        trial.apply(taroc(FIFTEEN[5:]))
        trial.apply(action)
        shown = len(action.split()) - 2
        assert trial.view(None)["players"][BOB]["meld_points"] == shown
        assert [m["points"] for m in trial.view(None)["players"][BOB]["melds"]] == [10, shown - 10]
    with pytest.raises(IllegalAction) as refused:
        deal.apply(taroc(FIFTEEN[:10]))
    assert refused.value.key == "tarocchi_not_more"
    assert "show more than 10" in str(refused.value)


@pytest.mark.parametrize(
    ("action", "key", "says"),
    [
        (taroc(FIFTEEN[:9]), "meld_too_few_trumps", "at least 10 trumps, 9 chosen"),
        (taroc([*FIFTEEN[:10], "16T"]), "meld_cards_not_held", "you do not hold 16T"),
        (taroc([*FIFTEEN[1:11], "1T"]), "malformed", "from the lowest"),
        (taroc([*FIFTEEN[:10], "10T"]), "malformed", "each trump once"),
        (taroc([*FIFTEEN[:10], "FOOL"]), "malformed", "not a meld"),
        (taroc([*FIFTEEN[:10], "KC"]), "malformed", "not a meld"),
        ("meld tarocchi", "malformed", "not a meld"),
    ],
)
def test_a_bad_choice_of_trumps_is_refused_with_its_reason_and_changes_nothing(action, key, says):
    deal = new_deal(bob=FIFTEEN)
    before = json.dumps(deal.view(None))
    with pytest.raises(IllegalAction) as refused:
        deal.apply(action)
    assert refused.value.key == key
    assert says in str(refused.value)
    assert json.dumps(deal.view(None)) == before
    assert deal.actions == []


def test_a_replay_of_a_chosen_taroc_gives_the_same_result():
    deal = new_deal(bob=FIFTEEN)
    deal.apply(taroc(FIFTEEN[2:14]))
    while not deal.is_over:
        deal.apply(next(a for a in deal.legal_actions() if a.startswith("play ")))
    record = deal.record()
    assert record["actions"][0] == {"seat": BOB, "action": taroc(FIFTEEN[2:14])}
    assert deal.game.replay(record).result() == deal.result()
    assert deal.result()["meld_points"][BOB] == 12
