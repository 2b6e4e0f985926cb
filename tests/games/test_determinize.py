"""The determinization contract (games/rules/base.py, ``Game.determinize``) for every game
of the registry: a determinized deal looks, to the seat it was made for, exactly like the
deal it came from, and the cards hidden from that seat vary between samples."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules import all_games

CASES = [
    pytest.param(game, seats, id=f"{game.slug}-{seats}")
    for game in all_games()
    for seats in game.seat_counts(game.validate_options({}))
]


def _random_point(game, seats, seed):
    """A deal of ``game`` for ``seats`` played at random to a random point before its end,
    and the generator that chose it."""
    rng = random.Random(seed)
    deal = game.new_deal(seats=seats, dealer=seed % seats, seed=seed)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    stop = rng.randrange(len(deal.actions))
    point = game.new_deal(seats=seats, dealer=seed % seats, seed=seed)
    for seat, action in deal.actions[:stop]:
        point.apply(action, seat=seat)
    return point, rng


def _hidden(view):
    """The cards of others the view does not show: per seat, hand size minus known cards.
    0 when they can lie in one place only (one other seat holds them all and the view
    shows an empty stock): then the rules force where they are."""
    per_seat = [
        p["hand_count"] - len(p.get("known_cards") or [])
        for p in view["players"]
        if p.get("hand") is None and "hand_count" in p
    ]
    if view.get("stock_count") == 0 and sum(1 for count in per_seat if count) < 2:
        return 0
    return sum(per_seat)


@pytest.mark.parametrize(("game", "seats"), CASES)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_determinization_shows_the_seat_to_act_exactly_what_it_saw(game, seats, seed):
    deal, rng = _random_point(game, seats, seed)
    seat = deal.to_act
    view = game.view_for(deal, seat)
    history = game.public_history(deal, seat)
    samples = [game.determinize(view, history, dict(deal.options), rng) for _ in range(8)]
    for sample in samples:
        assert game.view_for(sample, seat) == view
        assert game.public_history(sample, seat) == history
    if _hidden(view) >= 8:  # enough hidden cards that no rule can force where they lie
        # Compared through every seat's view (a determinizer may set hands on a stand-in
        # deal, as Pinch Tarot's does, so the deck alone need not tell them apart).
        seen = {
            json.dumps([game.view_for(sample, s) for s in range(seats)], sort_keys=True)
            for sample in samples
        }
        assert len(seen) > 1, "the hidden cards never vary"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.slug)
def test_a_determinizer_refuses_a_view_of_another_game(game):
    other = next(g for g in all_games() if g.slug != game.slug)
    deal = other.new_deal(seed=1)
    view = deal.view(deal.to_act)
    with pytest.raises(ValueError, match="not a view of"):
        game.determinize(view, [], game.validate_options({}), random.Random(1))
