"""Determinization helpers: build a deck consistent with what one seat has seen.

A determinizer (``Game.determinize``) places every card the viewer has not seen at
random, consistently with the view and the public history, and replays the history on
the deck it built. The games whose cards reach the seats at positions of the deck that
the public history fixes (trick-taking games and Scopa) share the placement here:

- ``received[seat]``: the deck positions whose cards reached ``seat`` so far, in the
  order they reached it (the deal, then the draws);
- ``pinned``: positions whose card the viewer knows (an upcard, the board);
- ``played[seat]``: the cards ``seat`` has played, in order; each goes to the earliest
  free position the seat received, which reached it before it was played, since a seat
  only plays what it holds;
- ``held[seat]``: cards the viewer knows ``seat`` holds now (its own hand, cards shown);
- ``forbidden[seat]``: cards ``seat`` cannot hold now (a suit it showed void in);
- every other card goes, at random, to a free position: a seat's hidden cards or the
  stock (positions no seat received).

Sampling is uniform over the placements when nothing is forbidden; with forbidden cards,
the most constrained cards are placed first, each uniformly among the positions still
open to it, restarting when one has none (close to uniform; the exact posterior is a
matching count, which card games' ISMCTS approximates the same way).

Source: Cowling, Powley, Whitehouse, "Information Set Monte Carlo Tree Search", IEEE
TCIAIG 4(2), 2012, section IV.A (determinization).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from games.rules.base import Deal, Game, IllegalAction

SAMPLE_TRIES = 200
"""Restarts allowed before a determinizer gives up (the view is then inconsistent)."""


def place_cards(
    pack_codes: Sequence[str],
    received: Sequence[Sequence[int]],
    played: Sequence[Sequence[str]],
    held: Sequence[Sequence[str]],
    rng: random.Random,
    pinned: dict[int, str] | None = None,
    forbidden: Sequence[set[str]] | None = None,
) -> list[str]:
    """A deck (codes, top first, a permutation of ``pack_codes``) placing the known cards
    as the module docstring says and the others at random.

    Raises ValueError when the known cards do not fit: more cards played or held by a seat
    than it received, a card known twice, or forbidden cards that leave no placement.
    """
    pinned = dict(pinned or {})
    size = len(pack_codes)
    deck: list[str | None] = [None] * size
    left = Counter(pack_codes)
    for position, code in pinned.items():
        deck[position] = code
        left[code] -= 1
    pinned_cards = set(pinned.values())
    hidden_slots: list[tuple[int, int]] = []  # (seat, position)
    seen_positions = set(pinned)
    for seat, positions in enumerate(received):
        free = [p for p in positions if p not in pinned]
        seen_positions.update(positions)
        known_cards = [*played[seat], *held[seat]]
        index = 0
        for code in known_cards:
            if code in pinned_cards:
                # A pinned card the seat played or holds lies at its own position.
                continue
            if index >= len(free):
                raise ValueError(f"seat {seat} shows more cards than it was dealt")
            deck[free[index]] = code
            left[code] -= 1
            index += 1
        hidden_slots.extend((seat, p) for p in free[index:])
    if any(count < 0 for count in left.values()):
        raise ValueError("a card is known in two places: the view is not of one deal")
    stock = [p for p in range(size) if p not in seen_positions]
    unknown = list(left.elements())
    slots = hidden_slots + [(-1, p) for p in stock]
    if len(unknown) != len(slots):
        raise ValueError("the unseen cards do not fill the unseen places of the deal")
    for _ in range(SAMPLE_TRIES):
        placed = _assign(unknown, slots, forbidden, rng)
        if placed is not None:
            for position, code in placed:
                deck[position] = code
            return deck  # type: ignore[return-value]
    raise ValueError("no placement of the unseen cards fits what the seats showed")


def _assign(
    cards: list[str],
    slots: list[tuple[int, int]],
    forbidden: Sequence[set[str]] | None,
    rng: random.Random,
) -> list[tuple[int, str]] | None:
    """Cards matched to slots at random, no card in a slot of a seat that cannot hold it;
    None when the random order ran into a dead end."""
    if not forbidden or not any(forbidden):
        order = cards[:]
        rng.shuffle(order)
        return [(position, code) for (_, position), code in zip(slots, order, strict=True)]
    open_slots = slots[:]
    rng.shuffle(open_slots)

    def allowed(code: str) -> list[int]:
        return [
            i for i, (seat, _) in enumerate(open_slots) if seat < 0 or code not in forbidden[seat]
        ]

    shuffled = cards[:]
    rng.shuffle(shuffled)
    shuffled.sort(key=lambda code: sum(code in f for f in forbidden), reverse=True)
    placed = []
    for code in shuffled:
        choices = allowed(code)
        if not choices:
            return None
        index = rng.choice(choices)
        placed.append((open_slots.pop(index)[1], code))
    return placed


def plays_by_seat(history: Sequence[tuple[int, str]], seats: int) -> list[list[str]]:
    """The cards each seat played (``play XY`` actions), in order."""
    played: list[list[str]] = [[] for _ in range(seats)]
    for seat, action in history:
        if action.startswith("play "):
            played[seat].append(action[5:])
    return played


def held_cards(view: dict[str, Any]) -> list[list[str]]:
    """The cards the viewer knows each seat holds: its own ``hand``, the others'
    ``known_cards``."""
    return [
        list(player.get("hand") or []) + list(player.get("known_cards") or [])
        for player in view["players"]
    ]


def check_view(game: Game, view: Any) -> tuple[int, int, int | None]:
    """``(seats, dealer, viewer)`` of a view of ``game``; raises ValueError for a view that
    is not one of ``game``."""
    if not isinstance(view, dict) or view.get("game") != game.slug:
        found = view.get("game") if isinstance(view, dict) else type(view).__name__
        raise ValueError(f"not a view of {game.slug}: {found!r}")
    return view["seats"], view["dealer"], view["viewer"]


def replay_consistent(
    game: Game,
    view: dict[str, Any],
    history: Sequence[tuple[int, str]],
    options: dict[str, Any],
    make_deck: Callable[[], list[str]],
    *,
    verify: bool,
    tries: int = SAMPLE_TRIES,
) -> Deal:
    """Replay ``history`` on decks from ``make_deck`` until one gives the viewer's
    ``view`` (checked only when ``verify``: games whose placement cannot break a rule skip
    the comparison) and return that deal. Raises ValueError after ``tries`` failures."""
    seats, dealer, viewer = check_view(game, view)
    for _ in range(tries):
        deal = game.new_deal(seats=seats, dealer=dealer, options=options, deck=make_deck())
        try:
            for seat, action in history:
                deal.apply(action, seat=seat)
        except IllegalAction:
            continue
        if not verify or game.view_for(deal, viewer) == view:
            return deal
    raise ValueError(f"no {game.name} deal found consistent with the view in {tries} samples")
