"""What one seat (or a spectator) may see of a Machiavelli game.

The shape, which the browser front end is written against::

    {"game": "machiavelli", "viewer": 0 | 1 | ... | None, "seats": 3,
     "sides": [[0], [1], [2]], "dealer": 2, "phase": "play" | "over",
     "to_act": 0 | None,
     "legal_actions": [...],          # only when viewer == to_act, else []
     "table": [["3H", "4H", "5H"], ["7C", "7D", "7S"]],   # every meld, public
     "stock_count": 62,
     "passes": 0,                     # turns in a row with nothing laid, stock empty
     "last_turn": None | {"seat": 1, "kind": "draw" | "pass" | "table" | "penalty",
                          "placed": [codes],        # "table": the cards laid
                          "drawn_count": 1,         # "draw", "penalty"
                          "drawn": [codes] | None,  # only in the drawer's own view
                          "rejected": [[codes]] | None,  # "penalty": own view only,
                                                         # all views with show_rejected
                          "invalid": [indexes] | None},  # of "rejected"'s melds
     "players": [{"seat": 0, "hand": [codes] | None, "hand_count": 13,
                  "known_cards": []}],
     "result": None | result()}     # result()["hands"]: every hand, shown at the end

Nothing a player could not know is in it: the viewer's own hand (by suit, then ace to
king), the table and the number of cards in each hand and in the stock. The cards
drawn, and a table refused with a penalty, are shown to their player only (online the
submission is one message, so the others never saw it laid; the option
``show_rejected`` shows the refused table to all, as at a real table); the cards a
valid turn laid are public, they are on the table.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Machiavelli"),
../shared/DESIGN.md ("Live protocol").
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from games.rules.machiavelli.melds import codes
from games.rules.views import deal_view

if TYPE_CHECKING:
    from games.rules.machiavelli.deal import MachiavelliDeal


@lru_cache(maxsize=1 << 14)
def _meld_codes(meld: tuple[int, ...] | list[int]) -> tuple[str, ...]:
    """The codes of a meld of the table, remembered (a search builds views of the same
    melds again and again). A meld set directly as a list is read afresh."""
    return tuple(codes(meld))


def _meld_codes_of(meld: Any) -> tuple[str, ...]:
    return _meld_codes(meld) if type(meld) is tuple else tuple(codes(meld))


def _last_turn(deal: MachiavelliDeal, viewer: int | None) -> dict[str, Any] | None:
    turn = deal.last_turn
    if turn is None:
        return None
    own = viewer == turn["seat"]
    shown = own or deal.options["show_rejected"]
    drawn = turn.get("drawn")
    rejected = turn.get("rejected")
    return {
        "seat": turn["seat"],
        "kind": turn["kind"],
        "placed": codes(turn.get("placed", ())),
        "drawn_count": len(drawn) if drawn is not None else 0,
        "drawn": codes(drawn) if own and drawn is not None else None,
        "rejected": [codes(meld) for meld in rejected] if shown and rejected else None,
        "invalid": list(turn["invalid"]) if shown and rejected else None,
    }


def build_view(deal: MachiavelliDeal, viewer: int | None) -> dict[str, Any]:
    """The view of ``deal`` for seat ``viewer`` (None: a spectator), shaped as above."""
    return deal_view(
        deal,
        viewer,
        table=[list(_meld_codes_of(meld)) for meld in deal.table],
        stock_count=deal.stock_count,
        passes=deal.passes,
        last_turn=_last_turn(deal, viewer),
        players=[
            {
                "seat": seat,
                "hand": deal.hand_codes(seat) if seat == viewer else None,
                "hand_count": sum(deal.hands[seat]),
                "known_cards": [],
            }
            for seat in range(deal.seats)
        ],
    )
