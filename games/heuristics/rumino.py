"""Rumino: keep the draw that lowers the deadwood most, discard the highest deadwood,
knock (or go gin) as soon as allowed, claim every rumino offered.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Rumino": deadwood A 1, 2-10
face value, J Q K and jokers 10; knock with 7 or less, gin with none; a rumino wins the
game) and docs/games/rumino.md. Rules of thumb of the rummies: take the upcard only when
keeping it lowers the hand's least deadwood (after the best discard) by more than a
blind draw is likely to; discard the card whose loss leaves the least deadwood, the
highest of those first; knock whenever the engine allows it; rebuy when offered.
"""

from __future__ import annotations

import random
from typing import Any

from games.heuristics.generic import generic_action, own_player
from games.rules.rumino.deal import KNOCK_LIMIT
from games.rules.rumino.melds import CODES, FACE, POINTS, deadwood_after_discards, deadwood_value

TAKE_MARGIN = 3
"""How much more the upcard must lower the deadwood than keeping the hand as it is
before it is taken rather than drawing blind (a blind draw often helps a little)."""


def deadwood(cards: list[str]) -> int:
    """The least deadwood of card codes (``deadwood_value`` of the engine)."""
    return deadwood_value(tuple(sorted(FACE[c] for c in cards)))


def _discard_options(cards: list[str], allowed=None) -> list[tuple[int, int, str]]:
    """(deadwood left, minus the card's points, card) for each discard of ``cards`` whose
    code is in ``allowed`` (every card when None), from one search of the engine
    (``deadwood_after_discards``)."""
    hand = tuple(sorted(FACE[c] for c in cards))
    return [
        (left, -POINTS[face], CODES[face])
        for face, left in zip(hand, deadwood_after_discards(hand), strict=True)
        if allowed is None or CODES[face] in allowed
    ]


def best_discard(cards: list[str], keep: str | None = None) -> tuple[int, str]:
    """The (deadwood left, card) of the discard that leaves the least deadwood, the
    highest card among equals; ``keep`` (the card just taken) is never discarded."""
    options = [option for option in _discard_options(cards) if option[2] != keep]
    dead, _, code = min(options)
    return dead, code


def action(view: dict[str, Any], rng: random.Random, history=()) -> str:
    """The rule-of-thumb action among ``view["legal_actions"]`` (non-empty)."""
    legal = list(view["legal_actions"])
    for eager in ("claim", "gin", "knock", "rebuy"):
        if eager in legal:
            return eager
    hand = list(own_player(view).get("hand") or [])
    if "take" in legal and "draw" in legal:
        pile = view.get("pile") or []
        if not pile or not hand:
            return "draw"
        upcard = pile[-1]
        with_upcard, _ = best_discard([*hand, upcard], keep=upcard)
        return "take" if with_upcard + TAKE_MARGIN <= deadwood(hand) else "draw"
    discards = [a for a in legal if a.startswith("discard ")]
    if discards and hand:
        allowed = {a.split(" ", 1)[1] for a in discards}
        options = _discard_options(hand, allowed)
        if options:
            return "discard " + min(options)[2]
    return generic_action(view, rng, history)


def deal_action(deal: Any, rng: random.Random) -> str | None:
    """``action`` for the seat to act in ``deal`` (a RuminoDeal), read from the deal
    itself instead of that seat's view: the same choice as ``action(deal.view(seat), rng,
    history)``, for the search's playouts (games/ismcts.py), which hold the whole deal
    and would otherwise build a view for each heuristic move.
    tests/games/test_heuristics_rummy.py checks the two agree. None where ``action``
    would fall back to the generic rules (no legal action found here): ask ``action``.

    What ``action`` reads of the view, here from the deal: the legal actions (by phase:
    a claim offered to the seat, a rebuy, the start of a turn with ``gin`` or ``knock``
    by the least deadwood, or a discard of any card but the one just taken), the hand
    (``hands[seat]``, sorted faces, as the view's codes give them back) and the pile's
    top. ``rng`` is not used (``action`` uses it only in the generic fallback)."""
    phase = deal.phase
    if phase == "claim":
        return "claim"
    if phase == "rebuy":
        return "rebuy"
    seat = deal.to_act
    hand = tuple(deal.hands[seat])
    if not hand:
        return None
    if phase == "draw":
        dead = deadwood_value(hand)
        if dead == 0:
            return "gin"
        if dead <= KNOCK_LIMIT:
            return "knock"
        if not deal.pile:
            return "draw"
        upcard = deal.pile[-1]
        with_upcard = tuple(sorted((*hand, upcard)))
        lefts = [
            left
            for face, left in zip(with_upcard, deadwood_after_discards(with_upcard), strict=True)
            if face != upcard
        ]
        if not lefts:
            return None
        return "take" if min(lefts) + TAKE_MARGIN <= dead else "draw"
    if phase == "discard":
        taken = deal.taken
        options = [
            (left, -POINTS[face], CODES[face])
            for face, left in zip(hand, deadwood_after_discards(hand), strict=True)
            if face != taken
        ]
        if options:
            return "discard " + min(options)[2]
    return None
