"""What each seat and a spectator see of a Pinch Tarot hand.

Source: ../shared/DESIGN.md ("Live protocol": never a card a seat could not
see), ../shared/rules/README.md ("Pinch Tarot": drawn and melded cards known).
"""

from __future__ import annotations

import json

from tests.games.rules.helpers import PLAYER_HEADER, TRICK_KEYS, VIEW_HEADER
from tests.games.rules.pinch_tarot.test_pinch_tarot_deal import (
    ALICE,
    BOB,
    GAME,
    make_deck,
    new_deal,
    play_out,
    play_trick,
)

KEYS = [
    *VIEW_HEADER, "players", *TRICK_KEYS, "last_draws", "stock_count", "tricks_played", "fool",
    "result",
]  # fmt: skip
PLAYER_KEYS = [
    *PLAYER_HEADER, "captured_count", "tricks_won", "melds", "meld_points", "points_so_far",
]  # fmt: skip


def test_the_view_has_the_documented_keys_for_players_and_spectators():
    deal = new_deal()
    for viewer in (ALICE, BOB, None):
        view = deal.view(viewer)
        assert list(view) == KEYS
        assert all(list(p) == PLAYER_KEYS for p in view["players"])
        assert (view["game"], view["viewer"], view["seats"]) == ("pinch-tarot", viewer, 2)
        assert (view["dealer"], view["phase"], view["to_act"]) == (ALICE, "play", BOB)
        assert view["result"] is None and view["fool"] is None and view["last_trick"] is None
        json.dumps(view)


def test_a_player_sees_its_own_hand_sorted_and_only_the_count_of_the_other():
    bob = ["FOOL", "21T", "KD", "3T", "CC", "AC", "10C", "2H", "QS", "JH", "5D", "7S", "9T", "KH"]
    deal = new_deal(bob=[*bob, "4C"])
    view = deal.view(BOB)
    assert view["players"][BOB]["hand"] == [
        "AC", "4C", "10C", "CC", "5D", "KD", "2H", "JH", "KH", "7S", "QS", "3T", "9T", "21T",
        "FOOL",
    ]  # fmt: skip
    assert view["players"][ALICE]["hand"] is None
    assert view["players"][ALICE]["hand_count"] == 15
    spectator = deal.view(None)
    assert [p["hand"] for p in spectator["players"]] == [None, None]


def test_the_trick_in_progress_and_the_last_trick_are_shown_to_everybody():
    deal = new_deal(bob=["5H", "2S"], alice=["KH", "3S"], talon=["8C", "9C"])
    deal.apply("play 5H")
    assert deal.view(None)["trick"] == [{"seat": BOB, "card": "5H"}]
    deal.apply("play KH")
    view = deal.view(BOB)
    assert view["trick"] == [] and view["leader"] == ALICE and view["tricks_played"] == 1
    assert view["players"][ALICE]["tricks_won"] == 1
    assert view["players"][ALICE]["captured_count"] == 2


def test_points_so_far_are_the_meld_points_until_the_end_then_the_hand_points():
    deal = new_deal(bob=["FOOL", "1T", "20T"])
    deal.apply("meld gatti 1T 20T FOOL")
    assert deal.view(ALICE)["players"][BOB]["points_so_far"] == 10
    play_out(deal)
    view = deal.view(None)
    assert view["result"] == deal.result()
    assert [p["points_so_far"] for p in view["players"]] == deal.result()["points"]
    assert view["to_act"] is None and view["leader"] is None and view["phase"] == "over"


def test_the_fool_is_shown_pending_then_exchanged():
    deal = new_deal(bob=["5H", "6H"], alice=["FOOL", "KH"])
    play_trick(deal, "5H", "FOOL")
    assert deal.view(ALICE)["fool"] == {"owner": ALICE, "status": "pending", "card": None}
    play_trick(deal, "6H", "KH")
    assert deal.view(BOB)["fool"] == {"owner": ALICE, "status": "exchanged", "card": "6H"}


def test_no_view_holds_the_talon_the_deck_or_a_seed():
    deal = GAME.new_deal(seats=2, dealer=ALICE, deck=make_deck(talon=["QH", "KH", "JH"]))
    deal.apply(deal.legal_actions()[0])
    for viewer in (ALICE, BOB, None):
        text = json.dumps(deal.view(viewer))
        assert "QH" not in text and "deck" not in text and "seed" not in text
