"""Burraco hands played action by action: the deal, drawing and taking the pile, the
pozzetto on the spot and face down, closing, the talon and the stalemate, partnerships,
refusals that change nothing, and what each seat sees.

Alice (seat 0) and bob (seat 1) play heads-up with bob dealing, so alice plays first; at
four, carol (2) is alice's partner and dave (3) bob's.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Burraco"),
../shared/rules/README.md ("Burraco").
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.rules.burraco import Burraco
from games.rules.burraco.game import PACK
from games.rules.burraco.scoring import cards_value
from tests.games.rules.helpers import assert_refused, assert_replays

GAME = Burraco()
ALICE, BOB, CAROL, DAVE = 0, 1, 2, 3


def make_deck(seats=2, dealer=BOB, hands=None, pozzetti=(), upcard=None, stock=()):
    """A deck (top first) dealing ``hands`` (seat -> codes, up to 11), the ``pozzetti``
    (first taken first), the ``upcard`` and the ``stock`` top first; every other place
    is filled from the rest of the pack in a fixed shuffled order."""
    hands = hands or {}
    wanted = Counter()
    for cards in [*hands.values(), *pozzetti, [upcard] if upcard else [], stock]:
        wanted.update(cards)
    rest_count = Counter(PACK.new_order) - wanted
    assert not wanted - Counter(PACK.new_order), "more copies than the pack holds"
    rest = sorted(rest_count.elements())
    random.Random(8).shuffle(rest)

    def filled(cards, size):
        cards = list(cards)
        while len(cards) < size:
            cards.append(rest.pop())
        return cards

    full_hands = {seat: filled(hands.get(seat, ()), 11) for seat in range(seats)}
    packets = [filled(pozzetti[i] if i < len(pozzetti) else (), 11) for i in range(2)]
    deck = [None] * (11 * seats)
    for seat, cards in full_hands.items():
        offset = (seat - dealer - 1) % seats
        for k, code in enumerate(cards):
            deck[k * seats + offset] = code
    for k in range(11):
        deck.extend([packets[0][k], packets[1][k]])
    deck.append(upcard or rest.pop())
    deck.extend(stock)
    deck.extend(rest)
    return deck


def make_deal(actions=(), seats=2, dealer=BOB, options=None, **layout):
    deal = GAME.new_deal(
        seats=seats, dealer=dealer, options=options, deck=make_deck(seats, dealer, **layout)
    )
    for action in actions:
        deal.apply(action)
    return deal


HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH".split()
CLUBS = "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC".split()
SPADES_POZZETTO = "3S 4S 5S 6S 7S 8S 9S 10S JS QS JK".split()


# -- the deal ------------------------------------------------------------------------


def test_the_deck_deals_hands_one_at_a_time_then_pozzetti_upcard_and_stock():
    deck = list(PACK.new_order)
    random.Random(3).shuffle(deck)
    deal = GAME.new_deal(seats=4, dealer=3, deck=deck)
    assert deal.hands[0] == Counter(deck[0:44:4])  # the dealer's left first
    assert deal.hands[3] == Counter(deck[3:44:4])
    assert deal.pozzetti == [deck[44:66:2], deck[45:66:2]]
    assert deal.pile == [deck[66]]
    assert deal.stock_count == 41 and deal.stock[-1] == deck[67]
    assert (deal.to_act, deal.phase, deal.sides) == (0, "draw", ((0, 2), (1, 3)))


def test_heads_up_each_player_is_a_side_and_the_stock_holds_63():
    deal = make_deal()
    assert (deal.sides, deal.stock_count, deal.to_act) == (((0,), (1,)), 63, ALICE)


def test_a_turn_draws_or_takes_the_whole_pile_then_melds_and_discards():
    deal = make_deal(hands={ALICE: HEARTS[:5]}, upcard="9S", stock=["KS"])
    assert deal.legal_actions() == ["draw", "take"]
    deal.apply("take")
    assert deal.hands[ALICE]["9S"] == 1 and deal.pile == []
    assert any(a.startswith("meld 2H 3H 4H 5H 6H") for a in deal.legal_actions())
    deal.apply("meld 6H 5H 4H 3H 2H")
    assert [m.spelling for m in deal.melds[0]] == ["2H 3H 4H 5H 6H"]
    deal.apply("discard " + next(iter(deal.hands[ALICE] - Counter(["9S"]))))
    assert (deal.to_act, deal.phase) == (BOB, "draw")
    deal.apply("draw")
    assert deal.hands[BOB]["KS"] >= 1


def test_taking_a_one_card_pile_forbids_discarding_that_card_but_not_its_twin():
    deal = make_deal(["take"], hands={ALICE: ["4D"]}, upcard="9S")
    assert "discard 9S" not in deal.legal_actions()
    assert_refused(deal, "discard 9S", "cannot_discard_taken_card")
    twin = make_deal(["take"], hands={ALICE: ["9S"]}, upcard="9S")
    assert "discard 9S" in twin.legal_actions()
    twin.apply("discard 9S")
    assert twin.pile == ["9S"]


# -- the pozzetto ----------------------------------------------------------------------


def test_running_out_while_melding_takes_the_pozzetto_on_the_spot():
    deal = make_deal(["draw"], hands={ALICE: HEARTS}, stock=["KH"], pozzetti=[SPADES_POZZETTO])
    deal.apply("meld " + " ".join([*HEARTS, "KH"]))
    assert deal.hands[ALICE] == Counter(SPADES_POZZETTO)
    assert deal.pozzetto_taken == [True, False] and len(deal.pozzetti) == 1
    assert (deal.to_act, deal.phase) == (ALICE, "play")  # she plays on


def test_discarding_the_last_card_takes_the_pozzetto_face_down_until_the_next_turn():
    deal = make_deal(["draw"], hands={ALICE: HEARTS}, stock=["5C", "KS"], pozzetti=[CLUBS])
    deal.apply("meld " + " ".join(HEARTS))
    deal.apply("discard 5C")
    assert deal.hands[ALICE].total() == 0 and deal.pending[ALICE] == CLUBS
    for viewer in (ALICE, BOB, None):
        view = deal.view(viewer)
        assert view["players"][ALICE]["pozzetto_face_down"] is True
        assert view["players"][ALICE]["hand_count"] == 0
    assert deal.view(ALICE)["players"][ALICE]["hand"] == []
    deal.apply("draw")
    deal.apply("discard KS")
    assert deal.to_act == ALICE and deal.hands[ALICE] == Counter(CLUBS)
    assert deal.view(ALICE)["players"][ALICE]["hand"] == sorted(CLUBS, key=_by_rank)


def _by_rank(code):
    return ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"].index(code[:-1])


def _alice_with_her_pozzetto(options=None):
    """Alice melds 2H..KH (a clean burraco of 12) and plays on with her pozzetto."""
    deal = make_deal(
        ["draw"],
        options=options,
        hands={ALICE: HEARTS, BOB: CLUBS},
        stock=["KH"],
        pozzetti=[SPADES_POZZETTO],
    )
    deal.apply("meld " + " ".join([*HEARTS, "KH"]))
    return deal


def test_once_the_side_has_its_pozzetto_a_player_keeps_a_card_to_discard():
    deal = _alice_with_her_pozzetto()
    assert_refused(deal, "meld JK@2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", "must_keep_a_card")
    assert_refused(deal, "meld 3S 4S 5S 6S 7S 8S 9S 10S JS QS", "no_discard_left")  # JK left


def test_closing_needs_a_burraco_and_a_discard_that_is_not_wild():
    deal = _alice_with_her_pozzetto()
    deal.apply("meld JK@2S 3S 4S 5S 6S 7S 8S 9S 10S JS")
    assert deal.legal_actions() == ["discard QS"]
    deal.apply("discard QS")
    assert (deal.is_over, deal.end, deal.closed_by, deal.phase) == (True, "closed", ALICE, "over")
    result = deal.result()
    alice, bob = result["sides"]
    # 2H..KH: 20 + 5 * 5 + 6 * 10 = 105; JK 3S..JS: 30 + 25 + 4 * 10 = 95.
    assert alice["melds"] == 200
    assert alice["burracos"] == {"clean": 1, "semi_clean": 1, "dirty": 0}
    assert (alice["burraco_bonus"], alice["closing"], alice["pozzetto"]) == (350, 100, 0)
    assert alice["total"] == 650
    assert (bob["hand"], bob["pozzetto"], bob["total"]) == (-85, -100, -185)
    assert result["points"] == [650, -185] and result["side_points"] == [650, -185]
    assert_replays(deal)


def test_a_semi_clean_burraco_scores_as_dirty_when_the_option_is_off():
    deal = _alice_with_her_pozzetto({"semi_clean": False})
    deal.apply("meld JK@2S 3S 4S 5S 6S 7S 8S 9S 10S JS")
    deal.apply("discard QS")
    assert deal.result()["sides"][0]["burraco_bonus"] == 300


def test_without_a_burraco_the_side_cannot_be_left_with_one_card_to_close():
    sets = "3C 3D 3H 4C 4D 4H 5C 5D 5H 6C 6D".split()
    pozzetto = "7C 7D 7H 8C 8D 8H 9C 9D 9H KS 10S".split()
    deal = make_deal(["draw"], hands={ALICE: sets}, stock=["6H"], pozzetti=[pozzetto])
    for rank in "3456":
        deal.apply(f"meld {rank}C {rank}D {rank}H")
    assert deal.pozzetto_taken[0] and deal.hands[ALICE] == Counter(pozzetto)
    deal.apply("meld 7C 7D 7H")
    deal.apply("meld 8C 8D 8H")
    assert_refused(deal, "meld 9C 9D 9H 10S", "run_mixed_suits")
    deal.apply("meld 9C 9D 9H")
    assert "discard KS" in deal.legal_actions()  # two cards: a discard that does not close


def test_at_four_partners_share_melds_and_one_pozzetto_and_the_other_is_reserved():
    deal = make_deal(
        seats=4,
        dealer=DAVE,
        hands={ALICE: HEARTS, CAROL: ["KH", "AH"]},
        stock=["4S", "5S", "6S", "7S"],
        pozzetti=[SPADES_POZZETTO, CLUBS],
    )
    deal.apply("draw")
    deal.apply("meld " + " ".join(HEARTS[:-1]))  # 2H..JH, keeps QH and 4S
    deal.apply("discard 4S")
    deal.apply("draw")
    deal.apply("discard 5S")  # bob
    deal.apply("draw")
    assert "add 0 2H 3H 4H 5H 6H 7H 8H 9H 10H JH KH" not in deal.legal_actions()
    deal.apply("discard 6S")  # carol
    deal.apply("draw")
    deal.apply("discard 7S")  # dave
    deal.apply("draw")
    deal.apply("add 0 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH")  # alice
    assert deal.melds[1] == [] and deal.view(BOB)["table"][0]["melds"][0]["burraco"] == "clean"


def test_a_partner_adds_to_the_melds_the_other_laid():
    deal = make_deal(seats=4, dealer=DAVE, hands={ALICE: ["3D", "4D", "5D"], CAROL: ["6D"]})
    deal.apply("draw")
    deal.apply("meld 3D 4D 5D")
    for _ in range(2):
        deal.apply("discard " + next(iter(deal.hands[deal.to_act])))
        deal.apply("draw")
    assert deal.to_act == CAROL
    deal.apply("add 0 3D 4D 5D 6D")
    assert deal.melds[0][0].spelling == "3D 4D 5D 6D"


# -- the end of the hand ------------------------------------------------------------


def _draw_and_discard(deal):
    deal.apply("draw")
    deal.apply(next(a for a in deal.legal_actions() if a.startswith("discard")))


def test_the_hand_ends_after_the_turn_that_leaves_two_cards_in_the_stock():
    deal = make_deal()
    while not deal.is_over:
        assert deal.stock_count > 2
        _draw_and_discard(deal)
    assert (deal.end, deal.stock_count, len(deal.actions)) == ("talon", 2, 2 * 61)
    result = deal.result()
    for side in (0, 1):
        hand = cards_value(deal.hands[side].elements())
        assert result["sides"][side]["pozzetto"] == -100
        assert result["sides"][side]["closing"] == 0
        assert result["side_points"][side] == -100 - hand


def test_a_stalemate_ends_the_hand_after_a_full_orbit_of_taking_the_single_discard():
    deal = make_deal(upcard="9S", hands={ALICE: ["4D"], BOB: ["KC"]})
    deal.apply("take")
    deal.apply("discard 4D")
    deal.apply("take")
    assert not deal.is_over
    deal.apply("discard KC")
    assert (deal.end, deal.closed_by) == ("stalemate", None)
    assert deal.result()["sides"][0]["closing"] == 0


def test_a_draw_in_between_breaks_the_stalemate_count():
    deal = make_deal(upcard="9S", hands={ALICE: ["4D"], BOB: ["KC"]})
    deal.apply("take")
    deal.apply("discard 4D")
    _draw_and_discard(deal)
    deal.apply("take")
    deal.apply(next(a for a in deal.legal_actions() if a.startswith("discard")))
    assert not deal.is_over


# -- refusals --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "key"),
    [
        ("meld 3H 4H 5H", "wrong_phase"),
        ("discard 3H", "wrong_phase"),
        ("fly", "malformed"),
        ("draw now", "malformed"),
        (42, "malformed"),
        ("", "malformed"),
    ],
)
def test_it_refuses_in_the_draw_phase_what_is_not_a_draw(action, key):
    assert_refused(make_deal(hands={ALICE: ["3H", "4H", "5H"]}), action, key)


@pytest.mark.parametrize(
    ("action", "key"),
    [
        ("draw", "wrong_phase"),
        ("take", "wrong_phase"),
        ("meld 3H 4H 6H", "run_not_consecutive"),
        ("meld 3H 4H 5H 6H", "cards_not_in_hand"),
        ("meld 7S 8S JK@9S", "wild_at_low_end"),
        ("meld 7C 7D JK 2C", "one_wild_per_meld"),
        ("meld JK 2C 2D", "no_set_of_wilds"),
        ("add 0 3H 4H 5H 6H", "no_such_meld"),
        ("add x 3H 4H 5H", "no_such_meld"),
        ("add", "malformed"),
        ("discard QS", "cards_not_in_hand"),
        ("discard 3H 4H", "malformed"),
        ("discard", "malformed"),
    ],
)
def test_it_refuses_illegal_plays_and_changes_nothing(action, key):
    hand = ["3H", "4H", "5H", "7S", "8S", "7C", "7D", "2C", "2D"]
    deal = make_deal(["draw"], hands={ALICE: hand}, stock=["JK"])
    assert_refused(deal, action, key)


def test_it_refuses_a_second_set_of_a_rank_on_the_same_side():
    deal = make_deal(["draw"], hands={ALICE: ["7C", "7D", "7H", "7S", "7C", "7D"]})
    deal.apply("meld 7C 7D 7H")
    assert_refused(deal, "meld 7S 7C 7D", "one_set_per_rank")
    deal.apply("add 0 7C 7C 7D 7D 7H 7S")


def test_it_refuses_to_merge_two_runs():
    deal = make_deal(["draw"], hands={ALICE: "3H 4H 5H 6H 7H 8H 9H".split()})
    deal.apply("meld 3H 4H 5H")
    deal.apply("meld 7H 8H 9H")
    assert_refused(deal, "add 0 3H 4H 5H 6H 7H 8H 9H", "cards_not_in_hand")
    deal.apply("add 0 3H 4H 5H 6H")
    assert [m.spelling for m in deal.melds[0]] == ["3H 4H 5H 6H", "7H 8H 9H"]


def test_it_refuses_a_play_out_of_turn_and_after_the_end():
    deal = make_deal()
    assert_refused(deal, "draw", "not_your_turn", seat=BOB)
    stalemate = make_deal(["take", "discard 4D", "take", "discard KC"], upcard="9S",
                          hands={ALICE: ["4D"], BOB: ["KC"]})  # fmt: skip
    assert_refused(stalemate, "draw", "deal_over")


# -- views -------------------------------------------------------------------------------


def test_a_seat_sees_its_hand_both_sides_melds_and_the_whole_pile_but_no_other_hand():
    deal = make_deal(["take"], hands={ALICE: "3H 4H 5H 8C".split()}, upcard="9S")
    deal.apply("meld 3H 4H 5H")
    deal.apply("discard 8C")
    view = deal.view(BOB)
    assert view["players"][BOB]["hand"] is not None
    assert view["players"][ALICE]["hand"] is None
    assert view["players"][ALICE]["known_cards"] == ["9S"]  # everyone saw it taken
    assert view["discard_pile"] == ["8C"] and view["stock_count"] == 63
    assert view["table"][0]["melds"][0]["cards"] == ["3H", "4H", "5H"]
    assert view["legal_actions"] == ["draw", "take"]
    assert deal.view(ALICE)["legal_actions"] == []
    spectator = deal.view(None)
    assert all(player["hand"] is None for player in spectator["players"])
    for key in ("deck", "stock", "pozzetti"):
        assert key not in view


def test_a_card_taken_with_the_pile_stops_being_known_once_played():
    deal = make_deal(["take"], hands={ALICE: "9C 9D 8C".split()}, upcard="9S")
    deal.apply("meld 9C 9D 9S")
    assert deal.view(BOB)["players"][ALICE]["known_cards"] == []


def test_discarding_the_twin_of_a_taken_card_leaves_nothing_known():
    # Bob takes the 7H and discards a 7H: nobody can tell which one, so his other 7H
    # must not show as known.
    deal = make_deal(["draw", "discard 8C"], hands={ALICE: ["8C"], BOB: ["7H"]}, upcard="7H")
    deal.apply("take")
    deal.apply("discard 7H")
    assert deal.hands[BOB]["7H"] == 1
    assert deal.view(ALICE)["players"][BOB]["known_cards"] == ["8C"]


def test_a_pozzetto_never_looked_at_counts_as_cards_in_hand_without_the_penalty():
    # 004: a player who got the pozzetto but never looked at it scores it as a hand.
    deal = make_deal(hands={ALICE: HEARTS}, pozzetti=[CLUBS])
    while deal.stock_count > 3:
        deal.apply("draw")
        keep = Counter(HEARTS) if deal.to_act == ALICE else Counter()  # alice keeps hers
        deal.apply(f"discard {next(iter(deal.hands[deal.to_act] - keep))}")
    assert deal.to_act == ALICE
    deal.apply("draw")
    deal.apply("meld " + " ".join(HEARTS))
    (last,) = deal.hands[ALICE].elements()
    deal.apply(f"discard {last}")
    assert (deal.end, deal.pending[ALICE]) == ("talon", CLUBS)
    alice, bob = deal.result()["sides"]
    assert (alice["pozzetto"], alice["hand"]) == (0, -85)  # 3C..KC: 25 + 60
    assert alice["melds"] == 95 and alice["burracos"]["clean"] == 1  # 20 + 25 + 50
    assert bob["pozzetto"] == -100
    assert deal.view(BOB)["players"][ALICE]["cards_left"] == CLUBS


def test_the_legal_actions_of_a_known_hand_are_exactly_these():
    # A "perft" of one position: every discard, the sets with the joker (two naturals
    # each), the hearts run alone, with the joker low, and bridging to the 9.
    hand = "5H 6H 7H 9H JK 8C 8D KS KS 3C 4D".split()
    deal = make_deal(["draw"], hands={ALICE: hand}, stock=["QD"])
    discards = [f"discard {c}" for c in "3C 4D 5H 6H 7H 8C 8D 9H JK KS QD".split()]
    assert deal.legal_actions() == [
        *discards,
        "meld 5H 6H 7H",
        "meld 5H 6H 7H JK@8H 9H",
        "meld 8C 8D JK",
        "meld JK@4H 5H 6H 7H",
        "meld KS KS JK",
    ]
    deal.apply("meld 5H 6H 7H")
    assert deal.legal_actions() == [
        "add 0 JK@4H 5H 6H 7H",
        *[f"discard {c}" for c in "3C 4D 8C 8D 9H JK KS QD".split()],
        "meld 8C 8D JK",
        "meld KS KS JK",
    ]


def test_a_partner_may_close_while_the_sides_pozzetto_lies_face_down():
    spades = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KD".split()
    deal = make_deal(
        seats=4,
        dealer=DAVE,
        hands={ALICE: HEARTS, CAROL: spades},
        stock=["5C", "4D", "KS"],
        pozzetti=[CLUBS],
    )
    deal.apply("draw")
    deal.apply("meld " + " ".join(HEARTS))
    deal.apply("discard 5C")  # alice's pozzetto now lies face down
    deal.apply("draw")
    deal.apply("discard 4D")  # bob
    deal.apply("draw")
    deal.apply("meld 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")  # carol keeps the KD
    deal.apply("discard KD")
    assert (deal.end, deal.closed_by) == ("closed", CAROL)
    ours, theirs = deal.result()["sides"]
    assert ours["burracos"]["clean"] == 2 and ours["melds"] == 95 + 85
    assert (ours["closing"], ours["pozzetto"], ours["hand"]) == (100, 0, -85)
    assert ours["total"] == 180 + 400 + 100 - 85
    assert theirs["pozzetto"] == -100 and theirs["closing"] == 0


@pytest.mark.parametrize(
    ("action", "key"),
    [
        ("add 0 2S 3S JK@4S 5S", "wild_replaced_by_wild"),
        ("add 0 2S@4S 5S 6S", "add_removes_cards"),
        ("add 0 3H 4H 5H", "add_changes_meld"),
        ("add 0 3S 4S 5S 2S@6S", "wild_at_low_end"),
        ("add 0 3S 2S@4S 5S 2C@6S", "one_wild_per_meld"),
        ("add 0 3S 2S@4S", "meld_too_short"),
        ("add 0 3S 2S@4S 5S", "add_nothing"),
        ("add 0 3S 2S@4S 5S 6S 7S", "cards_not_in_hand"),
        ("add 1 3S 2S@4S 5S 6S", "no_such_meld"),
    ],
)
def test_it_refuses_illegal_additions_and_changes_nothing(action, key):
    hand = "3S 2S 5S JK 4S 6S 2C 9D 9C".split()
    deal = make_deal(["draw", "meld 3S 2S@4S 5S"], hands={ALICE: hand}, stock=["KD"])
    assert_refused(deal, action, key)
    deal.apply("add 0 2S 3S 4S 5S 6S")  # the 4S replaces the wild 2S, which goes home
    assert deal.melds[0][0].spelling == "2S 3S 4S 5S 6S"
