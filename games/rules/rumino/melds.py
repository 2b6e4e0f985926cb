"""Rumino's cards and melds: faces, jokers, the least deadwood of a hand, ruminos.

A card is handled here as a *face*: ``suit * 13 + rank`` (suits C D H S 0-3, ranks
A 2 ... K 0-12) for the 104 cards of the two French packs, and ``JOKER`` (52) for
each of the four jokers (code ``JK``). A hand is a sorted tuple of faces.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Rumino"),
../shared/rules/README.md ("Rumino"):

- a meld is three or four of a kind (suits may repeat: two packs) or three or four
  cards of one suit in sequence, aces low (A 2 3; no Q K A); a joker stands for any
  card;
- deadwood is the points of the cards outside melds: A 1, 2-10 face value, J Q K and
  jokers 10; the engine finds the arrangement with the least;
- a rumino is seven cards of one suit in sequence, or seven of a kind; jokers count.

>>> least_deadwood(tuple(sorted(faces("3H 4H 5H 9C 9D JK KS"))))[0]
10
>>> is_rumino(faces("7D 8D 9D 10D JD QD KD")), is_rumino(faces("5C 5C 5D JK 5H 5S 5S"))
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache, wraps
from itertools import combinations, pairwise, product
from typing import TypeVar

from games.rules.cards import RANKS, SUITS

T = TypeVar("T")

JOKER = 52
JOKER_CODE = "JK"
CODES = (*(rank + suit for suit in SUITS for rank in RANKS), JOKER_CODE)
"""Face -> card code."""
FACE = {code: face for face, code in enumerate(CODES)}
"""Card code -> face."""
POINTS = (*(min(face % 13 + 1, 10) for face in range(52)), 10)
"""Face -> deadwood points: A 1, 2-10 face value, J Q K 10, joker 10 (004)."""
RUMINO_SIZE = 7


def faces(text: str | Iterable[str]) -> list[int]:
    """The faces of card codes, given as a list or one space-separated string; ValueError
    naming the first string that is not a code of the Rumino pack.

    >>> faces("AC JK 10H")
    [0, 52, 35]
    """
    items = text.split() if isinstance(text, str) else list(text)
    try:
        return [FACE[code] for code in items]
    except (KeyError, TypeError):
        bad = next(code for code in items if code not in FACE)
        raise ValueError(f"{bad!r} is not a card of the Rumino pack (e.g. '3D', 'JK')") from None


def codes(cards: Iterable[int]) -> list[str]:
    """The codes of faces, in their order."""
    return [CODES[face] for face in cards]


def _fits(cards: Sequence[int], size_ok: bool) -> bool:
    """True when ``cards`` are of a kind or one suit in sequence within ``size_ok``, the
    jokers filling the gaps (aces low: a sequence fits within A..K)."""
    naturals = [face for face in cards if face != JOKER]
    if not size_ok:
        return False
    if len({face % 13 for face in naturals}) <= 1:
        return True
    if len({face // 13 for face in naturals}) != 1:
        return False
    ranks = [face % 13 for face in naturals]
    return len(set(ranks)) == len(ranks) and max(ranks) - min(ranks) < len(cards)


def is_meld(cards: Sequence[int]) -> bool:
    """True when ``cards`` (faces) are a meld: 3 or 4 of a kind, suits free, or 3 or 4 of
    one suit in sequence (aces low), jokers standing for any card (004, "Rumino").

    >>> is_meld(faces("9C 9C 9D")), is_meld(faces("AS 2S JK")), is_meld(faces("QS KS AS"))
    (True, True, False)
    >>> is_meld(faces("3H 4H 5H 6H 7H")), is_meld(faces("JK JK JK"))
    (False, True)
    """
    return _fits(cards, 3 <= len(cards) <= 4)


def is_rumino(cards: Sequence[int]) -> bool:
    """True when ``cards`` are a rumino: seven of a kind or seven of one suit in sequence,
    jokers standing for any card (004, "Ruminos")."""
    return _fits(cards, len(cards) == RUMINO_SIZE)


_FIELD = 8
"""Bits of one count in ``TALLY``: up to 127 cards of a rank or a suit."""
TALLY = (
    *((1 << _FIELD * (face % 13)) | (1 << _FIELD * (13 + face // 13)) for face in range(52)),
    0,
)
"""Face -> one in the count of its rank (field 0-12) and of its suit (13-16); the joker
nothing: the sum over a hand packs its 13 rank counts and 4 suit counts in one int."""
_ONES = sum(1 << _FIELD * field for field in range(17))
_HIGH = _ONES << _FIELD - 1


def rumino_possible(tally: int, jokers: int) -> bool:
    """``_could_hold_rumino`` of cards whose ``TALLY`` sum is ``tally`` and which hold
    ``jokers`` jokers: for a caller that keeps a hand's counts up to date."""
    need = RUMINO_SIZE - jokers
    return need <= 0 or bool((tally + (128 - need) * _ONES) & _HIGH)


