"""What each seat, and a spectator, sees of a Spizzichino deal.

Source: ../shared/rules/README.md ("Spizzichino": packets show only their top;
peek_bottom), ../shared/DESIGN.md ("The server is authoritative").
"""

from __future__ import annotations

import json

from tests.games.rules.helpers import PLAYER_HEADER, TRICK_KEYS, VIEW_HEADER
from tests.games.rules.spizzichino.test_spizzichino_helpers import (
    ALICE,
    BOB,
    GAME,
    deal_to_play,
    player,
)

VIEW_KEYS = [*VIEW_HEADER, "packets", "players", *TRICK_KEYS, "tricks_played", "result"]
PLAIN = ["4D", "5D", "6D", "7D", "JD"]  # a packet with no buongioco in it
PLAYER_KEYS = [
    *PLAYER_HEADER, "packets", "tricks_won", "card_thirds", "buongiochi", "deal_points",
]  # fmt: skip


def test_a_view_has_the_agreed_shape_and_is_json():
    deal = deal_to_play({})
    view = deal.view(BOB)
    assert list(view) == VIEW_KEYS
    assert all(list(p) == PLAYER_KEYS for p in view["players"])
    assert (view["game"], view["viewer"], view["seats"], view["dealer"]) == (
        "spizzichino", BOB, 2, ALICE,
    )  # fmt: skip
    assert (view["phase"], view["to_act"], view["leader"], view["tricks_played"]) == (
        "play", BOB, BOB, 0,
    )  # fmt: skip
    assert view["trick"] == [] and view["last_trick"] is None and view["result"] is None
    assert json.loads(json.dumps(view)) == view


def test_a_player_sees_its_own_hand_sorted_by_suit_then_rank_and_not_the_opponents():
    deal = deal_to_play({1: ["4C", "KS", "3C", "AD", "2S"], 2: ["QH", "7C", "JD", "5H", "3H"]})
    mine = player(deal, BOB)
    assert mine["hand"] == ["3C", "7C", "4C", "AD", "JD", "3H", "QH", "5H", "2S", "KS"]
    assert mine["hand_count"] == 10
    theirs = deal.view(BOB)["players"][ALICE]
    assert theirs["hand"] is None and theirs["hand_count"] == 10


def test_a_spectator_sees_no_hand_and_only_public_cards():
    deal = deal_to_play({1: ["3C", "3D", "3H", "4C", "5C"], 2: PLAIN, 3: ["2S", "5S"]})
    deal.apply("take 2S")
    view = deal.view(None)
    assert view["viewer"] is None
    assert [p["hand"] for p in view["players"]] == [None, None]
    assert view["players"][BOB]["known_cards"] == ["3C", "3D", "3H", "2S"]
    assert view["players"][BOB]["packets"][0] == {"number": 3, "top": "5S", "size": 4}


def test_a_pizzico_taken_is_known_to_the_opponent_until_it_is_played():
    deal = deal_to_play({1: ["4C", "5C", "6C", "7C", "JC"], 2: PLAIN, 3: ["AS", "5S"]})
    deal.apply("take AS")
    assert player(deal, BOB, viewer=ALICE)["known_cards"] == ["AS"]
    deal.apply("play AS")
    assert player(deal, BOB, viewer=ALICE)["known_cards"] == []
    assert deal.view(ALICE)["trick"] == [{"seat": BOB, "card": "AS"}]


def test_the_dealt_packets_are_listed_while_picking_and_splitting_and_never_show_cards_blind():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=12)
    deal.apply("pick 6")
    packets = deal.view(BOB)["packets"]
    assert [p["number"] for p in packets] == list(range(1, 9))
    assert [p["owner"] for p in packets] == [None] * 5 + [BOB] + [None] * 2
    assert all(p["size"] == 5 and p["bottom"] is None for p in packets)


def test_with_peek_bottom_each_player_sees_the_bottoms_of_its_own_four_packets_only():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=13, options={"peek_bottom": True})
    for number in (1, 3, 5):
        deal.apply(f"pick {number}")
    assert all(p["bottom"] is None for p in deal.view(BOB)["packets"])  # picking stays blind
    deal.apply("pick 7")
    for seat in (ALICE, BOB):
        for packet in deal.view(seat)["packets"]:
            k = packet["number"]
            expected = deal.deck[5 * (k - 1)] if packet["owner"] == seat else None
            assert packet["bottom"] == expected
    assert all(p["bottom"] is None for p in deal.view(None)["packets"])


def test_without_peek_bottom_nobody_sees_a_bottom():
    deal = GAME.new_deal(seats=2, dealer=ALICE, seed=13)
    for number in (1, 3, 5, 7):
        deal.apply(f"pick {number}")
    assert all(p["bottom"] is None for s in (0, 1) for p in deal.view(s)["packets"])


def test_the_view_of_a_finished_deal_carries_its_result():
    deal = deal_to_play({})
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    view = deal.view(ALICE)
    assert view["phase"] == "over" and view["to_act"] is None
    assert view["result"] == deal.result()
    assert [p["deal_points"] for p in view["players"]] == view["result"]["points"]
    assert [p["card_thirds"] for p in view["players"]] == view["result"]["card_thirds"]
    assert [p["tricks_won"] for p in view["players"]] == view["result"]["tricks"]
