"""What one seat (or a spectator) may see of a Briscola deal.

The shape, which the browser front end is written against::

    {"game": "briscola", "viewer": 0 | 1 | None, "seats": 2, "dealer": 1,
     "phase": "play" | "over", "to_act": 0 | 1 | None,
     "legal_actions": [...],          # only when viewer == to_act, else []
     "trump": "D",                    # the trump suit, fixed by the upcard
     "upcard": "7D" | None,           # None once the last player to draw took it
     "stock_count": 33,               # face-down stock cards, the upcard not counted
     "players": [{"seat": 0, "hand": [codes] | None, "hand_count": 3,
                  "known_cards": [codes], "captured_count": 4, "tricks_won": 2,
                  "points_so_far": 21 | None}],
     "leader": 0 | None, "trick": [{"seat": 0, "card": "3D"}],
     "last_trick": {"cards": [{"seat": 0, "card": "3D"}, ...], "winner": 0} | None,
     "tricks_played": 2, "result": None | result()}

Nothing a player could not know at a real table is in it: only the viewer's
own hand (sorted by suit, then A 3 K Q J 7 6 5 4 2), the upcard, the cards
played, and in ``known_cards`` the upcard while it is in the hand of the
player who took it (everyone saw it taken). ``points_so_far`` is null while
the hand goes on unless the option ``show_points`` is set, because at the
table the won tricks lie face down and counting them is the player's memory.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola"),
../shared/DESIGN.md ("Live protocol").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.rules.briscola.scoring import CODES, display_codes
from games.rules.cards import SUITS
from games.rules.views import deal_view, hand_keys, trick_keys

if TYPE_CHECKING:
    from games.rules.briscola.deal import BriscolaDeal


def _player(deal: BriscolaDeal, seat: int, viewer: int | None, points: bool) -> dict[str, Any]:
    return {
        **hand_keys(seat, viewer, deal.hand[seat], deal.known, display_codes),
        "captured_count": deal.captured[seat].bit_count(),
        "tricks_won": deal.tricks_won(seat),
        "points_so_far": deal.points_won(seat) if points else None,
    }


def build_view(deal: BriscolaDeal, viewer: int | None) -> dict[str, Any]:
    """The view of ``deal`` for seat ``viewer`` (None: a spectator), shaped as above."""
    points = deal.is_over or deal.options["show_points"]
    return deal_view(
        deal,
        viewer,
        trump=SUITS[deal.trump],
        upcard=CODES[deal.upcard] if deal.upcard_on_table else None,
        stock_count=deal.stock_count,
        players=[_player(deal, seat, viewer, points) for seat in range(deal.seats)],
        **trick_keys(deal, CODES),
        tricks_played=deal.tricks_played,
    )
