"""Tressette: accusi when held, no signals, and trick play without trumps.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tressette": the order 3 2 A
K Q J 7 6 5 4, the ace 1 point and 3, 2, K, Q, J a third each, 1 for the last trick).
Rules of thumb: lead a card that is the highest left in its suit (a 3, then a 2 once the
3 is gone) to take its points, else a low card; take an ace whenever possible; load
points on the partner's trick once it is safe; throw low cards.
"""

from __future__ import annotations

import random
from typing import Any

from games.heuristics.generic import generic_action
from games.heuristics.tricks import TrickRules, play_from_view, rank_of
from games.rules.tricks import TRESSETTE_ORDER, TRESSETTE_THIRDS

RULES = TrickRules(
    order=TRESSETTE_ORDER, points=lambda code: TRESSETTE_THIRDS.get(rank_of(code), 0)
)
"""The Tressette family's cards (points in thirds), shared by Calabrasella and
Spizzichino."""


def action(view: dict[str, Any], rng: random.Random, history=()) -> str:
    """Tressette's heuristic action: an accuso if offered, else a card (signals unused)."""
    legal = view["legal_actions"]
    accusi = [a for a in legal if a.split(" ")[0] in ("accuse", "declare")]
    if accusi:
        return max(accusi, key=lambda a: (len(a.split()), a))
    return play_from_view(view, history, RULES, None) or generic_action(view, rng, history)
