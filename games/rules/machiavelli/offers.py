"""The tables ``MachiavelliDeal.legal_actions`` offers, found with byte masks.

What the four steps of ``legal_actions`` (deal.py) offer depends on the hand of the seat
to act, the table and nothing else, and most of the time they offer nothing: a hand
rarely holds a meld, few of its cards lengthen or split a meld of the table or make a
set with it. So the work is to know *quickly* that a step offers nothing, and to spell
the few tables offered without rebuilding the rest of the table's text.

1. A set of faces is a *byte mask*: an int whose byte ``face`` is 1 when the face is
   in it (face = ``suit * 13 + rank``, melds.py). A hand's mask is its 52 counts read as
   bytes (``bytes(hand)``, one C call) with 2 folded into 1, so it is never kept in
   step with the hand and cannot go stale. The 13 ranks of a suit are 13 consecutive
   bytes, so shifting by 8 bits moves to the next rank and by 104 to the next suit:
   "ranks with three suits or more" and "three ranks in a row" are a few shifts, adds
   and ANDs over the whole hand.
2. Each meld of the table is read once (``meld_offers``, remembered): its text, the
   faces that lengthen it, the faces that split it and the faces it can spare.
   ``TableOffers`` ORs those masks for a table; a hand meets the table only where its
   mask ANDs with them, and only there is the meld-by-meld work done, by the same
   loops as before, which are the definition of what is offered.
3. Every table offered comes with its *plan*: the new table (canonical melds) and the
   faces it takes from the hand, so that ``apply`` of an offered text need not parse
   it and check it again (deal.py keeps the plans of the last offer).

tests/games/rules/test_machiavelli_legal.py compares the offers with a plain
enumeration of the four steps on random games and random tables and hands.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from games.rules.machiavelli.melds import (
    FACES,
    MELD_SEPARATOR,
    QUEEN,
    RUN,
    SET,
    TABLE_VERB,
    canonical,
    extensions,
    format_meld,
    meld_kind,
)

Plan = tuple[list[tuple[int, ...]], tuple[int, ...]] | None
"""An offered table's new table (canonical melds, in order) and the faces it takes from
the hand (sorted); None when the table on offer is not one ``apply`` would keep as it
is (a table set by hand with a meld out of canonical order or invalid), so ``apply``
judges the text as any other."""

SUIT_BITS = 13 * 8
ONES = int.from_bytes(b"\x01" * FACES, "little")
"""Every face."""
_SUIT = (1 << SUIT_BITS) - 1
_PLUS_FIVE = int.from_bytes(b"\x05" * 13, "little")
_BIT_THREE = int.from_bytes(b"\x08" * 13, "little")
_RUN_STARTS = sum(1 << 8 * (suit * 13 + rank) for suit in range(4) for rank in range(11))
"""The faces a run of three inside one suit may start at (ace low to 9)."""
_QUEENS = sum(1 << 8 * (suit * 13 + QUEEN) for suit in range(4))
_SEP = f" {MELD_SEPARATOR} "
_VERB = f"{TABLE_VERB} "


def bit(face: int) -> int:
    """The byte mask of one face."""
    return 1 << 8 * face


def mask_of(faces: tuple[int, ...] | list[int]) -> int:
    """The byte mask of ``faces`` (each counted once)."""
    mask = 0
    for face in faces:
        mask |= 1 << 8 * face
    return mask


def presence(counts: bytes) -> int:
    """The byte mask of the faces a hand holds, from its 52 counts as bytes."""
    mask = int.from_bytes(counts, "little")
    return (mask | mask >> 1) & ONES


def faces_in(mask: int) -> list[int]:
    """The faces of a byte mask, in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append((low.bit_length() - 1) >> 3)
        mask ^= low
    return out


def three_suit_ranks(mask: int) -> int:
    """The ranks (byte mask of suit 0's faces) at which ``mask`` holds three suits or
    more: the four suits' bytes added rank by rank (at most 4, no carry), then 3 and 4
    told from 0 to 2 by bit 3 of the count plus 5."""
    count = (mask & _SUIT) + (mask >> SUIT_BITS & _SUIT) + (mask >> 2 * SUIT_BITS & _SUIT)
    count += mask >> 3 * SUIT_BITS
    return ((count + _PLUS_FIVE) & _BIT_THREE) >> 3


