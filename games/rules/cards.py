"""Card codes, packs and the int encoding used on hot paths.

A card code is ``<rank><suit>`` in upper case (../shared/DESIGN.md, "Card
codes"): suits ``C`` clubs/Bastoni, ``D`` diamonds/Denari, ``H`` hearts/Coppe,
``S`` spades/Spade; ranks ``A 2 3 4 5 6 7 8 9 10 J Q K`` (in 40-card packs
``J`` Fante, ``Q`` Cavallo, ``K`` Re).

Inside a game a card is a small int: its index in ``Pack.codes``, the pack's
distinct codes in plain string order. Because of that order, sorting ints sorts
codes, and a set of cards kept as a bitmask (bit ``i`` set = card ``i`` held)
turns into an already sorted list of action strings with ``mask_strings``,
without sorting strings on every call.

>>> ITALIAN_40.codes[:5]
('2C', '2D', '2H', '2S', '3C')
>>> ITALIAN_40.index["AD"]
25
>>> ITALIAN_40.codes_of(ITALIAN_40.mask(["KS", "3D", "AD"]))
['3D', 'AD', 'KS']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import repeat
from typing import Any

SUITS = ("C", "D", "H", "S")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def parse_card(code: str) -> tuple[str, str]:
    """Split a card code into ``(rank, suit)``.

    Raises ValueError for anything that is not a code of a standard card
    (tarot trumps, the fool and jokers will be added with the first game that
    uses them).

    >>> parse_card("10H")
    ('10', 'H')
    """
    if isinstance(code, str) and len(code) >= 2:
        rank, suit = code[:-1], code[-1]
        if rank in RANKS and suit in SUITS:
            return rank, suit
    raise ValueError(f"{code!r} is not a card code (expected e.g. '3D', '10H', 'KS')")


def format_card(rank: str, suit: str) -> str:
    """Join a rank and a suit into a card code; ValueError when either is unknown.

    >>> format_card("A", "S")
    'AS'
    """
    return "".join(parse_card(f"{rank}{suit}"))


def bits(mask: int) -> Iterator[int]:
    """Yield the indexes of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Pack:
    """A pack of cards and its int encoding.

    Attributes:
        name: e.g. ``"italian-40"``.
        new_order: the codes of a fresh pack (suits C D H S, ranks ace first),
            the order a shuffle starts from; codes repeat in packs made of
            several decks.
        codes: the distinct codes in plain string order; card int ``i`` is
            ``codes[i]``.
        index: code -> card int.
        rank_of, suit_of: card int -> rank string, suit index (into SUITS).
    """

    def __init__(self, name: str, new_order: Sequence[str]) -> None:
        self.name = name
        self.new_order = tuple(new_order)
        self.codes = tuple(sorted(set(self.new_order)))
        self.index = {code: i for i, code in enumerate(self.codes)}
        parsed = [self.parse(code) for code in self.codes]
        self.rank_of = tuple(rank for rank, _ in parsed)
        self.suit_of = tuple(self.suit_index(suit) for _, suit in parsed)
        self._counts = Counter(self.new_order)
        self._sorted = sorted(self.new_order)

    @staticmethod
    def parse(code: str) -> tuple[str, str]:
        """``(rank, suit)`` of a code of this kind of pack (``parse_card``); ValueError else."""
        return parse_card(code)

    @staticmethod
    def suit_index(suit: str) -> int:
        """The index of a suit letter, the ``suit_of`` value of its cards (into SUITS)."""
        return SUITS.index(suit)

    def __len__(self) -> int:
        return len(self.new_order)

    def __repr__(self) -> str:
        return f"<Pack {self.name}: {len(self)} cards>"

    def mask(self, codes: Iterable[str]) -> int:
        """Bitmask of ``codes``; ValueError for a code not in this pack."""
        mask = 0
        for code in codes:
            try:
                mask |= 1 << self.index[code]
            except (KeyError, TypeError):
                raise ValueError(f"{code!r} is not a card of the {self.name} pack") from None
        return mask

    def ints(self, codes: Iterable[str]) -> tuple[int, ...]:
        """Card ints of ``codes`` in their order (a deck: top first); KeyError for a code
        not in this pack, so check a deck first (``check_deck``)."""
        return tuple(map(self.index.__getitem__, codes))

    def codes_of(self, mask: int) -> list[str]:
        """Codes of the cards in ``mask``, in plain string order."""
        return [self.codes[i] for i in bits(mask)]

    def suit_mask(self, suit: str) -> int:
        """Bitmask of every card of ``suit`` (one of SUITS)."""
        return self.mask(code for code in self.codes if code[-1] == suit)

    def rank_mask(self, rank: str) -> int:
        """Bitmask of every card of ``rank`` (one of RANKS)."""
        return self.mask(code for code in self.codes if code[:-1] == rank)

    def check_deck(self, deck: object) -> list[str]:
        """Return ``deck`` as a list of codes if it is an ordering of this pack.

        Raises ValueError naming the missing and surplus cards otherwise.
        """
        if not isinstance(deck, list | tuple) or not all(map(isinstance, deck, repeat(str))):
            raise ValueError(f"a deck is a list of card codes, not {deck!r}")
        if sorted(deck) != self._sorted:
            counts = Counter(deck)
            missing = sorted((self._counts - counts).elements())
            surplus = sorted((counts - self._counts).elements())
            raise ValueError(
                f"the deck must be the {len(self)} cards of the {self.name} pack "
                f"(missing {missing}, surplus {surplus})"
            )
        return list(deck)

    def shuffled(self, seed: int | str | bytes | None = None) -> list[str]:
        """A shuffled deck, top first.

        The same ``seed`` always gives the same deck (random.Random); with no
        seed the order comes from the operating system's CSPRNG
        (random.SystemRandom), so nobody can reproduce it.
        """
        deck = list(self.new_order)
        if seed is None:
            random.SystemRandom().shuffle(deck)
            return deck
        # Seeded decks are for tests and simulations, where reproducing a deal
        # is the point. Sorting by random keys is a uniform shuffle (a tie
        # between two of 40 doubles has odds of about 1e-13) and is twice as
        # fast as random.shuffle, which matters when simulating many deals.
        deck.sort(key=_random_keys(random.Random(seed)))
        return deck


