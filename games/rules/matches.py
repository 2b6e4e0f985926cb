"""Rules for the end of a match that several games share, written once.

Each takes the match totals per seat (``Game.match_scores``: the sum of the
deals' ``points`` unless the game counts otherwise) and returns the winning
seat, or None while the match goes on. A game's ``match_winner`` says which
rule it follows and cites its source.
"""

from __future__ import annotations

from collections.abc import Sequence


def _sole_best(totals: Sequence[int]) -> int | None:
    """The seat with the strictly highest total, None when two or more share it."""
    best = max(totals)
    if list(totals).count(best) > 1:
        return None
    return list(totals).index(best)


def higher_total_at_target(totals: Sequence[int], target: int) -> int | None:
    """The winner of a match played to ``target`` points, given the totals after a deal.

    The match ends after the deal in which someone reaches the target (never
    in the middle of one); the higher total wins; equal totals at or over the
    target mean another deal. Used by Spizzichino (../shared/rules/README.md,
    "Spizzichino": match target) and Bazzica
    (../shared/rules/sources/002_94586e7e86dfeab2.txt, "Preparazione").

    >>> higher_total_at_target([52, 40], 51), higher_total_at_target([52, 52], 51)
    (0, None)
    >>> higher_total_at_target([51, 50], 51), higher_total_at_target([990, 1000], 1000)
    (0, 1)
    >>> higher_total_at_target([50, 49], 51), higher_total_at_target([1900, 2150], 2000)
    (None, 1)
    """
    if max(totals) < target:
        return None
    return _sole_best(totals)


def higher_total_after(totals: Sequence[int], played: int, hands: int, more: int = 1) -> int | None:
    """The winner of a match of ``hands`` hands, given the totals after ``played`` hands.

    After the match's hands the higher total wins; equal totals mean ``more``
    hands, again until the totals differ. Used by Briscola (one more hand:
    ../shared/rules/README.md, "Briscola") and Pinch Tarot (two more, so that
    each player deals one: ../shared/rules/README.md, "Pinch Tarot": match).

    >>> higher_total_after([70, 50], 1, 2), higher_total_after([130, 110], 2, 2)
    (None, 0)
    >>> higher_total_after([120, 120], 2, 2), higher_total_after([120, 180], 3, 2)
    (None, 1)
    >>> higher_total_after([160, 150], 3, 2, more=2), higher_total_after([210, 220], 4, 2, more=2)
    (None, 1)
    """
    if played < hands or (played - hands) % more:
        return None
    return _sole_best(totals)
