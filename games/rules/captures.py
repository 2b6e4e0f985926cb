"""Capture helpers shared by the fishing games (Scopa and its family: Scopone, Cirulla...).

Cards are the ints of a ``cards.Pack`` and sets of cards are bitmasks (see
cards.py), so these helpers take the pack's tables as arguments instead of
knowing any game. A fishing game captures board cards with a card from the
hand, by pairing (a card of the same rank) or by addition (several cards whose
values add up to the played card's value).
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scopa": capturing,
primiera).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.rules.cards import bits

FISHING_VALUES = {
    "A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "J": 8, "Q": 9, "K": 10,
}  # fmt: skip
"""Capture values of the 40-card Italian pack: ace 1, pips at face value, J 8, Q 9, K 10."""

PRIMIERA_VALUES = {
    "7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "J": 10, "Q": 10, "K": 10,
}  # fmt: skip
"""Primiera values of 004: 7 21, 6 18, ace 16, 5 15, 4 14, 3 13, 2 12, court cards 10."""


def subset_sums(cards: Iterable[int], values: Sequence[int], limit: int) -> list[list[int]]:
    """Every set of ``cards`` whose values add up to at most ``limit``, grouped by total.

    ``cards`` are card ints (e.g. the board's), ``values[i]`` the capture value
    of card int ``i`` (positive). Returns ``sums`` with ``sums[t]`` the bitmasks
    of the sets totalling ``t``, for ``t`` from 0 to ``limit`` (``sums[0]`` is
    ``[0]``, the empty set). Values of at least 1 keep the sets few, so
    enumerating them is cheap for any real board.

    >>> from games.rules.cards import ITALIAN_40 as P
    >>> from games.rules.tricks import value_table
    >>> board = [P.index[c] for c in ("3C", "4S", "AD")]
    >>> sums = subset_sums(board, value_table(P, FISHING_VALUES), 10)
    >>> [P.codes_of(mask) for mask in sums[4]]
    [['4S'], ['3C', 'AD']]
    """
    found: list[tuple[int, int]] = [(0, 0)]
    for card in cards:
        value = values[card]
        if value <= limit:
            bit = 1 << card
            found += [(t + value, mask | bit) for t, mask in found if t + value <= limit]
    by_total: list[list[int]] = [[] for _ in range(limit + 1)]
    for total, mask in found:
        by_total[total].append(mask)
    return by_total


def captures_for(
    card: int,
    board: int,
    rank_masks: Sequence[int],
    rank_of: Sequence[int],
    values: Sequence[int],
    sums: Sequence[Sequence[int]] | None = None,
) -> list[int]:
    """The captures ``card`` can make on ``board``, as bitmasks of the board cards taken.

    Pairing takes precedence: if the board holds cards of the played card's
    rank, each of them alone is a capture and nothing else is; otherwise every
    set of two or more board cards whose values add up to the card's value is.
    ``rank_of[i]`` is the rank index of card int ``i`` and ``rank_masks[r]`` the
    bitmask of rank ``r``; ``sums`` is ``subset_sums`` of the board's cards
    with a limit of at least the card's value, when the caller has it already.
    Returns [] when the card can only be trailed.
    Ranks must have distinct values, as in the Italian pack, so that a
    single card adding up to the value is always a pair.
    Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scopa": "the
    pairing takes precedence and must be performed").

    >>> from games.rules.cards import ITALIAN_40 as P
    >>> from games.rules.tricks import value_table
    >>> ranks = sorted(set(P.rank_of))
    >>> rank_of = [ranks.index(r) for r in P.rank_of]
    >>> masks = [P.rank_mask(r) for r in ranks]
    >>> values = value_table(P, FISHING_VALUES)
    >>> def caps(card, board):
    ...     found = captures_for(P.index[card], P.mask(board), masks, rank_of, values)
    ...     return [P.codes_of(mask) for mask in found]
    >>> caps("7D", ["3C", "4S", "7S", "7C"])
    [['7C'], ['7S']]
    >>> caps("7D", ["3C", "4S", "5H", "2H"])
    [['3C', '4S'], ['2H', '5H']]
    """
    same = board & rank_masks[rank_of[card]]
    if same:
        return [1 << i for i in bits(same)]
    value = values[card]
    if sums is None:
        sums = subset_sums(bits(board), values, value)
    return list(sums[value])


def primiera_points(captured: int, suit_masks: Sequence[int], values: Sequence[int]) -> int | None:
    """A capture pile's primiera count, or None when it lacks a suit.

    The count is the sum, over the four suits, of the highest primiera value
    (``values[i]``, e.g. from PRIMIERA_VALUES) among the pile's cards of that
    suit. Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scopa":
    primiera), ../shared/rules/README.md ("Scopa": primiera needs all four suits).

    >>> from games.rules.cards import ITALIAN_40 as P, SUITS
    >>> from games.rules.tricks import value_table
    >>> suits = [P.suit_mask(s) for s in SUITS]
    >>> values = value_table(P, PRIMIERA_VALUES)
    >>> primiera_points(P.mask(["7D", "6C", "AH", "KS", "2S"]), suits, values)
    67
    >>> primiera_points(P.mask(["7D", "6C", "AH"]), suits, values) is None
    True
    """
    total = 0
    for suit in suit_masks:
        held = captured & suit
        if not held:
            return None
        total += max(values[i] for i in bits(held))
    return total
