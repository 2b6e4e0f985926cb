"""Individual events for partnership games: players enter alone, and each round forms
pairs and tables so that no one has the same partner twice and opponents repeat as
little as possible.

The partners come from a one-factorization of the complete graph (the circle method of
the Berger tables, berger.py): with ``m`` players (``n`` made even by a phantom when
odd), its ``m - 1`` perfect matchings give every player a different partner each round.
A player matched with the phantom sits out the round; when the round's pairs are odd in
number, one pair sits out too (the pair whose players have sat out least so far, then
the lower numbers). The pairs of a round are then put two to a table so that opponents
repeat as evenly as the numbers allow: a greedy seating, improved by swaps of pairs
between tables over the whole schedule while the sum over all pairs of players of the
cube of the times they have been opponents falls, from several relabellings of the
players (a local search: even, not proved least).

Guarantee: within the first ``m - 1`` rounds (``m`` = the number of players rounded up
to even: 11 rounds for 12 players) no player has the same partner twice. From round
``m`` the matchings start again and partners repeat.

Seats: the first pair of a table sits North-South (seats 0 and 2), the second East-West
(seats 1 and 3), partners opposite as the partnership games require.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class IndividualRound:
    """One round: ``tables`` (each ``(north_south, east_west)``, each pair a tuple of two
    player indices, 0-based) and ``sitting_out`` (player indices who do not play)."""

    tables: tuple[tuple[Pair, Pair], ...]
    sitting_out: tuple[int, ...]

    def seats(self, table: int) -> tuple[int, int, int, int]:
        """The players of table ``table`` (0-based) in seat order: N, E, S, W."""
        (north, south), (east, west) = self.tables[table]
        return (north, east, south, west)


def one_factorization(m: int) -> list[list[Pair]]:
    """The ``m - 1`` perfect matchings of ``m`` players (``m`` even) by the circle
    method: player ``m - 1`` stays, the others turn. Every pair of players is matched
    in exactly one of them.

    >>> one_factorization(4)
    [[(0, 3), (1, 2)], [(1, 3), (0, 2)], [(2, 3), (0, 1)]]

    Raises:
        ValueError: ``m`` odd or under 2.
    """
    if m < 2 or m % 2:
        raise ValueError(f"a one-factorization needs an even count of at least 2, not {m}")
    turning = m - 1
    factors = []
    for r in range(turning):
        pairs = [(r, turning)]
        for i in range(1, m // 2):
            a, b = (r + i) % turning, (r - i) % turning
            pairs.append((min(a, b), max(a, b)))
        factors.append(pairs)
    return factors


def partner_guarantee(n: int) -> int:
    """The number of rounds in which ``n`` players never repeat a partner: ``n - 1``
    rounded up to odd, i.e. ``m - 1`` with ``m`` = ``n`` rounded up to even."""
    return n - 1 if n % 2 == 0 else n


def individual_rounds(
    n: int, rounds: int, *, seed: int = 0, restarts: int = 8
) -> list[IndividualRound]:
    """Pairs and tables of ``rounds`` rounds for ``n`` players entered alone.

    Args:
        n: players, at least 4.
        rounds: rounds to form, at least 1 (partners repeat after
            ``partner_guarantee(n)`` rounds).
        seed: seeds the relabellings of the players before the factorization; the same
            arguments give the same rounds.
        restarts: relabellings tried; the schedule with the least sum of the cubes of
            the opponent counts is kept.

    Returns:
        One ``IndividualRound`` a round.

    Raises:
        ValueError: ``n < 4`` or ``rounds < 1``.
    """
    if n < 4:
        raise ValueError(f"an individual event of pairs needs at least 4 players, not {n}")
    if rounds < 1:
        raise ValueError("at least one round")
    draw = random.Random(seed)
    best = None
    for _ in range(max(1, restarts)):
        labels = list(range(n + n % 2))
        draw.shuffle(labels)
        schedule = _schedule(n, rounds, labels)
        spread = sum(c**3 for c in opponent_counts(schedule).values())
        if best is None or spread < best[0]:
            best = (spread, schedule)
    return best[1]


def _schedule(n: int, rounds: int, labels: list[int]) -> list[IndividualRound]:
    """One schedule from one relabelling (``individual_rounds`` keeps the best)."""
    m = len(labels)
    factors = one_factorization(m)
    sat_out: Counter[int] = Counter()
    opponents: Counter[Pair] = Counter()
    result = []
    for number in range(rounds):
        pairs = []
        out: list[int] = []
        for a, b in factors[number % len(factors)]:
            x, y = labels[a], labels[b]
            if x >= n or y >= n:  # the phantom: its partner sits out
                out.extend(p for p in (x, y) if p < n)
            else:
                pairs.append((min(x, y), max(x, y)))
        if len(pairs) % 2:
            resting = min(pairs, key=lambda p: (sat_out[p[0]] + sat_out[p[1]], p))
            pairs.remove(resting)
            out.extend(resting)
        tables = _tables_of(pairs, opponents)
        for north_south, east_west in tables:
            _count(opponents, north_south, east_west, 1)
        for player in out:
            sat_out[player] += 1
        result.append((tables, tuple(sorted(out))))
    _improve(result, opponents)
    return [IndividualRound(tuple(tables), out) for tables, out in result]


def _count(opponents: Counter[Pair], first: Pair, second: Pair, step: int) -> None:
    for i in first:
        for j in second:
            opponents[(min(i, j), max(i, j))] += step


def _added(opponents: Counter[Pair], first: Pair, second: Pair) -> int:
    """How much the sum of the cubes of the opponent counts grows when ``first`` meets
    ``second`` (their meeting not yet counted in ``opponents``). Cubes spread meetings
    as squares do and weigh a third or fourth meeting of the same two more."""
    total = 0
    for i in first:
        for j in second:
            count = opponents[(min(i, j), max(i, j))]
            total += 3 * count * count + 3 * count + 1
    return total


def _tables_of(pairs: list[Pair], opponents: Counter[Pair]) -> list[list[Pair]]:
    """A greedy seating of ``pairs`` two to a table: each table's first pair (in order)
    takes the remaining pair that adds least to the opponent counts."""
    left = sorted(pairs)
    tables = []
    while left:
        first = left.pop(0)
        second = min(left, key=lambda p: (_added(opponents, first, p), p))
        left.remove(second)
        tables.append([first, second])
    return tables


def _improve(rounds: list, opponents: Counter[Pair]) -> None:
    """Swaps of pairs between two tables of one round, over the whole schedule, while
    any swap lowers the sum of the cubes of the opponent counts (a local search; every
    round's partners stay as the factorization made them)."""
    improved = True
    while improved:
        improved = False
        for tables, _ in rounds:
            for s, t in combinations(range(len(tables)), 2):
                (a, b), (c, d) = tables[s], tables[t]
                _count(opponents, a, b, -1)
                _count(opponents, c, d, -1)
                now = _added(opponents, a, b) + _added(opponents, c, d)
                best = [[a, b], [c, d]]
                for new_s, new_t in (([a, c], [b, d]), ([a, d], [b, c])):
                    first = _added(opponents, *new_s)
                    _count(opponents, *new_s, 1)
                    total = first + _added(opponents, *new_t)
                    _count(opponents, *new_s, -1)
                    if total < now:
                        now, best, improved = total, [new_s, new_t], True
                tables[s], tables[t] = best
                _count(opponents, *best[0], 1)
                _count(opponents, *best[1], 1)


def partner_counts(schedule: Sequence[IndividualRound]) -> Counter[Pair]:
    """How many times each two players ``(i, j)``, ``i < j``, were partners."""
    counts: Counter[Pair] = Counter()
    for round_ in schedule:
        for north_south, east_west in round_.tables:
            counts[north_south] += 1
            counts[east_west] += 1
    return counts


def opponent_counts(schedule: Sequence[IndividualRound]) -> Counter[Pair]:
    """How many times each two players ``(i, j)``, ``i < j``, were opponents."""
    counts: Counter[Pair] = Counter()
    for round_ in schedule:
        for north_south, east_west in round_.tables:
            for i in north_south:
                for j in east_west:
                    counts[(min(i, j), max(i, j))] += 1
    return counts
