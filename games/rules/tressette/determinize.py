"""Determinization of a Tressette deal for one seat (the ISMCTS bot, games/ismcts.py).

What a seat knows: its own hand, every card played and signal made, which seats have
"good play" (dealt accusi) and the accusi announced (a "four X" shows those four cards).
The whole deck is dealt at the start (game.py: ``deck[i]`` to seat ``(d + 1 + i) % 4``),
so each seat's positions are fixed and its played cards go there. A follower who did not
follow suit has none of that suit left, so those cards are never placed in its hand;
the rest (good play, the kind of an announced accuso, the counts a ``striscio`` or a
``volo`` gave) is checked by replaying the history on the sampled deck and comparing the
view, sampling again until they agree.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Tresette"),
../shared/rules/README.md ("Tressette").
"""

from __future__ import annotations

import random
from typing import Any

from games.rules.base import Deal, Game
from games.rules.cards import SUITS
from games.rules.determinization import (
    check_view,
    dealt_in_turn,
    held_cards,
    place_cards,
    plays_by_seat,
    replay_consistent,
    tricks,
)
from games.rules.tressette.scoring import PACK, find_accusi


def void_suits(history: list[tuple[int, str]], seats: int) -> list[set[str]]:
    """The suits (letters) each seat has shown void in: it followed a trick with
    another suit (following suit is compulsory, 004)."""
    void: list[set[str]] = [set() for _ in range(seats)]
    for trick in tricks(history, seats):
        led = trick[0][1][-1]
        for seat, code in trick[1:]:
            if code[-1] != led:
                void[seat].add(led)
    return void


def determinize(
    game: Game,
    view: dict[str, Any],
    history: list[tuple[int, str]],
    options: dict[str, Any],
    rng: random.Random,
) -> Deal:
    """A Tressette deal consistent with ``view`` and ``history`` (``Game.determinize``).
    Raises ValueError for a view that is not of Tressette or not of one deal."""
    seats, dealer, _ = check_view(game, view)
    pack_codes = list(game.pack_for(seats, options).new_order)
    received = dealt_in_turn(seats, dealer, len(pack_codes))
    played = plays_by_seat(history, seats)
    held = held_cards(view)
    forbidden = [
        {code for code in pack_codes if code[-1] in suits} for suits in void_suits(history, seats)
    ]

    seat_check = _seat_check(view, history, seats, played, held)
    seat_draw = _seat_draw(view, played, held)

    def make_deck() -> list[str]:
        return place_cards(
            pack_codes, received, played, held, rng,
            forbidden=forbidden, seat_check=seat_check, seat_draw=seat_draw,
        )  # fmt: skip

    return replay_consistent(game, view, history, options, make_deck, verify=True)


def _seat_check(
    view: dict[str, Any],
    history: list[tuple[int, str]],
    seats: int,
    played: list[list[str]],
    held: list[list[str]],
):
    """``seat_check(seat, hidden)`` for ``place_cards``: whether a seat dealt its played,
    known and ``hidden`` cards shows what the view and the history show of it: "good play"
    or not, the accusi announced (kind and rank), and the counts its signals gave."""
    signals: list[list[tuple[int, str, int, str | None]]] = [[] for _ in range(seats)]
    played_so_far = [0] * seats
    led: str | None = None
    in_trick = 0
    for seat, action in history:
        if action.startswith("play "):
            if in_trick == 0:
                led = action[-1]
            in_trick = (in_trick + 1) % seats
            played_so_far[seat] += 1
            continue
        verb, _, count = action.partition(" ")
        if verb in ("striscio", "volo"):
            signals[seat].append((played_so_far[seat], verb, int(count), led if in_trick else None))
    players = view["players"]

    def check(seat: int, hidden: list[str]) -> bool:
        dealt = [*played[seat], *held[seat], *hidden]
        accusi = find_accusi(PACK.mask(dealt))
        if bool(accusi) != players[seat]["good_play"]:
            return False
        shown = players[seat]["accusi"]
        if (
            shown is not None
            and [{k: v for k, v in meld.items() if k != "suit"} for meld in accusi] != shown
        ):
            return False
        for before, verb, count, suit in signals[seat]:
            hand = dealt[:0] + [c for c in dealt if c not in played[seat][:before]]
            counts = [sum(1 for c in hand if c[-1] == letter) for letter in SUITS]
            if verb == "striscio" and counts[SUITS.index(suit)] != count:
                return False
            if verb == "volo" and count not in counts:
                return False
        return True

    return check


def _seat_draw(view: dict[str, Any], played: list[list[str]], held: list[list[str]]):
    """``seat_draw`` for ``place_cards``: a seat's hidden cards drawn to complete the accusi
    it announced (the missing cards of a "three X", the missing ones of a napoli in a suit
    drawn at random), the rest uniformly; a seat that announced nothing draws uniformly."""

    def draw(seat: int, pool: list[str], count: int, rng: random.Random) -> list[str]:
        shown = view["players"][seat]["accusi"]
        if not shown:
            return rng.sample(pool, count)
        dealt = set(played[seat]) | set(held[seat])
        pick: list[str] = []
        available = set(pool)
        for meld in shown:
            if meld["kind"] == "three":
                have = [c for c in dealt | set(pick) if c[:-1] == meld["rank"]]
                missing = [c for c in sorted(available) if c[:-1] == meld["rank"]]
                rng.shuffle(missing)
                need = max(0, 3 - len(have))
            elif meld["kind"] == "napoli":
                suits = [
                    suit
                    for suit in SUITS
                    if all(f"{r}{suit}" in dealt or f"{r}{suit}" in available for r in "A23")
                ]
                if not suits:
                    continue
                suit = rng.choice(suits)
                missing = [f"{r}{suit}" for r in "A23" if f"{r}{suit}" in available]
                need = len(missing)
            else:
                continue
            chosen = missing[:need]
            pick.extend(chosen)
            available.difference_update(chosen)
        pick = pick[:count]
        rest = [c for c in pool if c in available]
        return pick + rng.sample(rest, count - len(pick))

    return draw
