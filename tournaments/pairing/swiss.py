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
   B.5): a pair whose distance in the score group's rank order is far from half the
   group costs a little;
5. seats balanced like colours: the entrant with more second seats (Black) so far sits
   first (criteria C10-C13 and E: colour difference, then alternation, then the higher
   ranked entrant's preference).

Criteria 1 is a constraint (no edge); 3-5 are weights on the edges of the graph of
allowed pairs, scaled so that a higher criterion always outweighs all lower ones, and
``networkx.max_weight_matching(maxcardinality=True)`` finds a matching that pairs
everyone if anyone can and is best by the weights among those. This is the weighted
matching approach of the Dutch system's implementations (e.g. bbpPairings, JaVaFo),
not a greedy loop.

One matching over the complete graph (``pair_round_full``) costs O(n^3): some 10 s CPU
for 1 000 entrants. ``pair_round`` reaches the same optimum (step 4 says when it is proven)
by smaller matchings, score group by score group as the Dutch system pairs (C.04.3 A.3,
A.4: a score group and the floaters it sends down):

1. The entrants, by score then rank, are cut into *blocks*: whole score groups, taken
   from the top until the block has an even number (an odd group takes the next groups
   with it, so its floater is paired inside the block).
2. Each block is matched alone. A block of up to ``dense_limit`` entrants gets all its
   allowed pairs; a larger one a *band*: the pairs within ``band`` places of the S1 v S2
   opponent in the score group and the pairs within ``band`` places in the block's order
   (neighbours, the floaters across a group boundary). A band with no perfect matching,
   or one above the block's lower bound (3.), is widened fourfold, up to all pairs.
3. The lower bound of a block is its score cost with rematches ignored: sorted by score,
   first v second, third v fourth... (pairing in sorted order is optimal for a convex
   cost). A block that cannot pair everyone, or stays above its lower bound, is merged
   with the next block (the last one with the one before) and matched again.
4. When every block reaches its lower bound, no better pairing crosses a block boundary
   (two pairs across a boundary of distinct scores x1, x2 > y1, y2 cost
   2 (x1 - y2)(x2 - y1) > 0 more than (x1, x2) and (y1, y2)), so the blocks' optima make
   the optimum of the whole field: on criterion 3 always, on all the criteria where each
   block was matched over all its pairs (a band may leave out a pair that criteria 4-5
   would have chosen: a floater from the middle of a large group). Above ``exact_limit``
   entrants a block that pairs everyone is kept even above its lower bound (rematches far
   down a large field), and its band is widened at most once for it: every pair is still
   allowed and everyone paired, but criterion 3 may be met a little worse than by the
   complete graph.

A round of 1 000 entrants pairs in 0.3 to 1.4 s CPU (docs/performance.md).

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


#: A block of at most this many entrants gets the complete graph of its allowed pairs.
DENSE_LIMIT = 64
#: Blocks of at most this many entrants are merged until optimal on criterion 3.
EXACT_LIMIT = 200
#: Places either side of a pair's ideal opponent in the band of a large block.
BAND = 8


@dataclass(frozen=True)
class _Field:
    """What the edge costs of one round need: each player's score group position and size,
    and the field size ``n`` that scales the criteria (the same for every block, so that a
    block's costs are the whole field's)."""

    position: dict  # entrant -> 0-based place in its score group by rank
    group_size: dict  # score -> players with it
    n: int

    @property
    def unit_half(self) -> int:
        return 3  # above the worst seat cost (2)

    @property
    def unit_score(self) -> int:
        return self.unit_half * (self.n + 1) * self.n  # above every half cost of a round


def _field(players: Sequence[SwissEntrant]) -> _Field:
    groups: dict[float, list[SwissEntrant]] = {}
    for e in players:
        groups.setdefault(e.score, []).append(e)
    position = {}
    for members in groups.values():
        for k, e in enumerate(sorted(members, key=lambda e: e.rank)):
            position[e.entrant] = k
    return _Field(position, {s: len(m) for s, m in groups.items()}, len(players))


def _score_cost(a: SwissEntrant, b: SwissEntrant) -> int:
    """Criterion 3 for one pair: four times the squared score difference (an integer for
    scores in half points)."""
    return int(round(4 * (a.score - b.score) ** 2))


def _cost(a: SwissEntrant, b: SwissEntrant, f: _Field) -> int:
    """The cost of pairing ``a`` with ``b``: criteria 3, 4 and 5 in units that keep a higher
    criterion above every sum of lower ones."""
    if a.score == b.score:
        half = max(1, f.group_size[a.score] // 2)
        half_cost = min(abs(abs(f.position[a.entrant] - f.position[b.entrant]) - half), f.n)
    else:
        half_cost = f.n
    return _score_cost(a, b) * f.unit_score + half_cost * f.unit_half + _colour_clash(a, b)


def _allowed(a: SwissEntrant, b: SwissEntrant) -> bool:
    return b.entrant not in a.opponents and a.entrant not in b.opponents  # C1


def _match(
    block: Sequence[SwissEntrant], f: _Field, band: int | None
) -> list[tuple[SwissEntrant, SwissEntrant]] | None:
    """A maximum-weight matching of ``block`` (sorted by score, then rank) over all its
    allowed pairs (``band`` None) or its band; None when it pairs not everyone."""
    size = len(block)
    pairs: set[tuple[int, int]] = set()
    if band is None:
        pairs = {(i, j) for i in range(size) for j in range(i + 1, size)}
    else:
        start = {}  # score -> block index of the group's first player
        for i, e in enumerate(block):
            start.setdefault(e.score, i)
        for i, a in enumerate(block):
            pairs.update(
                (i, j)
                for j in range(i + 1, min(size, i + band + 1))
                if block[j].score != a.score  # floaters across a group boundary
            )
            half = max(1, f.group_size[a.score] // 2)
            ideal = start[a.score] + f.position[a.entrant] + half
            for j in range(max(i + 1, ideal - band), min(size, ideal + band + 1)):
                if block[j].score == a.score:
                    pairs.add((i, j))
    costs = {(i, j): _cost(block[i], block[j], f) for i, j in pairs if _allowed(block[i], block[j])}
    if not costs:
        return None if size else []
    top = max(costs.values()) + 1
    graph = nx.Graph()
    graph.add_nodes_from(range(size))
    graph.add_weighted_edges_from((i, j, top - c) for (i, j), c in costs.items())
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != size:
        return None
    return [(block[i], block[j]) for i, j in matching]


def _lower_bound(block: Sequence[SwissEntrant]) -> int:
    """The least score cost of pairing ``block`` (sorted by score) with rematches ignored:
    neighbours in score order (optimal for a convex cost of the difference)."""
    return sum(_score_cost(block[k], block[k + 1]) for k in range(0, len(block) - 1, 2))


def _pair_block(
    block: Sequence[SwissEntrant], f: _Field, *, band: int, dense_limit: int, exact_limit: int
) -> tuple[list[tuple[SwissEntrant, SwissEntrant]] | None, bool]:
    """Match one block (module docstring, step 2), widening its band as needed; returns
    the pairs (None when no perfect matching exists) and whether they reach the lower
    bound."""
    bound = _lower_bound(block)
    width = band
    widened = 0
    while True:
        dense = len(block) <= dense_limit or width >= len(block)
        pairs = _match(block, f, None if dense else width)
        if pairs is not None:
            optimal = sum(_score_cost(a, b) for a, b in pairs) == bound
            if optimal or dense or (len(block) > exact_limit and widened >= 1):
                return pairs, optimal
        elif dense:
            return None, False
        width *= 4
        widened += 1


def _blocks(players: Sequence[SwissEntrant]) -> list[list[SwissEntrant]]:
    """Whole score groups, from the top, cut where the count so far is even."""
    blocks: list[list[SwissEntrant]] = []
    current: list[SwissEntrant] = []
    for k, e in enumerate(players):
        current.append(e)
        last_of_group = k + 1 == len(players) or players[k + 1].score != e.score
        if last_of_group and len(current) % 2 == 0:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def _check(entrants: Sequence[SwissEntrant]) -> tuple[SwissEntrant | None, list[SwissEntrant]]:
    """The bye and the players to pair; ValueError for an entrant listed twice."""
    ids = [e.entrant for e in entrants]
    if len(set(ids)) != len(ids):
        raise ValueError("an entrant is listed twice")
    bye = choose_bye(entrants)
    players = [e for e in entrants if bye is None or e.entrant != bye.entrant]
    return bye, players


def _round(pairs, bye: SwissEntrant | None) -> SwissRound:
    """Seats each pair and puts the boards in order: the higher score group first."""
    seated = [_seats(a, b) for a, b in pairs]
    by_id = {e.entrant: e for pair in pairs for e in pair}
    seated.sort(
        key=lambda p: (
            -max(by_id[p[0]].score, by_id[p[1]].score),
            min(by_id[p[0]].rank, by_id[p[1]].rank),
        )
    )
    return SwissRound(tuple(seated), bye.entrant if bye else None)


def pair_round(
    entrants: Sequence[SwissEntrant],
    *,
    band: int = BAND,
    dense_limit: int = DENSE_LIMIT,
    exact_limit: int = EXACT_LIMIT,
) -> SwissRound:
    """Pair one Swiss round by score groups (module docstring: the criteria, then the
    steps).

    Args:
        entrants: everyone still in; the pairing's order does not depend on theirs.
        band: places either side of the ideal opponent in a large block's graph (>= 1).
        dense_limit: blocks of at most this many entrants get all their allowed pairs.
        exact_limit: blocks of at most this many entrants are merged and widened until
            they meet criterion 3 as well as the complete graph would.

    Raises:
        SwissPairingError: the bye cannot be given, or the entrants cannot all be paired
            without a rematch.
        ValueError: an entrant listed twice, or a band below 1.
    """
    if band < 1:
        raise ValueError("the band must be at least 1")
    bye, players = _check(entrants)
    players.sort(key=lambda e: (-e.score, e.rank))
    f = _field(players)
    pending = _blocks(players)
    pending.reverse()  # a stack: the next block on top
    done: list[tuple[list[SwissEntrant], list]] = []
    options = {"band": band, "dense_limit": dense_limit, "exact_limit": exact_limit}
    while pending:
        block = pending.pop()
        pairs, optimal = _pair_block(block, f, **options)
        if pairs is not None and (optimal or len(block) > exact_limit):
            done.append((block, pairs))
        elif pending:
            pending.append(block + pending.pop())  # step 3: take the next block in
        elif done:
            pending.append(done.pop()[0] + block)  # the last block: the one before it
        elif pairs is None:
            raise SwissPairingError("the entrants cannot all be paired without a rematch")
        else:
            done.append((block, pairs))  # the whole field, matched over all its pairs
    return _round([p for _, pairs in done for p in pairs], bye)


def pair_round_full(entrants: Sequence[SwissEntrant]) -> SwissRound:
    """The same round by one matching over the complete graph of allowed pairs: the
    reference ``pair_round`` is checked against, O(n^3) (1 000 entrants take some 10 s).

    Raises:
        SwissPairingError, ValueError: as ``pair_round``.
    """
    bye, players = _check(entrants)
    players.sort(key=lambda e: (-e.score, e.rank))
    pairs = _match(players, _field(players), None)
    if pairs is None:
        raise SwissPairingError("the entrants cannot all be paired without a rematch")
    return _round(pairs, bye)


def round_cost(entrants: Sequence[SwissEntrant], pairing: SwissRound) -> tuple[int, int]:
    """``(score cost, total cost)`` of a pairing by this module's weights: criterion 3
    alone, then criteria 3-5 together (lower is better); for tests and the benchmark.

    Raises:
        KeyError: a paired entrant not among ``entrants``.
    """
    players = [e for e in entrants if e.entrant != pairing.bye]
    f = _field(players)
    by_id = {e.entrant: e for e in players}
    pairs = [(by_id[a], by_id[b]) for a, b in pairing.pairs]
    return (
        sum(_score_cost(a, b) for a, b in pairs),
        sum(_cost(a, b, f) for a, b in pairs),
    )