def _could_hold_rumino(cards: Sequence[int]) -> bool:
    """A quick necessary test: seven of ``cards`` share a rank or a suit, jokers counted
    with both (nearly every hand fails it, and then no subset need be tried).

    Called on every draw and, for each other player, on every discard, so the counts are
    summed in one int (``TALLY``) and compared all at once: adding ``128 - need`` to
    each field sets its high bit exactly when the count is at least ``need``."""
    need = RUMINO_SIZE - cards.count(JOKER)
    if need <= 0:
        return True
    return bool((sum(map(TALLY.__getitem__, cards)) + (128 - need) * _ONES) & _HIGH)


def rumino_in(hand: Sequence[int]) -> tuple[int, ...] | None:
    """The seven cards of a rumino among the cards of ``hand`` (sorted faces), or None."""
    if len(hand) < RUMINO_SIZE or not _could_hold_rumino(hand):
        return None
    for chosen in combinations(hand, RUMINO_SIZE):
        if is_rumino(chosen):
            return chosen
    return None


def completes_rumino(hand: Sequence[int], card: int) -> tuple[int, ...] | None:
    """The rumino that ``card`` completes with six cards of ``hand`` (a player "six cards
    to a rumino", 004), or None."""
    need = RUMINO_SIZE - hand.count(JOKER) - (card == JOKER)
    tally = sum(map(TALLY.__getitem__, hand)) + TALLY[card]
    if need > 0 and not (tally + (128 - need) * _ONES) & _HIGH:
        return None  # as ``_could_hold_rumino((*hand, card))``, without the tuple
    for chosen in combinations(hand, RUMINO_SIZE - 1):
        if is_rumino((*chosen, card)):
            return tuple(sorted((*chosen, card)))
    return None


