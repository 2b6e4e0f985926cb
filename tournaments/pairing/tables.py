"""Tables of three (or more) for events of table games, seated so that every two
entrants meet as evenly as the numbers allow.

A round seats ``n // size`` tables; when ``n`` is not a multiple of ``size`` the
remaining entrants sit out that round, and sitting out rotates: it goes to those who
have sat out least, then longest ago, then (for a schedule that is the same every
time) the lower pairing number. The tables of a round are chosen to keep the pairwise
meeting counts even: the schedule minimises the sum over all pairs of the square of
the times they meet (equal counts give the least sum for the number of meetings
played), by a seeded local search over the whole schedule (swaps of two entrants
between tables of a round, with restarts), so the same entrants always get the same
schedule. When every pair can meet exactly once (9 entrants, 4 rounds of three
tables: the affine plane of order 3, a Kirkman-style resolvable design) the search
finds it.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations


@dataclass(frozen=True, slots=True)
class TableRound:
    """One round: ``tables`` (each a tuple of entrant indices in seat order, 0-based)
    and ``sitting_out`` (indices of the entrants who do not play it)."""

    tables: tuple[tuple[int, ...], ...]
    sitting_out: tuple[int, ...]


def sit_outs(n: int, size: int, rounds: int) -> list[tuple[int, ...]]:
    """Who sits out each round: ``n % size`` entrants a round, rotating (fewest so far,
    then longest ago, then lowest index)."""
    count = n % size
    sat = [0] * n
    last = [-1] * n
    result = []
    for number in range(rounds):
        chosen = sorted(range(n), key=lambda e: (sat[e], last[e], e))[:count]
        for e in chosen:
            sat[e] += 1
            last[e] = number
        result.append(tuple(sorted(chosen)))
    return result


def meeting_counts(schedule: Sequence[TableRound], n: int) -> dict[tuple[int, int], int]:
    """How many times each pair ``(i, j)``, ``i < j``, shares a table in ``schedule``."""
    counts = {pair: 0 for pair in combinations(range(n), 2)}
    for round_ in schedule:
        for table in round_.tables:
            for i, j in combinations(sorted(table), 2):
                counts[(i, j)] += 1
    return counts


def table_schedule(
    n: int, rounds: int, *, size: int = 3, seed: int = 0, restarts: int = 30
) -> list[TableRound]:
    """The tables of ``rounds`` rounds for ``n`` entrants at tables of ``size``.

    Args:
        n: entrants, at least ``size``.
        rounds: rounds to seat, at least 1.
        size: seats a table (3 for Calabrasella).
        seed: the search's seed; the same arguments give the same schedule.
        restarts: how many times the local search starts again from a new random
            seating (the best schedule found is kept).

    Returns:
        One ``TableRound`` a round. Seat order at a table rotates with the round number,
        so each entrant holds each seat about equally often.

    Raises:
        ValueError: ``n < size``, ``size < 2`` or ``rounds < 1``.
    """
    if size < 2 or n < size or rounds < 1:
        raise ValueError(f"cannot seat {n} entrants at tables of {size} for {rounds} rounds")
    out = sit_outs(n, size, rounds)
    rng = random.Random(seed)
    best: list[list[list[int]]] | None = None
    best_cost = None
    for _ in range(max(1, restarts)):
        seating = [_random_round(n, size, out[r], rng) for r in range(rounds)]
        cost = _improve(seating, n, rng)
        if best_cost is None or cost < best_cost:
            best, best_cost = seating, cost
        if best_cost == _lower_bound(n, size, rounds, out):
            break
    assert best is not None
    schedule = []
    for number, tables in enumerate(best):
        seated = []
        for table in tables:
            ordered = sorted(table)
            shift = number % size
            seated.append(tuple(ordered[shift:] + ordered[:shift]))
        seated.sort(key=min)
        schedule.append(TableRound(tuple(seated), out[number]))
    return schedule


def _random_round(n: int, size: int, out: tuple[int, ...], rng: random.Random) -> list[list[int]]:
    playing = [e for e in range(n) if e not in out]
    rng.shuffle(playing)
    return [playing[i : i + size] for i in range(0, len(playing), size)]


def _cost(counts: dict[tuple[int, int], int]) -> int:
    return sum(c * c for c in counts.values())


def _lower_bound(n: int, size: int, rounds: int, out: Sequence[tuple[int, ...]]) -> int:
    """The least possible cost: the meetings spread as evenly as possible over the pairs."""
    meetings = sum(((n - len(o)) // size) * (size * (size - 1) // 2) for o in out)
    pairs = n * (n - 1) // 2
    base, extra = divmod(meetings, pairs)
    return (pairs - extra) * base * base + extra * (base + 1) * (base + 1)


def _improve(seating: list[list[list[int]]], n: int, rng: random.Random) -> int:
    """Swap entrants between two tables of a round while that lowers the cost; returns
    the cost reached (a local minimum)."""
    counts = [[0] * n for _ in range(n)]
    for tables in seating:
        for table in tables:
            for i, j in combinations(table, 2):
                counts[i][j] += 1
                counts[j][i] += 1

    def delta(table: list[int], leaving: int, joining: int) -> int:
        change = 0
        for other in table:
            if other != leaving:
                change += 2 * (counts[joining][other] - counts[leaving][other]) + 2
        return change

    improved = True
    while improved:
        improved = False
        moves = [
            (r, a, b)
            for r, tables in enumerate(seating)
            for a in range(len(tables))
            for b in range(a + 1, len(tables))
        ]
        rng.shuffle(moves)
        for r, a, b in moves:
            table_a, table_b = seating[r][a], seating[r][b]
            for x in range(len(table_a)):
                for y in range(len(table_b)):
                    p, q = table_a[x], table_b[y]
                    # p leaves table a for b, q leaves b for a
                    gain = delta(table_a, p, q) + delta(table_b, q, p)
                    if gain < 0:
                        for other in table_a:
                            if other != p:
                                _meet(counts, p, other, -1)
                                _meet(counts, q, other, 1)
                        for other in table_b:
                            if other != q:
                                _meet(counts, q, other, -1)
                                _meet(counts, p, other, 1)
                        table_a[x], table_b[y] = q, p
                        improved = True
                        break
                if improved:
                    break
            if improved:
                break
    return sum(counts[i][j] ** 2 for i in range(n) for j in range(i + 1, n))


def _meet(counts: list[list[int]], i: int, j: int, step: int) -> None:
    counts[i][j] += step
    counts[j][i] += step
