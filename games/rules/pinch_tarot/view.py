"""What one seat (or a spectator) may see of a Pinch Tarot hand.

The shape, which the browser front end is written against::

    {"game": "pinch-tarot", "viewer": 0 | 1 | None, "seats": 2, "dealer": 1,
     "phase": "play" | "over", "to_act": 0 | 1 | None,
     "legal_actions": [...],          # only when viewer == to_act, else []
     "players": [{"seat": 0, "hand": [codes] | None, "hand_count": 15,
                  "known_cards": [codes],   # the opponent's cards this viewer has seen
                  "captured_count": 12, "tricks_won": 6,
                  "melds": [{"kind": "tarocchi" | "gatti" | "family" | "four" | "three",
                             "cards": [codes], "points": 10, "label": "taròcchi, 10 trumps"}],
                  "meld_points": 10, "points_so_far": 10}],
     "leader": 0 | None, "trick": [{"seat": 0, "card": "KH"}],
     "last_trick": {"cards": [{"seat": 0, "card": "KH"}, ...], "winner": 0} | None,
     "last_draws": [{"seat": 0, "card": "7T"}, {"seat": 1, "card": "2S"}],
     "stock_count": 46, "tricks_played": 1,
     "fool": None | {"owner": 1, "status": "pending" | "exchanged" | "given",
                     "card": "3C" | None},
     "result": None | result()}

``hand`` is the viewer's own, in display order (suits C D H S from the ace
up, trumps by number, the fool). ``known_cards`` lists, for the opponent's
hand (both hands for a spectator), the cards drawn from the talon or shown in
a meld and not yet played: the whole table saw them (README rulings); the
viewer's own entry is ``[]``. ``last_draws`` are the two cards drawn after the
last trick (winner first), shown to the table; ``[]`` once the talon is gone.
``points_so_far`` is what the score sheet holds during the hand: meld points
(and, once over, the whole hand's points); captured cards lie face down and
are counted at the end. Nothing else of a hand, the talon or the deck is sent.
Source: ../shared/rules/README.md ("Pinch Tarot"), ../shared/DESIGN.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.rules.pinch_tarot.scoring import CODES, display_codes
from games.rules.views import deal_view, hand_keys, trick_keys

if TYPE_CHECKING:
    from games.rules.pinch_tarot.deal import PinchTarotDeal


def _player(deal: PinchTarotDeal, seat: int, viewer: int | None, over: bool) -> dict[str, Any]:
    points = deal.meld_points[seat]
    if over:
        points += deal.trick_points(seat) + deal.bonus(seat)
    return {
        **hand_keys(seat, viewer, deal.hand[seat], deal.known, display_codes),
        "captured_count": deal.captured[seat].bit_count(),
        "tricks_won": deal.tricks_won[seat],
        "melds": [{**m, "cards": list(m["cards"])} for m in deal.melds[seat]],
        "meld_points": deal.meld_points[seat],
        "points_so_far": points,
    }


def build_view(deal: PinchTarotDeal, viewer: int | None) -> dict[str, Any]:
    """The view of ``deal`` for seat ``viewer`` (None: a spectator), shaped as above."""
    over = deal.is_over
    return deal_view(
        deal,
        viewer,
        players=[_player(deal, seat, viewer, over) for seat in range(deal.seats)],
        **trick_keys(deal, CODES),
        last_draws=[{"seat": seat, "card": CODES[card]} for seat, card in deal.last_draws],
        stock_count=len(deal.talon) - deal.drawn,
        tricks_played=deal.tricks_played,
        fool=deal.fool_info(),
    )
