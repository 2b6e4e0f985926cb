"""Bazzica: declare every combination when offered, then trick play with the trump.

Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt (Bazzica: the order A 10 K Q J
9 8 7; aces and tens are brisques worth 10 each; combinations declared score at once).
Rules of thumb: take the points of declarations first; in play, keep trumps and
brisques, win a trick that holds a brisque, and throw low cards otherwise.
"""

from __future__ import annotations

import random
from typing import Any

from games.heuristics.generic import generic_action
from games.heuristics.tricks import TrickRules, play_from_view, rank_of
from games.rules.bazzica.cards import ORDER

RULES = TrickRules(
    order=ORDER,
    points=lambda code: 10 if rank_of(code) in ("A", "10") else 0,
    trump_cost=4.0,
    trump_step=0.5,
)


def action(view: dict[str, Any], rng: random.Random, history=()) -> str:
    """Bazzica's heuristic action: declarations first, else a card (generic otherwise)."""
    legal = view["legal_actions"]
    if any(a.startswith("declare ") for a in legal):
        return generic_action(view, rng, history)
    return play_from_view(view, history, RULES, view.get("trump")) or generic_action(
        view, rng, history
    )
