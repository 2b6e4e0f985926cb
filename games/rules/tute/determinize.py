"""Determinization of a Tute hand for one seat (the ISMCTS bot, games/ismcts.py).

What a seat knows: its own hand, the trump card (the dealer's last card, shown until
played), the cards of declarations (shown until played) and every card played. The whole
deck is dealt at the start (game.py: ``deck[i]`` to seat ``(d + 1 + i) % 4``, the dealer's
``deck[39]`` the trump card), so each seat's positions are fixed.

The rules of following tell more (rulings, "Tute"): a follower who did not follow suit
holds none of it; one who neither followed nor trumped holds no trump; one who followed
without beating the winning card of the suit (the trick not trumped) holds no higher card
of it; one who trumped without overtrumping holds no higher trump. Those cards are never
placed in its hand; what else a play or a declaration shows is checked by replaying the
history on the sampled deck and comparing the view.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tute"),
../shared/rules/README.md ("Tute").
"""

from __future__ import annotations

import random
from typing import Any

from games.rules.base import Deal, Game
from games.rules.determinization import (
    check_view,
    dealt_in_turn,
    held_cards,
    place_cards,
    plays_by_seat,
    replay_consistent,
    tricks,
)
from games.rules.tute.scoring import CODES, STRENGTH

_STRENGTH = {code: STRENGTH[i] for i, code in enumerate(CODES)}


def _beats(card: str, winning: str, trump: str) -> bool:
    if card[-1] == winning[-1]:
        return _STRENGTH[card] > _STRENGTH[winning]
    return card[-1] == trump


def cannot_hold(history: list[tuple[int, str]], seats: int, trump: str) -> list[set[str]]:
    """The cards each seat cannot hold now, by the rules of following (module docstring)."""
    banned: list[set[str]] = [set() for _ in range(seats)]
    for trick in tricks(history, seats):
        led = trick[0][1][-1]
        winning = trick[0][1]
        for seat, card in trick[1:]:
            suit = card[-1]
            trumped = winning[-1] == trump and led != trump
            if suit != led:
                banned[seat].update(c for c in CODES if c[-1] == led)
                if suit != trump:
                    banned[seat].update(c for c in CODES if c[-1] == trump)
                elif winning[-1] == trump and not _beats(card, winning, trump):
                    banned[seat].update(
                        c for c in CODES if c[-1] == trump and _STRENGTH[c] > _STRENGTH[winning]
                    )
            elif not trumped and not _beats(card, winning, trump):
                banned[seat].update(
                    c for c in CODES if c[-1] == led and _STRENGTH[c] > _STRENGTH[winning]
                )
            if _beats(card, winning, trump):
                winning = card
    return banned


def determinize(
    game: Game,
    view: dict[str, Any],
    history: list[tuple[int, str]],
    options: dict[str, Any],
    rng: random.Random,
) -> Deal:
    """A Tute deal consistent with ``view`` and ``history`` (``Game.determinize``).
    Raises ValueError for a view that is not of Tute or not of one deal."""
    seats, dealer, _ = check_view(game, view)
    pack_codes = list(game.pack_for(seats, options).new_order)
    received = dealt_in_turn(seats, dealer, len(pack_codes))
    pinned = {len(pack_codes) - 1: view["trump_card"]}
    played = plays_by_seat(history, seats)
    held = held_cards(view)
    forbidden = cannot_hold(history, seats, view["trump"])

    def make_deck() -> list[str]:
        return place_cards(pack_codes, received, played, held, rng, pinned, forbidden)

    return replay_consistent(game, view, history, options, make_deck, verify=True)
