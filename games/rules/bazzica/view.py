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

from games.rules.bazzica import table_scoring, variants
from games.rules.bazzica.cards import CARD_CODES, code_of, display, in_display_order
from games.rules.bazzica.melds import KINDS
from games.rules.bazzica.scoring import (
    bonuses,
    brisque_points,
    deal_points,
    declarations,
)
from games.rules.cards import SUITS
from games.rules.views import deal_view, hand_keys, plays, trick_keys

if TYPE_CHECKING:
    from games.rules.bazzica.deal import BazzicaDeal
    from games.rules.bazzica.table import BazzicaTableDeal


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


def _table_player(deal: BazzicaTableDeal, seat: int, viewer: int | None) -> dict[str, Any]:
    table = deal.table[seat]
    declared = table_scoring.declarations(deal, seat)
    for entry, (_, cards, _) in zip(declared, deal.declarations[seat], strict=True):
        entry["on_table"] = variants.display([card for card in cards if table >> card & 1])
    on_table = [card for card in range(len(deal.ids)) if table >> card & 1]
    on_table.sort(key=lambda card: (variants.DISPLAY_KEY[card % variants.N], card))
    used = deal.used
    return {
        **hand_keys(seat, viewer, deal.held[seat] & ~table, deal.known[seat], _table_display),
        "side": deal.game.side_of(deal.seats, deal.options, seat),
        "table": [
            {
                "card": variants.CODES[card % variants.N],
                "used": [k for k in variants.KINDS if used[card] >> variants.KIND[k] & 1],
            }
            for card in on_table
        ],
        "declarations": declared,
        "bonuses": table_scoring.bonuses(deal, seat),
        "declared_points": deal.marked[seat],
        "brisques": table_scoring.brisque_points(deal, seat),
        "points_so_far": table_scoring.seat_points(deal, seat),
        "carta_bianca": deal.blank[seat],
        "tricks_won": deal.captured[seat].bit_count() // deal.seats,
        "captured_count": deal.captured[seat].bit_count(),
    }


def _table_display(mask: int) -> list[str]:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return variants.display(cards)


def build_table_view(deal: BazzicaTableDeal, viewer: int | None) -> dict[str, Any]:
    """The view of a variant deal (games/rules/bazzica/table.py) for seat ``viewer``
    (None: a spectator): the shape of ``build_view`` above, with ``variant``, ``trump``
    None until a marriage or sequence fixes it (rubicone, quattro), ``upcard`` None
    where the variant turns none, ``trick`` and ``last_trick`` of one card per seat, and
    each player's ``side`` and ``carta_bianca`` (True while a carta bianca goes on).
    The brisques a player has won are public (the tricks lie face down but were seen).
    """
    codes = [variants.CODES[card % variants.N] for card in range(len(deal.ids))]
    last = deal.last_trick
    leader = deal.leader
    return deal_view(
        deal,
        viewer,
        variant=deal.variant.name,
        trump=SUITS[deal.trump] if deal.trump is not None else None,
        upcard=codes[deal.upcard] if deal.upcard >= 0 else None,
        stock_count=deal.stock_count,
        players=[_table_player(deal, seat, viewer) for seat in range(deal.seats)],
        leader=leader,
        trick=plays(leader, deal.trick, codes, deal.seats) if leader is not None else [],
        last_trick=(
            {"cards": plays(last[0], last[1], codes, deal.seats), "winner": last[2]}
            if last
            else None
        ),
        trick_winner=deal.trick_winner if deal.phase == "declare" else None,
        tricks_played=deal.tricks_played,
    )
