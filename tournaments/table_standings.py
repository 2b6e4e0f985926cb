"""Standings of a table event (players seated at tables of three or more).

Match points by place at a table of ``t`` seats: ``t - place`` (at three: 2 for first,
1 for second, 0 for third); players sharing a place share the points of the places
they cover (two sharing second at three get (1 + 0) / 2 each). A player sitting out a
round (the count is not a multiple of ``t``) scores the mean of a table's points,
``(t - 1) / 2`` (1 at three): sitting out neither helps nor hurts on average, as in
the Swiss events' practice of a bye worth the expected score. Ties on match points are
broken by the points scored at the tables (Calabrasella's chips, other games' match
totals), then by first places (``wins``); rows level on all three share a rank.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

EntrantId = Hashable


@dataclass(frozen=True, slots=True)
class TableResult:
    """One finished table, or one sit-out.

    Attributes:
        round_number: 1-based.
        entrants: the players of the table in seat order (one for a sit-out).
        places: each seat's place, 1 first (``(1,)`` for a sit-out).
        points: each seat's points at the table (chips, match totals).
        bye: True for a sit-out.
        table_size: seats of a table in the event (for the points of a place and a bye).

    Raises:
        ValueError: lengths that differ, or a sit-out of more than one entrant.
    """

    round_number: int
    entrants: tuple[EntrantId, ...]
    places: tuple[int, ...]
    points: tuple[float, ...]
    bye: bool = False
    table_size: int = 3

    def __post_init__(self) -> None:
        if self.bye and len(self.entrants) != 1:
            raise ValueError("a sit-out is one entrant's")
        if not self.bye and not (len(self.entrants) == len(self.places) == len(self.points)):
            raise ValueError("a table needs a place and points for every entrant")


@dataclass(frozen=True, slots=True)
class TableStandingRow:
    """One entrant's line: ``rank`` (shared when level), ``played`` tables, ``wins`` (first
    places, shared ones included), ``losses`` (last places), ``byes``, ``match_points``
    and ``points`` (summed at the tables)."""

    rank: int
    entrant: EntrantId
    played: int
    wins: int
    losses: int
    byes: int
    match_points: float
    points: float


def place_points(places: Sequence[int], table_size: int) -> list[float]:
    """Match points for each seat of a table with these ``places`` (module docstring).

    >>> place_points([2, 1, 3], 3), place_points([1, 2, 2], 3)
    ([1.0, 2.0, 0.0], [2.0, 0.5, 0.5])
    """
    points = []
    for place in places:
        sharing = sum(1 for other in places if other == place)
        covered = [table_size - q for q in range(place, place + sharing)]
        points.append(sum(covered) / sharing)
    return points


def compute_table_standings(
    entrant_ids: Sequence[EntrantId], results: Sequence[TableResult], rank_by: str = "places"
) -> list[TableStandingRow]:
    """Rank ``entrant_ids`` by ``results`` (module docstring), best first; every entrant gets
    a row. ``rank_by="points"`` (games played for chips: the general rulings on banking
    games, "standings use chips won or lost") ranks by the points (chips) first, then
    match points, then first places.

    Raises:
        ValueError: an entrant listed twice, or a result naming someone not listed.
    """
    entrants = list(entrant_ids)
    if len(set(entrants)) != len(entrants):
        raise ValueError("an entrant is listed twice")
    tally = {e: [0, 0, 0, 0, 0.0, 0.0] for e in entrants}  # played wins losses byes mp pts
    for result in results:
        unknown = [e for e in result.entrants if e not in tally]
        if unknown:
            raise ValueError(f"results name entrants not listed: {unknown!r}")
        if result.bye:
            row = tally[result.entrants[0]]
            row[3] += 1
            row[4] += (result.table_size - 1) / 2
            continue
        size = len(result.entrants)
        for entrant, place, mp, pts in zip(
            result.entrants,
            result.places,
            place_points(result.places, size),
            result.points,
            strict=True,
        ):
            row = tally[entrant]
            row[0] += 1
            row[1] += place == 1
            row[2] += place == max(result.places) and place != 1
            row[4] += mp
            row[5] += pts
    if rank_by not in ("places", "points"):
        raise ValueError(f"rank_by is 'places' or 'points', not {rank_by!r}")
    by_points = rank_by == "points"

    def key_of(mp: float, pts: float, wins: int) -> tuple[float, float, int]:
        return (pts, mp, wins) if by_points else (mp, pts, wins)

    order = sorted(entrants, key=lambda e: tuple(-v for v in key_of(*tally[e][4:6], tally[e][1])))
    rows = []
    for index, entrant in enumerate(order):
        played, wins, losses, byes, mp, pts = tally[entrant]
        key = key_of(mp, pts, wins)
        if rows and key_of(rows[-1].match_points, rows[-1].points, rows[-1].wins) == key:
            rank = rows[-1].rank
        else:
            rank = index + 1
        rows.append(TableStandingRow(rank, entrant, played, wins, losses, byes, mp, pts))
    return rows
