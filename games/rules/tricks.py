"""Trick-taking helpers shared by every trick game (Spizzichino, Briscola, Tressette...).

Cards are the ints of a ``cards.Pack`` and sets of cards are bitmasks (see
cards.py), so these helpers take the pack's tables as arguments instead of
knowing any game.

Tressette-family tables live here too because Spizzichino and Tressette share
them: rank order 3 2 A K Q J 7 6 5 4 and card values in thirds of a point.
Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt ("Players and Cards"),
../shared/rules/README.md (General rulings: court order, exact thirds).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.rules.cards import Pack

TRESSETTE_ORDER = ("3", "2", "A", "K", "Q", "J", "7", "6", "5", "4")
"""Ranks of the Tressette family, highest first."""

TRESSETTE_THIRDS = {"A": 3, "3": 1, "2": 1, "K": 1, "Q": 1, "J": 1}
"""Card values of the Tressette family in thirds of a point; other ranks are 0."""


def strength_table(pack: Pack, order: Sequence[str]) -> tuple[int, ...]:
    """Card int -> strength within its suit (higher wins), from ``order`` (highest first).

    Ranks missing from ``order`` get strength 0.

    >>> from games.rules.cards import ITALIAN_40 as P
    >>> table = strength_table(P, TRESSETTE_ORDER)
    >>> table[P.index["3C"]] > table[P.index["AC"]] > table[P.index["KC"]] > table[P.index["7C"]]
    True
    """
    rank_strength = {rank: len(order) - i for i, rank in enumerate(order)}
    return tuple(rank_strength.get(rank, 0) for rank in pack.rank_of)


def value_table(pack: Pack, values: Mapping[str, int]) -> tuple[int, ...]:
    """Card int -> value, from a rank -> value mapping (missing ranks are 0)."""
    return tuple(values.get(rank, 0) for rank in pack.rank_of)


def follow_suit(available: int, led_suit: int | None, suit_masks: Sequence[int]) -> int:
    """The cards a player may play to a trick: those of the led suit if any, else all.

    ``available`` is a bitmask of the cards the player could play, ``led_suit``
    the suit index of the trick's first card (None when leading), and
    ``suit_masks[s]`` the bitmask of suit ``s``. Returns a bitmask.
    Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt ("Play": the second
    player must play a card of the same suit if possible).
    """
    if led_suit is None:
        return available
    same = available & suit_masks[led_suit]
    return same or available


def trick_winner(
    cards: Sequence[int],
    suit_of: Sequence[int],
    strength: Sequence[int],
    trump: int | None = None,
) -> int:
    """Position in ``cards`` (play order, leader first) of the card that wins the trick.

    The highest trump wins if ``trump`` (a suit index) was played; otherwise the
    highest card of the led suit. Cards of other suits never win.
    Source: ../shared/rules/sources/000_c57c37e6de3cc6cc.txt ("Play").

    >>> from games.rules.cards import ITALIAN_40
    >>> strength = strength_table(ITALIAN_40, TRESSETTE_ORDER)
    >>> ids = [ITALIAN_40.index[c] for c in ("KD", "3D", "3S")]
    >>> trick_winner(ids, ITALIAN_40.suit_of, strength)
    1
    """
    best = 0
    best_card = cards[0]
    best_suit = suit_of[best_card]
    for position in range(1, len(cards)):
        card = cards[position]
        suit = suit_of[card]
        if suit == best_suit:
            if strength[card] > strength[best_card]:
                best, best_card = position, card
        elif suit == trump:
            best, best_card, best_suit = position, card, suit
    return best


def beats_table(suit_of: Sequence[int], strength: Sequence[int], trump: int | None = None) -> bytes:
    """Two-card tricks as one lookup: ``table[first * n + second]`` is 1 when ``second`` wins.

    ``n`` is the number of cards in the pack (``len(suit_of)``); the rule is
    ``trick_winner``'s. Two-player games resolve every trick with it.

    >>> from games.rules.cards import ITALIAN_40 as P
    >>> beats = beats_table(P.suit_of, strength_table(P, TRESSETTE_ORDER))
    >>> beats[P.index["KD"] * 40 + P.index["3D"]], beats[P.index["KD"] * 40 + P.index["3S"]]
    (1, 0)
    """
    n = len(suit_of)
    return bytes(
        trick_winner((first, second), suit_of, strength, trump)
        for first in range(n)
        for second in range(n)
    )