def _random_keys(rng: random.Random) -> Callable[[object], float]:
    draw = rng.random
    return lambda _card: draw()


def standard_pack(name: str, ranks: Sequence[str], copies: int = 1) -> Pack:
    """A pack of the given ranks in the four suits, ``copies`` decks of it."""
    return Pack(name, [rank + suit for suit in SUITS for rank in ranks] * copies)


def copy_ids(pack: Pack, deck: Sequence[str]) -> tuple[int, ...]:
    """Physical card ints for the positions of ``deck`` (codes, top first) of a pack whose
    codes repeat (several decks shuffled together).

    The k-th copy of a code counting from the top (k = 0, 1, ...) is
    ``pack.index[code] + k * len(pack.codes)``, so a set of physical cards is
    a bitmask too, and ``mask | mask >> len(pack.codes)`` (two decks) folds it
    into the mask of the codes it holds. Raises KeyError for a code not in the pack.

    >>> double = Pack("double-piquet", PIQUET_32.new_order * 2)
    >>> copy_ids(double, ["QS", "7C", "QS"])
    (31, 4, 63)
    """
    n = len(pack.codes)
    seen: dict[str, int] = {}
    ids = []
    for code in deck:
        copy = seen.get(code, 0)
        seen[code] = copy + 1
        ids.append(pack.index[code] + copy * n)
    return tuple(ids)


