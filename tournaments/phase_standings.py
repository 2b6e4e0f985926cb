"""Standings of an event in phases (Mitchell, Danish and individual rounds, with or
without duplicate boards), as a pure function over plain values.

Every round is worth the same to an entrant, ``unit`` points: 20 Victory Points in an
event of a game with a VP table (Burraco), else 1 match point. A round scores:

- a match without duplicate boards: its VP from the difference in match totals (the
  game's VP table), or 1 for a win, 1/2 for a draw, 0 for a loss;
- a round of duplicate boards: against the other tables' results on the same boards in
  the same direction (tournaments/duplicate.py): by matchpoints, the round's fraction of
  the matchpoints it could earn times ``unit``; or by the difference from each board's
  average summed over the round and read in the VP table;
- a bye: as a win, 1 match point, or ``BYE_VICTORY_POINTS`` (12) in VP, as the other
  formats score it (tournaments/standings.py);
- the arbiter's adjustments and penalties: added as they are.

In an individual event a side is two entrants (the round's partners), and each scores
the side's result. Entrants are ranked by total, then by the difference in deal points,
then by their order in ``entrants`` (the seeds).

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.duplicate import matchpoints, round_victory_points
from tournaments.standings import BYE_VICTORY_POINTS

EntrantId = Hashable


@dataclass(frozen=True, slots=True)
class TableResult:
    """One finished table of a round.

    ``sides``: the entrants of each side (one pair entry, or two players in an
    individual event); ``totals``: each side's match total; ``deals``: each deal's points
    per side, in order (for duplicate comparison); ``board_set``: the duplicate set's
    key, "" without duplicate boards; ``winner``: the winning side, None for a draw."""

    round_number: int
    sides: tuple[tuple[EntrantId, ...], ...]
    totals: tuple[int, ...]
    winner: int | None
    deals: tuple[tuple[int, ...], ...] = ()
    board_set: str = ""


@dataclass(slots=True)
class PhaseRow:
    """One entrant's line: ``total`` (event points), rounds ``played``, ``wins``,
    ``losses``, ``byes``, deal points ``points_for`` and ``points_against``, and the
    duplicate ``matchpoints`` earned of ``matchpoint_top`` (0 of 0 without boards)."""

    entrant: EntrantId
    rank: int = 0
    total: float = 0.0
    played: int = 0
    wins: int = 0
    losses: int = 0
    byes: int = 0
    points_for: int = 0
    points_against: int = 0
    matchpoints: int = 0
    matchpoint_top: int = 0
    rounds: dict[int, float] = field(default_factory=dict)

    @property
    def percentage(self) -> float | None:
        """Matchpoints as a percentage of the top, None without duplicate boards."""
        return 100.0 * self.matchpoints / self.matchpoint_top if self.matchpoint_top else None


def phase_standings(
    entrants: Sequence[EntrantId],
    tables: Sequence[TableResult],
    *,
    byes: Sequence[tuple[int, EntrantId]] = (),
    adjustments: Mapping[EntrantId, float] | None = None,
    vp_table: Callable[[int, int], tuple[int, int]] | None = None,
    method: str = "matchpoints",
) -> list[PhaseRow]:
    """The standings of an event in phases, best first.

    Args:
        entrants: every entrant, in seed order (the last tie-break).
        tables: the finished tables of every round.
        byes: ``(round number, entrant)`` for each bye.
        adjustments: entrant -> points the arbiter added (negative: a penalty).
        vp_table: ``(difference >= 0, deals) -> (winner's VP, loser's VP)`` for a game
            scored in Victory Points; None: match points.
        method: duplicate boards' scoring, ``"matchpoints"`` or ``"datum_vp"`` (which
            needs ``vp_table``).

    Returns:
        One ``PhaseRow`` per entrant, ranked 1 first; equal on total and deal-point
        difference share nothing: the seed order decides.

    Raises:
        ValueError: an unknown method, ``"datum_vp"`` without a VP table, or a table
            naming an entrant not in ``entrants``.
    """
    if method not in ("matchpoints", "datum_vp"):
        raise ValueError(
            f"duplicate boards are scored by 'matchpoints' or 'datum_vp', not {method!r}"
        )
    if method == "datum_vp" and vp_table is None and any(t.board_set for t in tables):
        raise ValueError(
            "the difference from the average is read in a VP table: this game has none"
        )
    unit = 20.0 if vp_table is not None else 1.0
    rows = {entrant: PhaseRow(entrant) for entrant in entrants}

    def credit(entrants_of_side, round_number: int, points: float) -> None:
        for entrant in entrants_of_side:
            if entrant not in rows:
                raise ValueError(f"{entrant!r} is not an entrant")
            row = rows[entrant]
            row.total += points
            row.rounds[round_number] = row.rounds.get(round_number, 0.0) + points

    plain = [t for t in tables if not t.board_set]
    for table in plain:
        for side, entrants_of_side in enumerate(table.sides):
            credit(entrants_of_side, table.round_number, _plain_score(table, side, vp_table))
    for table in tables:
        for side, entrants_of_side in enumerate(table.sides):
            mine = table.totals[side]
            theirs = sum(table.totals) - mine
            for entrant in entrants_of_side:
                row = rows[entrant]
                row.played += 1
                row.points_for += mine
                row.points_against += theirs
                if table.winner is not None:
                    row.wins += table.winner == side
                    row.losses += table.winner != side
    for board_set in sorted({t.board_set for t in tables if t.board_set}):
        _score_boards(
            [t for t in tables if t.board_set == board_set], rows, credit, unit, vp_table, method
        )
    for round_number, entrant in byes:
        rows[entrant].byes += 1
        credit((entrant,), round_number, float(BYE_VICTORY_POINTS) if vp_table else 1.0)
    for entrant, points in (adjustments or {}).items():
        rows[entrant].total += points
    order = {entrant: index for index, entrant in enumerate(entrants)}
    ranked = sorted(
        rows.values(),
        key=lambda r: (-round(r.total, 9), -(r.points_for - r.points_against), order[r.entrant]),
    )
    for rank, row in enumerate(ranked, start=1):
        row.rank = rank
    return ranked


def _plain_score(table: TableResult, side: int, vp_table) -> float:
    """A side's points for a match without duplicate boards: VP, or 1 / 1/2 / 0."""
    if vp_table is not None and len(table.totals) == 2:
        difference = table.totals[side] - table.totals[1 - side]
        winner, loser = vp_table(abs(difference), max(1, len(table.deals)))
        return float(winner if difference >= 0 else loser)
    if table.winner is None:
        return 0.5
    return 1.0 if table.winner == side else 0.0


