"""What one seat (or a spectator) may see of a hand of Sette e mezzo.

The shape, which the browser front end is written against::

    {"game": "sette-e-mezzo", "viewer": 0 | ... | None, "seats": 6, "sides": [[0], ...],
     "dealer": 2,                          # the banker
     "phase": "limits" | "bet" | "play" | "bank" | "over", "to_act": 3 | None,
     "legal_actions": [...],               # only when viewer == to_act, else []
     "banker": 2, "limits": [1, 10] | None, "stock_count": 31,
     "away": [4],                          # seats sitting out (their player has gone)
     "players": [{"seat": 0,
                  "hand": [codes] | None,   # own cards only: the face-down card first
                  "hand_count": 2,
                  "known_cards": [codes],   # what others see: face-up cards, and the
                                            # face-down one once shown
                  "face_down": "7C" | None, # the face-down card, to its owner or once shown
                  "up_cards": ["JD"],       # the cards dealt face up (hits)
                  "face_down_count": 1,
                  "stack": 100,             # chips at the start of the hand
                  "bet": 5 | None,
                  "status": "banker" | "out" | "away" | "waiting" | "passed" | "playing"
                            | "stood" | "bust" | "natural",   # away: sitting out
                  "total": "4½" | None}],   # only when every card of it is visible
     "result": None | result()}

Nothing a player could not know at a real table is in it: the face-down cards of the
others stay hidden until a bust, a two-card seven and a half, the banker's turn or the
end of the hand shows them. Source: 004 ("Seven and a Half"), ../shared/DESIGN.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.rules.sette_e_mezzo.scoring import show, total
from games.rules.views import deal_view

if TYPE_CHECKING:
    from games.rules.sette_e_mezzo.deal import SetteEMezzoDeal


def _player(deal: SetteEMezzoDeal, seat: int, viewer: int | None) -> dict[str, Any]:
    cards = deal.cards[seat]
    own = seat == viewer
    shown = deal.revealed(seat)
    down = cards[:1]
    up = cards[1:]
    visible = own or shown
    return {
        "seat": seat,
        "hand": list(cards) if own else None,
        "hand_count": len(cards),
        "known_cards": [] if own else ([*down, *up] if shown else list(up)),
        "face_down": down[0] if down and visible else None,
        "up_cards": list(up),
        "face_down_count": len(down),
        "stack": deal.stacks[seat],
        "bet": deal.bets.get(seat),
        "status": deal.status[seat],
        "total": show(total(cards)) if cards and visible else None,
    }


def build_view(deal: SetteEMezzoDeal, viewer: int | None) -> dict[str, Any]:
    """The view of ``deal`` for seat ``viewer`` (None: a spectator), shaped as above."""
    return deal_view(
        deal,
        viewer,
        banker=deal.dealer,
        limits=list(deal.limits) if deal.limits else None,
        stock_count=len(deal.deck) - deal.pos,
        away=sorted(deal.away),
        players=[_player(deal, seat, viewer) for seat in range(deal.seats)],
    )
