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
                  "points_so_far": 21 | None}],   # one entry a seat (2, 3 or 4)
     "leader": 0 | None, "trick": [{"seat": 0, "card": "3D"}],
     "last_trick": {"cards": [{"seat": 0, "card": "3D"}, ...], "winner": 0} | None,
     "tricks_played": 2, "result": None | result()}

Nothing a player could not know at a real table is in it: only the viewer's
own hand (sorted by suit, then A 3 K Q J 7 6 5 4 2), the upcard, the cards
played, and in ``known_cards`` the upcard while it is in the hand of the
player who took it (everyone saw it taken) and, at four once the stock is
exhausted, the partner's last cards in the partner's entry (rulings: each
sees the partner's last three cards; never an opponent, never a spectator).
``points_so_far`` are the seat's own tricks' points; at four the result pools
them by side. ``points_so_far`` is null while
the hand goes on unless the option ``show_points`` is set, because at the
table the won tricks lie face down and counting them is the player's memory.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola"),
../shared/DESIGN.md ("Live protocol").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.rules.briscola.scoring import CODES, display_codes
from games.rules.cards import SUITS
from games.rules.views import deal_view, hand_keys, plays

if TYPE_CHECKING:
    from games.rules.briscola.deal import BriscolaDeal


def _known(deal: BriscolaDeal, seat: int, viewer: int | None) -> int:
    """The cards of ``seat``'s hand ``viewer`` knows: the upcard once taken, and at four
    the whole hand of the viewer's partner once the stock is exhausted (rulings)."""
    if deal.seats == 4 and viewer is not None and seat == (viewer + 2) % 4 and deal.stock_exhausted:
        return deal.hand[seat]
    return deal.known


def _trick_keys(deal: BriscolaDeal) -> dict[str, Any]:
    last = None
    if deal.last_trick:
        led_by, cards, winner = deal.last_trick
        last = {"cards": plays(led_by, cards, CODES, deal.seats), "winner": winner}
    return {
        "leader": deal.leader,
        "trick": plays(deal.leader, deal.played, CODES, deal.seats)
        if deal.leader is not None
        else [],
        "last_trick": last,
    }


def _player(deal: BriscolaDeal, seat: int, viewer: int | None, points: bool) -> dict[str, Any]:
    return {
        **hand_keys(seat, viewer, deal.hand[seat], _known(deal, seat, viewer), display_codes),
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
        **_trick_keys(deal),
        tricks_played=deal.tricks_played,
    )
