"""Scopa's card tables, the scoring of a hand and the race to the target.

A hand scores, in the order of 004, one point each for: the most cards, the
most diamonds (Denari), the settebello (7 of diamonds), primiera, then one
point per scopa. A tie in cards, diamonds or primiera scores for nobody;
primiera needs cards of all four suits (a player alone in having them takes
it). The scope are listed in the order they were made.

The match is a race: the items of each hand are added in that order, deal
after deal, and the first player to reach the target wins at once; the
items after that point are not counted.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scopa": "Ending the
hand"), ../shared/rules/README.md ("Scopa" rulings).

Hands are shown by capture value (A, 2 ... 7, J, Q, K), then suit:

>>> display_codes(PACK.mask(["KD", "AS", "7C", "AC"]))
['AC', 'AS', '7C', 'KD']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.rules.captures import FISHING_VALUES, PRIMIERA_VALUES, primiera_points
from games.rules.cards import ITALIAN_40, SUITS, mask_display
from games.rules.tricks import value_table

PACK = ITALIAN_40
CODES = PACK.codes
VALUE = value_table(PACK, FISHING_VALUES)
"""Card int -> capture value: ace 1 ... 7 7, J 8, Q 9, K 10."""
VALUE_MASKS = tuple(PACK.mask(c for i, c in enumerate(CODES) if VALUE[i] == v) for v in range(11))
"""Capture value -> bitmask of the four cards of that rank (index 0 is empty)."""
PRIMIERA = value_table(PACK, PRIMIERA_VALUES)
SUIT_MASKS = tuple(PACK.suit_mask(suit) for suit in SUITS)
DIAMONDS = PACK.suit_mask("D")
SETTEBELLO = PACK.index["7D"]
ALL_CARDS = (1 << len(CODES)) - 1

display_codes = mask_display(CODES, lambda i: (VALUE[i], PACK.suit_of[i]))
"""Bitmask -> codes sorted for display: by capture value, then suit C D H S."""

ITEM_ORDER = ("cards", "diamonds", "settebello", "primiera", "scopa")
"""The names of the scoring items, in the order 004 counts them."""


def _most(counts: Sequence[int | None]) -> int | None:
    """The seat with strictly the highest count (None counts as missing), else None."""
    a, b = counts
    if a is None or (b is not None and b > a):
        return 1 if b is not None else None
    if b is None or a > b:
        return 0
    return None


def score_hand(captured: Sequence[int], sweeps: Sequence[tuple[int, int]]) -> dict[str, Any]:
    """Score a finished hand.

    ``captured`` is each seat's capture pile (bitmask, the board's leftovers
    included), ``sweeps`` the scope as ``(seat, card int)`` in the order made.
    Returns ``{"points": [p0, p1], "items": [{"name", "seat", "points"}...] in
    ITEM_ORDER (a scopa item also has "card"), "cards": [n0, n1], "diamonds":
    [d0, d1], "settebello": seat (None when no pile holds the 7 of diamonds),
    "primiera": [count | None per seat], "scope":
    [s0, s1]}``. Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt
    ("Scopa"), ../shared/rules/README.md ("Scopa": ties, primiera).

    >>> few = PACK.mask(["7D", "6C", "AH", "KS"])
    >>> [(i["name"], i["seat"]) for i in score_hand([few, ALL_CARDS ^ few], [(1, 3)])["items"]]
    [('cards', 1), ('diamonds', 1), ('settebello', 0), ('primiera', 1), ('scopa', 1)]
    """
    cards = [pile.bit_count() for pile in captured]
    diamonds = [(pile & DIAMONDS).bit_count() for pile in captured]
    primiera = [primiera_points(pile, SUIT_MASKS, PRIMIERA) for pile in captured]
    # The point goes to whoever captured the 7 of diamonds, nobody if no pile holds it
    # (../shared/rules/README.md, "Scopa": settebello, for any piles).
    holder = next((seat for seat, pile in enumerate(captured) if pile >> SETTEBELLO & 1), None)
    items = []
    for name, seat in (
        ("cards", _most(cards)),
        ("diamonds", _most(diamonds)),
        ("settebello", holder),
        ("primiera", _most(primiera)),
    ):
        if seat is not None:
            items.append({"name": name, "seat": seat, "points": 1})
    items += [{"name": "scopa", "seat": s, "points": 1, "card": CODES[c]} for s, c in sweeps]
    points = [0, 0]
    for item in items:
        points[item["seat"]] += 1
    return {
        "points": points,
        "items": items,
        "cards": cards,
        "diamonds": diamonds,
        "settebello": holder,
        "primiera": primiera,
        "scope": [sum(1 for s, _ in sweeps if s == seat) for seat in (0, 1)],
    }


def race(results: Sequence[dict[str, Any]], target: int) -> tuple[list[int], int | None]:
    """Match totals and winner: each deal's ``items`` added in order until one seat
    reaches ``target``.

    ``results`` are the ``result()`` of each deal so far. Returns ``(totals,
    winner)``; the winner is the first seat to reach the target and the totals
    stop there; ``winner`` is None while nobody has reached it.
    Source: ../shared/rules/README.md ("Scopa": the first to reach the target
    wins and scoring stops there).

    >>> hand = {"items": [{"name": "cards", "seat": 1, "points": 1},
    ...                   {"name": "diamonds", "seat": 0, "points": 1},
    ...                   {"name": "settebello", "seat": 0, "points": 1}]}
    >>> race([hand], 2), race([hand], 3)
    (([2, 1], 0), ([2, 1], None))
    """
    totals = [0, 0]
    for result in results:
        for item in result["items"]:
            seat = item["seat"]
            totals[seat] += item["points"]
            if totals[seat] >= target:
                return totals, seat
    return totals, None
