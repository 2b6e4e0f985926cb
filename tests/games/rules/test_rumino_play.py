"""Rumino, worked examples of every rule and ruling, and every refusal.

The usual table: seat 0 is alice, seat 1 bob, seat 2 charlie, seat 3 dave; the dealer
is the last seat, so alice is dealt the first card and plays first.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Rumino"),
../shared/rules/README.md ("Rumino").
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.rules.rumino import Rumino
from games.rules.rumino.game import PACK
from games.rules.rumino.melds import CODES
from tests.games.rules.helpers import assert_refused, assert_replays

GAME = Rumino()
ALICE, BOB, CHARLIE, DAVE = 0, 1, 2, 3

LOW_ALICE = "3H 4H 5H 9C 9D 9S 2S"  # deadwood 2: may knock
BOB_HAND = "AC 5D 8H JS QC 3D 6S"  # deadwood 43
CHARLIE_HAND = "2C 7D 10H KS 4C 8S JD"  # deadwood 51
DAVE_HAND = "6C 9H QD 4S 10C 2D KH"  # deadwood 51


def hand_of(hands, upcard, stock="", dealer=None, carry=None, **options):
    """A hand whose players (seats with a hand given; ``""`` for a seat out of the game)
    hold the given seven cards, with ``upcard`` and a stock starting with ``stock``, the
    rest of the pack after it in fresh order. The dealer is the last seat unless given."""
    seats = len(hands)
    dealer = seats - 1 if dealer is None else dealer
    wanted = {seat: text.split() for seat, text in enumerate(hands) if text}
    assert all(len(cards) == 7 for cards in wanted.values())
    playing = sorted(wanted, key=lambda seat: (seat - dealer - 1) % seats)
    top = [upcard, *stock.split()]
    rest = Counter(PACK.new_order) - Counter(c for cards in wanted.values() for c in cards)
    rest -= Counter(top)
    tail = []
    for card in PACK.new_order:
        if rest[card] > 0:
            rest[card] -= 1
            tail.append(card)
    dealt = [wanted[playing[i % len(playing)]][i // len(playing)] for i in range(7 * len(playing))]
    return GAME.new_deal(
        seats=seats, dealer=dealer, options=options, deck=[*dealt, *top, *tail], carry=carry
    )


def three(**options):
    return hand_of([LOW_ALICE, BOB_HAND, CHARLIE_HAND], "KC", "9H", **options)


def hand(deal, seat):
    return deal.view(seat)["players"][seat]["hand"]


# -- the deal and a turn ----------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_seven_cards_each_are_dealt_one_at_a_time_then_the_upcard_and_the_stock(seats):
    deck = PACK.shuffled(seed=seats)
    dealer = 1
    deal = GAME.new_deal(seats=seats, dealer=dealer, deck=deck)
    if deal.is_over:
        pytest.skip("a rumino was dealt")
    for seat in range(seats):
        offset = (seat - dealer - 1) % seats
        assert Counter(hand(deal, seat)) == Counter(deck[offset : 7 * seats : seats])
    view = deal.view(None)
    assert view["pile"] == [deck[7 * seats]]
    assert view["stock_count"] == 108 - 7 * seats - 1
    assert deal.to_act == (dealer + 1) % seats and deal.phase == "draw"


def test_a_turn_draws_from_the_stock_or_takes_the_upcard_then_discards():
    deal = three()
    assert deal.legal_actions() == ["draw", "knock", "take"]
    deal.apply("draw")
    assert "9H" in hand(deal, ALICE) and deal.phase == "discard"
    assert deal.legal_actions() == sorted(f"discard {card}" for card in set(hand(deal, ALICE)))
    deal.apply("discard 2S")
    assert deal.view(None)["pile"] == ["KC", "2S"] and deal.to_act == BOB
    deal.apply("take")
    assert "2S" in hand(deal, BOB)
    assert deal.view(ALICE)["players"][BOB]["known_cards"] == ["2S"]
    assert_refused(deal, "discard 2S", "just_taken")
    deal.apply("discard AC")
    assert deal.view(ALICE)["players"][BOB]["known_cards"] == ["2S"]
    assert deal.to_act == CHARLIE


def test_a_player_knocks_with_seven_or_less_and_everyone_adds_their_deadwood():
    deal = three()
    deal.apply("knock")
    result = deal.result()
    assert result["ended_by"] == "knock" and result["by"] == ALICE
    assert result["deadwood"] == [2, 43, 51]
    assert result["points"] == result["scores"] == [2, 43, 51]
    assert result["melds"][ALICE] == [["9C", "9D", "9S"], ["3H", "4H", "5H"]]
    assert result["hands"][BOB] == sorted(BOB_HAND.split(), key=CODES.index)
    assert result["winner"] is None and GAME.match_winner([result], {}) is None


def test_gin_scores_minus_ten_and_the_others_their_deadwood():
    deal = hand_of(["3H 4H 5H 9C 9D 9S JK", BOB_HAND, CHARLIE_HAND], "KC")
    assert deal.legal_actions() == ["draw", "gin", "take"]
    deal.apply("gin")
    assert deal.result()["points"] == [-10, 43, 51]


def test_knocking_needs_a_deadwood_of_one_to_seven_and_gin_none():
    deal = hand_of([BOB_HAND, LOW_ALICE, CHARLIE_HAND], "KC")
    assert_refused(deal, "knock", "cannot_knock")
    assert_refused(deal, "gin", "cannot_go_gin")
    low = three()
    assert_refused(low, "gin", "cannot_go_gin")
    zero = hand_of(["3H 4H 5H 9C 9D 9S JK", BOB_HAND, CHARLIE_HAND], "KC")
    assert_refused(zero, "knock", "cannot_knock")


def test_the_view_shows_the_own_least_deadwood_and_its_melds_only():
    deal = three()
    own = deal.view(ALICE)["players"][ALICE]
    assert own["deadwood"] == 2 and own["melds"] == [["9C", "9D", "9S"], ["3H", "4H", "5H"]]
    other = deal.view(BOB)["players"][ALICE]
    assert other["hand"] is None and other["deadwood"] is None and other["melds"] is None


# -- ruminos ----------------------------------------------------------------------------


def test_drawing_the_seventh_card_of_a_rumino_wins_the_game_at_once():
    deal = hand_of(["7D 8D 9D 10D JD QD 2C", BOB_HAND, CHARLIE_HAND], "KC", "KD")
    deal.apply("draw")
    result = deal.result()
    assert result["ended_by"] == "rumino" and result["by"] == ALICE
    assert result["rumino"] == ["7D", "8D", "9D", "10D", "JD", "QD", "KD"]
    assert result["winner"] == ALICE and result["points"] == [0, 0, 0]
    assert GAME.match_winner([result], {}) == ALICE
    assert GAME.match_places([result], {}) == [1, 2, 2]  # bob and charlie both at 0


def test_a_rumino_dealt_wins_before_the_first_turn():
    deal = hand_of([BOB_HAND, "5C 5C 5D JK 5H 5S 5S", CHARLIE_HAND], "KC")
    assert deal.is_over and deal.actions_count == 0
    assert deal.result()["winner"] == BOB


RUMINO_SIX = "7D 8D 9D 10D JD QD 2C"


def test_a_discard_completing_a_rumino_is_offered_privately_to_that_player():
    deal = hand_of(
        [CHARLIE_HAND.replace("7D", "KD").replace("JD", "JH"), BOB_HAND, RUMINO_SIX], "KC"
    )
    deal.apply("draw")
    deal.apply("discard KD")
    assert deal.phase == "claim" and deal.to_act == CHARLIE
    own = deal.view(CHARLIE)
    assert own["claim_offer"] == {
        "card": "KD", "rumino": ["7D", "8D", "9D", "10D", "JD", "QD", "KD"],
    }  # fmt: skip
    assert own["legal_actions"] == ["claim", "decline"]
    for viewer in (ALICE, BOB, None):
        view = deal.view(viewer)
        assert view["claim_offer"] is None
        # Bob, next to draw, sees the actions his turn will give him, as without an offer.
        assert view["legal_actions"] == (["draw", "take"] if viewer == BOB else [])
        assert view["phase"] == "draw" and view["to_act"] == BOB
        assert view["pile"][-1] == "KD"
    assert GAME.seat_on_move(deal) == BOB and GAME.open_claims(deal) == [CHARLIE]
    deal.apply("claim")
    result = deal.result()
    assert result["winner"] == CHARLIE and result["by"] == CHARLIE
    assert result["rumino"] == ["7D", "8D", "9D", "10D", "JD", "QD", "KD"]
    assert_replays(deal)


def test_a_declined_claim_lets_play_go_on_and_several_are_offered_in_turn():
    alice = CHARLIE_HAND.replace("7D", "KD").replace("JD", "JH")
    deal = hand_of([alice, "7D 8D 9D 10D JD QD 3C", RUMINO_SIX], "KC")
    deal.apply("draw")
    deal.apply("discard KD")
    assert deal.to_act == BOB and deal.phase == "claim"
    assert deal.view(CHARLIE)["claim_offer"] is None
    deal.apply("decline")
    assert deal.to_act == CHARLIE and deal.phase == "claim"
    deal.apply("decline")
    assert deal.to_act == BOB and deal.phase == "draw"
    assert deal.view(None)["pile"][-1] == "KD"


def _after_discarding_the_king(charlie):
    deal = hand_of([CHARLIE_HAND.replace("7D", "KD").replace("JD", "JH"), BOB_HAND, charlie], "KC")
    deal.apply("draw")
    deal.apply("discard KD")
    return deal


def test_every_view_but_the_claimants_is_the_same_with_an_offer_open_as_without():
    offered = _after_discarding_the_king(RUMINO_SIX)
    plain = _after_discarding_the_king("7D 8D 9D 10D JD 2S 2C")  # the king completes nothing
    assert offered.phase == "claim" and plain.phase == "draw"
    for viewer in (ALICE, BOB, None):
        assert offered.view(viewer) == plain.view(viewer)
    assert offered.view(BOB)["legal_actions"] == plain.legal_actions() == ["draw", "take"]
    assert GAME.seat_on_move(offered) == GAME.seat_on_move(plain) == BOB
    assert GAME.open_claims(plain) == []
    assert GAME.claim_window_opens(offered, "discard KD")
    assert GAME.claim_window_opens(plain, "discard KD")


def test_a_lapse_declines_every_open_offer_in_turn_and_the_next_player_draws():
    alice = CHARLIE_HAND.replace("7D", "KD").replace("JD", "JH")
    deal = hand_of([alice, "7D 8D 9D 10D JD QD 3C", RUMINO_SIX], "KC")
    deal.apply("draw")
    deal.apply("discard KD")
    before = deal.view(ALICE)
    assert GAME.open_claims(deal) == [BOB, CHARLIE]
    assert GAME.lapse_claims(deal) == [(BOB, "decline"), (CHARLIE, "decline")]
    assert (deal.phase, deal.to_act, GAME.open_claims(deal)) == ("draw", BOB, [])
    assert deal.view(ALICE) == before  # nothing the others see has changed
    assert GAME.lapse_claims(deal) == []
    assert_replays(deal)


def test_only_a_discard_that_leaves_the_hand_going_on_opens_the_claim_window():
    deal = three()
    assert not GAME.claim_window_opens(deal, "draw")
    deal.apply("draw")
    deal.apply("discard 2S")
    assert GAME.claim_window_opens(deal, "discard 2S")
    assert not GAME.claim_window_opens(deal, "knock")
    over = three()
    over.apply("knock")
    assert not GAME.claim_window_opens(over, "discard 2S")


def test_with_the_stock_empty_a_discard_completing_a_rumino_wins_at_once_unoffered():
    alice = CHARLIE_HAND.replace("7D", "KD").replace("JD", "JH")
    deal = hand_of([alice, BOB_HAND, RUMINO_SIX], "KC")
    # Set the stock down to its last card, as 85 draws would (not replayable: a test of
    # the discard alone).
    deal.drawn = len(deal.stock) - 1
    deal.apply("draw")
    assert deal.stock_count == 0
    deal.apply("discard KD")
    result = deal.result()
    assert deal.is_over and (result["ended_by"], result["winner"]) == ("rumino", CHARLIE)
    assert result["rumino"] == ["7D", "8D", "9D", "10D", "JD", "QD", "KD"]


def test_a_hand_whose_stock_runs_out_ends_without_a_score():
    deal = three()
    while not deal.is_over:
        deal.apply("draw" if deal.phase == "draw" else deal.legal_actions()[0])
    result = deal.result()
    if result["ended_by"] == "rumino":
        pytest.skip("a rumino came first")
    assert result["ended_by"] == "stock" and result["points"] == [0, 0, 0]
    assert deal.view(None)["stock_count"] == 0


# -- elimination and rebuys ---------------------------------------------------------


def carry(scores, out=(), pending=(), rebuys=None, pool=None):
    return {
        "scores": list(scores),
        "out": list(out),
        "pending": list(pending),
        "rebuys": list(rebuys or [0] * len(scores)),
        "pool": pool or len(scores),
    }


def test_a_player_reaching_a_hundred_drops_out_and_the_last_under_a_hundred_wins():
    deal = hand_of([LOW_ALICE, BOB_HAND, CHARLIE_HAND], "KC", carry=carry([10, 60, 20]))
    deal.apply("knock")
    result = deal.result()
    assert result["scores"] == [12, 103, 71] and result["out"] == [BOB]
    assert result["winner"] is None
    assert GAME.next_dealer(2, 3, [result]) == ALICE
    after = GAME.carry_for({}, 3, [result])
    nxt = hand_of([LOW_ALICE, "", CHARLIE_HAND], "KC", carry=after)
    assert nxt.view(None)["players"][BOB]["status"] == "out" and nxt.hands[BOB] == []
    nxt.apply("knock")
    final = nxt.result()
    assert final["scores"] == [14, 103, 122]
    assert final["winner"] == ALICE and final["out"] == [BOB, CHARLIE]
    assert GAME.match_winner([result, final], {}) == ALICE
    assert GAME.match_places([result, final], {}) == [1, 3, 2]
    assert GAME.match_scores([result, final], {}) == [14, 103, 122]


def test_with_rebuys_a_player_out_may_rebuy_at_the_highest_score_under_a_hundred():
    four = [LOW_ALICE, BOB_HAND, CHARLIE_HAND, DAVE_HAND]
    deal = hand_of(four, "KC", carry=carry([10, 60, 20, 30]), rebuys=True)
    deal.apply("knock")
    result = deal.result()
    assert result["scores"] == [12, 103, 71, 81] and result["pending"] == [BOB]
    nxt = GAME.new_deal(
        seats=4, dealer=0, options={"rebuys": True}, seed=3, carry=GAME.carry_for({}, 4, [result])
    )
    assert nxt.phase == "rebuy" and nxt.to_act == BOB
    assert nxt.legal_actions() == ["rebuy", "retire"]
    assert nxt.view(None)["players"][BOB]["status"] == "deciding"
    nxt.apply("rebuy")
    assert nxt.state["scores"][BOB] == 81 and nxt.state["rebuys"][BOB] == 1
    assert nxt.state["pool"] == 5 and nxt.phase in ("draw", "over")
    assert all(len(nxt.hands[seat]) == 7 for seat in range(4)) or nxt.is_over


def test_a_second_rebuy_costs_twice_the_first_and_retiring_is_out():
    state = carry([12, 103, 71, 81], pending=[BOB], rebuys=[0, 1, 0, 0], pool=5)
    deal = GAME.new_deal(seats=4, dealer=0, options={"rebuys": True}, seed=4, carry=state)
    deal.apply("rebuy")
    assert deal.state["pool"] == 7 and deal.state["rebuys"][BOB] == 2
    again = GAME.new_deal(seats=4, dealer=0, options={"rebuys": True}, seed=4, carry=state)
    again.apply("retire")
    assert again.state["out"] == [BOB] and again.hands[BOB] == []


def test_no_rebuy_when_fewer_than_three_players_would_be_left():
    deal = hand_of(
        [LOW_ALICE, BOB_HAND, CHARLIE_HAND], "KC", carry=carry([10, 60, 20]), rebuys=True
    )
    deal.apply("knock")
    assert deal.result()["pending"] == [] and deal.result()["out"] == [BOB]


@pytest.mark.parametrize(
    "bad",
    [
        {"scores": [0, 0]},
        carry([0, 0, 0, 0]),
        carry([0, 0, 0], out=[0, 0]),
        carry([0, 0, 0], out=[0, 1]),
        carry([0, 0, 0], pending=[1]),  # pending needs the option
        carry([0, "0", 0]),
        carry([0, 0, 0], pool=1),
        "scores",
    ],
)
def test_a_bad_carry_is_refused(bad):
    with pytest.raises(ValueError):
        GAME.new_deal(seats=3, seed=1, carry=bad)


# -- refusals -----------------------------------------------------------------------


@pytest.mark.parametrize("action", ["", "play 3H", "discard", "discard 3X", "Draw", None, 7])
def test_a_malformed_action_is_refused(action):
    assert_refused(three(), action, "malformed")


def test_an_action_of_another_phase_is_refused():
    deal = three()
    for action in ("discard 2S", "claim", "decline", "rebuy", "retire"):
        assert_refused(deal, action, "wrong_phase")
    deal.apply("draw")
    for action in ("draw", "take", "knock", "gin", "claim"):
        assert_refused(deal, action, "wrong_phase")


def test_discarding_a_card_not_in_hand_or_out_of_turn_or_after_the_end_is_refused():
    deal = three()
    deal.apply("draw")
    assert_refused(deal, "discard KD", "card_not_in_hand")
    assert_refused(deal, "discard 2S", "not_your_turn", seat=BOB)
    over = three()
    over.apply("knock")
    assert_refused(over, "draw", "deal_over")


def _random_hand(rng: random.Random, *, rebuy_share: float):
    """A new Rumino hand of two to six players; at three or more, with ``rebuy_share``
    chance, one where seat 0 is out at 104 points with a rebuy pending."""
    seats = rng.choice((2, 3, 4, 5, 6))
    carry = None
    if seats >= 3 and rng.random() < rebuy_share:
        scores = [rng.randrange(99) for _ in range(seats)]
        scores[0] = 104
        carry = {"scores": scores, "out": [], "pending": [0], "rebuys": [0] * seats,
                 "pool": seats}  # fmt: skip
    return GAME.new_deal(seats=seats, dealer=rng.randrange(seats), seed=rng.getrandbits(64),
                         options={"rebuys": carry is not None}, carry=carry)  # fmt: skip


def test_a_snapshot_plays_on_as_a_replay_of_the_hand_and_leaves_it_alone():
    """``snapshot`` (the search's copy of a sample, games/ismcts.py): at random points of
    60 hands of two to six players (half with rebuys pending), the snapshot and a replay
    of the hand from its deck give every seat the same view after each of the same random
    actions to the end, and the hand snapshotted does not change."""
    rng = random.Random(32)
    for _ in range(60):
        deal = _random_hand(rng, rebuy_share=0.5)
        seats = deal.seats
        for _ in range(rng.randrange(120)):
            if deal.is_over:
                break
            deal.apply(rng.choice(deal.legal_actions()))
        before = [deal.view(seat) for seat in range(seats)]
        copy = deal.snapshot()
        replay = GAME.new_deal(seats=seats, dealer=deal.dealer, options=deal.options,
                               deck=deal.deck, carry=deal.carry)  # fmt: skip
        for seat, action in deal.actions:
            replay.apply(action, seat=seat)
        while True:
            assert copy.actions == replay.actions
            assert [copy.view(s) for s in range(seats)] == [replay.view(s) for s in range(seats)]
            if replay.is_over:
                break
            action = rng.choice(replay.legal_actions())
            copy.apply(action)
            replay.apply(action)
        assert [deal.view(seat) for seat in range(seats)] == before


def test_the_final_points_are_the_deal_points_of_the_result():
    """``final_points`` (what the search scores its playouts by) equals ``deal_points`` of
    the result at the end of 300 hands of two to six players played at random, ended by a
    knock, gin, a rumino or the stock, and refuses a hand still going on."""
    rng = random.Random(33)
    endings = set()
    for _ in range(300):
        seats = rng.choice((2, 3, 4, 5, 6))
        deal = GAME.new_deal(seats=seats, dealer=rng.randrange(seats), seed=rng.getrandbits(64))
        with pytest.raises(ValueError, match="not over"):
            GAME.final_points(deal)
        while not deal.is_over:
            legal = deal.legal_actions()
            # Knock less eagerly than at random, so that hands also run out of stock.
            eager = [a for a in legal if a in ("knock", "gin")]
            deal.apply(eager[0] if eager and rng.random() < 0.3 else rng.choice(legal))
        assert GAME.final_points(deal) == GAME.deal_points(deal.result())
        endings.add(deal.result()["ended_by"])
    assert {"knock", "gin", "stock"} <= endings


def _state(deal):
    return {
        name: getattr(deal, name)
        for cls in type(deal).__mro__
        for name in getattr(cls, "__slots__", ())
    }


def _followed(deal):
    """The hand of ``deal`` dealt again from its deck, its actions given to ``follow`` and
    the rest, from the first it leaves, to ``apply``."""
    again = GAME.new_deal(seats=deal.seats, dealer=deal.dealer, options=deal.options,
                          deck=deal.deck, carry=deal.carry)  # fmt: skip
    for seat, action in deal.actions[again.follow(deal.actions) :]:
        again.apply(action, seat=seat)
    return again


def test_following_the_plain_actions_leaves_the_hand_as_applying_them():
    """``follow`` (the determinizer's replay) and ``apply`` leave the same hand (every
    attribute) after a tenth of the prefixes and the whole of 150 hands of two to six
    players played half discarding at random and half at random, with rebuys pending in
    some, after offers of a claim declined by two players in turn and claimed, and after a
    rumino drawn."""
    rng = random.Random(34)
    for _ in range(150):
        deal = _random_hand(rng, rebuy_share=0.3)
        while True:
            if deal.is_over or rng.random() < 0.1:
                assert _state(_followed(deal)) == _state(deal)
            if deal.is_over:
                break
            legal = deal.legal_actions()
            low = [a for a in legal if a.startswith("discard ")] or legal
            deal.apply(rng.choice(low if rng.random() < 0.5 else legal))
    six = "7D 8D 9D 10D JD QD 3C"
    for actions in (["draw", "discard KD", "decline", "decline"], ["draw", "discard KD", "claim"]):
        deal = hand_of(["AC 2C 5S 6H KD 9S 4H", six, six], "KC")
        for action in actions:
            deal.apply(action)
            assert _state(_followed(deal)) == _state(deal)
    drawn = hand_of([six, "AC 2C 5S 6H KS 9S 4H"], "KC", stock="KD")
    drawn.apply("draw")  # a rumino drawn ends the hand
    assert drawn.is_over and _state(_followed(drawn)) == _state(drawn)
