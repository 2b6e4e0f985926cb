"""What one seat (or a spectator) may see of a Scopa deal.

The shape, which the browser front end is written against::

    {"game": "scopa", "viewer": 0 | 1 | None, "seats": 2, "dealer": 1,
     "phase": "play" | "over", "to_act": 0 | 1 | None,
     "legal_actions": [...],          # only when viewer == to_act, else []
     "players": [{"seat": 0, "hand": [codes] | None, "hand_count": 3,
                  "known_cards": [],  # Scopa never shows a card of the opponent's hand
                  "captured_count": 12, "scope": 1, "scopa_cards": ["7D"]}],
     "board": [codes],                # in the order the cards came to the board
     "stock_count": 24, "round": 2,   # round: which of the six three-card hands (1-6)
     "last_play": {"seat": 0, "card": "7D", "taken": ["3C", "4S"], "scopa": False} | None,
     "last_capturer": 0 | None,
     "void_deals": [{"board": [codes]}],   # opening boards thrown in (three or more kings)
     "result": None | result()}

Hands are listed by capture value (A, 2 ... 7, J, Q, K), then suit (C D H S).
Every card on the board, played or captured was seen face up by both players,
so the view holds only those, the viewer's own hand and the boards of void
deals; never the opponent's hand, the stock or the deck.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scopa"),
../shared/DESIGN.md ("Live protocol").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.rules.scopa.scoring import CODES, PACK, display_codes
from games.rules.views import deal_view, hand_keys

if TYPE_CHECKING:
    from games.rules.scopa.deal import ScopaDeal


def _player(deal: ScopaDeal, seat: int, viewer: int | None) -> dict[str, Any]:
    cards = [CODES[card] for s, card in deal.sweeps if s == seat]
    return {
        # Scopa never shows a card of the opponent's hand: nothing is known.
        **hand_keys(seat, viewer, deal.hand[seat], 0, display_codes),
        "captured_count": deal.captured[seat].bit_count(),
        "scope": len(cards),
        "scopa_cards": cards,
    }


def build_view(deal: ScopaDeal, viewer: int | None) -> dict[str, Any]:
    """The view of ``deal`` for seat ``viewer`` (None: a spectator), shaped as above."""
    last_play = None
    if deal.last_play:
        seat, card, taken, scopa = deal.last_play
        last_play = {
            "seat": seat,
            "card": CODES[card],
            "taken": PACK.codes_of(taken),
            "scopa": scopa,
        }
    return deal_view(
        deal,
        viewer,
        players=[_player(deal, seat, viewer) for seat in range(deal.seats)],
        board=[CODES[card] for card in deal.board_order],
        stock_count=deal.stock_count,
        round=deal.round,
        last_play=last_play,
        last_capturer=deal.last_capturer,
        void_deals=deal.void_deals(),
    )
