"""What one seat (or a spectator) may see of a Calabrasella hand.

The shape, which the browser front end is written against::

    {"game": "calabrasella", "viewer": 0 | 1 | 2 | None, "seats": 3,
     "sides": [[0], [1], [2]], "dealer": 2,
     "phase": "bid" | "call" | "return" | "discard" | "take" | "play" | "over",
     "to_act": 0 | 1 | 2 | None,
     "legal_actions": [...],          # only when viewer == to_act, else []
     "bids": [{"seat": 0, "bid": "pass"}, {"seat": 1, "bid": "play"}],
     "declarer": 1 | None, "defenders": [0, 2] | [],
     "called": "3D" | None,           # the card the declarer called (said aloud)
     "called_from": 2 | None,         # the defender who handed it over
     "called_in_widow": bool,         # nobody held it: it lies in the widow
     "returned": "5C" | None,         # the card given back: only for the declarer
                                      # and the giver, None for anyone else
     "widow": [codes] | None,         # the widow once turned face up, else None
     "widow_count": 4,                # widow cards still on the table
     "taken": [codes],                # widow cards the declarer took (seen by all)
     "discards": [codes] | None,      # the declarer's discards: his own view, and
                                      # everybody's once the hand is over
     "discard_count": 2,
     "players": [{"seat": 0, "hand": [codes] | None, "hand_count": 12,
                  "known_cards": [codes], "tricks_won": 2}],
     "leader": 0 | None, "trick": [{"seat": 0, "card": "3D"}],
     "last_trick": {"cards": [{"seat", "card"} x3], "winner": 1} | None,
     "tricks_played": 2, "result": None | result()}

Nothing a player could not know at a real table is in it: only the viewer's own
hand (by suit, then 3 2 A K Q J 7 6 5 4); in ``known_cards`` the cards all saw go
into the declarer's hand (the called card until his first discard, which may be that
card face down; the widow cards taken) and, for the declarer, the card he gave back
to its holder. ``called`` names the card called (an event everyone heard), not
where it lies now. The widow is face down until the
declarer turns it; the discards lie face down until the end (then every card
played is known, so they are too). Won tricks lie face down: no running points.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Calabrasella"),
../shared/rules/README.md ("Calabrasella"), ../shared/DESIGN.md ("Live protocol").
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Deal
from games.rules.calabrasella.scoring import CODES, display_codes
from games.rules.views import deal_view, plays


def _known(deal: Any, seat: int, viewer: int | None) -> int:
    """Bitmask of the cards the viewer knows to be in ``seat``'s hand (when still there)."""
    known = 0
    if seat == deal.declarer:
        # The called card is known to be in his hand only until he discards: a discard
        # lies face down, so from then on it may be among the discards.
        handed = deal.called_from is not None and not deal.discards
        known = deal.taken | (1 << deal.called if handed else 0)
    elif seat == deal.called_from and viewer == deal.declarer and deal.returned >= 0:
        known = 1 << deal.returned
    return known


def build_view(deal: Deal, viewer: int | None) -> dict[str, Any]:
    """The view of ``deal`` (a Calabrasella hand) for seat ``viewer`` (None: a
    spectator), shaped as the module docstring says; ``viewer`` is already checked."""
    d: Any = deal
    over = d.is_over
    involved = viewer is not None and viewer in (d.declarer, d.called_from)
    last_trick = None
    if d.last_trick:
        led_by, cards, winner = d.last_trick
        last_trick = {"cards": plays(led_by, cards, CODES, d.seats), "winner": winner}
    players = []
    for seat in range(d.seats):
        own = seat == viewer
        hand = d.hand[seat]
        players.append(
            {
                "seat": seat,
                "hand": display_codes(hand) if own else None,
                "hand_count": hand.bit_count(),
                "known_cards": [] if own else display_codes(_known(d, seat, viewer) & hand),
                "tricks_won": d.tricks_won(seat),
            }
        )
    return deal_view(
        deal,
        viewer,
        bids=[{"seat": seat, "bid": bid} for seat, bid in d.bids],
        declarer=d.declarer,
        defenders=list(d.defenders),
        called=CODES[d.called] if d.called >= 0 else None,
        called_from=d.called_from,
        called_in_widow=d.called >= 0 and d.called_from is None,
        returned=CODES[d.returned] if d.returned >= 0 and involved else None,
        widow=display_codes(d.widow) if d.widow_up else None,
        widow_count=d.widow.bit_count(),
        taken=display_codes(d.taken),
        discards=display_codes(d.discards) if over or viewer == d.declarer else None,
        discard_count=d.discards.bit_count(),
        players=players,
        leader=d.leader,
        trick=plays(d.leader, d.trick, CODES, d.seats) if d.trick else [],
        last_trick=last_trick,
        tricks_played=d.tricks_played,
    )
