"""What each seat, and a spectator, sees of a Briscola deal.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola": the
upcard, won tricks face down), ../shared/DESIGN.md ("The server is authoritative").
"""

from __future__ import annotations

import json

from tests.games.rules.briscola.test_briscola_deal import (
    ALICE,
    BOB,
    GAME,
    new_deal,
    play_first_legal,
    play_trick,
)
from tests.games.rules.helpers import PLAYER_HEADER, TRICK_KEYS, VIEW_HEADER

VIEW_KEYS = [
    *VIEW_HEADER, "trump", "upcard", "stock_count", "players", *TRICK_KEYS, "tricks_played",
    "result",
]  # fmt: skip
PLAYER_KEYS = [*PLAYER_HEADER, "captured_count", "tricks_won", "points_so_far"]


def test_a_view_has_the_agreed_shape_and_is_json():
    deal = new_deal(upcard="JD")
    view = deal.view(BOB)
    assert list(view) == VIEW_KEYS
    assert all(list(p) == PLAYER_KEYS for p in view["players"])
    assert (view["game"], view["viewer"], view["seats"], view["dealer"], view["phase"]) == (
        "briscola", BOB, 2, ALICE, "play",
    )  # fmt: skip
    assert (view["to_act"], view["leader"], view["tricks_played"]) == (BOB, BOB, 0)
    assert (view["trump"], view["upcard"], view["stock_count"]) == ("D", "JD", 33)
    assert view["trick"] == [] and view["last_trick"] is None and view["result"] is None
    assert json.loads(json.dumps(view)) == view


def test_a_player_sees_its_own_hand_sorted_by_suit_then_rank_and_not_the_opponents():
    deal = new_deal(bob=["2S", "KC", "AS"], alice=["QH", "7C", "JD"])
    view = deal.view(BOB)
    assert view["players"][BOB]["hand"] == ["KC", "AS", "2S"]
    assert view["players"][ALICE]["hand"] is None
    assert view["players"][ALICE]["hand_count"] == 3
    assert view["players"][ALICE]["known_cards"] == []
    assert deal.view(ALICE)["players"][ALICE]["hand"] == ["7C", "JD", "QH"]


def test_legal_actions_are_shown_only_to_the_seat_to_act():
    deal = new_deal(bob=["2S", "KC", "AS"])
    assert deal.view(BOB)["legal_actions"] == ["play 2S", "play AS", "play KC"]
    assert deal.view(ALICE)["legal_actions"] == []
    deal.apply("play 2S")
    assert deal.view(ALICE)["legal_actions"] == deal.legal_actions()
    assert deal.view(ALICE)["trick"] == [{"seat": BOB, "card": "2S"}]


def test_the_upcard_stays_known_in_the_hand_of_the_player_who_took_it_until_played():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=3)
    upcard = deal.view(None)["upcard"]
    play_first_legal(deal, tricks=17)
    taker = 1 - deal.view(None)["last_trick"]["winner"]
    assert deal.view(None)["upcard"] is None
    for viewer in (1 - taker, None):
        assert deal.view(viewer)["players"][taker]["known_cards"] == [upcard]
    assert deal.view(taker)["players"][taker]["known_cards"] == []
    assert upcard in deal.view(taker)["players"][taker]["hand"]
    while upcard in (deal.view(taker)["players"][taker]["hand"] or []):
        deal.apply(deal.legal_actions()[0])
    assert deal.view(None)["players"][taker]["known_cards"] == []


def test_running_card_points_are_hidden_during_the_hand_and_shown_at_the_end():
    deal = new_deal(bob=["AC"], alice=["3C"])
    play_trick(deal, "AC", "3C")
    assert [p["points_so_far"] for p in deal.view(BOB)["players"]] == [None, None]
    play_first_legal(deal)
    view = deal.view(None)
    assert [p["points_so_far"] for p in view["players"]] == view["result"]["card_points"]
    assert view["phase"] == "over" and view["to_act"] is None and view["leader"] is None


def test_the_show_points_option_shows_running_card_points_to_everybody():
    deal = new_deal(options={"show_points": True}, bob=["AC"], alice=["3C"])
    play_trick(deal, "AC", "3C")
    for viewer in (ALICE, BOB, None):
        assert [p["points_so_far"] for p in deal.view(viewer)["players"]] == [0, 21]
