"""The Mitchell movement for pair events (Burraco pairs, Tressette, Tute, Briscola for
four, Bazzica quattro), as a pure function.

In a Mitchell the North-South pairs stay at their tables all the phase and the
East-West pairs move: after each round every East-West pair moves on ``skip`` tables
(table ``t`` to table ``t + skip``, the last table back to the first). A North-South
pair never meets another North-South pair, which is how an organiser keeps the pairs
of one club apart: seat them all North-South.

Meeting again. With ``n`` tables and a move of ``skip``, the East-West pairs' offset
after ``r`` rounds is ``r * skip (mod n)``; two rounds whose offsets agree would seat
the same opponents again, which happens within a phase of ``n / gcd(n, skip)`` rounds
or more. The standard remedy of the bridge literature is the *skip*: in the round where
the movement would bring the East-West pairs back to opponents they have met, they
move one table further (the "skip round" of an even-table Mitchell, where EW skip a
table half way). Here the skip is applied generally: each round's offset is the planned
one, and if that offset was used earlier in the phase, the next unused offset after it.
So no two pairs meet twice in a phase of at most ``n`` rounds, for any ``skip``.

Boards. In the bridge Mitchell the boards move the other way and an even number of
tables needs a relay (two tables sharing boards) or a bye stand. Online, a duplicate
board is a deck order that every table can be dealt at once, so every table plays
every board of the round at the same time: each board is played once at each table in
a round, and no relay is needed. ``boards_of_round`` numbers them.

An odd number of pairs: a phantom pair makes the count even; the pair seated against
the phantom sits out that round (a bye).

Sources: the Mitchell movement and its skip as described in the bridge literature
(e.g. the American Contract Bridge League's "Movements" manual, Mitchell section);
the Italian federations' Burraco evenings (rounds of two to four deals, EW moving by
two or more tables) as described in the issue that asked for them.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

EntrantId = Hashable
PHANTOM = None  # the empty seat of an odd count of pairs


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round: its number (1-based), the North-South and East-West
    entrants (``None`` for the phantom of an odd count: the other pair has a bye)."""

    number: int
    north_south: EntrantId | None
    east_west: EntrantId | None

    @property
    def is_bye(self) -> bool:
        """True where one of the two pairs is the phantom (no match is played)."""
        return self.north_south is PHANTOM or self.east_west is PHANTOM


def mitchell_offsets(tables: int, rounds: int, skip: int = 1) -> list[int]:
    """The East-West offset of each round (0 for the first): round ``r``'s EW pair from
    table ``t`` of round 1 sits at table ``(t + offset) mod tables``.

    Each offset is the previous one plus ``skip``; an offset already used in the phase
    is replaced by the next unused one (the skip round), so all are distinct.

    >>> mitchell_offsets(8, 4, 2)   # 8 tables, EW move by 2: 0 2 4 6
    [0, 2, 4, 6]
    >>> mitchell_offsets(4, 4, 2)   # 0 2, then 0 again: skip to 1, then 3
    [0, 2, 1, 3]

    Raises:
        ValueError: ``tables < 1``, ``rounds < 1``, ``rounds > tables`` (more rounds
            than distinct opponents), or ``skip`` not in ``1 .. tables`` (a skip of 0
            or a multiple of the tables never moves).
    """
    if tables < 1 or rounds < 1:
        raise ValueError(f"a Mitchell needs a table and a round, not {tables} and {rounds}")
    if rounds > tables:
        raise ValueError(f"{tables} tables give {tables} different opponents, not {rounds} rounds")
    if tables > 1 and not 1 <= skip < tables:
        raise ValueError(f"East-West move by 1 to {tables - 1} tables, not {skip}")
    used: list[int] = []
    offset = 0
    for _ in range(rounds):
        while offset in used:
            offset = (offset + 1) % tables
        used.append(offset)
        offset = (offset + skip) % tables if tables > 1 else 0
    return used


