"""Spizzichino: blind packet choices, every pizzico taken, trick play as in Tressette.

Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt (packets, pizzichi, the order
3 2 A K Q J 7 6 5 4 and the Tressette values) and 001_4bb5011f2c927f3d.txt (buongiochi).
Rules of thumb: the packets are face down, so any choice is as good (the first); take
every 3, 2 or ace showing on a packet (it may make a buongioco and shows a new card);
then play as in Tressette: take aces, lead the highest card left in a suit.
"""

from __future__ import annotations

import random
from typing import Any

from games.heuristics.generic import generic_action
from games.heuristics.tressette import RULES
from games.heuristics.tricks import play_from_view


def action(view: dict[str, Any], rng: random.Random, history=()) -> str:
    """Spizzichino's heuristic action (see the module docstring)."""
    legal = view["legal_actions"]
    takes = [a for a in legal if a.startswith("take ")]
    if takes:
        return max(takes, key=lambda a: RULES.strength(a.split()[1]))
    if legal[0].startswith(("pick ", "hand ")):
        return legal[0]
    return play_from_view(view, history, RULES, None, partners=()) or generic_action(
        view, rng, history
    )
