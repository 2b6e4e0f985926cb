"""Building Spizzichino deals from explicit decks, for the worked examples (no tests here).

The usual table in these tests: seat 0 (alice) deals, seat 1 (bob) picks
packets 1-4 and keeps 1 and 2 in hand (3 and 4 face up); alice keeps 5 and 6
in hand (7 and 8 face up). Bob leads the first trick.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.rules import get_game
from games.rules.cards import ITALIAN_40
from games.rules.spizzichino.game import SpizzichinoDeal

ALICE, BOB = 0, 1
GAME = get_game("spizzichino")


def make_deck(packets: Mapping[int, Sequence[str]]) -> list[str]:
    """A deck, top first, whose packet k (1-8) starts with ``packets[k]`` in face-up order.

    Packets given fewer than five cards, and packets not given, are filled
    with the unused cards of the pack in fresh-pack order.
    """
    used = [code for cards in packets.values() for code in cards]
    assert len(set(used)) == len(used), "a card given twice"
    rest = [code for code in ITALIAN_40.new_order if code not in used]
    deck: list[str] = []
    for number in range(1, 9):
        cards = list(packets.get(number, ()))
        assert len(cards) <= 5
        while len(cards) < 5:
            cards.append(rest.pop(0))
        deck += cards
    return deck


def deal_to_play(
    packets: Mapping[int, Sequence[str]],
    options: dict[str, Any] | None = None,
    bob_keeps: str = "hand 1 2",
    alice_keeps: str = "hand 5 6",
) -> SpizzichinoDeal:
    """A deal of ``make_deck(packets)`` with alice dealing, brought to the first lead."""
    deal = GAME.new_deal(seats=2, dealer=ALICE, options=options, deck=make_deck(packets))
    for action in ("pick 1", "pick 2", "pick 3", "pick 4", bob_keeps, alice_keeps):
        deal.apply(action)
    assert isinstance(deal, SpizzichinoDeal)
    return deal


OWN = -1


def player(deal: SpizzichinoDeal, seat: int, viewer: int | None = OWN) -> dict[str, Any]:
    """The ``players`` entry of ``seat`` in ``viewer``'s view (None: a spectator's).

    By default the seat's own view.
    """
    return deal.view(seat if viewer == OWN else viewer)["players"][seat]


def tops(deal: SpizzichinoDeal, seat: int) -> list[str | None]:
    """The tops of ``seat``'s face-up packets, as a spectator sees them."""
    return [packet["top"] for packet in deal.view(None)["players"][seat]["packets"]]
