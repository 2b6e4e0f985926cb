"""The parts of a deal's view that every game shares, written once.

A game's ``<slug>_view`` module documents its whole view; the keys built
here are the same in every game (../shared/DESIGN.md, "Rules engine
contract" and "Live protocol"):

- the header, first in every view: ``game`` (slug), ``viewer`` (the seat the
  view is for, None for a spectator), ``seats``, ``sides`` (the seats of each
  side, ``[[0], [1]]`` without partnerships, ``[[0, 2], [1, 3]]`` with), ``dealer``, ``phase``,
  ``to_act`` and ``legal_actions`` (only in the view of the seat to act,
  else ``[]``; a game may show other viewers the turn that follows instead of
  a choice offered privately, as Rumino's claim view does); the game's own
  keys follow, and ``result`` (None until the deal is over, then
  ``result()``) ends the view;
- the first keys of each ``players`` entry: ``seat``, ``hand`` (codes, only
  in the seat's own view, else None), ``hand_count`` and ``known_cards``
  (the cards of that hand the viewer knows; ``[]`` in the seat's own view);
- in trick games: ``leader``, ``trick`` (``[{"seat", "card"}]``, the cards
  played to the trick so far) and ``last_trick`` (``{"cards": [{"seat",
  "card"}, ...], "winner": seat}`` or None).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from games.rules.base import Deal


class TwoCardTricks(Protocol):
    """What ``trick_keys`` reads of a deal of two-card tricks: ``leader`` (seat or None),
    ``first`` (card int led to the trick in progress, -1 before the lead) and
    ``last_trick`` (``(leader, first card, second card, winner)`` or None)."""

    seats: int
    leader: int | None
    first: int
    last_trick: tuple[int, int, int, int] | None


def deal_view(deal: Deal, viewer: int | None, **keys: Any) -> dict[str, Any]:
    """The view of ``deal`` for ``viewer``: the header, then ``keys`` (the game's own, in
    the order given), then ``result``.

    ``viewer`` must already be checked (``Deal.view`` does it).
    """
    view = {
        "game": deal.game.slug,
        "viewer": viewer,
        "seats": deal.seats,
        "sides": [list(side) for side in deal.sides],
        "dealer": deal.dealer,
        "phase": deal.phase,
        "to_act": deal.to_act,
        "legal_actions": deal.legal_actions()
        if viewer is not None and viewer == deal.to_act
        else [],
    }
    view.update(keys)
    view["result"] = deal.result() if deal.is_over else None
    return view


def hand_keys(
    seat: int, viewer: int | None, hand: int, known: int, display: Callable[[int], list[str]]
) -> dict[str, Any]:
    """The first keys of ``seat``'s entry in ``players``: ``seat``, ``hand``,
    ``hand_count`` and ``known_cards``.

    ``hand`` is the bitmask of the cards in the seat's hand, ``known`` a bitmask
    of the cards the viewer knows to be in it (only ``known & hand`` is shown),
    ``display`` turns a bitmask into codes in the game's display order.
    """
    own = seat == viewer
    return {
        "seat": seat,
        "hand": display(hand) if own else None,
        "hand_count": hand.bit_count(),
        "known_cards": [] if own else display(known & hand),
    }


def plays(
    leader: int, cards: Sequence[int], codes: Sequence[str], seats: int = 2
) -> list[dict[str, Any]]:
    """The cards of a trick as ``[{"seat", "card"}]``, in play order from ``leader``.

    ``codes[card]`` is the code of card int ``card``.

    >>> plays(1, [0, 3], ("2C", "2D", "2H", "2S"))
    [{'seat': 1, 'card': '2C'}, {'seat': 0, 'card': '2S'}]
    """
    return [{"seat": (leader + i) % seats, "card": codes[card]} for i, card in enumerate(cards)]


def trick_keys(deal: TwoCardTricks, codes: Sequence[str]) -> dict[str, Any]:
    """``leader``, ``trick`` and ``last_trick`` of a deal of two-card tricks.

    ``codes[card]`` is the code of card int ``card``.
    """
    leader, seats = deal.leader, deal.seats
    last_trick = None
    if deal.last_trick:
        led_by, first, second, winner = deal.last_trick
        last_trick = {"cards": plays(led_by, (first, second), codes, seats), "winner": winner}
    return {
        "leader": leader,
        "trick": plays(leader, [deal.first], codes, seats)
        if leader is not None and deal.first >= 0
        else [],
        "last_trick": last_trick,
    }
