"""Burraco determinization: from one seat's view and the public actions, a hand that
gives that seat the very same view, with the cards it has not seen placed at random.

Source: the contract of Game.determinize (view_for(result, viewer) == view);
../shared/rules/sources/004_3274f6a7e97458c6.txt ("Burraco") for what is public.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from games.rules.briscola import Briscola
from games.rules.burraco import Burraco

GAME = Burraco()


def _play(deal, rng, steps):
    while not deal.is_over and deal.actions_count < steps:
        legal = deal.legal_actions()
        if deal.phase == "draw":
            action = "take" if "take" in legal and rng.random() < 0.3 else "draw"
        else:
            melds = [a for a in legal if not a.startswith("discard")]
            action = rng.choice(melds if melds and rng.random() < 0.85 else legal)
        deal.apply(action)
    return deal


@settings(max_examples=10, deadline=None)
# A face-down pozzetto picked up as the turn passed to its owner, the viewer.
@example(seats=2, deck_seed=735021471, play_seed=1474431808, steps=147)
@given(
    seats=st.sampled_from((2, 4)),
    deck_seed=st.integers(0, 2**32),
    play_seed=st.integers(0, 2**32),
    steps=st.integers(0, 400),
)
def test_a_determinized_hand_gives_the_viewer_the_same_view_and_history(
    seats, deck_seed, play_seed, steps
):
    deal = _play(GAME.new_deal(seats=seats, dealer=seats - 1, seed=deck_seed),
                 random.Random(play_seed), steps)  # fmt: skip
    rng = random.Random(play_seed)
    for viewer in (*range(seats), None):
        view = deal.view(viewer)
        history = GAME.public_history(deal, viewer)
        other = GAME.determinize(view, history, deal.options, rng)
        assert other.view(viewer) == view
        assert GAME.public_history(other, viewer) == history
        assert sorted(other.deck) == sorted(deal.deck)


def test_the_cards_a_seat_has_not_seen_are_placed_at_random():
    deal = GAME.new_deal(seats=4, dealer=3, seed=11)
    view = deal.view(0)
    hands = {
        tuple(
            sorted(GAME.determinize(view, [], deal.options, random.Random(s)).hands[1].elements())
        )
        for s in range(5)
    }
    assert len(hands) == 5
    assert all(GAME.determinize(view, [], deal.options, random.Random(s)).hands[0]
               == deal.hands[0] for s in range(3))  # fmt: skip


def test_the_history_is_every_action_since_all_are_public():
    deal = _play(GAME.new_deal(seats=2, seed=3), random.Random(1), 30)
    assert GAME.public_history(deal, 1) == deal.actions


def test_it_refuses_a_view_of_another_game():
    view = Briscola().new_deal(seats=2, seed=1).view(0)
    with pytest.raises(ValueError, match="not a view of burraco"):
        GAME.determinize(view, [], GAME.validate_options({}), random.Random(1))


def test_it_refuses_a_history_that_does_not_fit_the_view():
    deal = _play(GAME.new_deal(seats=2, seed=5), random.Random(2), 20)
    view = deal.view(0)
    with pytest.raises(ValueError):
        GAME.determinize(view, deal.actions[:-4], deal.options, random.Random(1))
