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
    seat_draw = _seat_draw(
        view, played, held, _suit_quotas(history, seats), _volo_options(history, seats)
    )

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


def _volo_options(history: list[tuple[int, str]], seats: int) -> list[list[dict[str, int]]]:
    """For each seat, one entry per ``volo N`` it signalled: for each suit, how many hidden
    cards of that suit it would hold now if that suit was the one of exactly N cards
    (N less the cards of the suit it played since; negative: impossible)."""
    options: list[list[dict[str, int]]] = [[] for _ in range(seats)]
    for index, (seat, action) in enumerate(history):
        if action.startswith("volo "):
            count = int(action.split()[1])
            later = [a[-1] for s, a in history[index:] if s == seat and a.startswith("play ")]
            options[seat].append({suit: count - later.count(suit) for suit in SUITS})
    return options


def _suit_quotas(history: list[tuple[int, str]], seats: int) -> list[dict[str, int]]:
    """How many hidden cards of a suit each seat holds now, as its ``striscio`` signals
    said: the count it gave for the led suit, less the cards of that suit it played
    since (a seat's hand only shrinks in Tressette)."""
    quotas: list[dict[str, int]] = [{} for _ in range(seats)]
    pending: list[tuple[int, str, int, int]] = []  # (seat, suit, count, index)
    led: str | None = None
    in_trick = 0
    for index, (seat, action) in enumerate(history):
        if action.startswith("play "):
            if in_trick == 0:
                led = action[-1]
            in_trick = (in_trick + 1) % seats
        elif action.startswith("striscio ") and led is not None and in_trick:
            pending.append((seat, led, int(action.split()[1]), index))
    for seat, suit, count, index in pending:
        later = sum(
            1
            for other, action in history[index:]
            if other == seat and action.startswith("play ") and action[-1] == suit
        )
        quotas[seat][suit] = count - later
    return quotas


def _seat_draw(
    view: dict[str, Any],
    played: list[list[str]],
    held: list[list[str]],
    quotas: list[dict[str, int]],
    volos: list[list[dict[str, int]]],
):
    """``seat_draw`` for ``place_cards``: a seat's hidden cards drawn to complete the accusi
    it announced (the missing cards of a "three X", the missing ones of a napoli in a suit
    drawn at random), then as many of each suit as its ``striscio`` signals said
    (``quotas``) and, in half the draws, for each ``volo`` not yet true, as many of a suit
    drawn among those that can make it true (``volos``; forcing a suit can also make a
    hand impossible, so the other half leaves it to chance), the rest uniformly among the
    other suits."""

    def draw(seat: int, pool: list[str], count: int, rng: random.Random) -> list[str]:
        shown = view["players"][seat]["accusi"] or []
        quota = dict(quotas[seat])
        for option in volos[seat] if rng.random() < 0.5 else ():
            if any(quota.get(suit) == hidden for suit, hidden in option.items()):
                continue  # a suit already drawn to a count makes this volo true
            suits = [
                suit
                for suit, hidden in option.items()
                if suit not in quota and 0 <= hidden <= sum(1 for c in pool if c[-1] == suit)
            ]
            if suits:
                suit = rng.choice(suits)
                quota[suit] = option[suit]
        if not shown and not quota:
            return rng.sample(pool, count)
        dealt = set(played[seat]) | set(held[seat])
        pick: list[str] = []
        available = set(pool)
        for meld in shown:
            if meld["kind"] == "three":
                have = [c for c in dealt | set(pick) if c[:-1] == meld["rank"]]
                missing = [
                    c
                    for c in sorted(available)
                    if c[:-1] == meld["rank"] and quota.get(c[-1], 10) > 0
                ]
                rng.shuffle(missing)
                need = max(0, 3 - len(have))
            elif meld["kind"] == "napoli":
                suits = [
                    suit
                    for suit in SUITS
                    if all(f"{r}{suit}" in dealt or f"{r}{suit}" in available for r in "A23")
                    and sum(f"{r}{suit}" not in dealt for r in "A23") <= quota.get(suit, 10)
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
        for suit, wanted in quota.items():
            need = wanted - sum(1 for c in pick if c[-1] == suit)
            of_suit = [c for c in pool if c in available and c[-1] == suit]
            if need > 0 and need <= len(of_suit):
                chosen = rng.sample(of_suit, need)
                pick.extend(chosen)
                available.difference_update(chosen)
        pick = pick[:count]
        rest = [c for c in pool if c in available and c[-1] not in quota]
        if len(rest) < count - len(pick):
            rest = [c for c in pool if c in available]  # the check will refuse it
        return pick + rng.sample(rest, count - len(pick))

    return draw
