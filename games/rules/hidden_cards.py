"""Hidden cards dealt at random into the places a viewer cannot see, under constraints: the
placement step of the determinizers (``Game.determinize``) of Bazzica, Calabrasella and
Pinch Tarot.

A place (a seat's hidden hand, the widow, the discards, the stock, ...) is a key with a
capacity; a card may be barred from some places (a suit its holder showed void in, a
card that could only have stayed with its first holder). ``deal_hidden`` fills every
place. Without bars it is a uniform shuffle. With bars, the most constrained cards are
placed first, each in a place drawn with weight its free capacity among the places open
to it, restarting on a dead end: close to uniform (the exact posterior is a count of
matchings, which card-game ISMCTS approximates the same way).

Source: Cowling, Powley, Whitehouse, "Information Set Monte Carlo Tree Search", IEEE
TCIAIG 4(2), 2012, section IV.A (determinization).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

Card = TypeVar("Card")
Place = TypeVar("Place", bound=Hashable)

RESTARTS = 100
"""Dead ends allowed before ``deal_hidden`` gives up."""


def deal_hidden(
    cards: Sequence[Card],
    capacity: dict[Place, int],
    rng: random.Random,
    allowed: Callable[[Card], Sequence[Place] | None] = lambda card: None,
) -> dict[Place, list[Card]]:
    """``cards`` dealt into the places of ``capacity`` (place -> how many cards it takes),
    each card only into a place of ``allowed(card)`` (None: any place).

    Returns place -> its cards, in random order. Raises ValueError when the capacities do
    not add up to the cards, or when no placement was found in ``RESTARTS`` tries (the
    constraints leave none, or almost none).
    """
    if sum(capacity.values()) != len(cards):
        raise ValueError(
            f"{len(cards)} hidden cards do not fill {sum(capacity.values())} hidden places"
        )
    places = list(capacity)
    limits = [allowed(card) for card in cards]
    if all(limit is None for limit in limits):
        shuffled = list(cards)
        rng.shuffle(shuffled)
        dealt: dict[Place, list[Card]] = {}
        start = 0
        for place in places:
            dealt[place] = shuffled[start : start + capacity[place]]
            start += capacity[place]
        return dealt
    order = list(range(len(cards)))
    for _ in range(RESTARTS):
        rng.shuffle(order)
        order.sort(key=lambda i: len(places) if limits[i] is None else len(limits[i]))
        free = dict(capacity)
        dealt = {place: [] for place in places}
        for i in order:
            options = places if limits[i] is None else limits[i]
            weights = [free.get(place, 0) for place in options]
            if not any(weights):
                break
            place = rng.choices(options, weights)[0]
            free[place] -= 1
            dealt[place].append(cards[i])
        else:
            for hand in dealt.values():
                rng.shuffle(hand)
            return dealt
    raise ValueError("no placement of the hidden cards fits what the viewer saw")