def seat_pairs(
    entrants: Sequence[EntrantId],
    *,
    seating: str = "order",
    seed: int = 0,
    north_south: Sequence[EntrantId] = (),
) -> tuple[list[EntrantId | None], list[EntrantId | None]]:
    """Split ``entrants`` into North-South and East-West, table by table.

    Args:
        entrants: the pairs, in entry (or seeding) order; at least two.
        seating: ``"order"``: the first half North-South, in order (table 1 gets the
            first of each half); ``"draw"``: a seeded shuffle first; ``"chosen"``: the
            organiser names the North-South pairs (``north_south``), the rest sit
            East-West in entry order.
        seed: the draw's seed (recorded by the caller, so the draw can be shown).
        north_south: for ``"chosen"``: exactly half the pairs (rounded up), all
            entrants.

    Returns:
        ``(ns, ew)``, two lists of the same length (the number of tables); an odd count
        puts the phantom ``None`` last in ``ew``.

    Raises:
        ValueError: fewer than two entrants, repeated entrants, an unknown seating, or a
            ``north_south`` choice that is not half of the entrants.
    """
    pairs = list(entrants)
    if len(pairs) < 2:
        raise ValueError("a Mitchell needs at least two pairs")
    if len(set(pairs)) != len(pairs):
        raise ValueError("a pair is entered twice")
    tables = (len(pairs) + 1) // 2
    if seating == "order":
        ns, ew = pairs[:tables], pairs[tables:]
    elif seating == "draw":
        drawn = pairs[:]
        random.Random(seed).shuffle(drawn)
        ns, ew = drawn[:tables], drawn[tables:]
    elif seating == "chosen":
        chosen = list(north_south)
        if len(chosen) != tables or len(set(chosen)) != tables or not set(chosen) <= set(pairs):
            raise ValueError(
                f"name {tables} different entered pairs to sit North-South, not {chosen!r}"
            )
        ns = chosen
        ew = [p for p in pairs if p not in set(chosen)]
    else:
        raise ValueError(f"seating is 'order', 'draw' or 'chosen', not {seating!r}")
    ew = list(ew) + [PHANTOM] * (tables - len(ew))
    return list(ns), ew


def mitchell(
    north_south: Sequence[EntrantId | None],
    east_west: Sequence[EntrantId | None],
    rounds: int,
    skip: int = 1,
) -> list[list[Table]]:
    """The tables of each round of a Mitchell phase.

    Args:
        north_south: the pair at each table, table 1 first (they stay).
        east_west: the pair starting at each table (they move); same length.
        rounds: rounds in the phase, at most the number of tables.
        skip: tables the East-West pairs move on after each round.

    Returns:
        One list of ``Table`` per round, in table order. No two pairs meet twice.

    Raises:
        ValueError: the two lists differ in length, or as ``mitchell_offsets``.

    >>> [[(t.north_south, t.east_west) for t in r] for r in mitchell("AB", "XY", 2)]
    [[('A', 'X'), ('B', 'Y')], [('A', 'Y'), ('B', 'X')]]
    """
    if len(north_south) != len(east_west):
        raise ValueError("as many East-West as North-South pairs (a phantom fills a gap)")
    tables = len(north_south)
    schedule = []
    for offset in mitchell_offsets(tables, rounds, skip):
        schedule.append(
            [Table(t + 1, north_south[t], east_west[(t - offset) % tables]) for t in range(tables)]
        )
    return schedule


def boards_of_round(round_number: int, deals_per_round: int) -> list[int]:
    """The board numbers (1-based, numbered through the event) of round ``round_number``
    (1-based) when each round plays ``deals_per_round`` boards.

    >>> boards_of_round(2, 3)
    [4, 5, 6]
    """
    if round_number < 1 or deals_per_round < 1:
        raise ValueError("rounds and deals per round count from 1")
    first = (round_number - 1) * deals_per_round + 1
    return list(range(first, first + deals_per_round))
