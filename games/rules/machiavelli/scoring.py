"""The end of a Machiavelli game: its ranking by cards left and the match it decides.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Machiavelli": the first
player to lay every card wins), ../shared/rules/README.md ("Machiavelli": with the
stock empty a full round of passes ends the game; fewest cards wins, then fewest card
points, A 1, 2-10 face value, J Q K 10).

A result ranks every seat by ``(cards left, card points left)``, fewer first; equal
pairs share a place. The winner is the seat alone in first place; when two or more
share it (same cards and same points left) the game has no winner and the match plays
another game (a ruling chosen here: the rules name no further tie-break).

>>> result = game_result([[0] * 52, [0, 2] + [0] * 50, [1] + [0] * 51], went_out=0)
>>> result["winner"], result["cards_left"], result["card_points"], result["places"]
(0, [0, 2, 1], [0, 4, 1], [1, 3, 2])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.rules.machiavelli.melds import CARD_POINTS, FACES


def card_points(counts: Sequence[int]) -> int:
    """Card points of a multiset of faces (52 counts): A 1, 2-10 face value, J Q K 10
    (../shared/rules/README.md, "Machiavelli")."""
    return sum(CARD_POINTS[face] * counts[face] for face in range(FACES) if counts[face])


def places(keys: Sequence[tuple[int, int]]) -> list[int]:
    """Places (1 first) for ranking ``keys``, lower first; equal keys share a place and the
    next place skips as many (1, 1, 3).

    >>> places([(2, 9), (0, 0), (2, 9), (5, 1)])
    [2, 1, 2, 4]
    """
    return [1 + sum(other < key for other in keys) for key in keys]


def game_result(hands: Sequence[Sequence[int]], went_out: int | None) -> dict[str, Any]:
    """The result of a finished game from each seat's hand (52 counts by face).

    ``went_out`` is the seat that laid its last card, or None when the game ended with
    a full round of passes (blocked). Returns ``{"points": [1 for the winner, else 0],
    "winner": seat | None, "went_out": seat | None, "cards_left": [...],
    "card_points": [...], "places": [...]}``.
    """
    cards_left = [sum(hand) for hand in hands]
    points_left = [card_points(hand) for hand in hands]
    ranking = places(list(zip(cards_left, points_left, strict=True)))
    first = [seat for seat, place in enumerate(ranking) if place == 1]
    winner = first[0] if len(first) == 1 else None
    return {
        "points": [int(seat == winner) for seat in range(len(hands))],
        "winner": winner,
        "went_out": went_out,
        "cards_left": cards_left,
        "card_points": points_left,
        "places": ranking,
    }


def deciding_result(results: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The result of the game that decided the match: the first with a winner (a game
    whose first place is shared is played again), or None while there is none."""
    for result in results:
        if result.get("winner") is not None:
            return result
    return None
