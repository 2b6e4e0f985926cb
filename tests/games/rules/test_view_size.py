"""No view a seat or a spectator is sent is over 16 KB (issue #32), in random deals of every
game in its largest configuration, as bench/view_size.py measures over 10,000 deals a game
(docs/performance.md, "View sizes"); and not in the Pinch Tarot hand that made 257 KB views
before, fifteen trumps in one hand.
"""

from __future__ import annotations

import json
import random

import pytest

from bench.view_size import LIMIT, largest_view
from games.rules import all_games
from tests.games.rules.pinch_tarot.test_pinch_tarot_deal import BOB, TRUMPS, new_deal

DEALS = 200
"""Random deals a game, seeded: the bench plays 10,000."""
SLOW = {"bazzica": 25, "burraco": 25, "rumino": 25}
"""Fewer deals of the games whose random deals are long (the suite's time)."""


@pytest.mark.parametrize("slug", [game.slug for game in all_games()])
def test_no_view_of_a_random_deal_is_over_16_kb(slug):
    deals = SLOW.get(slug, DEALS)
    found = largest_view(slug, deals, seed=32)
    assert found.deals == deals
    assert 0 < found.size <= LIMIT, found.where


def test_no_view_of_a_pinch_tarot_hand_with_fifteen_trumps_is_over_16_kb():
    rng = random.Random(15)
    deal = new_deal(bob=TRUMPS[:15])
    largest = 0
    while not deal.is_over:
        for viewer in (0, 1, None):
            view = deal.view(viewer)
            largest = max(largest, len(json.dumps(view, separators=(",", ":")).encode()))
        legal = deal.legal_actions()
        if deal.to_act == BOB and deal.actions == []:
            assert sum(a.startswith("meld tarocchi ") for a in legal) == 1
        deal.apply(rng.choice(legal))
    assert largest <= LIMIT
