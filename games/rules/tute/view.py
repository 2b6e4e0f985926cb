"""What one seat (or a spectator) may see of a Tute hand.

The shape, which the browser front end is written against::

    {"game": "tute", "viewer": 0..3 | None, "seats": 4, "sides": [[0, 2], [1, 3]],
     "dealer": 3, "phase": "play" | "over", "to_act": 0..3 | None,
     "legal_actions": [...],          # only when viewer == to_act, else []
     "trump": "D", "trump_card": "5D",  # the dealer's last card, shown to all
     "players": [{"seat": 0, "hand": [codes] | None, "hand_count": 10,
                  "known_cards": [codes], "tricks_won": 2}],
     "declarations": [{"seat": 1, "kind": "veinte", "suit": "S", "points": 20}],
     "may_declare": bool,             # the seat to lead has just won a trick
     "leader": 0 | None, "trick": [{"seat": 0, "card": "3D"}],
     "last_trick": {"cards": [{"seat", "card"} x4], "winner": 1} | None,
     "tricks_played": 2, "result": None | result()}

Only the viewer's own hand; in ``known_cards`` the cards every player has seen go into
a hand and not yet played (the dealer's trump card, the kings and knights of a
declaration). Won tricks lie face down: no running points.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tute"),
../shared/DESIGN.md ("Live protocol").
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Deal
from games.rules.cards import SUITS, mask_display
from games.rules.tute.scoring import CODES, STRENGTH, SUIT
from games.rules.views import deal_view, hand_keys, plays

_display = mask_display(CODES, lambda i: (SUIT[i], -STRENGTH[i]))


def build_view(deal: Deal, viewer: int | None) -> dict[str, Any]:
    """The view of a Tute ``deal`` for seat ``viewer`` (None: a spectator), shaped as above."""
    last = None
    if deal.last_trick:
        led_by, cards, winner = deal.last_trick
        last = {"cards": plays(led_by, cards, CODES, deal.seats), "winner": winner}
    return deal_view(
        deal,
        viewer,
        trump=SUITS[deal.trump],
        trump_card=CODES[deal.trump_card],
        players=[
            {
                **hand_keys(seat, viewer, deal.hands[seat], deal.shown, _display),
                "tricks_won": deal.tricks_won(seat),
            }
            for seat in range(deal.seats)
        ],
        declarations=[dict(item) for item in deal.declarations],
        may_declare=deal.may_declare,
        leader=deal.leader,
        trick=plays(deal.leader, deal.played, CODES, deal.seats) if deal.leader is not None else [],
        last_trick=last,
        tricks_played=deal.tricks_played,
    )
