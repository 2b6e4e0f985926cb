"""What each seat and a spectator see of a Tressette deal (view.py).

Source: ../shared/rules/README.md ("Tressette": good play, announcements, signals shown
to all), ../shared/DESIGN.md ("Live protocol": a seat sees only what it may know).
"""

from __future__ import annotations

import json

from tests.games.rules.helpers import cards_in
from tests.games.rules.tressette.tables import GAME, SUIT_HANDS, apply_all, hand, new_deal

VIEWERS = (0, 1, 2, 3, None)


def test_each_seat_sees_its_own_hand_only_and_a_spectator_none():
    deal = GAME.new_deal(seats=4, dealer=2, seed=11)
    for viewer in VIEWERS:
        view = deal.view(viewer)
        assert view["sides"] == [[0, 2], [1, 3]] and view["seats"] == 4
        for player in view["players"]:
            if player["seat"] == viewer:
                assert sorted(player["hand"]) == hand(deal, viewer)
            else:
                assert player["hand"] is None and player["known_cards"] == []
            assert player["hand_count"] == 10
        seen = set(cards_in(view, GAME.pack.index))
        mine = set(hand(deal, viewer)) if viewer is not None else set()
        assert seen <= mine  # nothing played yet: only the viewer's own cards
        assert "deck" not in json.dumps(view) and "seed" not in json.dumps(view)


def test_a_partners_hand_is_hidden_too():
    deal = GAME.new_deal(seats=4, dealer=0, seed=4)
    view = deal.view(0)
    assert view["players"][2]["hand"] is None
    assert not set(cards_in(view, GAME.pack.index)) & set(hand(deal, 2))


def test_good_play_is_public_and_the_accusi_private_until_announced():
    deal = new_deal({0: ["4C"], 1: ["3C", "3D", "3H", "AS", "2S"], 2: ["5C"], 3: ["6C"]})
    for viewer in VIEWERS:
        player = deal.view(viewer)["players"][1]
        assert player["good_play"] is True and player["announced"] is False
        if viewer == 1:
            assert player["accusi"] == deal.held[1]
        else:
            assert player["accusi"] is None
    assert deal.view(None)["players"][0]["good_play"] is False
    apply_all(deal, "play 4C", "play 3C", "play 5C", "play 6C")
    for viewer in (0, 2, 3, None):
        view = deal.view(viewer)
        player = view["players"][1]
        assert player["announced"] is True
        assert player["accusi"] == [{"kind": "three", "rank": "3", "points": 3}]
        assert view["side_accusi"] == [0, 3]
    assert deal.view(1)["players"][1]["accusi"] == deal.held[1]


def test_an_announced_napoli_does_not_name_its_suit_to_others():
    deal = new_deal({0: ["4C"], 1: ["3C", "2C", "AC"], 2: ["5C"], 3: ["6C"]})
    apply_all(deal, "play 4C", "play 3C", "play 5C", "play 6C")
    assert deal.view(0)["players"][1]["accusi"] == [{"kind": "napoli", "points": 3}]
    assert deal.view(1)["players"][1]["accusi"] == [{"kind": "napoli", "suit": "C", "points": 3}]


def test_four_of_a_kind_announced_makes_those_cards_known_in_that_hand():
    deal = new_deal({0: ["4C"], 1: ["3C", "2C", "2D", "2H", "2S"], 2: ["5C"], 3: ["6C"]})
    apply_all(deal, "play 4C", "play 3C", "play 5C", "play 6C")
    for viewer in (0, 2, 3, None):
        assert deal.view(viewer)["players"][1]["known_cards"] == ["2C", "2D", "2H", "2S"]
    deal.apply("play 2C")
    assert deal.view(0)["players"][1]["known_cards"] == ["2D", "2H", "2S"]


def test_signals_are_shown_to_every_seat_and_spectators():
    deal = new_deal(SUIT_HANDS)
    apply_all(deal, "busso", "volo 0", "play 4C", "striscio 0")
    expected = [
        {"trick": 0, "seat": 0, "signal": "busso", "count": None},
        {"trick": 0, "seat": 0, "signal": "volo", "count": 0},
        {"trick": 0, "seat": 1, "signal": "striscio", "count": 0},
    ]
    for viewer in VIEWERS:
        assert deal.view(viewer)["signals"] == expected


def test_legal_actions_only_in_the_view_of_the_seat_to_act():
    deal = new_deal(SUIT_HANDS)
    assert deal.view(0)["legal_actions"] == deal.legal_actions()
    assert all(deal.view(v)["legal_actions"] == [] for v in (1, 2, 3, None))


def test_the_trick_in_progress_and_the_last_trick_name_their_seats():
    deal = new_deal(SUIT_HANDS)
    apply_all(deal, "play 4C", "play 4D", "play 4H", "play 4S", "play 5C")
    view = deal.view(None)
    assert view["trick"] == [{"seat": 0, "card": "5C"}]
    assert view["last_trick"] == {
        "cards": [{"seat": s, "card": f"4{suit}"} for s, suit in enumerate("CDHS")],
        "winner": 0,
    }
    assert view["players"][0]["tricks_won"] == 1 and view["tricks_played"] == 1