def every_suit(ranks: int) -> int:
    """The faces of every suit at ``ranks`` (a byte mask of suit 0's faces)."""
    return ranks | ranks << SUIT_BITS | ranks << 2 * SUIT_BITS | ranks << 3 * SUIT_BITS


def may_hold_a_meld(mask: int) -> bool:
    """False when the faces of ``mask`` make no meld on their own: no rank with three
    suits and no three ranks in a row of a suit (Q K A included). True does not promise
    one (``hand_melds`` finds them)."""
    if three_suit_ranks(mask):
        return True
    rows = mask & mask >> 8
    return bool(rows & mask >> 16 & _RUN_STARTS or rows & mask << 88 & _QUEENS)


def run_starts(present: list[bool]) -> list[tuple[int, ...]]:
    """Every run (as rank indexes, 13 the ace high) that the ranks ``present`` (14 flags,
    the ace at both ends) allow, from three cards to the longest."""
    runs = []
    for start in range(12):
        end = start
        while end < 14 and present[end] and end - start < 13:
            if end - start >= 2:
                runs.append(tuple(range(start, end + 1)))
            end += 1
    return runs


def hand_melds(hand: list[int]) -> list[tuple[int, ...]]:
    """Every meld the cards of ``hand`` (52 counts) make on their own, canonical."""
    melds = []
    for rank in range(13):
        suits = [suit for suit in range(4) if hand[suit * 13 + rank]]
        for size in (3, 4):
            for chosen in combinations(suits, size):
                melds.append(tuple(suit * 13 + rank for suit in chosen))
    for suit in range(4):
        present = [bool(hand[suit * 13 + rank % 13]) for rank in range(14)]
        for run in run_starts(present):
            melds.append(tuple(suit * 13 + rank % 13 for rank in run))
    return melds


_canonical = lru_cache(maxsize=1 << 15)(canonical)
"""``canonical`` remembered, for the tuples the offers build over and over."""


@lru_cache(maxsize=1 << 15)
def meld_text(meld: tuple[int, ...]) -> str:
    """``format_meld`` remembered."""
    return format_meld(meld)


MeldOffers = tuple[str, int, int, int, tuple[int, ...], tuple[int, ...], bool]


@lru_cache(maxsize=1 << 15)
def meld_offers(meld: tuple[int, ...]) -> MeldOffers:
    """What a meld of the table offers, remembered (a table changes by a meld or two a
    turn): ``(text, lengthen, split, spare, spare faces, canonical, kept)`` where
    ``lengthen`` masks the faces that make it one card longer (``extensions``),
    ``split`` the faces that split a run in two runs of three or more (a second copy of
    its card at position 2 to len - 3), ``spare`` the faces it can give up and stay a
    meld (any card of a set of four, the ends of a run of four or more; for a meld of 4+
    that is no meld, its ends, as ever), ``canonical`` its canonical order and ``kept``
    whether ``apply`` keeps it as it is (valid and canonical)."""
    kind = meld_kind(meld)
    longer = extensions(meld)
    split = 0
    if kind == RUN:
        for at in range(2, len(meld) - 2):
            split |= bit(meld[at])
    spare: tuple[int, ...] = ()
    if len(meld) >= 4:
        spare = tuple(meld) if kind == SET else (meld[0], meld[-1])
    ordered = _canonical(meld)
    kept = kind is not None and ordered == tuple(meld)
    return format_meld(meld), mask_of(longer), split, mask_of(spare), spare, ordered, kept


