"""Finding a valid split of a multiset of Machiavelli cards into melds.

``find_partition(counts)`` answers the partition problem of a Machiavelli table: can
these cards (at most two copies of each, as in the double pack) all lie on the table
as valid melds, and how. Bots use it to look for plays, the browser to tell a player
that the cards can be arranged, and the tests check the engine against it.

How it works: a depth-first search over the ranks A (low), 2, ..., K, A (high). At
each rank it chooses which cards go into sets of that rank (at most two sets: eight
cards of a rank, three or more a set) and, in each suit, how the other cards continue
the runs left open at the rank below. The state of a suit is ``(a1, a2, a3)``: the runs
ending at the previous rank of length 1, 2 and 3 or more; runs of length 1 or 2 must
be continued, longer ones may stop. With two copies of a face at most two runs are
open, so a suit has 10 states. The aces a suit keeps for the top of its runs (Q K A)
are chosen at the low ace but matter only after the king, so the search carries the
set of choices still possible and expands a state once for all of them; a run that
would need cards the next ranks do not have is never opened.

Bound on the work: each (rank, state of the four suits) is expanded at most once per
kept-ace choice (failures are memoised), so at most ``13 * 10**4 * 3**4``
expansions, each trying at most 21 set choices times the suits' run choices. A random
valid table of 40 to 80 cards takes tens to a few thousand expansions (the figures are
in docs/games/machiavelli.md); ``budget`` caps them and raises
``SearchBudgetExceededError`` beyond it, so a caller never waits longer than it chose.

>>> from games.rules.machiavelli.melds import codes, faces, counts_of
>>> [codes(meld) for meld in find_partition(counts_of(faces("3H 4H 5H 6H 7H 5C 5D 5S")))]
[['5C', '5D', '5S'], ['3H', '4H', '5H', '6H', '7H']]
>>> find_partition(counts_of(faces("3H 4H 5H 6H 7H 5C 5D")))  # 5C 5D need 5H: no split
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement, product

from games.rules.machiavelli.melds import (
    ACE,
    FACES,
    KING,
    QUEEN,
    canonical,
    codes,
    counts_of,
    faces,
)

MAX_COPIES = 2
HIGH = 13  # the rank index of the ace above the king
DEFAULT_BUDGET = 200_000

_SET_SUITS = (
    (0, 1, 2),
    (0, 1, 3),
    (0, 2, 3),
    (1, 2, 3),
    (0, 1, 2, 3),
)


class SearchBudgetExceededError(RuntimeError):
    """``find_partition`` expanded more states than its ``budget`` allowed."""


SetUses = list[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]]


def _set_uses() -> dict[tuple[int, ...], SetUses]:
    """For every count vector of one rank in the four suits (0-2 each): the ways to take
    sets from it, as ``(cards used per suit, the sets' suits)``, most cards in sets
    first (the order that searched fastest)."""
    table = {}
    for avail in product(range(MAX_COPIES + 1), repeat=4):
        seen: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}
        for number in range(3):
            for chosen in combinations_with_replacement(_SET_SUITS, number):
                use = [0, 0, 0, 0]
                for suits in chosen:
                    for suit in suits:
                        use[suit] += 1
                key = tuple(use)
                if all(u <= a for u, a in zip(use, avail, strict=True)) and key not in seen:
                    seen[key] = chosen
        table[avail] = sorted(seen.items(), key=lambda item: -sum(item[0]))
    return table


_STATES = [
    (a1, a2, a3)
    for a1 in range(MAX_COPIES + 1)
    for a2 in range(MAX_COPIES + 1)
    for a3 in range(MAX_COPIES + 1)
    if a1 + a2 + a3 <= MAX_COPIES
]
_STATE_ID = {state: number for number, state in enumerate(_STATES)}
_CLOSED = frozenset(_STATE_ID[s] for s in _STATES if s[0] == s[1] == 0)
"""States in which every open run has three cards or more, so the suit may stop."""


def _run_steps() -> list[list[list[tuple[int, int]]]]:
    """``steps[state][c]``: the ``(next state, runs of 3+ continued)`` choices of a suit in
    ``state`` with ``c`` cards of the next rank left for runs; most continued first."""
    steps = []
    for a1, a2, a3 in _STATES:
        by_count = []
        for cards in range(MAX_COPIES + 1):
            free = cards - a1 - a2
            choices = []
            if free >= 0:
                for continued in range(min(a3, free), -1, -1):
                    state = (free - continued, a1, a2 + continued)
                    choices.append((_STATE_ID[state], continued))
            by_count.append(choices)
        steps.append(by_count)
    return steps


_OPEN_SHORT = tuple(a1 + a2 for a1, a2, _ in _STATES)
"""State -> runs of length 1 or 2 it leaves open, which the next rank must continue."""
_SET_USES = _set_uses()
_STEPS = _run_steps()


def find_partition(
    counts: Sequence[int], budget: int = DEFAULT_BUDGET
) -> list[tuple[int, ...]] | None:
    """A split of the cards ``counts`` (52 counts by face, see melds.py) into valid melds,
    or None when there is none. An empty multiset splits into no melds (``[]``).

    Each meld comes in ``canonical`` order; sets of a rank come before the runs that
    end below it, ranks from the ace up, and the runs still open at the end last.
    Raises ValueError for a count outside 0-2 or a vector that is not 52 long, and
    ``SearchBudgetExceededError`` after expanding ``budget`` states (see the module
    docstring for the bound).
    Source: melds as ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Machiavelli")
    and ../shared/rules/README.md ("Machiavelli") define them.

    >>> from games.rules.machiavelli.melds import codes, faces, counts_of
    >>> [codes(m) for m in find_partition(counts_of(faces("QS KS AS 2S 3S 4S AD AC AS")))]
    [['AC', 'AD', 'AS'], ['2S', '3S', '4S'], ['QS', 'KS', 'AS']]
    >>> find_partition(counts_of(faces("KS AS 2S")))
    """
    if len(counts) != FACES or any(type(c) is not int or not 0 <= c <= MAX_COPIES for c in counts):
        raise ValueError("a multiset of Machiavelli cards is 52 counts (0, 1 or 2) by face")
    # by_rank[r][s]: copies of rank r (0 = ace low .. 12 = king) in suit s.
    by_rank = [tuple(counts[suit * 13 + rank] for suit in range(4)) for rank in range(13)]
    aces = by_rank[ACE]
    # The aces a suit keeps for the top of its runs ("high"), chosen at the low ace and
    # used after the king; one needs that suit's queen and king.
    high_cap = tuple(min(aces[s], by_rank[QUEEN][s], by_rank[KING][s]) for s in range(4))
    # A depth-first search over the ranks 2 .. K carrying the set of kept-ace choices
    # still possible: only the end depends on them, so a state is expanded once for all
    # of them. failed[(rank, states)]: the choices known to fail from there.
    failed: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    path: list[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = []
    expanded = 0
    found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

    def search(rank: int, states: tuple[int, ...], highs: frozenset[tuple[int, ...]]) -> bool:
        nonlocal expanded
        if rank == HIGH:
            for high in sorted(highs):
                ends = _high_ends(states, high)
                if ends is not None:
                    found.append((high, ends))
                    return True
            return False
        key = (rank, *states)
        known = failed.get(key)
        if known is not None:
            highs = highs - known
            if not highs:
                return False
        expanded += 1
        if expanded > budget:
            raise SearchBudgetExceededError(f"more than {budget} states expanded")
        ahead1 = _ahead(rank + 1, by_rank, high_cap)
        ahead2 = _ahead(rank + 2, by_rank, high_cap)
        for after, step in _moves(states, by_rank[rank], ahead1, ahead2):
            path.append(step)
            if search(rank + 1, after, highs):
                return True
            path.pop()
        failed.setdefault(key, set()).update(highs)
        return False

    # The low aces: each choice of aces kept high leaves its own cards at the ace rank.
    firsts: dict[tuple[int, ...], dict[tuple[int, ...], object]] = {}
    for high in product(*(range(cap + 1) for cap in high_cap)):
        avail = tuple(a - h for a, h in zip(aces, high, strict=True))
        for states, step in _moves((0, 0, 0, 0), avail, by_rank[1], by_rank[2]):
            firsts.setdefault(states, {}).setdefault(high, step)
    for states, steps in firsts.items():
        if search(1, states, frozenset(steps)):
            high, ends = found[0]
            return _melds([steps[high], *path, ((), ends)], high, by_rank)
    return None


def _moves(
    states: tuple[int, ...],
    avail: tuple[int, ...],
    ahead1: tuple[int, ...],
    ahead2: tuple[int, ...],
) -> list[tuple[tuple[int, ...], tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]]]:
    """The states the four suits in ``states`` may reach at a rank holding ``avail`` cards
    per suit, each with its step ``(sets' suits, runs of 3+ continued per suit)``.

    Runs left open must find cards above (``ahead1``, ``ahead2``: cards per suit at the
    next two ranks): a run of one needs both, a run of two the next. Pruning here keeps
    dead ends from multiplying."""
    moves = []
    for use, sets in _SET_USES[avail]:
        options = []
        for suit in range(4):
            limit1, limit2 = ahead1[suit], ahead2[suit]
            choices = [
                choice
                for choice in _STEPS[states[suit]][avail[suit] - use[suit]]
                if _OPEN_SHORT[choice[0]] <= limit1 and _STATES[choice[0]][0] <= limit2
            ]
            if not choices:
                break
            options.append(choices)
        else:
            for combo in product(*options):
                moves.append(
                    (tuple(state for state, _ in combo), (sets, tuple(k for _, k in combo)))
                )
    return moves


def _high_ends(states: tuple[int, ...], high: tuple[int, ...]) -> tuple[int, ...] | None:
    """After the king: the runs of 3+ each suit's kept aces top (per suit), or None when
    the aces kept cannot end the runs open at the king as valid runs (every run of one
    must have ended; each run of two, Q K, needs an ace; no ace may start a run)."""
    ends = []
    for state, kept in zip(states, high, strict=True):
        a1, a2, a3 = _STATES[state]
        if a1 or not a2 <= kept <= a2 + a3:
            return None
        ends.append(kept - a2)
    return tuple(ends)


def _ahead(rank: int, by_rank: Sequence[tuple[int, ...]], high: tuple[int, ...]) -> tuple[int, ...]:
    """Cards per suit at ``rank`` (13: the most aces a suit can keep high; above: none),
    an upper bound on what the runs open below it can use."""
    if rank < HIGH:
        return by_rank[rank]
    return high if rank == HIGH else (0, 0, 0, 0)


def _melds(
    steps: Sequence[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]],
    high: tuple[int, ...],
    by_rank: Sequence[tuple[int, ...]],
) -> list[tuple[int, ...]]:
    """The melds the search chose: ``steps`` per rank from the low ace to the high one
    (its sets' suits, the runs of 3+ continued per suit), ``high`` the aces kept for
    the top; runs are lists of rank indexes (13: ace high)."""
    melds: list[tuple[int, ...]] = []
    # Per suit, the open runs ending at the previous rank: length 1, 2, 3 or more.
    ones: list[list[list[int]]] = [[] for _ in range(4)]
    twos: list[list[list[int]]] = [[] for _ in range(4)]
    longs: list[list[list[int]]] = [[] for _ in range(4)]
    for rank, (sets, continued) in enumerate(steps):
        if rank == HIGH:
            avail = high
        elif rank == ACE:
            avail = tuple(a - h for a, h in zip(by_rank[ACE], high, strict=True))
        else:
            avail = by_rank[rank]
        used = [0, 0, 0, 0]
        for suits in sets:
            melds.append(tuple(suit * 13 + rank for suit in suits))
            for suit in suits:
                used[suit] += 1
        for suit in range(4):
            cards = avail[suit] - used[suit]
            keep = continued[suit]
            ended, carried = longs[suit][keep:], longs[suit][:keep]
            melds.extend(_run_faces(run, suit) for run in ended)
            new_longs = [run + [rank] for run in twos[suit] + carried]
            new_twos = [run + [rank] for run in ones[suit]]
            fresh = cards - len(ones[suit]) - len(twos[suit]) - keep
            ones[suit] = [[rank] for _ in range(fresh)]
            twos[suit], longs[suit] = new_twos, new_longs
    for suit in range(4):
        melds.extend(_run_faces(run, suit) for run in longs[suit])
    return [canonical(meld) for meld in _split_round_the_corner(melds)]


def _run_faces(run: list[int], suit: int) -> tuple[int, ...]:
    return tuple(suit * 13 + rank % 13 for rank in run)


def _split_round_the_corner(melds: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Split a run A 2 ... K A (the ace both low and high, not allowed) into A 2 3 and
    4 ... K A, both valid: the search counts it as one run."""
    out = []
    for meld in melds:
        if len(meld) == 14:
            out += [meld[:3], meld[3:]]
        else:
            out.append(meld)
    return out


def split_codes(cards: Sequence[str], budget: int = DEFAULT_BUDGET) -> list[list[str]] | None:
    """``find_partition`` for card codes, as a bot or the browser holds them: a split of
    ``cards`` into valid melds (codes), or None when there is none.

    Raises ValueError for a string that is not a card code or a code given more than
    twice, and ``SearchBudgetExceededError`` as ``find_partition``.

    >>> split_codes(["7C", "7D", "7S", "3H", "5H", "4H"])
    [['3H', '4H', '5H'], ['7C', '7D', '7S']]
    >>> split_codes(["7C", "7D"]) is None
    True
    """
    counts = counts_of(faces(list(cards)))
    split = find_partition(counts, budget)
    return None if split is None else [codes(meld) for meld in split]
