"""Knockout brackets and the Danish system, as pure functions.

Knockout (single elimination): entrants are seeded 1..n; the bracket has the next power
of two ``size`` of slots, and the top ``size - n`` seeds get a bye in round 1. Seeds are
placed by the standard bracket order, so that seeds 1 and 2 can meet only in the final,
1-4 only from the semi-finals, and in general seed ``s`` and its first-round opponent
add up to ``size + 1`` (1 v 16, 8 v 9, ... in a bracket of 16), the placement of the
tennis and chess knockout events (e.g. FIDE World Cup regulations, the seeding of
round 1).

Danish system (used by Burraco federations' events): after each round the entrants are
ranked by the standings and paired in order, 1 v 2, 3 v 4, ...; with ``avoid_rematches``
(the "modified Danish" of most clubs) an entrant who has met the next one is paired with
the first below not yet met, and the pair order continues from there.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

EntrantId = Hashable


def bracket_order(size: int) -> list[int]:
    """The seeds of a bracket of ``size`` slots (a power of two) in slot order: the
    standard placement, seed ``s`` against seed ``size + 1 - s`` in round 1.

    >>> bracket_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]

    Raises:
        ValueError: ``size`` is not a power of two.
    """
    if size < 1 or size & (size - 1):
        raise ValueError(f"a bracket has a power of two slots, not {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


def first_round(seeded: Sequence[EntrantId]) -> list[tuple[EntrantId, EntrantId | None]]:
    """Round 1 of a knockout of ``seeded`` (best seed first): the pairs in bracket order,
    a pair ``(entrant, None)`` being a bye (the top seeds get them).

    >>> first_round(["a", "b", "c", "d", "e"])
    [('a', None), ('d', 'e'), ('b', None), ('c', None)]

    Raises:
        ValueError: fewer than two entrants, or one listed twice.
    """
    if len(seeded) < 2:
        raise ValueError("a knockout needs two entrants or more")
    if len(set(seeded)) != len(seeded):
        raise ValueError("an entrant is listed twice")
    size = 1
    while size < len(seeded):
        size *= 2
    slots = [seeded[s - 1] if s <= len(seeded) else None for s in bracket_order(size)]
    return [(slots[i], slots[i + 1]) for i in range(0, size, 2)]


def next_round(winners: Sequence[EntrantId]) -> list[tuple[EntrantId, EntrantId]]:
    """The next round from the previous round's winners in bracket order: neighbours
    meet (the winner of pair 1 meets the winner of pair 2, and so on).

    Raises:
        ValueError: an odd number of winners (the bracket is over at one).
    """
    if len(winners) < 2 or len(winners) % 2:
        raise ValueError(f"{len(winners)} winners cannot make a round")
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


def danish_round(
    ranked: Sequence[EntrantId],
    met: set[frozenset] | None = None,
    *,
    avoid_rematches: bool = True,
) -> tuple[list[tuple[EntrantId, EntrantId]], EntrantId | None]:
    """Pairs of a Danish-system round from the standings (best first) and the last
    entrant, who has the bye with an odd number (or None).

    With ``avoid_rematches``, each highest unpaired entrant meets the highest below it
    not yet met (``met``: pairs as frozensets), and where that would leave the entrants
    below with only rematches, the next one not met instead (a search, first pairings
    first, as the modified Danish of the Italian Burraco events does by swapping); only
    when no round without a rematch exists (or the search passes ``SEARCH_BUDGET``
    steps) is everyone paired greedily, a rematch taken where nothing else is left.

    >>> danish_round(["a", "b", "c", "d"], {frozenset("ab")})
    ([('a', 'c'), ('b', 'd')], None)
    >>> danish_round(["a", "b", "c", "d"], {frozenset("ab"), frozenset("cd")})
    ([('a', 'c'), ('b', 'd')], None)
    >>> danish_round(["a", "b", "c", "d"], {frozenset("ac"), frozenset("bd")})
    ([('a', 'b'), ('c', 'd')], None)
    >>> danish_round(["a", "b", "c", "d"], {frozenset("ab"), frozenset("ac"), frozenset("bd")})
    ([('a', 'd'), ('b', 'c')], None)

    Raises:
        ValueError: an entrant is listed twice.
    """
    met = met or set()
    waiting = list(ranked)
    if len(set(waiting)) != len(waiting):
        raise ValueError("an entrant is listed twice")
    bye = waiting.pop() if len(waiting) % 2 else None
    if avoid_rematches:
        found = _pairs_without_rematch(waiting, met, [SEARCH_BUDGET])
        if found is not None:
            return found, bye
    pairs = []
    while waiting:
        top = waiting.pop(0)
        partner = 0
        if avoid_rematches:
            partner = next(
                (i for i, other in enumerate(waiting) if frozenset((top, other)) not in met), 0
            )
        pairs.append((top, waiting.pop(partner)))
    return pairs, bye


# Steps of the search for a Danish round without a rematch before it gives up.
SEARCH_BUDGET = 20_000


def _pairs_without_rematch(
    waiting: list, met: set[frozenset], budget: list[int]
) -> list[tuple] | None:
    """The first pairing, in the Danish order (the highest unpaired entrant with the
    highest below it not met), of ``waiting`` with no pair in ``met``; None if there is
    none or ``budget[0]`` steps run out."""
    if not waiting:
        return []
    top, rest = waiting[0], waiting[1:]
    for index, other in enumerate(rest):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if frozenset((top, other)) in met:
            continue
        found = _pairs_without_rematch(rest[:index] + rest[index + 1 :], met, budget)
        if found is not None:
            return [(top, other), *found]
    return None
