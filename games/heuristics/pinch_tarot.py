"""Pinch Tarot (taròcchi à pessigo): announce melds, then trick play with the tarot trumps.

Source: ../shared/rules/sources/003_7513308a0e62a486.txt (card points: kings, trumps 1
and 20 and the fool 4, queens 3, cavaliers 2, jacks 1; melds; the fool is kept and
exchanged for the lowest card of a later trick). Rules of thumb: announce every meld
(the one showing most cards first); lead a worthless plain card; take a court with a
higher court of its suit or with a low trump; keep the high trumps; play the fool when
the only other choice gives away points.
"""

from __future__ import annotations

import random
from typing import Any

from games.heuristics.generic import generic_action
from games.heuristics.tricks import TrickRules, play_from_view, rank_of

ORDER = ("K", "Q", "C", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A")
_COURTS = {"K": 4, "Q": 3, "C": 2, "J": 1}


def points(code: str) -> float:
    """Card points (003): trumps 1 and 20 and the fool 4, kings 4, queens 3, cavaliers 2,
    jacks 1; the fool counts low here because it comes back to its owner."""
    if code == "FOOL":
        return 0.5
    if code.endswith("T"):
        return 4 if code in ("1T", "20T") else 0
    return _COURTS.get(rank_of(code), 0)


RULES = TrickRules(order=ORDER, points=points, trump_cost=1.0, trump_step=0.15, tarot=True)


def action(view: dict[str, Any], rng: random.Random, history=()) -> str:
    """Pinch Tarot's heuristic action: a meld first, else a card.

    The meld showing most cards goes first; a taròcchi is offered as one entry showing
    every trump held (games/rules/pinch_tarot/game.py), the choice of most points, which
    the heuristic takes: a smaller choice would only keep trumps secret."""
    legal = view["legal_actions"]
    melds = [a for a in legal if a.startswith("meld ")]
    if melds:
        return max(melds, key=lambda a: (len(a.split()), a))
    return play_from_view(view, history, RULES, "T") or generic_action(view, rng, history)
