"""Tie-breaks for Swiss and round-robin standings, as pure functions.

Results are games ``(first, second, first's score)`` with scores 1, 0.5 or 0, and byes.
Definitions after FIDE Handbook C.02 ("Tie-Break Regulations"), 2023 edition:

- Buchholz (C.02 §8.1): the sum of the final scores of the entrant's opponents.
- Median Buchholz (§8.2, "Buchholz cut 1" both ends): Buchholz without the highest
  and the lowest opponent's score.
- Sonneborn-Berger (§9.1): the sum of the final scores of the opponents beaten, plus half
  those of the opponents drawn with.
- Progressive score (§7.5, cumulative): the sum of the entrant's running score after
  each round.
- Head-to-head (direct encounter, §6.1): the points scored in the games among the
  entrants tied on score, counted only when every two of them have met.

Simplification, said here: a bye counts as a win for the entrant's own score and its
progressive score, and adds nothing to Buchholz or Sonneborn-Berger (C.02's virtual
opponent for unplayed games is not applied).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import combinations

EntrantId = Hashable
TIE_BREAKS = ("buchholz", "median_buchholz", "sonneborn_berger", "progressive", "head_to_head")


@dataclass(frozen=True)
class Game:
    """One played game of round ``round_number``: ``first`` scored ``score`` (1, 0.5 or 0)
    against ``second``."""

    round_number: int
    first: EntrantId
    second: EntrantId
    score: float


def scores(entrants: Sequence[EntrantId], games: Sequence[Game], byes=()) -> dict:
    """Each entrant's score: game points plus 1 a bye (``byes``: (round, entrant))."""
    total = dict.fromkeys(entrants, 0.0)
    for g in games:
        total[g.first] += g.score
        total[g.second] += 1 - g.score
    for _round, entrant in byes:
        total[entrant] += 1.0
    return total


def tie_breaks(entrants: Sequence[EntrantId], games: Sequence[Game], byes=()) -> dict:
    """``{entrant: {"score", "buchholz", "median_buchholz", "sonneborn_berger",
    "progressive", "head_to_head"}}`` (module docstring; head_to_head None when it does
    not apply).

    >>> g = [Game(1, "a", "b", 1), Game(1, "c", "d", 0.5)]
    >>> g += [Game(2, "a", "c", 1), Game(2, "b", "d", 0)]
    >>> t = tie_breaks("abcd", g)
    >>> t["a"]["score"], t["a"]["buchholz"], t["a"]["sonneborn_berger"], t["a"]["progressive"]
    (2.0, 0.5, 0.5, 3.0)
    >>> t["d"]["score"], t["d"]["buchholz"], t["d"]["sonneborn_berger"]
    (1.5, 0.5, 0.25)
    """
    total = scores(entrants, games, byes)
    opponents = defaultdict(list)  # entrant -> [(opponent, own score)]
    per_round = defaultdict(lambda: defaultdict(float))
    for g in games:
        opponents[g.first].append((g.second, g.score))
        opponents[g.second].append((g.first, 1 - g.score))
        per_round[g.round_number][g.first] += g.score
        per_round[g.round_number][g.second] += 1 - g.score
    for round_number, entrant in byes:
        per_round[round_number][entrant] += 1.0
    result = {}
    for e in entrants:
        opp_scores = sorted(total[o] for o, _ in opponents[e])
        running, progressive = 0.0, 0.0
        for round_number in sorted(per_round):
            running += per_round[round_number].get(e, 0.0)
            progressive += running
        result[e] = {
            "score": total[e],
            "buchholz": sum(opp_scores),
            "median_buchholz": sum(opp_scores[1:-1]) if len(opp_scores) > 2 else 0.0,
            "sonneborn_berger": sum(total[o] * s for o, s in opponents[e]),
            "progressive": progressive,
            "head_to_head": None,
        }
    groups = defaultdict(list)
    for e in entrants:
        groups[total[e]].append(e)
    for tied in groups.values():
        if len(tied) < 2:
            continue
        met = {frozenset((g.first, g.second)) for g in games}
        if not all(frozenset(pair) in met for pair in combinations(tied, 2)):
            continue
        members = set(tied)
        for e in tied:
            result[e]["head_to_head"] = sum(s for o, s in opponents[e] if o in members)
    return result


def rank(entrants: Sequence[EntrantId], games: Sequence[Game], byes=(), order=TIE_BREAKS):
    """Entrants best first: by score, then the tie-breaks in ``order`` (higher first; a
    head-to-head that does not apply counts as equal). Raises ValueError for an unknown
    tie-break name."""
    unknown = [name for name in order if name not in TIE_BREAKS]
    if unknown:
        raise ValueError(f"unknown tie-breaks {unknown}; known: {', '.join(TIE_BREAKS)}")
    table = tie_breaks(entrants, games, byes)

    def key(e):
        row = table[e]
        return (-row["score"], *(-(row[name] or 0.0) for name in order))

    return sorted(entrants, key=key)
