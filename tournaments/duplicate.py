"""Scoring duplicate boards ("carte uguali"): every table plays the same deal for each
board, and a pair is scored against the others who held the same cards, in the same
direction (North-South against North-South, East-West against East-West).

Two methods, chosen per event:

- Matchpoints: on each board, a score earns 2 for every other score in its direction
  that it beats and 1 for every one it ties; a pair's total is shown as a percentage of
  the most it could have earned (2 for each other score on each board it played).
  Source: the matchpoint scoring of duplicate bridge (e.g. the WBF Laws of Duplicate
  Bridge, Law 78A).
- Difference from the board's average (the "datum"): each score minus the average of
  the scores in its direction on that board; a pair's differences over the boards of
  a round are added and the sum converted to Victory Points by the event's table (for
  Burraco, the federation's tables: games.rules.burraco.scoring.victory_points). The
  datum is the plain mean of all the scores in the direction (no top or bottom is
  dropped); a round's difference is rounded to the nearest whole point before the VP
  table is read.

Scores are from each side's own point of view (a pair's deal points on that board, or
its deal points minus its opponents', as the event's game reports them). Pure Python.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

EntrantId = Hashable


def matchpoints(scores: Mapping[EntrantId, float]) -> dict[EntrantId, int]:
    """Matchpoints of each entrant on one board in one direction.

    Args:
        scores: entrant -> that entrant's score on the board.

    Returns:
        entrant -> 2 for each other score beaten plus 1 for each tied.

    >>> matchpoints({"a": 120, "b": 80, "c": 80, "d": -40})
    {'a': 6, 'b': 3, 'c': 3, 'd': 0}
    """
    values = list(scores.values())
    return {
        who: sum(2 if mine > other else 1 if mine == other else 0 for other in values) - 1
        for who, mine in scores.items()
    }


def matchpoint_percentages(
    boards: Sequence[Mapping[EntrantId, float]],
) -> dict[EntrantId, float]:
    """Each entrant's matchpoints over ``boards`` (each board: entrant -> score, one
    direction) as a percentage of the top it could have earned (0.0 to 100.0); an
    entrant alone on every board it played (no one to compare with) gets 50.0.

    >>> matchpoint_percentages([{"a": 10, "b": 0}, {"a": 0, "b": 0}])
    {'a': 75.0, 'b': 25.0}
    """
    earned: dict[EntrantId, int] = {}
    top: dict[EntrantId, int] = {}
    for board in boards:
        for who, points in matchpoints(board).items():
            earned[who] = earned.get(who, 0) + points
            top[who] = top.get(who, 0) + 2 * (len(board) - 1)
    return {who: (100.0 * earned[who] / top[who] if top[who] else 50.0) for who in earned}


def datum_differences(scores: Mapping[EntrantId, float]) -> dict[EntrantId, float]:
    """Each score minus the board's average in that direction (the datum).

    >>> datum_differences({"a": 300, "b": 100, "c": 200})
    {'a': 100.0, 'b': -100.0, 'c': 0.0}
    """
    if not scores:
        return {}
    datum = sum(scores.values()) / len(scores)
    return {who: float(score - datum) for who, score in scores.items()}


def round_victory_points(
    boards: Sequence[Mapping[EntrantId, float]],
    table: Callable[[int], tuple[int, int]],
) -> dict[EntrantId, int]:
    """Victory Points of each entrant for one round of duplicate ``boards`` by the
    difference from the datum: the differences added over the round, rounded to the
    nearest whole point, read in the VP ``table``.

    Args:
        boards: the round's boards, each entrant -> score, one direction.
        table: difference (int >= 0) -> (winner's VP, loser's VP); a positive sum takes
            the winner's figure, a negative one the loser's, zero the winner's (the
            tables give equal VP there).

    >>> from games.rules.burraco.scoring import victory_points
    >>> round_victory_points([{"a": 600, "b": 0}], lambda d: victory_points(d, 3))
    {'a': 13, 'b': 7}
    """
    totals: dict[EntrantId, float] = {}
    for board in boards:
        for who, difference in datum_differences(board).items():
            totals[who] = totals.get(who, 0.0) + difference
    result = {}
    for who, total in totals.items():
        winner, loser = table(abs(round(total)))
        result[who] = winner if total >= 0 else loser
    return result
