"""What each seat and a spectator see of a Scopa deal.

Source: ../shared/DESIGN.md ("Rules engine contract", "Live protocol"),
games/rules/scopa/view.py (the view's shape).
"""

from __future__ import annotations

import json

from tests.games.rules.helpers import PLAYER_HEADER, VIEW_HEADER
from tests.games.rules.scopa.test_scopa_deal import ALICE, BOB, GAME, new_deal

KEYS = [
    *VIEW_HEADER, "players", "board", "stock_count", "round", "last_play", "last_capturer",
    "void_deals", "result",
]  # fmt: skip
PLAYER_KEYS = [*PLAYER_HEADER, "captured_count", "scope", "scopa_cards"]


def opening():
    return new_deal(["7D", "JC", "QC"], ["AD", "2D", "3D"], ["3C", "4S", "5H", "2H"])


def test_the_view_has_every_documented_key_and_is_json_ready():
    deal = opening()
    for viewer in (ALICE, BOB, None):
        view = deal.view(viewer)
        assert list(view) == KEYS
        assert all(list(p) == PLAYER_KEYS for p in view["players"])
        assert json.loads(json.dumps(view)) == view
    view = deal.view(BOB)
    assert (view["game"], view["viewer"], view["seats"], view["dealer"]) == ("scopa", 1, 2, 0)
    assert (view["phase"], view["to_act"], view["round"], view["stock_count"]) == ("play", 1, 1, 30)
    assert view["last_play"] is None and view["last_capturer"] is None and view["result"] is None


def test_a_seat_sees_its_own_hand_by_value_and_only_the_size_of_the_other():
    deal = new_deal(["KC", "AS", "7D"], ["AD", "2D", "3D"], ["3C", "4S", "5H", "2H"])
    mine, theirs = deal.view(BOB)["players"][BOB], deal.view(BOB)["players"][ALICE]
    assert mine["hand"] == ["AS", "7D", "KC"] and mine["hand_count"] == 3
    assert theirs["hand"] is None and theirs["hand_count"] == 3 and theirs["known_cards"] == []
    assert all(p["hand"] is None for p in deal.view(None)["players"])


def test_the_view_follows_captures_scope_and_the_last_capturer():
    deal = opening()
    deal.apply("capture 7D 3C+4S")
    deal.apply("play AD")
    view = deal.view(None)
    assert view["board"] == ["5H", "2H", "AD"]
    assert view["last_play"] == {"seat": ALICE, "card": "AD", "taken": [], "scopa": False}
    assert view["last_capturer"] == BOB
    assert [p["captured_count"] for p in view["players"]] == [0, 3]
    assert [p["hand_count"] for p in view["players"]] == [2, 2]


def test_the_finished_deal_shows_its_result_and_no_one_to_act():
    deal = GAME.new_deal(seats=2, dealer=BOB, seed=12)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    view = deal.view(ALICE)
    assert view["phase"] == "over" and view["to_act"] is None
    assert view["result"] == deal.result() and view["board"] == []
    assert view["players"][ALICE]["hand"] == [] and view["legal_actions"] == []


def test_no_view_names_the_deck_the_stock_or_the_redeals():
    deal = opening()
    text = json.dumps([deal.view(v) for v in (ALICE, BOB, None)])
    assert "deck" not in text and "redeals" not in text and "seed" not in text
    stock = deal.deck[10:]
    assert not any(f'"{code}"' in text for code in stock)
