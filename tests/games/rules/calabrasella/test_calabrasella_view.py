"""What each seat, and a spectator, sees of a Calabrasella hand: hands hidden, the card
given back seen only by the two players involved, the widow face down until turned,
the discards face down until the end.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Calabrasella"),
../shared/rules/README.md ("Calabrasella": the card passed back is seen only by the
two players involved), ../shared/DESIGN.md ("The server is authoritative").
"""

from __future__ import annotations

import json

from tests.games.rules.calabrasella.tables import DEALER, LEFT, RIGHT, apply_all, new_deal
from tests.games.rules.calabrasella.test_calabrasella_deal import called_deal
from tests.games.rules.helpers import PLAYER_HEADER, TRICK_KEYS, VIEW_HEADER, cards_in

VIEW_KEYS = [
    *VIEW_HEADER, "bids", "declarer", "defenders", "called", "called_from", "called_in_widow",
    "returned", "widow", "widow_count", "taken", "discards", "discard_count", "players",
    *TRICK_KEYS, "tricks_played", "result",
]  # fmt: skip
PLAYER_KEYS = [*PLAYER_HEADER, "tricks_won"]
VIEWERS = (DEALER, LEFT, RIGHT, None)


def test_a_view_has_the_agreed_shape_and_is_json():
    deal = new_deal()
    view = deal.view(LEFT)
    assert list(view) == VIEW_KEYS
    assert all(list(player) == PLAYER_KEYS for player in view["players"])
    assert (view["seats"], view["sides"], view["phase"], view["to_act"]) == (
        3, [[0], [1], [2]], "bid", LEFT,
    )  # fmt: skip
    assert view["legal_actions"] == ["pass", "play"]
    assert (view["widow"], view["widow_count"], view["declarer"]) == (None, 4, None)
    assert json.loads(json.dumps(view)) == view


def test_each_seat_sees_its_own_hand_by_suit_then_3_2_a_k_and_no_other():
    deal = called_deal()
    views = {viewer: deal.view(viewer) for viewer in VIEWERS}
    assert views[LEFT]["players"][LEFT]["hand"][:5] == ["3C", "2C", "AC", "KC", "QC"]
    for viewer, view in views.items():
        for seat, player in enumerate(view["players"]):
            assert (player["hand"] is not None) == (seat == viewer)
            assert player["hand_count"] == 12 and player["known_cards"] == []
        assert view["legal_actions"] == (deal.legal_actions() if viewer == LEFT else [])


def test_the_card_given_back_is_seen_only_by_the_declarer_and_the_giver():
    deal = apply_all(called_deal(), "play", "call 3D", "return 4C")
    views = {viewer: deal.view(viewer) for viewer in VIEWERS}
    for viewer, view in views.items():
        assert (view["called"], view["called_from"], view["called_in_widow"]) == (
            "3D", DEALER, False,
        )  # fmt: skip
        involved = viewer in (LEFT, DEALER)
        assert view["returned"] == ("4C" if involved else None)
        assert ("4C" in cards_in(view, {"4C"})) == involved
        # Everybody saw the 3D handed to the declarer.
        if viewer != LEFT:
            assert view["players"][LEFT]["known_cards"] == ["3D"]
    assert views[LEFT]["players"][DEALER]["known_cards"] == ["4C"]
    assert views[RIGHT]["players"][DEALER]["known_cards"] == []


def test_a_called_card_in_the_widow_is_shown_as_such_and_nobody_gives_anything():
    deal = new_deal({LEFT: ["3C", "3H", "3S", "2C", "AC", "KC", "QC", "JC", "7C", "6C", "5C",
                            "4C"]}, widow=["3D", "5S", "6S", "7S"])  # fmt: skip
    apply_all(deal, "play", "call 3D")
    view = deal.view(RIGHT)
    assert (view["called"], view["called_from"], view["called_in_widow"]) == ("3D", None, True)
    assert view["returned"] is None and view["widow"] is None


def test_the_widow_is_face_down_until_turned_and_the_discards_until_the_end():
    deal = apply_all(called_deal(), "play", "call 3D", "return 4C", "discard 5C", "discard 6C")
    for viewer in VIEWERS:
        view = deal.view(viewer)
        assert view["widow"] is None and view["discard_count"] == 2
        assert view["discards"] == (["6C", "5C"] if viewer == LEFT else None)
        assert not {"5S", "6S", "7S", "4S"} & set(cards_in(view, {"5S", "6S", "7S", "4S"}))
    apply_all(deal, "turn")
    for viewer in VIEWERS:
        assert deal.view(viewer)["widow"] == ["7S", "6S", "5S", "4S"]
    apply_all(deal, "take 7S", "take 4S")
    for viewer in VIEWERS:
        view = deal.view(viewer)
        assert view["widow"] == ["6S", "5S"] and view["taken"] == ["7S", "4S"]
        if viewer != LEFT:
            assert view["players"][LEFT]["known_cards"] == ["7S", "4S"]  # 3D: discarded?
            assert view["discards"] is None
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    for viewer in VIEWERS:
        assert deal.view(viewer)["discards"] == ["6C", "5C"]
        assert deal.view(viewer)["result"] == deal.result()


def test_the_trick_shows_who_played_what_and_the_last_trick_its_winner():
    deal = apply_all(called_deal(), "play", "call 3D", "return 4C", "discard 5C", "turn")
    apply_all(deal, "take 4S", "play KH", "play 2H")
    view = deal.view(None)
    assert view["leader"] == RIGHT and view["last_trick"] is None
    assert view["trick"] == [{"seat": RIGHT, "card": "KH"}, {"seat": DEALER, "card": "2H"}]
    apply_all(deal, "play 3H")
    view = deal.view(DEALER)
    assert view["trick"] == [] and view["tricks_played"] == 1
    assert view["last_trick"] == {
        "cards": [
            {"seat": RIGHT, "card": "KH"},
            {"seat": DEALER, "card": "2H"},
            {"seat": LEFT, "card": "3H"},
        ],
        "winner": LEFT,
    }
    assert [player["tricks_won"] for player in view["players"]] == [0, 1, 0]


def test_a_discarded_called_card_cannot_be_told_from_another_discard():
    # Discarding the 3D he was given or another card: the defenders see the same.
    base = ("play", "call 3D", "return 4C")
    for after in (("turn",), ("turn", "take 4S")):
        first = apply_all(called_deal(), *base, "discard 3D", *after)
        second = apply_all(called_deal(), *base, "discard 5C", *after)
        for viewer in (DEALER, RIGHT, None):
            assert first.view(viewer) == second.view(viewer)
            assert first.view(viewer)["players"][LEFT]["known_cards"] == (
                ["4S"] if "take 4S" in after else []
            )
        assert first.view(LEFT) != second.view(LEFT)
