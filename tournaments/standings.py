"""Standings of a round robin, a Swiss, a Danish or a knockout event from its results.

Match points: a win 1, a loss 0, a bye 1. Our games always have a winner, but a
result with no winner is scored as a draw, half a point each, so that a match
settled by agreement or by an arbiter's ruling still has a place.

Ties on match points are broken by the event's tie-breaks, in the order it chose
(``TIE_BREAKS`` names them all; a higher value ranks first):

- ``head_to_head``: match points scored in the matches among exactly the tied
  players. It applies only when every pair in the tied group has played at
  least once (otherwise some would be judged on fewer matches than others);
  when it does not apply it is None and decides nothing. It is worked out once
  for the whole group on match points, not again for a smaller group left
  level after it.
- ``point_difference``: deal points scored minus deal points conceded, over
  played matches.
- ``sonneborn_berger`` (FIDE Handbook C.02, tie-break regulations): the sum of
  the final match points of every opponent beaten plus half those of every
  opponent drawn with.
- ``buchholz``, ``median_buchholz``, ``progressive``: as in ``tournaments.tiebreaks``
  (the opponents' final match points; the same without the highest and the
  lowest; the running score summed after each round).
- ``wins``: matches won, played out or by resignation or forfeit (byes not counted).

The FIDE ones (head-to-head, Sonneborn-Berger, Buchholz, median Buchholz,
progressive) are computed by ``tournaments.tiebreaks``. A bye is not a match
against an opponent, so it adds nothing to Sonneborn-Berger or Buchholz; C.02's
rules for unplayed games are not applied.

Without a choice the round robin's order applies, ``DEFAULT_TIE_BREAKS``:
head-to-head, deal-point difference, Sonneborn-Berger. Rows level on match
points and every chosen tie-break share a rank ("1, 2, 2, 4"), and keep the
order of the entrant list.

Victory Points (``victory_points=True``; Burraco's tournament form, 3 or 4 hands): an
event scored in VP ranks by the Victory Points each entrant took from its matches, then
by the difference in match (deal) points, then by the event's tie-breaks (issue #8:
"Standings of a Victory Point event rank by VP, then by match-point difference"). A
row's ``match_points`` then holds the VP total. A match whose result carries no VP (won
by resignation or forfeit before the hands were played) gives the winner
``FORFEIT_VICTORY_POINTS`` and the loser the rest of ``VICTORY_POINTS_PER_MATCH``; a
result with no winner 10 each; a bye ``BYE_VICTORY_POINTS``. The federation's table of
VP is in games/rules/burraco/scoring.py (source: ../shared/rules/README.md, "Burraco");
the forfeit and bye values are decisions taken here.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from tournaments.tiebreaks import Game, tie_breaks

EntrantId = Hashable

TIE_BREAKS = (
    "head_to_head",
    "point_difference",
    "sonneborn_berger",
    "buchholz",
    "median_buchholz",
    "wins",
    "progressive",
)
"""Every tie-break a standings table can be ordered by (module docstring)."""

DEFAULT_TIE_BREAKS = ("head_to_head", "point_difference", "sonneborn_berger")
"""The round robin's order, used when an event chooses none."""

