"""Swiss pairing of one round by maximum-weight matching.

Each round pairs the entrants who are still in, so that (in order of importance):

1. no two entrants meet twice (absolute: FIDE Handbook C.04.1 a; Dutch system
   C.04.3, criterion C1);
2. with an odd number, the bye goes to the lowest-ranked entrant who has not had one
   (C.04.1 c: the lowest score, then the lowest rank; criterion C2: no second bye);
3. entrants with equal scores meet as far as possible: the sum over the pairs of the
   squared score differences is as small as it can be (the Dutch system's score groups
   and floaters, criteria C6-C7: fewest and smallest floats);
4. within a score group the top half meets the bottom half (the Dutch system's S1 v S2,
   B.5): a pair whose rank distance is far from half the group costs a little;
5. seats balanced like colours: the entrant with more second seats (Black) so far sits
   first (criteria C10-C13 and E: colour difference, then alternation, then the higher
   ranked entrant's preference).

Criteria 1 is a constraint (no edge); 3-5 are weights on the edges of the complete graph
of allowed pairs, scaled so that a higher criterion always outweighs all lower ones, and
``networkx.max_weight_matching(maxcardinality=True)`` finds a matching that pairs
everyone if anyone can and is best by the weights among those. This is the weighted
matching approach of the Dutch system's implementations (e.g. bbpPairings, JaVaFo),
not a greedy loop.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

import networkx as nx

EntrantId = Hashable


class SwissPairingError(ValueError):
    """No pairing satisfies the absolute criteria (everyone has already met everyone)."""


@dataclass(frozen=True)
class SwissEntrant:
    """An entrant before a round.

    Attributes:
        entrant: the id.
        score: points so far (a win 1, a draw 0.5, a bye 1).
        rank: the pairing rank, 1 the top seed (rating order, then lots).
        opponents: the entrants met so far.
        had_bye: True once the entrant has had a bye.
        firsts: rounds played in the first seat (White).
        seconds: rounds played in the second seat (Black).
        last_seat: 0 or 1, the seat of the entrant's last game, None before the first.
    """

    entrant: EntrantId
    score: float
    rank: int
    opponents: frozenset = field(default_factory=frozenset)
    had_bye: bool = False
    firsts: int = 0
    seconds: int = 0
    last_seat: int | None = None


@dataclass(frozen=True)
class SwissRound:
    """A round's ``pairs`` ``(first seat, second seat)`` in board order (the higher score
    group first) and the entrant with the ``bye`` (None with an even number)."""

    pairs: tuple[tuple[EntrantId, EntrantId], ...]
    bye: EntrantId | None


def choose_bye(entrants: Sequence[SwissEntrant]) -> SwissEntrant | None:
    """The entrant to sit out with an odd number: the lowest score, then the lowest rank,
    among those who have not had a bye; None with an even number.

    Raises:
        SwissPairingError: everyone has had a bye already.
    """
    if len(entrants) % 2 == 0:
        return None
    eligible = [e for e in entrants if not e.had_bye]
    if not eligible:
        raise SwissPairingError("every entrant has had a bye: no one can sit out")
    return min(eligible, key=lambda e: (e.score, -e.rank))


def _seats(a: SwissEntrant, b: SwissEntrant) -> tuple[EntrantId, EntrantId]:
    """Who sits first: the one more due the first seat (more seconds than firsts), then
    the one who sat second last, then the higher ranked (criterion E)."""

    def due(e: SwissEntrant) -> tuple[int, int, int]:
        return (e.seconds - e.firsts, 1 if e.last_seat == 1 else 0, -e.rank)

    return (a.entrant, b.entrant) if due(a) >= due(b) else (b.entrant, a.entrant)


def _colour_clash(a: SwissEntrant, b: SwissEntrant) -> int:
    """1 when both are due the same seat strongly (each two or more games on one side,
    or both sat the same seat last): one of them must take the other seat."""
    da, db = a.seconds - a.firsts, b.seconds - b.firsts
    if (da >= 2 and db >= 2) or (da <= -2 and db <= -2):
        return 2
    return 1 if a.last_seat is not None and a.last_seat == b.last_seat else 0


def pair_round(entrants: Sequence[SwissEntrant]) -> SwissRound:
    """Pair one Swiss round (module docstring).

    Raises:
        SwissPairingError: the bye cannot be given, or the entrants cannot all be paired
            without a rematch.
        ValueError: an entrant listed twice.
    """
    ids = [e.entrant for e in entrants]
    if len(set(ids)) != len(ids):
        raise ValueError("an entrant is listed twice")
    bye = choose_bye(entrants)
    players = [e for e in entrants if bye is None or e.entrant != bye.entrant]
    if not players:
        return SwissRound((), bye.entrant if bye else None)
    group_size = {}
    for e in players:
        group_size[e.score] = group_size.get(e.score, 0) + 1
    n = len(players)
    max_diff = max(e.score for e in players) - min(e.score for e in players)
    # Weights: each criterion's worst case stays below one unit of the one above it.
    unit_seat = 1
    unit_half = unit_seat * 3
    unit_score = unit_half * (n + 1) * n
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for i in range(n):
        a = players[i]
        for j in range(i + 1, n):
            b = players[j]
            if b.entrant in a.opponents or a.entrant in b.opponents:
                continue  # C1: never twice
            score_cost = int(round(4 * (a.score - b.score) ** 2))
            half = max(1, group_size.get(a.score, 1) // 2) if a.score == b.score else 0
            half_cost = abs(abs(a.rank - b.rank) - half) if half else n
            cost = score_cost * unit_score + min(half_cost, n) * unit_half
            cost += _colour_clash(a, b) * unit_seat
            top = int(round(4 * max_diff**2)) * unit_score + n * unit_half + 3 * unit_seat
            graph.add_edge(i, j, weight=top + 1 - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != n:
        raise SwissPairingError("the entrants cannot all be paired without a rematch")
    pairs = []
    for i, j in matching:
        a, b = players[i], players[j]
        pairs.append(_seats(a, b))
    by_id = {e.entrant: e for e in players}
    pairs.sort(
        key=lambda p: (
            -max(by_id[p[0]].score, by_id[p[1]].score),
            min(by_id[p[0]].rank, by_id[p[1]].rank),
        )
    )
    return SwissRound(tuple(pairs), bye.entrant if bye else None)
