"""What one seat (or a spectator) may see of a Burraco hand.

The shape, which a front end is written against::

    {"game": "burraco", "viewer": 0 | ... | None, "seats": 4, "sides": [[0, 2], [1, 3]],
     "dealer": 3, "phase": "draw" | "play" | "over", "to_act": 0 | None,
     "legal_actions": [...],            # only when viewer == to_act, else []
     "stock_count": 41,                 # the talon's cards (face down; never their order)
     "upcard": "9S",                    # the card turned up to start the pile
     "discard_pile": [codes],           # bottom first, spread: every card shows
     "pozzetti_left": 2,                # packets not yet taken
     "taken_single": "7H" | None,       # a one-card pile taken this turn (not to be
                                        # discarded again this turn)
     "table": [{"side": 0, "seats": [0, 2], "pozzetto_taken": False,
                "melds": [{"index": 0, "kind": "run" | "set", "cards": [tokens],
                           "spelling": "JK@6S 7S 8S", "burraco": None | "clean" |
                           "semi_clean" | "dirty"}]}],   # one entry a side
     "players": [{"seat": 0, "hand": [codes] | None, "hand_count": 11,
                  "known_cards": [codes], "pozzetto_face_down": False,
                  "cards_left": None | [codes]}],   # every seat's, once the hand is over
     "end": None | "closed" | "talon" | "stalemate", "result": None | result()}

A seat sees its own hand (sorted), never another's: of another hand only its size and
``known_cards``, the cards everybody saw it take with the discard pile and that are
still in it as far as anyone can tell (a spectator sees the same). A pozzetto taken by
discarding the last card lies face down: ``pozzetto_face_down`` is True and its cards
are in nobody's view, its owner's included, until the owner's next turn. Once the hand
is over every player's cards are laid open to be counted: ``cards_left`` shows each
hand, with a pozzetto still face down, to everybody.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Burraco"),
../shared/DESIGN.md ("Live protocol").
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from games.rules.views import deal_view

if TYPE_CHECKING:
    from games.rules.burraco.deal import BurracoDeal
    from games.rules.burraco.melds import Meld


def _sorted(cards: Counter[str]) -> list[str]:
    """Codes by suit, then rank (ace first), jokers last."""
    order = {r: i for i, r in enumerate(("A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                         "J", "Q", "K"))}  # fmt: skip
    return sorted(cards.elements(), key=lambda c: (c == "JK", c[-1], order.get(c[:-1], 0)))


def _meld(index: int, meld: Meld) -> dict[str, Any]:
    return {
        "index": index,
        "kind": meld.kind,
        "cards": meld.tokens(),
        "spelling": meld.spelling,
        "burraco": meld.burraco,
    }


def build_view(deal: BurracoDeal, viewer: int | None) -> dict[str, Any]:
    """The view of ``deal`` for seat ``viewer`` (None: a spectator), shaped as above."""
    players = []
    for seat in range(deal.seats):
        own = seat == viewer
        hand = deal.hands[seat]
        players.append(
            {
                "seat": seat,
                "hand": _sorted(hand) if own else None,
                "hand_count": hand.total(),
                "known_cards": [] if own else _sorted(deal.known[seat] & hand),
                "pozzetto_face_down": deal.pending[seat] is not None,
                "cards_left": _sorted(hand + Counter(deal.pending[seat] or ()))
                if deal.is_over
                else None,
            }
        )
    table = [
        {
            "side": side,
            "seats": list(seats),
            "pozzetto_taken": deal.pozzetto_taken[side],
            "melds": [_meld(i, meld) for i, meld in enumerate(deal.melds[side])],
        }
        for side, seats in enumerate(deal.sides)
    ]
    return deal_view(
        deal,
        viewer,
        stock_count=deal.stock_count,
        upcard=deal.upcard,
        discard_pile=list(deal.pile),
        pozzetti_left=len(deal.pozzetti),
        taken_single=deal.taken_single,
        table=table,
        players=players,
        end=deal.end,
    )