def _meld_candidates(hand: tuple[int, ...]) -> list[list[tuple[int, int]]]:
    """For each position ``i`` of ``hand`` (sorted faces), the melds of three or four of
    the hand's cards whose lowest position is ``i``, each as (bit mask of positions,
    points covered). Only cards sharing a rank or a suit, with the jokers, can make a
    meld, so only such groups are tried, not every subset of the hand: any three or four
    of a rank group are a meld (suits free); of a suit group, those whose natural cards
    are of a kind or have distinct ranks within the meld's length (as ``is_meld``)."""
    size = len(hand)
    candidates: list[list[tuple[int, int]]] = [[] for _ in range(size)]
    jokers = [i for i in range(size) if hand[i] == JOKER]
    # The groups in the order their first card comes (each card's rank, then its suit),
    # the jokers alone last: the order the melds are tried in, which picks among
    # arrangements of equal deadwood.
    groups: dict[tuple[bool, int], list[int]] = {}
    for i in range(size):
        face = hand[i]
        if face != JOKER:
            groups.setdefault((False, face % 13), []).append(i)
            groups.setdefault((True, face // 13), []).append(i)
    pools = [(by_suit, sorted(members + jokers)) for (by_suit, _), members in groups.items()]
    pools.append((False, jokers))
    seen: set[int] = set()
    for by_suit, pool in pools:
        if len(pool) < 3:
            continue
        for meld_size in (3, 4):
            for chosen in combinations(pool, meld_size):
                mask = 0
                for i in chosen:
                    mask |= 1 << i
                if mask in seen:
                    continue
                seen.add(mask)
                if by_suit:
                    # As ``_fits``: of a kind, or distinct ranks within the meld's length.
                    ranks = [hand[i] % 13 for i in chosen if hand[i] != JOKER]
                    distinct = len(set(ranks))
                    if distinct > 1 and (
                        distinct < len(ranks) or max(ranks) - min(ranks) >= meld_size
                    ):
                        continue
                candidates[chosen[0]].append((mask, sum(POINTS[hand[i]] for i in chosen)))
    return candidates


@lru_cache(maxsize=1 << 16)
def least_deadwood(hand: tuple[int, ...]) -> tuple[int, tuple[tuple[int, ...], ...]]:
    """The least deadwood of ``hand`` (sorted faces) and melds that leave it.

    Every meld of three or four of the hand's cards is a candidate (``_meld_candidates``);
    a search over the cards (each either deadwood or in a meld with cards not yet used),
    remembering each subset of cards, finds the melds that cover the most points. A hand
    of 8 cards has at most 126 candidates and 256 subsets.
    Source: 004 ("Rumino": deadwood); rulings ("the engine finds the arrangement with the
    least deadwood").

    >>> dead, melds = least_deadwood(tuple(sorted(faces("AH 2H 3H 4H 5H 5C 5D"))))
    >>> dead, [codes(meld) for meld in melds]
    (0, [['5C', '5D', '5H'], ['AH', '2H', '3H', '4H']])
    """
    size = len(hand)
    candidates = _meld_candidates(hand)
    best: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}

    def covered(mask: int) -> tuple[int, tuple[int, ...]]:
        """The most points melds can cover among the cards of ``mask``, and the melds."""
        if mask in best:
            return best[mask]
        low = (mask & -mask).bit_length() - 1
        answer = covered(mask & ~(1 << low))
        for meld, points in candidates[low]:
            if meld & mask == meld:
                rest, melds = covered(mask & ~meld)
                if rest + points > answer[0]:
                    answer = (rest + points, (meld, *melds))
        best[mask] = answer
        return answer

    total = sum(POINTS[face] for face in hand)
    points, masks = covered((1 << size) - 1)
    melds = tuple(tuple(hand[i] for i in range(size) if mask >> i & 1) for mask in masks)
    return total - points, melds


MOST_CARDS_IN_TWO_MELDS = 8
"""A hand of up to 8 cards holds at most two melds (three need nine cards): its least
deadwood is the total less the best meld or pair of disjoint melds (``_best_cover``)."""


_RANK_ONES = sum(1 << _FIELD * rank for rank in range(13))
_RANK_HIGH = _RANK_ONES << _FIELD - 1
_RUN_STARTS = sum(1 << face for face in range(52) if face % 13 <= 10)
"""The faces that start a run of three of their suit (J Q K the last)."""


def _natural_melds(hand: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """``_melds_by_count``'s melds of a hand without jokers, found straight from its
    counts: three or four of a rank (``TALLY``'s rank counts compared all at once, as in
    ``_could_hold_rumino``) and three or four faces in a row of one suit (from the bits of
    the faces held), each way of picking the positions of the faces (a face may be held
    twice). Most hands hold none, and then nothing more is done."""
    kinds = (sum(map(TALLY.__getitem__, hand)) + (128 - 3) * _RANK_ONES) & _RANK_HIGH
    held = 0
    for face in hand:
        held |= 1 << face
    runs = held & held >> 1 & held >> 2 & _RUN_STARTS
    if not kinds and not runs:
        return []
    positions: dict[int, list[int]] = {}
    for i, face in enumerate(hand):
        positions.setdefault(face, []).append(i)
    groups: list[list[list[int]]] = []  # the positions to pick from, face by face
    for rank in range(13):
        if kinds >> _FIELD * rank + _FIELD - 1 & 1:
            same = [i for i, face in enumerate(hand) if face % 13 == rank]
            groups += [
                [[i] for i in chosen] for size in (3, 4) for chosen in combinations(same, size)
            ]
    while runs:
        first = (runs & -runs).bit_length() - 1
        runs &= runs - 1
        groups.append([positions[first + step] for step in range(3)])
        if first % 13 <= 9 and held >> first + 3 & 1:
            groups.append([positions[first + step] for step in range(4)])
    melds = []
    for group in groups:
        points = sum(POINTS[hand[places[0]]] for places in group)
        for chosen in product(*group):
            mask = 0
            for i in chosen:
                mask |= 1 << i
            melds.append((points, mask, 0))
    melds.sort(reverse=True)
    return melds


def _melds_by_count(hand: tuple[int, ...]) -> tuple[list[tuple[int, int, int]], int]:
    """Every meld among the cards of ``hand`` (sorted faces) as ``(points covered, bit
    mask of its natural cards' positions, jokers in it)``, most points first, and the
    hand's jokers. The jokers are alike, so a meld counts them instead of naming them:
    two melds fit together when their masks are disjoint and their jokers are no more
    than the hand's. As ``is_meld``: three or four of one rank's cards and jokers, or two
    or more of one suit of distinct ranks within the meld's length and jokers (of a kind
    when fewer than two are natural)."""
    plain = len(hand)
    while plain and hand[plain - 1] == JOKER:
        plain -= 1
    wild = len(hand) - plain
    if not wild:
        return _natural_melds(hand), 0
    melds: list[tuple[int, int, int]] = []
    if wild >= 3:
        melds += [(10 * size, 0, size) for size in (3, 4) if size <= wild]
    by_rank: dict[int, list[int]] = {}
    for i in range(plain):
        by_rank.setdefault(hand[i] % 13, []).append(i)
    groups: list[tuple[bool, list[int]]] = [(False, members) for members in by_rank.values()]
    start = 0
    while start < plain:
        suit = hand[start] // 13
        end = start + 1
        while end < plain and hand[end] // 13 == suit:
            end += 1
        if end - start >= 2:
            groups.append((True, list(range(start, end))))
        start = end
    for in_suit, members in groups:
        if len(members) + wild < 3:
            continue
        least = 2 if in_suit else 1
        for size in (3, 4):
            for natural in range(max(least, size - wild), min(size, len(members)) + 1):
                for chosen in combinations(members, natural):
                    if in_suit:
                        # Sorted faces: the ranks rise; distinct, within the meld's length.
                        if hand[chosen[-1]] - hand[chosen[0]] >= size or any(
                            hand[a] == hand[b] for a, b in pairwise(chosen)
                        ):
                            continue
                    mask = 0
                    points = 10 * (size - natural)
                    for i in chosen:
                        mask |= 1 << i
                        points += POINTS[hand[i]]
                    melds.append((points, mask, size - natural))
    melds.sort(reverse=True)
    return melds, wild


def _best_cover(melds: list[tuple[int, int, int]], banned: int, wild: int) -> tuple[int, int, int]:
    """The most points one meld or two disjoint melds of ``melds`` (``_melds_by_count``,
    most points first) cover using no natural card of the mask ``banned`` and at most
    ``wild`` jokers, with the mask of the natural cards and the count of jokers they use."""
    best = used = jokers_used = 0
    count = len(melds)
    for first in range(count):
        points, mask, jokers = melds[first]
        if 2 * points <= best:
            break  # neither this meld nor a pair from here on covers more
        if mask & banned or jokers > wild:
            continue
        if points > best:
            best, used, jokers_used = points, mask, jokers
        taken = mask | banned
        for second in range(first + 1, count):
            more, other, extra = melds[second]
            if points + more <= best:
                break
            if not other & taken and jokers + extra <= wild:
                best, used, jokers_used = points + more, mask | other, jokers + extra
                break
    return best, used, jokers_used


def _memo(size: int) -> Callable[[Callable[[tuple[int, ...]], T]], Callable[[tuple[int, ...]], T]]:
    """Remember a function of hands in a plain dict, emptied when it holds ``size``: a dict
    of tuples of ints, unlike ``lru_cache``'s linked list of lists, is nothing the garbage
    collector walks through on each full collection (up to a tenth of a Rumino search's
    time with ``lru_cache``). Faster to look up too; the values are the same."""

    def wrap(function: Callable[[tuple[int, ...]], T]) -> Callable[[tuple[int, ...]], T]:
        found: dict[tuple[int, ...], T] = {}
        get = found.get

        @wraps(function)
        def memoized(hand: tuple[int, ...]) -> T:
            value = get(hand)
            if value is None:
                if len(found) >= size:
                    found.clear()
                value = found[hand] = function(hand)
            return value

        return memoized

    return wrap


@_memo(1 << 17)
def deadwood_value(hand: tuple[int, ...]) -> int:
    """The least deadwood of ``hand`` (sorted faces): ``least_deadwood(hand)[0]`` without
    the melds, for the hot paths (legal knocks, the heuristic, a playout's estimate):
    from the best meld or pair of melds for a hand of up to 8 cards (``_best_cover``),
    from ``least_deadwood`` for a longer one. tests/games/rules/test_rumino_melds.py
    checks it against ``least_deadwood`` and a brute force.

    >>> deadwood_value(tuple(sorted(faces("3H 4H 5H 9C 9D JK KS"))))
    10
    """
    if len(hand) > MOST_CARDS_IN_TWO_MELDS:
        return least_deadwood(hand)[0]
    melds, wild = _melds_by_count(hand)
    return sum(POINTS[face] for face in hand) - _best_cover(melds, 0, wild)[0]


@_memo(1 << 16)
def deadwood_after_discards(hand: tuple[int, ...]) -> tuple[int, ...]:
    """For each position ``i`` of ``hand`` (sorted faces), the least deadwood of the hand
    without its card ``i``: what each discard leaves. The same as ``least_deadwood`` of
    each smaller hand (``tests/games/rules/test_rumino_melds.py`` checks it), found in one
    search over the subsets of ``hand``, which they share, instead of one search each.
    A hand of up to 9 cards leaves hands of up to 8: each one's best cover comes from the
    melds of the whole hand that miss the card discarded (``_best_cover``; a joker
    discarded leaves one joker fewer); a longer hand is searched over its subsets.
    Source: as ``least_deadwood``.

    >>> deadwood_after_discards(tuple(sorted(faces("3H 4H 5H 9C 9D JK KS KD"))))
    (9, 9, 10, 27, 26, 25, 10, 38)
    """
    size = len(hand)
    if size <= MOST_CARDS_IN_TWO_MELDS + 1:
        melds, wild = _melds_by_count(hand)
        total = sum(POINTS[face] for face in hand)
        if not melds:
            return tuple(total - POINTS[face] for face in hand)
        plain = size - wild
        # A discard the best cover of the whole hand does not use leaves that cover.
        best, used, jokers_used = _best_cover(melds, 0, wild)
        left = [
            total
            - POINTS[hand[i]]
            - (_best_cover(melds, 1 << i, wild)[0] if used >> i & 1 else best)
            for i in range(plain)
        ]
        if wild:
            rest = _best_cover(melds, 0, wild - 1)[0] if jokers_used == wild else best
            left += [total - 10 - rest] * wild
        return tuple(left)
    candidates = _meld_candidates(hand)
    best: dict[int, int] = {0: 0}

    def covered(mask: int) -> int:
        """The most points melds can cover among the cards of ``mask``."""
        found = best.get(mask)
        if found is not None:
            return found
        low = (mask & -mask).bit_length() - 1
        answer = covered(mask & ~(1 << low))
        for meld, points in candidates[low]:
            if meld & mask == meld:
                value = covered(mask & ~meld) + points
                if value > answer:
                    answer = value
        best[mask] = answer
        return answer

    total = sum(POINTS[face] for face in hand)
    full = (1 << size) - 1
    return tuple(total - POINTS[hand[i]] - covered(full & ~(1 << i)) for i in range(size))