class TableOffers:
    """The offers of one table (a list of meld tuples; the deal replaces its table and
    never changes it in place, so ``table`` is known by identity). ``lengthen``,
    ``split``, ``spare``: the table's masks (``meld_offers``) ORed; ``kept``: every
    meld kept as it is by ``apply``, so that plans can be made."""

    __slots__ = ("table", "infos", "texts", "lengthen", "split", "spare", "kept", "_by_rank")

    def __init__(self, table: list[tuple[int, ...]]) -> None:
        self.table = table
        self.infos = infos = [meld_offers(meld) for meld in table]
        self.texts = [info[0] for info in infos]
        lengthen = split = spare = 0
        kept = True
        for info in infos:
            lengthen |= info[1]
            split |= info[2]
            spare |= info[3]
            kept = kept and info[6]
        self.lengthen, self.split, self.spare, self.kept = lengthen, split, spare, kept
        self._by_rank: dict[int, list[tuple[int, int]]] | None = None

    def __eq__(self, other: object) -> bool:
        """Offers are equal when their tables are: the rest follows from the table."""
        return isinstance(other, TableOffers) and other.table == self.table

    __hash__ = None  # type: ignore[assignment]

    def spare_of_rank(self, rank: int) -> list[tuple[int, int]]:
        """``(face, meld index)`` of the table's spare cards of ``rank``."""
        by_rank = self._by_rank
        if by_rank is None:
            by_rank = self._by_rank = {}
            for index, info in enumerate(self.infos):
                for face in info[4]:
                    by_rank.setdefault(face % 13, []).append((face, index))
        return by_rank.get(rank, [])

    def offers(self, hand: list[int], counts: bytes) -> dict[str, Plan]:
        """The ``table ...`` actions of ``legal_actions``' four steps for ``hand`` (52
        counts; ``counts`` the same as bytes), each with its plan."""
        present = presence(counts)
        plans: dict[str, Plan] = {}
        if may_hold_a_meld(present):
            for meld in hand_melds(hand):
                self._offer(plans, (), (meld,), meld)
        lengthen = present & self.lengthen
        if lengthen:
            for face in faces_in(lengthen):
                mask = bit(face)
                for index, info in enumerate(self.infos):
                    if info[1] & mask:
                        longer = _canonical((*self.table[index], face))
                        self._offer(plans, ((index, (longer,)),), (), (face,))
        split = present & self.split
        if split:
            for face in faces_in(split):
                mask = bit(face)
                for index, info in enumerate(self.infos):
                    if info[2] & mask:
                        meld = self.table[index]
                        at = meld.index(face, 2)
                        halves = (meld[: at + 1], (face, *meld[at + 1 :]))
                        self._offer(plans, ((index, halves),), (), (face,))
        ranks = three_suit_ranks(present | self.spare)
        if ranks:
            for face in faces_in(every_suit(ranks) & present):
                self._new_sets(plans, face, hand)
        return plans

    def _new_sets(self, plans: dict[str, Plan], face: int, hand: list[int]) -> None:
        """Step 4: a new set of ``face`` with two cards of its rank, from the hand or
        spared by the table (two different melds)."""
        rank, suit = face % 13, face // 13
        free: list[tuple[int, int | None]] = [
            (other, None) for other in range(rank, FACES, 13) if other != face and hand[other]
        ]
        free += [(other, index) for other, index in self.spare_of_rank(rank) if other != face]
        for pair in combinations(free, 2):
            (first, from_first), (second, from_second) = pair
            if len({suit, first // 13, second // 13}) < 3:
                continue
            if from_first is not None and from_first == from_second:
                continue
            changes = []
            placed = [face]
            for other, index in pair:
                if index is None:
                    placed.append(other)
                else:
                    rest = list(self.table[index])
                    rest.remove(other)
                    changes.append((index, (tuple(rest),)))
            new_set = _canonical((face, first, second))
            self._offer(plans, tuple(changes), (new_set,), tuple(sorted(placed)))

    def _offer(
        self,
        plans: dict[str, Plan],
        changes: tuple[tuple[int, tuple[tuple[int, ...], ...]], ...],
        added: tuple[tuple[int, ...], ...],
        placed: tuple[int, ...],
    ) -> None:
        """Spell the table with the melds at the indexes of ``changes`` replaced (each by
        its melds, as given) and ``added`` at the end, and record its plan."""
        texts = self.texts
        if changes:
            texts = list(texts)
            for index, melds in sorted(changes, reverse=True):
                texts[index : index + 1] = [meld_text(meld) for meld in melds]
        text = _VERB + _SEP.join([*texts, *(meld_text(meld) for meld in added)])
        if text in plans:
            return
        if not self.kept:
            plans[text] = None
            return
        table = list(self.table)
        for index, melds in sorted(changes, reverse=True):
            table[index : index + 1] = [_canonical(meld) for meld in melds]
        table += [_canonical(meld) for meld in added]
        plans[text] = (table, tuple(sorted(placed)))