ITALIAN_40 = standard_pack("italian-40", ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"))
FRENCH_52 = standard_pack("french-52", RANKS)
PIQUET_32 = standard_pack("piquet-32", ("A", "7", "8", "9", "10", "J", "Q", "K"))


def mask_strings(strings: Sequence[str], width: int = 10) -> Callable[[int], list[str]]:
    """A function turning a bitmask of cards into the list of one string per card, fast.

    ``strings[i]`` belongs to card int ``i``; the result follows card order,
    which for ``"<verb> <code>"`` strings is plain sorted order. Tables of
    every ``width``-bit chunk are built once, so a call costs a few lookups
    instead of a loop over bits.

    >>> plays = mask_strings(["play " + code for code in ITALIAN_40.codes])
    >>> plays(ITALIAN_40.mask(["QS", "2C"]))
    ['play 2C', 'play QS']
    """
    low = (1 << width) - 1
    tables = tuple(
        tuple(
            tuple(s for b, s in enumerate(strings[start : start + width]) if value >> b & 1)
            for value in range(1 << width)
        )
        for start in range(0, len(strings), width)
    )
    if len(tables) == 4:
        # A 40-card pack: unrolled, since this runs for every legal_actions() call.
        t0, t1, t2, t3 = tables
        w2, w3 = 2 * width, 3 * width

        def four_chunks(mask: int) -> list[str]:
            return [
                *t0[mask & low],
                *t1[mask >> width & low],
                *t2[mask >> w2 & low],
                *t3[mask >> w3 & low],
            ]

        return four_chunks

    def chunks(mask: int) -> list[str]:
        out: list[str] = []
        for table in tables:
            out += table[mask & low]
            mask >>= width
        return out

    return chunks


def mask_display(codes: Sequence[str], key: Callable[[int], Any]) -> Callable[[int], list[str]]:
    """A function turning a bitmask of cards into their codes in display order.

    ``codes[i]`` is the code of card int ``i``; the cards are shown sorted by
    ``key(card int)`` (each game has its own order: by suit and strength, by
    capture value...). The order is computed once.

    >>> by_suit = mask_display(ITALIAN_40.codes, lambda i: (ITALIAN_40.suit_of[i], i))
    >>> by_suit(ITALIAN_40.mask(["2S", "KC", "3D", "AC"]))
    ['AC', 'KC', '3D', '2S']
    """
    order = tuple(sorted(range(len(codes)), key=key))

    def display_codes(mask: int) -> list[str]:
        return [codes[i] for i in order if mask >> i & 1]

    return display_codes


# -- Tarot -----------------------------------------------------------------
# The 78-card tarot pack (Pinch Tarot, ../shared/rules/sources/003_7513308a0e62a486.txt,
# "Deck"): 14 cards in each of the four suits, ranks A..10, J, C (cavalier), Q, K,
# then the trumps 1T..21T and the fool FOOL. "C" is both the cavalier and the clubs
# letter: "CC" is the cavalier of clubs, "10C" the ten of clubs.

TAROT_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K")
"""Ranks of tarot suit cards, lowest first (``C`` the cavalier, between J and Q)."""
TRUMP_RANKS = tuple(str(number) for number in range(1, 22))
"""Ranks of the tarot trumps, ``"1"`` (the Bagatto) to ``"21"``."""
TAROT_SUITS = (*SUITS, "T")
"""Suit letters of a tarot pack: C D H S, then ``T`` for the trumps."""
TRUMP_SUIT = 4
"""Suit index (into TAROT_SUITS) of the trumps."""
FOOL = "FOOL"
FOOL_SUIT = 5
"""Suit index of the fool, which belongs to no suit (one past TAROT_SUITS)."""


def parse_tarot_card(code: str) -> tuple[str, str]:
    """Split a tarot card code into ``(rank, suit)``; the fool is ``("FOOL", "")``.

    Raises ValueError for anything that is not a card of the 78-card tarot pack.

    >>> parse_tarot_card("CH"), parse_tarot_card("10C"), parse_tarot_card("21T")
    (('C', 'H'), ('10', 'C'), ('21', 'T'))
    >>> parse_tarot_card("FOOL")
    ('FOOL', '')
    """
    if code == FOOL:
        return FOOL, ""
    if isinstance(code, str) and len(code) >= 2:
        rank, suit = code[:-1], code[-1]
        if (rank in TAROT_RANKS and suit in SUITS) or (rank in TRUMP_RANKS and suit == "T"):
            return rank, suit
    raise ValueError(
        f"{code!r} is not a tarot card code (expected e.g. 'CH', '10C', '21T', 'FOOL')"
    )


class TarotPack(Pack):
    """A tarot pack: a Pack whose codes parse with ``parse_tarot_card``.

    ``suit_of`` indexes TAROT_SUITS (trumps TRUMP_SUIT) and is FOOL_SUIT for
    the fool; ``suit_masks[s]`` is the bitmask of suit index ``s`` (0-5, so
    ``suit_masks[FOOL_SUIT]`` holds the fool alone).

    >>> TAROT_78.codes[:6], len(TAROT_78)
    (('10C', '10D', '10H', '10S', '10T', '11T'), 78)
    >>> TAROT_78.codes_of(TAROT_78.suit_masks[TRUMP_SUIT])[:3]
    ['10T', '11T', '12T']
    """

    def __init__(self, name: str, new_order: Sequence[str]) -> None:
        super().__init__(name, new_order)
        self.suit_masks = tuple(
            sum(1 << i for i, s in enumerate(self.suit_of) if s == suit) for suit in range(6)
        )

    @staticmethod
    def parse(code: str) -> tuple[str, str]:
        """``(rank, suit)`` of a tarot code (``parse_tarot_card``); ValueError else."""
        return parse_tarot_card(code)

    @staticmethod
    def suit_index(suit: str) -> int:
        """The index of a suit letter into TAROT_SUITS; FOOL_SUIT for the fool's ``""``."""
        return TAROT_SUITS.index(suit) if suit else FOOL_SUIT


TAROT_78 = TarotPack(
    "tarot-78",
    [rank + suit for suit in SUITS for rank in TAROT_RANKS]
    + [rank + "T" for rank in TRUMP_RANKS]
    + [FOOL],
)
