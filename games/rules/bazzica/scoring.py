"""Bazzica's scoring: brisques, the last trick and a deal's result.

Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt ("Preparazione": the
turned 7 and the target; "Seconda fase": last trick and brisques;
"Combinazioni e punti"), ../shared/rules/README.md ("Bazzica").

A player's deal points are, all multiples of 10:
- the combinations declared (bazzica_melds.POINTS), scambio included;
- 10 for each 7 of trumps: the dealer's when it is turned as the upcard, and
  each other one when it is played (the one exchanged in a scambio has
  scored in the scambio);
- brisques: 10 for each ace and ten won in tricks (option ``brisques``:
  ``cards``) or for each trick won holding at least one (``tricks``, the
  literal reading of 002's "10 punti per ogni presa ... che contenga un Asso
  o un 10");
- 10 for the last trick.
With ``brisques="cards"`` the two players' brisques and last trick add up
to 170 in every deal.
"""

from __future__ import annotations

from typing import Any, Protocol

from games.rules.bazzica.cards import BRISQUE_CARDS, code_of, display
from games.rules.bazzica.melds import KINDS, LABELS, POINTS


class ScoredDeal(Protocol):
    """What scoring reads of a Bazzica deal (games/rules/bazzica/deal.py), so that this
    module does not import the deal, which imports it."""

    options: dict[str, Any]
    brisque_tricks: Any
    captured: Any
    last_trick: Any
    to_act: int | None
    declarations: Any
    bonuses: Any
    marked: Any


BRISQUE_POINTS = 10
LAST_TRICK_POINTS = 10
SEVEN_POINTS = 10
BONUS_LABELS = {"seven_turned": "7 di briscola girato", "seven_played": "7 di briscola giocato"}


def brisque_points(deal: ScoredDeal, seat: int) -> int:
    """Points of the brisques ``seat`` has won so far, under the ``brisques`` option."""
    if deal.options["brisques"] == "tricks":
        return BRISQUE_POINTS * deal.brisque_tricks[seat]
    return BRISQUE_POINTS * (deal.captured[seat] & BRISQUE_CARDS).bit_count()


def last_trick_points(deal: ScoredDeal, seat: int) -> int:
    """10 for the winner of the 32nd trick once the deal is over, else 0."""
    last = deal.last_trick
    return LAST_TRICK_POINTS if deal.to_act is None and last and last[3] == seat else 0


def declarations(deal: ScoredDeal, seat: int) -> list[dict[str, Any]]:
    """The seat's declarations in order: ``{"kind", "cards", "points", "label"}``."""
    return [
        {
            "kind": KINDS[kind],
            "cards": display(cards),
            "points": POINTS[kind],
            "label": LABELS[kind],
        }
        for kind, cards in deal.declarations[seat]
    ]


def bonuses(deal: ScoredDeal, seat: int) -> list[dict[str, Any]]:
    """The seat's 7s of trumps: ``{"kind": "seven_turned"|"seven_played", "cards", "points",
    "label"}``."""
    return [
        {
            "kind": kind,
            "cards": [code_of(card)],
            "points": SEVEN_POINTS,
            "label": BONUS_LABELS[kind],
        }
        for kind, card in deal.bonuses[seat]
    ]


def deal_points(deal: ScoredDeal, seat: int) -> int:
    """Everything ``seat`` has scored so far in the deal (the last trick once over)."""
    return deal.marked[seat] + brisque_points(deal, seat) + last_trick_points(deal, seat)


def deal_result(deal: ScoredDeal) -> dict[str, Any]:
    """The result of a finished deal.

    ``{"points": [per seat], "declared": [declarations' points], "sevens":
    [7s of trumps' points], "brisques": [points], "last_trick": seat,
    "tricks": [tricks won], "declarations": [[...]], "bonuses": [[...]]}``.
    """
    seats = (0, 1)
    return {
        "points": [deal_points(deal, seat) for seat in seats],
        "declared": [sum(POINTS[kind] for kind, _ in deal.declarations[seat]) for seat in seats],
        "sevens": [SEVEN_POINTS * len(deal.bonuses[seat]) for seat in seats],
        "brisques": [brisque_points(deal, seat) for seat in seats],
        "last_trick": deal.last_trick[3] if deal.last_trick else None,
        "tricks": [deal.captured[seat].bit_count() // 2 for seat in seats],
        "declarations": [declarations(deal, seat) for seat in seats],
        "bonuses": [bonuses(deal, seat) for seat in seats],
    }