def _score_boards(tables, rows, credit, unit: float, vp_table, method: str) -> None:
    """Score one set of duplicate boards: each board's result per direction (side 0 is
    North-South, side 1 East-West) compared among the tables that played it."""
    round_number = tables[0].round_number
    boards = max(len(t.deals) for t in tables)
    for side in (0, 1):
        per_board = []
        for number in range(boards):
            scores = {}
            for index, table in enumerate(tables):
                if number < len(table.deals):
                    deal = table.deals[number]
                    scores[index] = deal[side] - (sum(deal) - deal[side])
            per_board.append(scores)
        if method == "matchpoints":
            earned = {index: 0 for index in range(len(tables))}
            top = {index: 0 for index in range(len(tables))}
            for scores in per_board:
                for index, points in matchpoints(scores).items():
                    earned[index] += points
                    top[index] += 2 * (len(scores) - 1)
            for index, table in enumerate(tables):
                fraction = earned[index] / top[index] if top[index] else 0.5
                credit(table.sides[side], round_number, unit * fraction)
                for entrant in table.sides[side]:
                    rows[entrant].matchpoints += earned[index]
                    rows[entrant].matchpoint_top += top[index]
        else:
            vp = round_victory_points(per_board, lambda d: vp_table(d, boards))
            for index, table in enumerate(tables):
                credit(table.sides[side], round_number, float(vp.get(index, unit / 2)))
