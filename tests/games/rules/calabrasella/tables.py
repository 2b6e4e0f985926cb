"""Deals of Calabrasella built from chosen hands, for the tests of this package.

Seats: the usual dealer is seat 0, so seat 1 is the dealer's left (first to bid,
and the first to deal to) and seat 2 the dealer's right.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.calabrasella import Calabrasella
from games.rules.calabrasella.deal import CalabrasellaDeal
from games.rules.cards import ITALIAN_40

GAME = Calabrasella()
DEALER, LEFT, RIGHT = 0, 1, 2

# A hand for the declarer with every 3 and every 2: he has nothing to call.
ALL_TOPS = ["3C", "3D", "3H", "3S", "2C", "2D", "2H", "2S", "AC", "AD", "AH", "4S"]
# The 24 cards K Q J 7 6 5 of every suit, for the two defenders.
LOW_CARDS = [rank + suit for suit in "CDHS" for rank in ("K", "Q", "J", "7", "6", "5")]


def deck_for(hands: dict[int, Sequence[str]], widow: Sequence[str], dealer: int = DEALER):
    """The deck that deals ``hands`` (seat -> 12 codes; missing seats get the rest of the
    pack) and ``widow`` (4 codes) with ``dealer``: one card at a time from the dealer's
    left, the last four to the widow (game.py)."""
    used = {code for hand in hands.values() for code in hand} | set(widow)
    rest = [code for code in ITALIAN_40.new_order if code not in used]
    full = {seat: list(hands.get(seat, ())) for seat in range(3)}
    for seat in range(3):
        while len(full[seat]) < 12:
            full[seat].append(rest.pop(0))
    assert not rest and len(widow) == 4
    deck = [full[(dealer + 1 + i) % 3][i // 3] for i in range(36)]
    return [*deck, *widow]


def new_deal(
    hands: dict[int, Sequence[str]] | None = None,
    widow: Sequence[str] = ("4C", "4D", "4H", "AS"),
    dealer: int = DEALER,
    options: dict | None = None,
) -> CalabrasellaDeal:
    """A deal of ``hands`` and ``widow`` (defaults: ALL_TOPS for the dealer's left, the
    low cards for the two others, pointless cards and the ace of spades in the widow)."""
    if hands is None:
        hands = {LEFT: ALL_TOPS}
    deal = GAME.new_deal(
        seats=3, dealer=dealer, options=options, deck=deck_for(hands, widow, dealer)
    )
    assert isinstance(deal, CalabrasellaDeal)
    return deal


def hand(deal: CalabrasellaDeal, seat: int) -> list[str]:
    """The codes in ``seat``'s hand, sorted."""
    return ITALIAN_40.codes_of(deal.hand[seat])


def apply_all(deal: CalabrasellaDeal, *actions: str) -> CalabrasellaDeal:
    """Apply ``actions`` in order, each by the seat to act."""
    for action in actions:
        deal.apply(action)
    return deal


def play_first_legal(deal: CalabrasellaDeal) -> CalabrasellaDeal:
    """Finish ``deal``, each seat playing its first legal action."""
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    return deal
