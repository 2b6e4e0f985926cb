"""Scopa: the capture worth most, and a trail that leaves no scopa.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scopa": a point each for most
cards, most diamonds (denari), the settebello (7 of diamonds), the primiera (7s first,
then 6s, aces), and each scopa; card values A 1 .. 7, J 8, Q 9, K 10). Rules of thumb:
capture what scores (the settebello, 7s, diamonds, many cards; a scopa above all); when
no capture is possible, trail a card that cannot give the opponent a scopa (the board
totalling more than 10 afterwards, or a total whose four cards have all been seen) and
that is worth little (not a 7, not a diamond); prefer a capture that leaves no sweep.
"""

from __future__ import annotations

import random
from typing import Any

from games.heuristics.generic import generic_action

VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "Q": 9, "K": 10}
PRIMIERA = {"7": 2.0, "6": 1.0, "A": 0.7, "5": 0.3}
"""What a card adds to the primiera race, in the unit of :func:`card_worth`."""


def card_worth(code: str) -> float:
    """What taking ``code`` is worth: 1 a card, 1.5 for a diamond, 6 for the settebello,
    and the primiera weight of its rank."""
    rank, suit = code[:-1], code[-1]
    worth = 1.0 + PRIMIERA.get(rank, 0.0)
    if suit == "D":
        worth += 1.5
    if code == "7D":
        worth += 6
    return worth


def _seen(view: dict[str, Any], history) -> list[str]:
    """Every card the seat has seen: its hand, the board, and the cards of the public
    history (played, trailed or captured)."""
    seat = int(view["viewer"])
    hand = next((p.get("hand") or [] for p in view.get("players", []) if p["seat"] == seat), [])
    cards = list(hand) + list(view.get("board") or [])
    for _, act in history:
        parts = act.split(" ")
        if parts[0] in ("play", "capture") and len(parts) > 1:
            cards.append(parts[1])
            if len(parts) > 2:
                cards.extend(parts[2].split("+"))
    return cards


def sweep_risk(board_left: list[str], seen: list[str]) -> float:
    """The chance-weighted cost of leaving ``board_left`` to the opponent: a board
    totalling 10 or less can be swept by a card of that value, unless the seat has seen
    all four of them (card counting); 0 for an empty board (nothing to sweep)."""
    if not board_left:
        return 0.0
    total = sum(VALUES[c[:-1]] for c in board_left)
    if total > 10:
        return 0.0
    left = 4 - sum(1 for c in set(seen) if VALUES[c[:-1]] == total)
    return 8.0 * left / 4


def action(view: dict[str, Any], rng: random.Random, history=()) -> str:
    """Scopa's heuristic action (see the module docstring)."""
    legal = view["legal_actions"]
    board = list(view.get("board") or [])
    seen = _seen(view, history)
    last_play = view.get("stock_count") == 0 and all(
        (p.get("hand_count") or 0) <= 1 for p in view.get("players", [])
    )
    captures = [a for a in legal if a.startswith("capture ")]
    if captures:

        def capture_worth(act: str) -> float:
            _, played, taken = act.split(" ", 2)
            cards = taken.split("+")
            worth = card_worth(played) + sum(card_worth(c) for c in cards)
            left = [c for c in board if c not in cards]
            if not left:
                worth += 10  # a scopa
            elif not last_play:
                worth -= sweep_risk(left, seen)
            return worth

        return max(captures, key=lambda a: (capture_worth(a), a))
    plays = [a for a in legal if a.startswith("play ")]
    if not plays:
        return generic_action(view, rng, history)

    def trail_cost(act: str) -> float:
        code = act.split()[1]
        return card_worth(code) + 0.05 * VALUES[code[:-1]] + sweep_risk([*board, code], seen)

    return min(plays, key=lambda a: (trail_cost(a), a))
