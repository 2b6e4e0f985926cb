"""What one seat (or a spectator) may see of a Spizzichino deal.

The shape, which the browser front end is written against::

    {"game": "spizzichino", "viewer": 0 | 1 | None, "seats": 2, "dealer": 1,
     "phase": "pick" | "split" | "play" | "over", "to_act": 0 | 1 | None,
     "legal_actions": [...],          # only when viewer == to_act, else []
     "packets": [{"number": 1, "owner": 0 | 1 | None, "size": 5,
                  "bottom": "3D" | None}],   # the 8 dealt packets in pick/split, else []
     "players": [{"seat": 0, "hand": [codes] | None, "hand_count": 10,
                  "known_cards": [codes], "packets": [{"number": 3, "top": "2S" | None,
                  "size": 4}], "tricks_won": 3, "card_thirds": 7,
                  "buongiochi": [{"kind": ..., "cards": [...], "points": 3}],
                  "deal_points": 2}],
     "leader": 0 | None, "trick": [{"seat": 0, "card": "3D"}],
     "last_trick": {"cards": [{"seat": 0, "card": "3D"}, ...], "winner": 0} | None,
     "tricks_played": 5, "result": None | result()}

Nothing a player could not know at a real table is in it (README rulings,
"Spizzichino": the cards below a packet top stay unknown to both players):
only the viewer's own hand, the tops of face-up packets, played cards, the
cards of a hand that came from a packet top or were shown in a buongioco
(``known_cards``, public), and with ``peek_bottom`` the viewer's own bottoms.
Source: ../shared/rules/README.md, ../shared/DESIGN.md ("Live protocol").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.rules.spizzichino.scoring import CODES, display_codes
from games.rules.views import deal_view, hand_keys, trick_keys

if TYPE_CHECKING:
    from games.rules.spizzichino.deal import SpizzichinoDeal


def _dealt_packets(deal: SpizzichinoDeal, viewer: int | None) -> list[dict[str, Any]]:
    if deal.phase not in ("pick", "split"):
        return []
    packets = []
    for k, cards in enumerate(deal.packets):
        owner = deal.owner[k]
        sees_bottom = viewer is not None and owner == viewer and deal.peeking[viewer]
        packets.append(
            {
                "number": k + 1,
                "owner": owner,
                "size": len(cards),
                "bottom": CODES[cards[0]] if sees_bottom else None,
            }
        )
    return packets


def _player(deal: SpizzichinoDeal, seat: int, viewer: int | None) -> dict[str, Any]:
    face_up = []
    for k in deal.face_up[seat]:
        cards, pos = deal.packets[k], deal.pos[k]
        top = CODES[cards[pos]] if pos < len(cards) else None
        face_up.append({"number": k + 1, "top": top, "size": len(cards) - pos})
    return {
        **hand_keys(seat, viewer, deal.hand[seat], deal.known, display_codes),
        "packets": face_up,
        "tricks_won": deal.tricks_won(seat),
        "card_thirds": deal.card_thirds(seat),
        "buongiochi": [{**d, "cards": list(d["cards"])} for d in deal.buongiochi[seat]],
        "deal_points": deal.deal_points(seat),
    }


def build_view(deal: SpizzichinoDeal, viewer: int | None) -> dict[str, Any]:
    """The view of ``deal`` for seat ``viewer`` (None: a spectator), shaped as above."""
    return deal_view(
        deal,
        viewer,
        packets=_dealt_packets(deal, viewer),
        players=[_player(deal, seat, viewer) for seat in range(deal.seats)],
        **trick_keys(deal, CODES),
        tricks_played=deal.tricks_played,
    )
