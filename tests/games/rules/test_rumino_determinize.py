"""Rumino's determinization: a hand consistent with one seat's view, the unseen cards
placed at random, and the public history that leaves out private claim offers.

Source: games/rules/rumino/determinize.py (the procedure), ../shared/rules/README.md
("Rumino": the offer is private).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from games.rules.rumino import Rumino
from tests.games.rules.test_rumino_play import (
    ALICE,
    BOB,
    BOB_HAND,
    CHARLIE,
    CHARLIE_HAND,
    RUMINO_SIX,
    hand_of,
)

GAME = Rumino()


def check_every_viewer(deal, seed):
    for viewer in range(deal.seats):
        view = deal.view(viewer)
        history = GAME.public_history(deal, viewer)
        sample = GAME.determinize(view, history, deal.options, random.Random(seed))
        assert sample.view(viewer) == view
        assert GAME.public_history(sample, viewer) == history


@settings(max_examples=12, deadline=None)
# Seat 2 declines a claim of 5H in the third hand, then takes it: the others' history has
# no decline, and the samples must decline for seat 2 themselves.
@example({"seats": 4, "rebuys": False, "seed": 446})
# Seat 2 discards a joker and seat 1 claims it: in a sample, a seat before seat 1 may be
# offered the joker too, and must decline it.
@example({"seats": 6, "rebuys": False, "seed": 677})
# Seats 3 then 2 went out in earlier hands: the order ranks them, so the sample keeps it.
@example({"seats": 4, "rebuys": True, "seed": 2092})
@given(
    st.fixed_dictionaries(
        {
            "seats": st.sampled_from(GAME.seats),
            "rebuys": st.booleans(),
            "seed": st.integers(0, 2**32),
        }
    )
)
def test_a_determinized_hand_gives_the_same_view_at_any_point_of_a_game(spec):
    seats, rng = spec["seats"], random.Random(spec["seed"])
    options = {"rebuys": spec["rebuys"]}
    results, carry, dealer = [], None, 0
    for number in range(3):
        deal = GAME.new_deal(
            seats=seats, dealer=dealer, options=options, seed=spec["seed"] + number, carry=carry
        )
        stops = {rng.randrange(0, 120), rng.randrange(0, 300)}
        while not deal.is_over:
            if deal.actions_count in stops:
                check_every_viewer(deal, spec["seed"])
            deal.apply(rng.choice(deal.legal_actions()))
        check_every_viewer(deal, spec["seed"])
        results.append(deal.result())
        if GAME.match_winner(results, options) is not None:
            return
        carry = GAME.carry_for(options, seats, results)
        dealer = GAME.next_dealer(dealer, seats, results)


def test_the_unseen_cards_are_placed_at_random():
    deal = GAME.new_deal(seats=3, dealer=2, seed=11)
    for action in ("draw", "discard " + deal.view(ALICE)["players"][ALICE]["hand"][0]):
        deal.apply(action)
    view = deal.view(BOB)
    hands = {
        tuple(GAME.determinize(view, GAME.public_history(deal, BOB), deal.options,
                               random.Random(seed)).hands[CHARLIE])
        for seed in range(5)
    }  # fmt: skip
    assert len(hands) > 1


def test_a_declined_offer_is_left_out_of_the_other_seats_history():
    alice = CHARLIE_HAND.replace("7D", "KD").replace("JD", "JH")
    deal = hand_of([alice, BOB_HAND, RUMINO_SIX], "KC")
    deal.apply("draw")
    deal.apply("discard KD")
    deal.apply("decline")
    assert (CHARLIE, "decline") in GAME.public_history(deal, CHARLIE)
    for viewer in (ALICE, BOB, None):
        assert (CHARLIE, "decline") not in GAME.public_history(deal, viewer)
    check_every_viewer(deal, 1)


def test_the_next_player_waiting_on_an_open_offer_is_sampled_at_its_own_turn():
    alice = CHARLIE_HAND.replace("7D", "KD").replace("JD", "JH")
    deal = hand_of([alice, BOB_HAND, RUMINO_SIX], "KC")
    deal.apply("draw")
    deal.apply("discard KD")
    assert deal.to_act == CHARLIE  # the offer is open
    view = deal.view(BOB)
    sample = GAME.determinize(view, GAME.public_history(deal, BOB), deal.options,
                              random.Random(3))  # fmt: skip
    # The offers open in the sample lapsed, as the live layer lets them lapse before Bob's
    # turn: the search starts where Bob decides.
    assert (sample.phase, sample.to_act) == ("draw", BOB)
    assert sample.legal_actions() == view["legal_actions"] == ["draw", "take"]
    assert sample.view(BOB) == view


def test_a_view_of_another_game_is_refused():
    deal = GAME.new_deal(seats=2, seed=1)
    view = dict(deal.view(0), game="briscola")
    with pytest.raises(ValueError):
        GAME.determinize(view, [], deal.options, random.Random(1))
