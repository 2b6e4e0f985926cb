"""Determinization of a Briscola deal for one seat (the ISMCTS bot, games/ismcts.py).

What a seat knows: its own hand, the trump suit, the upcard while it lies on the table
(then in the hand of the last player to draw, until played), every card played, and at
four once the stock is out its partner's hand. Everything else (the other hands, the
stock) is placed at random.

Where the cards went follows from the deck and the public plays alone (game.py, "How the
deck becomes the deal"): the first ``3 * seats`` cards are dealt one at a time from the
dealer's left, the next is the upcard, the rest the stock; after each trick every seat
draws, the trick's winner first, and the last draw takes the upcard. The trick winners
come from the plays, so each seat's positions in the deck are known; the cards each seat
played go to its earliest positions (a seat plays only cards it holds).

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Briscola"),
../shared/rules/README.md ("Briscola").
"""

from __future__ import annotations

import random
from typing import Any

from games.rules.base import Deal, Game
from games.rules.briscola.scoring import BEATS_BY_TRUMP, CODES, SUIT
from games.rules.cards import SUITS
from games.rules.determinization import (
    check_view,
    held_cards,
    place_cards,
    plays_by_seat,
    replay_consistent,
)

HAND_SIZE = 3
_INDEX = {code: i for i, code in enumerate(CODES)}


def determinize(
    game: Game,
    view: dict[str, Any],
    history: list[tuple[int, str]],
    options: dict[str, Any],
    rng: random.Random,
) -> Deal:
    """A Briscola deal consistent with ``view`` and ``history`` (``Game.determinize``).
    Raises ValueError for a view that is not of Briscola or not of one deal."""
    seats, dealer, viewer = check_view(game, view)
    size = len(game.pack_for(seats, options))
    pack_codes = list(game.pack_for(seats, options).new_order)
    dealt = HAND_SIZE * seats
    trump = SUITS.index(view["trump"])
    beats = BEATS_BY_TRUMP[trump]
    received: list[list[int]] = [[] for _ in range(seats)]
    for position in range(dealt):
        received[(dealer + 1 + position) % seats].append(position)
    # The draws: stock positions dealt + 1 .. size - 1, then the upcard at ``dealt``.
    draws = [*range(dealt + 1, size), dealt]
    drawn, last_drawer = 0, None
    trick: list[tuple[int, int]] = []
    plays_after_last_draw: list[list[str]] = [[] for _ in range(seats)]
    for seat, action in history:
        card = _INDEX[action[5:]]
        if drawn >= len(draws):
            plays_after_last_draw[seat].append(action[5:])
        trick.append((seat, card))
        if len(trick) < seats:
            continue
        winner, best = trick[0]
        for other_seat, other in trick[1:]:
            if beats[best * len(CODES) + other]:
                winner, best = other_seat, other
        trick = []
        if drawn < len(draws):
            for offset in range(seats):
                received[(winner + offset) % seats].append(draws[drawn + offset])
            drawn += seats
            if drawn == len(draws):
                last_drawer = (winner + seats - 1) % seats
    pinned: dict[int, str] = {}
    if view["upcard"] is not None:
        pinned[dealt] = view["upcard"]
    elif last_drawer is not None:
        pinned[dealt] = _upcard(view, viewer, seats, last_drawer, plays_after_last_draw, rng)
    played = plays_by_seat(history, seats)
    held = held_cards(view)

    def make_deck() -> list[str]:
        return place_cards(pack_codes, received, played, held, rng, pinned)

    return replay_consistent(game, view, history, options, make_deck, verify=False)


def _upcard(
    view: dict[str, Any],
    viewer: int | None,
    seats: int,
    last_drawer: int,
    plays_after_last_draw: list[list[str]],
    rng: random.Random,
) -> str:
    """The upcard once taken, as the view leaves it: shown in the taker's ``known_cards``
    while held, else one of the trump cards the taker played or holds since its last draw
    (the view keeps no more than the suit; each candidate is equally likely)."""
    trump = SUITS.index(view["trump"])
    entry = view["players"][last_drawer]
    partner = seats == 4 and viewer is not None and last_drawer == (viewer + 2) % 4
    if last_drawer != viewer and not partner and entry["known_cards"]:
        return entry["known_cards"][0]
    candidates = [c for c in plays_after_last_draw[last_drawer] if SUIT[_INDEX[c]] == trump]
    if last_drawer == viewer or partner:
        holding = entry["hand"] if last_drawer == viewer else entry["known_cards"]
        candidates += [c for c in holding if SUIT[_INDEX[c]] == trump]
    if not candidates:
        raise ValueError("the upcard taken is nowhere in the view: not a view of one deal")
    return rng.choice(sorted(candidates))
