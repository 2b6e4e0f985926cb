"""What one seat (or a spectator) may see of a Rumino hand.

The shape, which the browser front end is written against::

    {"game": "rumino", "viewer": 0 | ... | None, "seats": 4, "sides": [[0], [1], ...],
     "dealer": 3, "phase": "rebuy" | "draw" | "discard" | "claim" | "over",
     "to_act": 0 | None,
     "legal_actions": [...],          # only when viewer == to_act, else []
     "pile": ["7D", "JK", "3S"],      # the discard pile, spread, its top last
     "stock_count": 76,
     "claim_offer": None | {"card": "8D", "rumino": [codes]},  # the claimant's own view
     "players": [{"seat": 0, "hand": [codes] | None, "hand_count": 7,
                  "known_cards": [codes],     # taken from the pile, still held
                  "in_hand": True,            # dealt into this hand
                  "status": "in" | "out" | "deciding",
                  "score": 35, "rebuys": 0,
                  "deadwood": 12 | None,      # own view only (and at the end: result)
                  "melds": [[codes]] | None}],  # own view only: the least deadwood's melds
     "pool": 4,
     "out_order": [2, 0],             # the seats out of the game, in the order they went
     "result": None | result()}

Nothing a player could not know is in it: the viewer's own hand (with the engine's
arrangement for the least deadwood), the pile, each hand's size and the cards everyone
saw taken from the pile. While a claim is offered only the claimant sees it: the other
seats see the discard made and the next player to draw as ``to_act`` with phase
``draw``, and the next player sees the legal actions its turn will give it (``draw``,
``take``, ``knock`` or ``gin``), so that every view but the claimant's is the same with
an offer open as without one (docstring of game.py; the live layer refuses those actions
until the claim window closes, docs/games/rumino.md). At the end the result shows every
hand, as at the table.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Rumino"),
../shared/rules/README.md ("Rumino": the offer is private), ../shared/DESIGN.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.rules.rumino.melds import codes, completes_rumino
from games.rules.views import deal_view

if TYPE_CHECKING:
    from games.rules.rumino.deal import RuminoDeal


def _status(deal: RuminoDeal, seat: int) -> str:
    if seat in deal.state["out"]:
        return "out"
    return "deciding" if seat in deal.state["pending"] else "in"


def _player(deal: RuminoDeal, seat: int, viewer: int | None) -> dict[str, Any]:
    own = seat == viewer
    hand = deal.hands[seat]
    dead, melds = deal.deadwood(seat) if own and hand else (None, None)
    return {
        "seat": seat,
        "hand": codes(hand) if own else None,
        "hand_count": len(hand),
        "known_cards": [] if own else sorted(codes(deal.known[seat])),
        "in_hand": seat in deal.playing,
        "status": _status(deal, seat),
        "score": deal.state["scores"][seat],
        "rebuys": deal.state["rebuys"][seat],
        "deadwood": dead,
        "melds": [codes(meld) for meld in melds] if melds is not None else None,
    }


def build_view(deal: RuminoDeal, viewer: int | None) -> dict[str, Any]:
    """The view of ``deal`` for seat ``viewer`` (None: a spectator), shaped as above."""
    offer = None
    claiming = deal.phase == "claim"
    if claiming and viewer == deal.to_act:
        card = deal.pile[-1]
        offer = {
            "card": codes([card])[0],
            "rumino": codes(completes_rumino(deal.hands[viewer], card) or ()),
        }
    view = deal_view(
        deal,
        viewer,
        pile=codes(deal.pile),
        stock_count=deal.stock_count,
        claim_offer=offer,
        players=[_player(deal, seat, viewer) for seat in range(deal.seats)],
        pool=deal.state["pool"],
        # The order players went out, first first: public (everyone saw it happen), and it
        # ranks them at the game's end (scoring.py).
        out_order=list(deal.state["out"]),
    )
    if claiming and viewer != deal.to_act:
        # The offer is private (rulings): show the table as if play went on, the next
        # player with the actions its turn will give it, exactly as without an offer.
        following = deal.seat_on_move
        view["phase"] = "draw"
        view["to_act"] = following
        view["legal_actions"] = deal.draw_actions(following) if viewer == following else []
    return view
