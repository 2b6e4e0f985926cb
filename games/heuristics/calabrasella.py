"""Calabrasella: bid on a strong hand, call the 3 of the longest suit, improve the hand
from the widow, and play tricks as in Tressette, the two defenders as partners.

Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Calabrasella": the declarer
plays alone against two and must score more than they do; he calls a 3 he lacks,
discards up to four and takes as many from the widow; the order 3 2 A K Q J 7 6 5 4 and
the Tressette values). Rules of thumb: play alone only with tricks in hand (3s, guarded
2s, long suits headed by them), since a lost hand pays both defenders; call the 3 of the
suit where the hand is longest; give back and discard worthless cards of short suits;
take the widow's best cards.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.heuristics.generic import generic_action, own_player, own_seat
from games.heuristics.tressette import RULES
from games.heuristics.tricks import play_from_view, rank_of, suit_of

BID_THRESHOLD = 13.0
"""The hand strength (hand_strength) from which the heuristic plays alone. Measured with
bench/bots_bench.py against random defenders: from 13 it declares about one hand in four
and wins nine in ten of them (from 11, one in three, 89%; from 17, one in thirteen, 93%);
13 keeps a margin for defenders who play better than random."""


def hand_strength(hand: list[str]) -> float:
    """A rough count of the tricks and points a hand makes alone: 4 for each 3, 3 for a
    2 (1.5 when unguarded), 2 for an ace with its 3 or 2 (else 1), and 1 for every card
    of a suit beyond the third in a suit headed by a 3 or 2."""
    suits = Counter(suit_of(c) for c in hand)
    ranks = {(rank_of(c), suit_of(c)) for c in hand}
    strength = 0.0
    for code in hand:
        rank, suit = rank_of(code), suit_of(code)
        if rank == "3":
            strength += 4
        elif rank == "2":
            strength += 3 if (("3", suit) in ranks or suits[suit] >= 3) else 1.5
        elif rank == "A":
            strength += 2 if (("3", suit) in ranks or ("2", suit) in ranks) else 1
    for suit, length in suits.items():
        if length > 3 and (("3", suit) in ranks or ("2", suit) in ranks):
            strength += length - 3
    return strength


def _waste_key(code: str, hand: list[str]) -> tuple[float, int, int]:
    """Order of the cards to give away first: no points, short suit, low rank."""
    suits = Counter(suit_of(c) for c in hand)
    return (RULES.points(code), suits[suit_of(code)], RULES.strength(code))


def action(view: dict[str, Any], rng: random.Random, history=()) -> str:
    """Calabrasella's heuristic action (see the module docstring)."""
    legal = view["legal_actions"]
    hand = own_player(view).get("hand") or []
    verb = legal[0].split(" ")[0]
    if "play" in legal and "pass" in legal:  # the bid
        return "play" if hand_strength(hand) >= BID_THRESHOLD else "pass"
    if verb == "call":
        suits = Counter(suit_of(c) for c in hand)
        return max(legal, key=lambda a: (suits[suit_of(a.split()[1])], a))
    if verb == "return":
        return min(legal, key=lambda a: _waste_key(a.split()[1], hand))
    discards = [a for a in legal if a.startswith("discard ")]
    if discards or legal == ["turn"]:
        done = len(view.get("discards") or [])
        waste = [a for a in discards if RULES.points(a.split()[1]) == 0]
        if done < 4 and waste:
            return min(waste, key=lambda a: _waste_key(a.split()[1], hand))
        return "turn" if "turn" in legal else discards[0]
    if verb == "take":
        return max(legal, key=lambda a: (RULES.points(a.split()[1]), RULES.strength(a.split()[1])))
    seat = own_seat(view)
    defenders = set(view.get("defenders") or [])
    partners = defenders - {seat} if seat in defenders else set()
    return play_from_view(view, history, RULES, None, partners=partners) or generic_action(
        view, rng, history
    )
