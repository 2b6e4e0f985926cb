"""Sette e mezzo's card values, hand totals and the settlement of a hand, in chips.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Seven and a Half"),
../shared/rules/README.md ("Seven and a Half, Ziginette"; general rulings on banking
games).

Totals are kept in half points (integers): an ace is 2 (one point), a 2 to 7 twice its
number, the figures J, Q, K 1 (half a point), and the K of diamonds, the wild card,
takes whichever whole value from 1 to 7 gives its holder the best total (004: "any
positive whole number"; the ruling: "from 1 to 7"). More than 15 (7½) is a bust.

>>> total(["7C", "QH"]), total(["KD", "JS"]), total(["KD", "3C", "2H"]), total(["6C", "5S"])
(15, 15, 14, 22)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

WILD = "KD"
SEVEN_AND_A_HALF = 15  # in half points
FIGURES = ("J", "Q", "K")


def value(code: str) -> int:
    """A card's value in half points (the wild K of diamonds counted as 1 point, 2)."""
    rank = code[:-1]
    if rank in FIGURES:
        return 2 if code == WILD else 1
    return 2 if rank == "A" else 2 * int(rank)


def total(cards: Sequence[str]) -> int:
    """The best total of ``cards`` in half points: the wild K of diamonds takes the whole
    value (1 to 7) that gives the highest total not over 7½; over 15 is a bust."""
    fixed = sum(value(code) for code in cards if code != WILD)
    if WILD not in cards:
        return fixed
    best = fixed + 2  # the wild at 1 point
    for points in range(7, 0, -1):
        if fixed + 2 * points <= SEVEN_AND_A_HALF:
            return fixed + 2 * points
    return best


def is_natural(cards: Sequence[str]) -> bool:
    """Seven and a half in two cards (004, "Two-card 7½s")."""
    return len(cards) == 2 and total(cards) == SEVEN_AND_A_HALF


def busted(cards: Sequence[str]) -> bool:
    """Over seven and a half."""
    return total(cards) > SEVEN_AND_A_HALF


def show(halves: int) -> str:
    """A total in half points as players say it: ``15`` -> ``"7½"``, ``8`` -> ``"4"``.

    >>> show(15), show(8), show(1)
    ('7½', '4', '½')
    """
    whole, half = divmod(halves, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def outcome(player: Sequence[str], banker: Sequence[str] | None) -> tuple[str, int]:
    """How a player who has not busted fares against the banker's cards (None: the banker
    did not play, every other player having busted): ``(outcome, multiple of the bet)``
    with outcome ``natural`` (paid 2 to 1), ``win`` (1 to 1), ``push`` (0) or ``lose``
    (the bet goes to the banker, -1). Source: 004 ("The payout", "Two-card 7½s").

    >>> outcome(["7C", "JD"], ["4C", "3S"]), outcome(["7C", "JD"], ["7S", "QC"])
    (('natural', 2), ('push', 0))
    >>> outcome(["5C", "2S", "JD"], ["7S", "QC"]), outcome(["4C", "3D"], ["6C", "5S"])
    (('lose', -1), ('win', 1))
    """
    mine = total(player)
    if banker is None or busted(banker):
        return ("natural", 2) if is_natural(player) else ("win", 1)
    if is_natural(player):
        return ("push", 0) if is_natural(banker) else ("natural", 2)
    if is_natural(banker):
        return ("lose", -1)
    theirs = total(banker)
    if mine > theirs:
        return ("win", 1)
    if mine < theirs:
        return ("lose", -1)
    return ("push", 0)


def settle(
    stacks: Sequence[int],
    banker: int,
    order: Sequence[int],
    bets: dict[int, int],
    outcomes: dict[int, tuple[str, int]],
) -> dict[str, Any]:
    """The chips of a hand: the banker collects the losing bets, then pays the winners in
    playing order (``order``: from his left) as far as his chips go; a winner he can no
    longer pay is paid what is left (the bank breaks), and nothing after that.

    ``stacks``: chips before the hand; ``bets``: seat -> bet; ``outcomes``: seat ->
    ``(outcome, multiple)`` (a bust is ``("bust", -1)``). Returns ``{"points": [chips won
    per seat], "stacks": [after], "paid": {seat: chips}, "unpaid": {seat: chips}}``; the
    points sum to zero.
    """
    points = [0] * len(stacks)
    for seat in order:
        multiple = outcomes[seat][1]
        if multiple < 0:
            points[seat] -= bets[seat]
            points[banker] += bets[seat]
    bank = stacks[banker] + points[banker]
    paid: dict[int, int] = {}
    unpaid: dict[int, int] = {}
    for seat in order:
        multiple = outcomes[seat][1]
        if multiple > 0:
            owed = bets[seat] * multiple
            pay = min(owed, bank)
            bank -= pay
            points[seat] += pay
            points[banker] -= pay
            paid[seat] = pay
            if pay < owed:
                unpaid[seat] = owed - pay
    return {
        "points": points,
        "stacks": [stack + won for stack, won in zip(stacks, points, strict=True)],
        "paid": paid,
        "unpaid": unpaid,
    }