VICTORY_POINTS_PER_MATCH = 20
"""The VP the two sides of a match share (the federation's tables: 10-10 to 20-0)."""
FORFEIT_VICTORY_POINTS = 20
"""The winner's VP for a match won by resignation or forfeit, without VP of its own."""
BYE_VICTORY_POINTS = 12
"""The VP of a bye in an event scored in Victory Points (a decision taken here)."""


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One finished match, or one bye.

    Attributes:
        round_number: 1-based; an entrant appears at most once a round.
        first, second: the entrants at seats 0 and 1; `second` is None for a bye.
        winner: `first` or `second`; None for a draw (see the module docstring).
            For a bye, `first`.
        first_deal_points, second_deal_points: deal points each scored in the
            match; ignored for a bye.
        bye: True when `first` had no opponent this round.
        first_victory_points, second_victory_points: the Victory Points each took
            (an event scored in VP), or None when the match has none (module
            docstring); ignored for a bye and for standings not in VP.

    Raises:
        ValueError: a bye with an opponent or another winner; a match without an
            opponent, against oneself, or won by someone not in it.
    """

    round_number: int
    first: EntrantId
    second: EntrantId | None
    winner: EntrantId | None
    first_deal_points: float = 0
    second_deal_points: float = 0
    bye: bool = False
    first_victory_points: float | None = None
    second_victory_points: float | None = None

    def __post_init__(self) -> None:
        if self.bye:
            if self.second is not None or self.winner != self.first:
                raise ValueError("a bye has no second entrant and its winner is the first")
        elif self.second is None or self.first == self.second:
            raise ValueError("a match needs two different entrants")
        elif self.winner is not None and self.winner not in (self.first, self.second):
            raise ValueError(f"the winner {self.winner!r} did not play in this match")


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One entrant's line in the standings.

    Attributes:
        rank: 1-based, shared by rows level on match points and every tie-break.
        entrant: the entrant's id.
        played: matches played, byes not counted (draws count here but in
            neither `wins` nor `losses`).
        wins, losses, byes: counts.
        match_points: see the module docstring.
        deal_points_for, deal_points_against: summed over played matches.
        deal_point_difference: for minus against.
        head_to_head: match points among the tied group, or None when it does
            not apply (no tie, or the tied entrants have not all met).
        sonneborn_berger: see the module docstring.
    """

    rank: int
    entrant: EntrantId
    played: int
    wins: int
    losses: int
    byes: int
    match_points: float
    deal_points_for: float
    deal_points_against: float
    deal_point_difference: float
    head_to_head: float | None
    sonneborn_berger: float


def compute_standings(
    entrant_ids: Sequence[EntrantId],
    results: Sequence[MatchResult],
    tie_breaks: Sequence[str] = DEFAULT_TIE_BREAKS,
    victory_points: bool = False,
) -> list[StandingRow]:
    """Rank `entrant_ids` by `results`, ties broken by `tie_breaks` in order (module
    docstring). With `victory_points` the rows rank by Victory Points (held in
    `match_points`), then by deal-point difference, then by `tie_breaks`.

    Every entrant gets a row, with or without results. Rows come best first.

    Raises:
        ValueError: an entrant listed twice, a result naming someone not in
            `entrant_ids`, an entrant in two results of the same round, or an
            unknown tie-break name.
    """
    unknown = [name for name in tie_breaks if name not in TIE_BREAKS]
    if unknown:
        raise ValueError(f"unknown tie-breaks {unknown}; known: {', '.join(TIE_BREAKS)}")
    entrants = list(entrant_ids)
    tally = _tally(entrants, results)
    values = _tie_break_values(entrants, results, tally)
    if victory_points:
        vp = _victory_points(entrants, results)
        for e in entrants:
            tally[e].match_points = vp[e]
        tie_breaks = ("point_difference", *(n for n in tie_breaks if n != "point_difference"))

    def key(e: EntrantId) -> tuple[float, ...]:
        row = values[e]
        return (-tally[e].match_points, *(-(row[name] or 0) for name in tie_breaks))

    rows: list[StandingRow] = []
    ordered = sorted(entrants, key=key)  # stable: level rows keep the entrant order
    for position, e in enumerate(ordered):
        level = position > 0 and key(e) == key(ordered[position - 1])
        t = tally[e]
        rows.append(
            StandingRow(
                rank=rows[-1].rank if level else position + 1,
                entrant=e,
                played=t.played,
                wins=t.wins,
                losses=t.losses,
                byes=t.byes,
                match_points=t.match_points,
                deal_points_for=t.deal_points_for,
                deal_points_against=t.deal_points_against,
                deal_point_difference=t.deal_points_for - t.deal_points_against,
                head_to_head=values[e]["head_to_head"],
                sonneborn_berger=values[e]["sonneborn_berger"],
            )
        )
    return rows


def tie_break_values(
    entrant_ids: Sequence[EntrantId], results: Sequence[MatchResult]
) -> dict[EntrantId, dict[str, float | None]]:
    """Every tie-break of ``TIE_BREAKS`` for each entrant: ``{entrant: {name: value}}``
    (``head_to_head`` None where it does not apply).

    >>> values = tie_break_values("abc", [MatchResult(1, "a", "b", "a", 51, 40),
    ...                                   MatchResult(2, "b", "c", "b", 51, 20)])
    >>> values["a"]["buchholz"], values["b"]["point_difference"], values["c"]["wins"]
    (1.0, 20.0, 0)

    Raises:
        ValueError: as ``compute_standings``.
    """
    entrants = list(entrant_ids)
    return _tie_break_values(entrants, results, _tally(entrants, results))


