"""Deals of Tressette built from chosen hands, for the tests of this package.

Seats: the usual dealer is seat 3, so seat 0 is the dealer's left (the first to be
dealt to and the first leader). Sides: seats 0 and 2 against 1 and 3.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.cards import ITALIAN_40
from games.rules.tressette import Tressette
from games.rules.tressette.deal import TressetteDeal

GAME = Tressette()
DEALER = 3


def deck_for(hands: dict[int, Sequence[str]], dealer: int = DEALER) -> list[str]:
    """The deck that deals ``hands`` (seat -> up to 10 codes; the rest of the pack fills
    them up in pack order) with ``dealer``: one card at a time from the dealer's left."""
    used = {code for hand in hands.values() for code in hand}
    rest = [code for code in ITALIAN_40.new_order if code not in used]
    full = {seat: list(hands.get(seat, ())) for seat in range(4)}
    for seat in range(4):
        while len(full[seat]) < 10:
            full[seat].append(rest.pop(0))
    assert not rest
    return [full[(dealer + 1 + i) % 4][i // 4] for i in range(40)]


def new_deal(
    hands: dict[int, Sequence[str]], dealer: int = DEALER, options: dict | None = None
) -> TressetteDeal:
    """A deal of ``hands`` (see ``deck_for``)."""
    deal = GAME.new_deal(seats=4, dealer=dealer, options=options, deck=deck_for(hands, dealer))
    assert isinstance(deal, TressetteDeal)
    return deal


def hand(deal: TressetteDeal, seat: int) -> list[str]:
    """The codes in ``seat``'s hand, sorted."""
    return ITALIAN_40.codes_of(deal.hand[seat])


def apply_all(deal: TressetteDeal, *actions: str) -> TressetteDeal:
    """Apply ``actions`` in order, each by the seat to act."""
    for action in actions:
        deal.apply(action)
    return deal


def play_out(deal: TressetteDeal) -> TressetteDeal:
    """Finish ``deal``, each seat playing its first playable card (no signals)."""
    while not deal.is_over:
        deal.apply(next(a for a in deal.legal_actions() if a.startswith("play ")))
    return deal


# Four hands by suit: each seat holds one whole suit (10 cards), so every trick is won
# by its leader's suit... and nobody can follow but the leader: the leader always wins.
SUIT_HANDS = {
    seat: [rank + suit for rank in ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")]
    for seat, suit in enumerate("CDHS")
}
