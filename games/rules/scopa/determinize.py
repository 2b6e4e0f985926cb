"""Determinization of a Scopa deal for one seat (the ISMCTS bot, games/ismcts.py).

What a seat knows: its own hand and every card that has been face up: the opening board,
every card played, trailed and captured, and the opening boards of void deals. Hidden:
the opponent's hand and the stock. Where the cards lie follows from the deck alone
(game.py, "How the deck becomes the deal"): three cards each, one at a time from the
non-dealer, then the board ``deck[6:10]``, then six cards a round from ``deck[10]``; the
view's ``round`` says how many rounds were dealt. The opening board is the board now plus
every card captured, minus every card trailed; its cards still on the board keep their
order, the captured ones take the other places at random. The rules of capture tie the
card played, never the cards kept, so nothing else constrains the opponent's hand.

A void deal's redeal is a reshuffle seeded from the void deck (deal.py, ``redeal_deck``),
which cannot be run backwards: the determinization deals its sampled deck as the deck
that stood and records the void boards the view shows as its void deals.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Scopa"),
../shared/rules/README.md ("Scopa").
"""

from __future__ import annotations

import random
from typing import Any

from games.rules.base import Deal, Game
from games.rules.determinization import check_view, place_cards, replay_consistent
from games.rules.scopa.deal import BOARD_START, HAND_SIZE, STOCK_START


def determinize(
    game: Game,
    view: dict[str, Any],
    history: list[tuple[int, str]],
    options: dict[str, Any],
    rng: random.Random,
) -> Deal:
    """A Scopa deal consistent with ``view`` and ``history`` (``Game.determinize``).
    Raises ValueError for a view that is not of Scopa or not of one deal."""
    seats, dealer, viewer = check_view(game, view)
    pack_codes = list(game.pack_for(seats, options).new_order)
    first = (dealer + 1) % 2
    received: list[list[int]] = [[], []]
    for number in range(view["round"]):
        base = 0 if number == 0 else STOCK_START + 2 * HAND_SIZE * (number - 1)
        for k in range(2 * HAND_SIZE):
            received[first ^ (k & 1)].append(base + k)
    played: list[list[str]] = [[], []]
    taken: set[str] = set()
    trailed: set[str] = set()
    for seat, action in history:
        words = action.split()
        played[seat].append(words[1])
        if words[0] == "capture":
            taken.update(words[2].split("+"))
        else:
            trailed.add(words[1])
    board = view["board"]
    opening = (set(board) | taken) - trailed
    still = [code for code in board if code in opening]
    gone = sorted(opening - set(still))
    rng.shuffle(gone)
    places = sorted(rng.sample(range(4), len(gone)))
    order, still_iter, gone_iter = [], iter(still), iter(gone)
    for place in range(4):
        order.append(next(gone_iter) if place in places else next(still_iter))
    pinned = dict(zip(range(BOARD_START, STOCK_START), order, strict=True))
    held = [list(player.get("hand") or []) for player in view["players"]]

    def make_deck() -> list[str]:
        return place_cards(pack_codes, received, played, held, rng, pinned)

    deal = replay_consistent(game, view, history, options, make_deck, verify=False)
    if view["void_deals"]:
        deal.decks = [  # type: ignore[attr-defined]
            _void_deck(pack_codes, void["board"]) for void in view["void_deals"]
        ] + [deal.decks[-1]]  # type: ignore[attr-defined]
    return deal


def _void_deck(pack_codes: list[str], board: list[str]) -> list[str]:
    """A deck whose opening board is ``board``: all the view keeps of a void deal."""
    rest = [code for code in pack_codes if code not in board]
    return rest[:BOARD_START] + list(board) + rest[BOARD_START:]
