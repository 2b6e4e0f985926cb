"""What one seat (or a spectator) may see of a hand of Ziginette. Every card of Ziginette
is dealt face up, so every seat sees the same table; only the deck stays hidden.

The shape, which the browser front end is written against::

    {"game": "ziginette", "viewer": ..., "seats": 3, "sides": [[0], [1], [2]],
     "dealer": 0,                              # the banker
     "phase": "limits" | "bet" | "bank_choice" | "over", "to_act": 1 | None,
     "legal_actions": [...],                   # only when viewer == to_act, else []
     "banker": 0, "limits": [1, 10] | None,
     "banker_card": "7C" | "",                 # the banker's card, once turned
     "board": [{"card": "3D", "bets": {"1": 5, "2": 2}}],   # bets by seat (strings)
     "dead": ["K"],                            # ranks matched: their cards are discarded
     "last_card": "QS" | None,                 # the card turned last
     "matched": [{"card": "3D", "chips": 7, "by": "3S"}],  # board cards matched so far:
                                               # the chips the bank took, the matching card
     "playettes": [["3C", "5D", "3S"]],        # layouts redealt for a pair
     "discards": 4, "stock_count": 30,
     "away": [4],                              # seats sitting out (their player has gone)
     "players": [{"seat": 0, "hand": [] | None, "hand_count": 0, "known_cards": [],
                  "stack": 100,                # chips at the start of the hand
                  "in_front": 93,              # chips not staked, with this hand's wins
                  "won": 0}],                  # chips won or lost so far this hand
     "result": None | result()}

Source: 004 ("Ziginette"), ../shared/DESIGN.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.rules.views import deal_view

if TYPE_CHECKING:
    from games.rules.ziginette.deal import ZiginetteDeal


def build_view(deal: ZiginetteDeal, viewer: int | None) -> dict[str, Any]:
    """The view of ``deal`` for seat ``viewer`` (None: a spectator), shaped as above."""
    return deal_view(
        deal,
        viewer,
        banker=deal.dealer,
        limits=list(deal.limits) if deal.limits else None,
        banker_card=deal.banker_card,
        board=[
            {"card": card, "bets": {str(s): n for s, n in deal.bets.get(card, {}).items()}}
            for card in deal.board
        ],
        dead=sorted(deal.dead),
        last_card=deal.turned[-1] if deal.turned else None,
        matched=deal.matched_list(),
        playettes=[list(deck[:3]) for deck in deal.decks[:-1]],
        discards=len(deal.discards),
        stock_count=len(deal.cards) - deal.pos,
        away=sorted(deal.away),
        players=[
            {
                "seat": seat,
                "hand": [] if seat == viewer else None,
                "hand_count": 0,
                "known_cards": [],
                "stack": deal.stacks[seat],
                "in_front": deal.in_front(seat),
                "won": deal.points[seat],
            }
            for seat in range(deal.seats)
        ],
    )
