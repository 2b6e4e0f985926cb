"""What one seat (or a spectator) may see of a Bazzica deal.

The shape, which the browser front end is written against::

    {"game": "bazzica", "viewer": 0 | 1 | None, "seats": 2, "dealer": 1,
     "phase": "play" | "declare" | "last_tricks" | "over", "to_act": 0 | 1 | None,
     "legal_actions": [...],            # only when viewer == to_act, else []
     "trump": "H", "upcard": "KH" | None,   # None once taken at the last draw
     "stock_count": 47,                 # face-down stock cards, upcard not counted
     "players": [{"seat": 0,
                  "hand": [codes] | None,       # own only: cards in hand, not on the table
                  "hand_count": 8,
                  "known_cards": [codes],       # opponent's hand cards the viewer knows
                  "table": [{"card": "QS", "used": ["bezique"]}],  # declared, still there
                  "declarations": [{"kind", "cards", "points", "label",
                                    "on_table": [codes]}],
                  "bonuses": [{"kind": "seven_turned" | "seven_played", "cards": ["7H"],
                               "points": 10, "label"}],
                  "declared_points": 50,        # declarations and 7s, marked as they come
                  "brisques": 30,               # brisque points won so far
                  "points_so_far": 80,          # both, and the last trick once over
                  "tricks_won": 3, "captured_count": 6}],
     "leader": 0 | None, "trick": [{"seat": 0, "card": "AS"}],
     "last_trick": {"cards": [{"seat": 0, "card": "AS"}, ...], "winner": 0} | None,
     "tricks_played": 5, "result": None | result()}

Codes repeat in the double pack, so ``hand``, ``known_cards`` and ``cards``
may hold a code twice. Nothing a player could not know at a real table is in
it: the viewer's own hand, the upcard, played cards, declared cards, and the
cards whose holder the opponent saw take them (the upcard taken in a scambio
or at the last draw; declared cards picked up again for the last tricks).
Source: ../shared/rules/README.md, ../shared/DESIGN.md ("Live protocol").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.rules.bazzica.cards import CARD_CODES, code_of, display, in_display_order
from games.rules.bazzica.melds import KINDS
from games.rules.bazzica.scoring import (
    bonuses,
    brisque_points,
    deal_points,
    declarations,
)
from games.rules.cards import SUITS
from games.rules.views import deal_view, hand_keys, trick_keys

if TYPE_CHECKING:
    from games.rules.bazzica.deal import BazzicaDeal


def _player(deal: BazzicaDeal, seat: int, viewer: int | None) -> dict[str, Any]:
    table = deal.table[seat]
    declared = declarations(deal, seat)
    for entry, (_, cards) in zip(declared, deal.declarations[seat], strict=True):
        entry["on_table"] = display([card for card in cards if table >> card & 1])
    used = deal.used
    return {
        **hand_keys(seat, viewer, deal.held[seat] & ~table, deal.known[seat], display),
        "table": [
            {"card": code_of(card), "used": [k for i, k in enumerate(KINDS) if used[card] >> i & 1]}
            for card in in_display_order(table)
        ],
        "declarations": declared,
        "bonuses": bonuses(deal, seat),
        "declared_points": deal.marked[seat],
        "brisques": brisque_points(deal, seat),
        "points_so_far": deal_points(deal, seat),
        "tricks_won": deal.captured[seat].bit_count() // 2,
        "captured_count": deal.captured[seat].bit_count(),
    }


def build_view(deal: BazzicaDeal, viewer: int | None) -> dict[str, Any]:
    """The view of ``deal`` for seat ``viewer`` (None: a spectator), shaped as above."""
    return deal_view(
        deal,
        viewer,
        trump=SUITS[deal.trump],
        upcard=code_of(deal.upcard) if deal.upcard >= 0 else None,
        stock_count=deal.stock_count,
        players=[_player(deal, seat, viewer) for seat in range(deal.seats)],
        **trick_keys(deal, CARD_CODES),
        tricks_played=deal.tricks_played,
    )
