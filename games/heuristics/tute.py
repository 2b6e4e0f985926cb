"""Tute: declare every marriage (veinte, cuarenta, tute) when allowed, and play tricks as
in Briscola (the same card values and order) with the partner in mind.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tute": card values A 11,
3 10, K 4, Q 3, J 2; marriages 20, 40 in trumps). The engine makes a follower head the
trick when able; among the legal cards the rules of thumb of games/heuristics/tricks.py
choose.
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
    cash_early=True,
)


def action(view: dict[str, Any], rng: random.Random, history=()) -> str:
    """Tute's heuristic action: a declaration first (the largest), else a card."""
    legal = view["legal_actions"]
    declarations = [a for a in legal if a.startswith("declare ")]
    if declarations:
        trump = view.get("trump")
        return max(declarations, key=lambda a: (a.split()[1] == "tute", a.endswith(f" {trump}"), a))
    return play_from_view(view, history, RULES, view.get("trump")) or generic_action(
        view, rng, history
    )
