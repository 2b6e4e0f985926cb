"""Machiavelli's determinization: a game consistent with one seat's view, the unseen
cards placed at random, and the public history that hides the others' penalised tables.

Source: games/rules/machiavelli/determinize.py (the procedure),
../shared/rules/README.md ("Machiavelli").
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.machiavelli import Machiavelli
from tests.games.rules.test_machiavelli_play import ALICE, BOB, CHARLIE, deal_from, hand

GAME = Machiavelli()


def check_every_viewer(deal, seed):
    for viewer in range(deal.seats):
        view = deal.view(viewer)
        history = GAME.public_history(deal, viewer)
        sample = GAME.determinize(view, history, deal.options, random.Random(seed))
        assert sample.view(viewer) == view
        assert GAME.public_history(sample, viewer) == history


def penalty_now(deal):
    """The table on the table with one card of the hand of the seat to act laid alone."""
    seat = deal.to_act
    table = " | ".join(" ".join(meld) for meld in deal.view(None)["table"])
    card = hand(deal, seat)[0]
    return f"table {table} | {card}" if table else f"table {card}"


@settings(max_examples=15, deadline=None)
@given(
    st.fixed_dictionaries(
        {
            "seats": st.sampled_from(GAME.seats),
            "seed": st.integers(0, 2**32),
            "show_rejected": st.booleans(),
        }
    )
)
def test_a_determinized_game_gives_the_same_view_at_any_point(spec):
    seats, rng = spec["seats"], random.Random(spec["seed"])
    options = {"show_rejected": spec["show_rejected"]}
    deal = GAME.new_deal(
        seats=seats, dealer=spec["seed"] % seats, seed=spec["seed"], options=options
    )
    stops = {rng.randrange(0, 60), rng.randrange(0, 200)}
    while not deal.is_over:
        if deal.actions_count in stops:
            check_every_viewer(deal, spec["seed"])
        action = penalty_now(deal) if rng.random() < 0.1 else rng.choice(deal.legal_actions())
        deal.apply(action)
    check_every_viewer(deal, spec["seed"])


def test_a_penalised_table_is_hidden_from_the_others_history_only():
    deal = deal_from(["3H 4H 5H", "9C 9D 2S", ""], stock="KD KS QD QS")
    deal.apply("table 3H 4H 5H")
    deal.apply("table 3H 4H 5H | 9C 9D 2S")
    assert GAME.public_history(deal, BOB)[1] == (BOB, "table 3H 4H 5H | 9C 9D 2S")
    for viewer in (ALICE, CHARLIE, None):
        assert GAME.public_history(deal, viewer) == [
            (ALICE, "table 3H 4H 5H"),
            (BOB, "?"),
        ]
    check_every_viewer(deal, 3)
    shown = deal_from(["3H 4H 5H", "9C 9D 2S", ""], stock="KD", show_rejected=True)
    shown.apply("table 3H 4H 5H")
    shown.apply("table 3H 4H 5H | 9C 9D 2S")
    assert GAME.public_history(shown, ALICE)[1] == (BOB, "table 3H 4H 5H | 9C 9D 2S")
    check_every_viewer(shown, 3)


def test_the_unseen_cards_are_placed_at_random():
    deal = GAME.new_deal(seats=3, dealer=2, seed=5)
    deal.apply("draw")
    view = deal.view(BOB)
    samples = {
        tuple(GAME.determinize(view, GAME.public_history(deal, BOB), deal.options,
                               random.Random(seed)).hands[ALICE])
        for seed in range(5)
    }  # fmt: skip
    assert len(samples) > 1


def test_a_view_of_another_game_is_refused():
    deal = GAME.new_deal(seats=2, seed=1)
    with pytest.raises(ValueError):
        GAME.determinize(dict(deal.view(0), game="rumino"), [], deal.options, random.Random(1))