def _tally(entrants: list[EntrantId], results: Sequence[MatchResult]) -> dict:
    if len(set(entrants)) != len(entrants):
        raise ValueError("an entrant is listed twice")
    _check_results(set(entrants), results)
    tally = {e: _Tally() for e in entrants}
    for r in results:
        if r.bye:
            tally[r.first].byes += 1
            tally[r.first].match_points += 1
            continue
        for me, them, scored, conceded in _sides(r):
            t = tally[me]
            t.played += 1
            if r.winner == me:
                t.wins += 1
            elif r.winner == them:
                t.losses += 1
            t.match_points += _score(r, me)
            t.deal_points_for += scored
            t.deal_points_against += conceded
    return tally


def _tie_break_values(
    entrants: list[EntrantId], results: Sequence[MatchResult], tally: dict
) -> dict[EntrantId, dict[str, float | None]]:
    games = [
        Game(r.round_number, r.first, r.second, _score(r, r.first)) for r in results if not r.bye
    ]
    byes = [(r.round_number, r.first) for r in results if r.bye]
    fide = tie_breaks(entrants, games, byes)
    return {
        e: {
            "head_to_head": fide[e]["head_to_head"],
            "point_difference": tally[e].deal_points_for - tally[e].deal_points_against,
            "sonneborn_berger": fide[e]["sonneborn_berger"],
            "buchholz": fide[e]["buchholz"],
            "median_buchholz": fide[e]["median_buchholz"],
            "wins": tally[e].wins,
            "progressive": fide[e]["progressive"],
        }
        for e in entrants
    }


@dataclass(slots=True)
class _Tally:
    played: int = 0
    wins: int = 0
    losses: int = 0
    byes: int = 0
    match_points: float = 0.0
    deal_points_for: float = 0.0
    deal_points_against: float = 0.0


def _check_results(entrants: set[EntrantId], results: Sequence[MatchResult]) -> None:
    seen: set[tuple[int, EntrantId]] = set()
    for r in results:
        for e in (r.first,) if r.bye else (r.first, r.second):
            if e not in entrants:
                raise ValueError(f"round {r.round_number}: {e!r} is not an entrant")
            if (r.round_number, e) in seen:
                raise ValueError(f"round {r.round_number}: {e!r} has two results")
            seen.add((r.round_number, e))


def _sides(r: MatchResult) -> list[tuple[EntrantId, EntrantId, float, float]]:
    """(me, opponent, my deal points, theirs) for each side of a played match."""
    assert r.second is not None  # MatchResult guarantees it for a played match
    return [
        (r.first, r.second, r.first_deal_points, r.second_deal_points),
        (r.second, r.first, r.second_deal_points, r.first_deal_points),
    ]


def _victory_points(
    entrants: list[EntrantId], results: Sequence[MatchResult]
) -> dict[EntrantId, float]:
    """Each entrant's Victory Points over ``results`` (module docstring)."""
    total = {e: 0.0 for e in entrants}
    for r in results:
        if r.bye:
            total[r.first] += BYE_VICTORY_POINTS
            continue
        if r.first_victory_points is not None and r.second_victory_points is not None:
            total[r.first] += r.first_victory_points
            total[r.second] += r.second_victory_points
        elif r.winner is None:
            total[r.first] += VICTORY_POINTS_PER_MATCH / 2
            total[r.second] += VICTORY_POINTS_PER_MATCH / 2
        else:
            loser = r.second if r.winner == r.first else r.first
            total[r.winner] += FORFEIT_VICTORY_POINTS
            total[loser] += VICTORY_POINTS_PER_MATCH - FORFEIT_VICTORY_POINTS
    return total


def _score(r: MatchResult, entrant: EntrantId) -> float:
    if r.winner is None:
        return 0.5
    return 1.0 if r.winner == entrant else 0.0
