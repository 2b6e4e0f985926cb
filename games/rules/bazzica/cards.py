"""Bazzica's pack, card tables and the choice between two copies of a card.

The pack is two 32-card piquet packs (A, 7, 8, 9, 10, J, Q, K of each suit)
shuffled together, so every code appears twice. Inside a deal each physical
card is an int from 0 to 63 (``cards.copy_ids``): the code's int ``c`` (0-31,
into ``CODES``) for the copy nearer the top of the deck, ``c + 32`` for the
other. Sets of physical cards are 64-bit masks; ``fold`` turns one into the
32-bit mask of the codes it holds, which is what actions name.
Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt ("Preparazione",
"Valore delle carte", "Seconda fase").

>>> CODES[:4], len(PACK)
(('10C', '10D', '10H', '10S'), 64)
>>> PACK.codes_of(fold(1 << PACK.index["QS"] | 1 << (PACK.index["QS"] + 32)))
['QS']
"""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.base import IllegalAction
from games.rules.cards import PIQUET_32, SUITS, Pack, bits, copy_ids
from games.rules.tricks import beats_table, strength_table, stronger_table

PACK = Pack("bazzica-64", PIQUET_32.new_order * 2)
CODES = PACK.codes
N = len(CODES)  # 32 distinct codes
LOW = (1 << N) - 1
ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")
"""Ranks highest first (002, "Valore delle carte")."""

SUIT = PACK.suit_of
RANK = PACK.rank_of
STRENGTH = strength_table(PACK, ORDER)
BEATS = tuple(beats_table(SUIT, STRENGTH, trump) for trump in range(4))
"""``BEATS[trump][first * 32 + second]`` is 1 when the second code wins a trick (ties: leader)."""
STRONGER = stronger_table(SUIT, STRENGTH)
"""Code int -> mask of the codes of its suit that beat it."""
SUIT_MASKS = tuple(PACK.suit_mask(suit) for suit in SUITS)
CARD_CODES = CODES * 2
"""Physical card int -> its code."""
COPIES = tuple((1 << c) | (1 << (c + N)) for c in range(N))
"""Code int -> the mask of its two physical cards."""
BRISQUES = PACK.rank_mask("A") | PACK.rank_mask("10")
"""Codes of the brisques, aces and tens (002, "Seconda fase": 10 points each)."""
BRISQUE_CARDS = BRISQUES | BRISQUES << N
SEVENS = tuple(PACK.index["7" + suit] for suit in SUITS)
"""Suit index -> code int of its 7 (the 7 of trumps scores 10)."""

# Display order: by suit (C D H S), then from the ace down.
_DISPLAYED = sorted(range(N), key=lambda c: (SUIT[c], -STRENGTH[c]))
DISPLAY_RANK = tuple(_DISPLAYED.index(c) for c in range(N))
"""Code int -> its place in display order (by suit C D H S, then ace down)."""


def ids_of(deck: Sequence[str]) -> tuple[int, ...]:
    """The physical card int of each position of ``deck`` (codes, top first)."""
    return copy_ids(PACK, deck)


def fold(mask: int) -> int:
    """The 32-bit mask of the codes held in ``mask`` (physical cards)."""
    return (mask | mask >> N) & LOW


def code_of(card: int) -> str:
    """The code of a physical card int."""
    return CARD_CODES[card]


def in_display_order(mask: int) -> list[int]:
    """The physical cards of ``mask`` in display order (copies of a code: lower int first)."""
    return sorted(bits(mask), key=lambda card: (DISPLAY_RANK[card & 31], card))


def display(cards: Sequence[int] | int) -> list[str]:
    """Codes of physical cards (a mask or a sequence) sorted by suit, then ace down.

    >>> display([PACK.index["QS"], PACK.index["JD"], PACK.index["AD"] + 32])
    ['AD', 'JD', 'QS']
    """
    if isinstance(cards, int):
        cards = list(bits(cards))
    return [CODES[c] for c in sorted((i & 31 for i in cards), key=DISPLAY_RANK.__getitem__)]


def display_codes(codes: Sequence[int]) -> tuple[int, ...]:
    """Code ints in display order (by suit, then ace down)."""
    return tuple(sorted(codes, key=DISPLAY_RANK.__getitem__))


def pick_copy(candidates: int, known: int, used: Sequence[int]) -> int:
    """Which of the physical cards in ``candidates`` (mask, one code) to play or declare.

    Identical codes are interchangeable, so the engine chooses for the player:
    a copy the opponent already knows (``known`` mask: on the table or shown)
    before a hidden one, then the copy used in more combinations (``used``:
    card -> mask of kinds), then the lower int. Keeping the hidden, unused copy
    loses nothing: it can join every combination the other could.
    """
    low = candidates & -candidates
    high = candidates ^ low
    if not high:
        return low.bit_length() - 1
    a, b = low.bit_length() - 1, high.bit_length() - 1
    ka = (not known >> a & 1, -used[a].bit_count())
    kb = (not known >> b & 1, -used[b].bit_count())
    return b if kb < ka else a


def follow_refusal(led: int, code: int, held: int, trump: int) -> IllegalAction:
    """Why the follower in the last tricks may not play ``code`` to ``led`` (code ints),
    holding the codes of mask ``held``: ``must_win``, ``must_follow_suit`` or ``must_trump``.
    Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt ("Seconda fase")."""
    suit = SUITS[SUIT[led]]
    played = f"play {CODES[code]}"
    if not held & SUIT_MASKS[SUIT[led]]:
        message = f"{played}: with no {suit} you must play a trump ({SUITS[trump]})"
        return IllegalAction("must_trump", message, card=CODES[code], suit=suit)
    if SUIT[code] == SUIT[led]:
        message = f"{played}: you must beat {CODES[led]} with a higher card of its suit"
        return IllegalAction("must_win", message, card=CODES[code], suit=suit)
    message = f"{played}: you must follow suit ({suit}) and you can"
    return IllegalAction("must_follow_suit", message, card=CODES[code], suit=suit)
