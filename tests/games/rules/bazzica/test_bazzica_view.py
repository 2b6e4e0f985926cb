"""What each seat and a spectator see of a Bazzica deal.

Source: ../shared/DESIGN.md ("Live protocol": never a card a seat could not
see), ../shared/rules/README.md ("Bazzica").
"""

from __future__ import annotations

import json

from tests.games.rules.bazzica.test_bazzica_helpers import (
    ALICE,
    BOB,
    GAME,
    new_deal,
    play_out,
    trick,
)
from tests.games.rules.helpers import PLAYER_HEADER, TRICK_KEYS, VIEW_HEADER

VIEW_KEYS = [
    *VIEW_HEADER, "trump", "upcard", "stock_count", "players", *TRICK_KEYS, "tricks_played",
    "result",
]  # fmt: skip
PLAYER_KEYS = [
    *PLAYER_HEADER, "table", "declarations", "bonuses", "declared_points", "brisques",
    "points_so_far", "tricks_won", "captured_count",
]  # fmt: skip


def test_a_view_has_the_documented_keys_and_is_json_ready():
    deal = new_deal(upcard="KH")
    for viewer in (ALICE, BOB, None):
        view = deal.view(viewer)
        assert list(view) == VIEW_KEYS and view["game"] == "bazzica" and view["viewer"] == viewer
        assert all(list(p) == PLAYER_KEYS for p in view["players"])
        assert json.loads(json.dumps(view)) == view
        assert "deck" not in json.dumps(view) and "seed" not in json.dumps(view)


def test_each_seat_sees_its_own_hand_only_and_the_spectator_none():
    deal = new_deal(non_dealer=["AS", "AS", "QS", "JD"], upcard="KH")
    bob_view, alice_view, spectator = deal.view(BOB), deal.view(ALICE), deal.view(None)
    assert {"AS", "QS", "JD"} <= set(bob_view["players"][BOB]["hand"])
    assert bob_view["players"][ALICE]["hand"] is None
    assert alice_view["players"][BOB]["hand"] is None
    assert [p["hand"] for p in spectator["players"]] == [None, None]
    assert [p["hand_count"] for p in spectator["players"]] == [8, 8]
    assert bob_view["players"][BOB]["hand"].count("AS") == 2


def test_the_trick_the_last_trick_and_the_upcard_are_public():
    deal = new_deal(non_dealer=["AS"], dealer=["7S"], upcard="KH")
    deal.apply("play AS")
    assert deal.view(None)["trick"] == [{"seat": BOB, "card": "AS"}]
    deal.apply("play 7S")
    view = deal.view(ALICE)
    assert view["trick"] == [] and view["phase"] == "declare"
    assert view["last_trick"] == {
        "cards": [{"seat": BOB, "card": "AS"}, {"seat": ALICE, "card": "7S"}], "winner": BOB,
    }  # fmt: skip
    assert (view["upcard"], view["trump"]) == ("KH", "H")
    assert view["players"][BOB]["brisques"] == 10 and view["players"][BOB]["tricks_won"] == 1


def test_a_finished_deal_shows_its_result_and_no_legal_actions():
    deal = play_out(GAME.new_deal(seats=2, dealer=ALICE, seed=11))
    view = deal.view(ALICE)
    assert view["phase"] == "over" and view["to_act"] is None and view["legal_actions"] == []
    assert view["result"] == deal.result()
    assert [p["points_so_far"] for p in view["players"]] == deal.result()["points"]


def test_the_opponent_knows_the_old_upcard_after_a_scambio_until_it_is_played():
    deal = new_deal(non_dealer=["AS", "7H", "8C"], dealer=["7C", "7C"], upcard="KH")
    trick(deal, "AS", "7C")
    deal.apply("declare exchange 7H")
    assert deal.view(ALICE)["players"][BOB]["known_cards"] == ["KH"]
    assert deal.view(None)["players"][BOB]["known_cards"] == ["KH"]
    assert deal.view(BOB)["players"][BOB]["known_cards"] == []
    trick(deal, "KH", "7C")
    assert deal.view(ALICE)["players"][BOB]["known_cards"] == []
