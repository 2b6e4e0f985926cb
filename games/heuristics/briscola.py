"""Briscola: trick play with the trump (briscola), with the common rules of thumb.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola") and
../shared/rules/README.md ("Briscola" rulings), as the engine reads them
(games/rules/tricks.py: card values A 11, 3 10, K 4, Q 3, J 2; the order A 3 K Q J 7 6
5 4 2). Rules of thumb: lead a worthless
plain card; take a trick with points with a card of the suit led, and with a low trump
only when the trick holds a figure or a carico (A, 3); never spend a trump on nothing;
at four, load points on a trick the partner holds safely.
"""

from __future__ import annotations

import random
from typing import Any

from games.heuristics.generic import generic_action
from games.heuristics.tricks import TrickRules, play_from_view, rank_of
from games.rules.tricks import BRISCOLA_ORDER, BRISCOLA_POINTS

RULES = TrickRules(
    order=BRISCOLA_ORDER,
    points=lambda code: BRISCOLA_POINTS.get(rank_of(code), 0),
    trump_cost=4.0,
    trump_step=0.6,
)
"""Briscola's cards for the trick heuristic: a trump kept is worth about a king."""


def action(view: dict[str, Any], rng: random.Random, history=()) -> str:
    """Briscola's heuristic action (see the module docstring)."""
    return play_from_view(view, history, RULES, view.get("trump")) or generic_action(
        view, rng, history
    )
