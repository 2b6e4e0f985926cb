"""The tables ``MachiavelliDeal.legal_actions`` offers, found with byte masks.

What the four steps of ``legal_actions`` (deal.py) offer depends on the hand of the seat
to act and the table, nothing else, and most of the time little: a hand seldom holds a
meld, few of its cards lengthen or split a meld of the table or make a set with it. So
the work is to know *quickly* that a step offers nothing, and to spell the few tables
offered without rebuilding the rest of the table's text.

1. A set of faces is a *byte mask*: an int whose byte ``face`` is 1 when the face is
   in it (face = ``suit * 13 + rank``, melds.py). A hand's mask is its 52 counts read as
   bytes (``bytes(hand)``, one C call) with 2 turned into 1 (``bytes.translate``), so
   it is never kept in step with the hand and cannot go stale. The 13 ranks of a suit
   are 13 consecutive bytes, so a shift by 8 bits moves to the next rank and by 104 to
   the next suit: "ranks with three suits or more" (the mask modulo ``2**104 - 1``
   adds the four suits up) and "three ranks in a row" are a few operations over the
   whole hand. The hand's own sets and runs are looked up by its bytes at a rank or in
   a suit.
2. Each meld of the table is read once (``meld_offers``, remembered): its text, the
   faces that lengthen it (and the longer meld and its text), split it or that it can
   spare (and what is left and its text). ``TableOffers`` adds those masks up over the
   table (a byte then counts melds), and indexes the melds by the faces that lengthen
   them and the ranks they spare (an int per face or rank, a bit per meld); the table
   a turn leaves is worked out from the one before by taking the melds changed out of
   both and putting the new in (``TableOffers.edited``). A hand meets the table only
   where its mask ANDs with them, and only there is the meld-by-meld work done, from
   the indexes.
3. Every table offered comes with its *plan*, the edit it makes of the table, so that
   ``apply`` of a text just offered need not parse and judge it again (deal.py keeps
   the plans of the last offer).

Step 4 (a new set) is enumerated by rank rather than by card of the hand: every three
cards of a rank in three suits, one or two from the hand and the others spared by
different melds of the table; three from the hand are step 1's sets already.
tests/games/rules/test_machiavelli_legal.py compares the offers with the plain
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

Meld = tuple[int, ...]
Melds = tuple[Meld, ...]
Changes = tuple[tuple[int, Melds], ...]
Plan = tuple[Changes, Melds, Meld] | None
"""An offered table as an edit of the table: ``(changes, added, placed)``, the melds at
the indexes of ``changes`` replaced by theirs (indexes decreasing), ``added`` laid at
the end, ``placed`` the faces taken from the hand (sorted); every meld canonical, so
``apply`` keeps the table the edit makes as it is. None when the table on offer is not
one ``apply`` would keep as it is (a table set directly with a meld out of canonical
order, or invalid): then ``apply`` judges the text as any other."""

SUIT_BITS = 13 * 8
"""A suit's 13 bytes."""
WIDTH = FACES * 8
"""A byte mask's bits; ``meld_offers`` packs four masks in one int, ``WIDTH`` apart."""
ONES = int.from_bytes(b"\x01" * FACES, "little")
"""Every face."""
_FOLD = int.from_bytes(b"\x01" * 4 * FACES, "little")
_ADD_PACKED, _BIT_7_PACKED = 0x7F * _FOLD, 0x80 * _FOLD
_SUIT = (1 << SUIT_BITS) - 1
_FACES = (1 << WIDTH) - 1
_ALL_RUN_STARTS = sum(1 << 8 * (suit * 13 + rank) for suit in range(4) for rank in range(11))
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


def suit_counts(mask: int) -> int:
    """How many suits of each rank ``mask`` holds: a byte per rank (0 to 4), the four
    suits' bytes added (no carry). ``mask`` is ``a + b * 2**104 + c * 2**208 + d *
    2**312`` (a suit's 13 bytes each), so modulo ``2**104 - 1`` it is ``a + b + c + d``,
    which is smaller than ``2**104 - 1`` (no byte over 4): one operation."""
    return mask % _SUIT


_RANKS = int.from_bytes(b"\x01" * 13, "little")
_ADD_RANKS = tuple((128 - number) * _RANKS for number in range(5))
_BIT_7 = 0x80 * _RANKS
_ADD_1, _ADD_2, _ADD_3 = _ADD_RANKS[1:4]


def at_least(counts: int, number: int) -> int:
    """The ranks at which ``counts`` (a byte per rank, each under 128) is ``number`` (1
    to 4) or more, as a byte mask: adding 128 - number carries into bit 7 exactly then."""
    return ((counts + _ADD_RANKS[number]) & _BIT_7) >> 7


_SUITS_IN = tuple(tuple(suit for suit in range(4) if bits >> suit & 1) for bits in range(16))


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


@lru_cache(maxsize=64)
def _sets_of(rank: int, suits: int) -> tuple[Meld, ...]:
    """The sets of ``rank`` in the suits ``suits`` (4 bits), remembered."""
    held = _SUITS_IN[suits]
    return tuple(
        tuple(suit * 13 + rank for suit in chosen)
        for size in (3, 4)
        for chosen in combinations(held, size)
    )


@lru_cache(maxsize=1 << 12)
def _runs_of(suit: int, ranks: int) -> tuple[Meld, ...]:
    """The runs of ``suit`` with the ranks of ``ranks`` (13 bytes), remembered."""
    ranks |= (ranks & 1) << SUIT_BITS  # the ace again above the king
    flags = [bool(ranks >> 8 * rank & 1) for rank in range(14)]
    return tuple(tuple(suit * 13 + rank % 13 for rank in run) for run in run_starts(flags))


def _entry(meld: Meld) -> tuple[Plan, str]:
    """A meld of the hand as step 1 offers it: its plan (the meld added, its faces
    sorted placed) and its text."""
    return ((), (meld,), tuple(sorted(meld))), format_meld(meld)


_PRESENT = bytes([0, 1, 1]) + bytes(253)
"""``bytes.translate`` table: a count of 1 or 2 copies becomes 1."""
_SUIT_STARTS = tuple((suit, suit * 13) for suit in range(4))
_SETS_AT = tuple(
    {
        bytes(bits >> suit & 1 for suit in range(4)): tuple(map(_entry, _sets_of(rank, bits)))
        for bits in range(16)
    }
    for rank in range(13)
)
"""Step 1's sets of a rank: ``_SETS_AT[rank][the hand's 4 bytes at the rank, 0 or 1]``."""
_SUITS_OF_BYTES = {
    bytes(bits >> suit & 1 for suit in range(4)): _SUITS_IN[bits] for bits in range(16)
}
"""The suits held at a rank, by the hand's 4 bytes (0 or 1) at it."""
_SETS_OF_SUITS = tuple(
    {
        bits: (meld, format_meld(meld))
        for bits in range(16)
        if bin(bits).count("1") == 3
        for meld in [tuple(suit * 13 + rank for suit in _SUITS_IN[bits])]
    }
    for rank in range(13)
)
"""Step 4's new set of three of a rank by its suits (4 bits): ``(meld, text)``."""
_RUNS: tuple[dict[bytes, tuple[tuple[Plan, str], ...]], ...] = ({}, {}, {}, {})
"""Step 1's runs of a suit by the hand's 13 bytes (0 or 1) in the suit, filled as met
(at most 2**13 keys a suit)."""


def _hand_runs(suit: int, row: bytes) -> tuple[tuple[Plan, str], ...]:
    """Step 1's runs of ``suit`` for the hand whose bytes (0 or 1) in it are ``row``."""
    return tuple(map(_entry, _runs_of(suit, int.from_bytes(row, "little"))))


_canonical = lru_cache(maxsize=1 << 15)(canonical)
"""``canonical`` remembered, for the tuples the offers build over and over."""


@lru_cache(maxsize=1 << 15)
def meld_text(meld: Meld) -> str:
    """``format_meld`` remembered."""
    return format_meld(meld)


Spare = tuple[int, int, int, Meld, str]
Grow = tuple[int, int, Meld, str]
GrowBy = dict[int, tuple[str, Melds, Meld]]
SpareBy = dict[int, tuple[tuple[int, Melds, str], ...]]
MeldOffers = tuple[
    str, int, int, int, tuple[Spare, ...], bool, int, tuple[Grow, ...], GrowBy, SpareBy
]
GROW_BY, SPARE_BY = 8, 9
"""The fields of ``meld_offers`` that ``TableOffers`` indexes by."""


@lru_cache(maxsize=1 << 15)
def meld_offers(meld: Meld) -> MeldOffers:
    """What a meld of the table offers, remembered (a table changes by a meld or two a
    turn): ``(text, packed, lengthen, split, spare, kept, spare ranks, grow)``.

    ``lengthen`` masks the faces that make it one card longer (``extensions``); ``split``
    those that split a run in two runs of three or more (a second copy of a card at
    position 2 to len - 3); ``spare`` lists ``(suit, face, rank, the meld without it,
    its text)`` for the faces it can give up and stay a meld (any card of a set of four,
    the ends of a run of four or more; of four cards or more that are no meld, the ends)
    and ``spare ranks`` masks their ranks (as suit 0's faces); ``packed`` is ``lengthen |
    split << WIDTH | spare faces << 2 * WIDTH | spare ranks << 3 * WIDTH``; ``kept``:
    ``apply`` keeps the meld as it is (valid and canonical); ``grow`` lists ``(the
    face's byte mask, face, the longer meld canonical, its text)`` for each face of
    ``lengthen``. Then, for the offers' indexes (``GROW_BY``, ``SPARE_BY``): ``grow by``
    maps each face of ``lengthen`` to ``(the longer meld's text, (the longer meld,),
    (face,))``, and ``spare by`` each spare rank to its ``(suit, (the meld without
    it,), its text)``, the tuples a plan takes."""
    kind = meld_kind(meld)
    split = 0
    if kind == RUN:
        for at in range(2, len(meld) - 2):
            split |= bit(meld[at])
    faces: Meld = ()
    if len(meld) >= 4:
        faces = tuple(meld) if kind == SET else (meld[0], meld[-1])
    spare = []
    for face in faces:
        rest = list(meld)
        rest.remove(face)
        spare.append((face // 13, face, face % 13, tuple(rest), meld_text(tuple(rest))))
    kept = kind is not None and _canonical(meld) == tuple(meld)
    grown = extensions(meld)
    lengthen = mask_of(grown)
    grow = []
    for face in grown:
        longer = _canonical((*meld, face))
        grow.append((bit(face), face, longer, meld_text(longer)))
    spare_ranks = mask_of([face % 13 for face in faces])
    packed = lengthen | split << WIDTH | mask_of(faces) << 2 * WIDTH | spare_ranks << 3 * WIDTH
    grow_by = {face: (text, (longer,), (face,)) for _, face, longer, text in grow}
    spare_by: dict[int, list[tuple[int, Melds, str]]] = {}
    for suit, _, rank, rest, text in spare:
        spare_by.setdefault(rank, []).append((suit, (rest,), text))
    return (
        format_meld(meld), packed, lengthen, split, tuple(spare), kept, spare_ranks, tuple(grow),
        grow_by, {rank: tuple(entries) for rank, entries in spare_by.items()},
    )  # fmt: skip


def edit(table: list[Meld], changes: Changes, added: Melds) -> list[Meld]:
    """The table a plan's ``changes`` and ``added`` make of ``table`` (a new list)."""
    new = list(table)
    for index, melds in changes:
        new[index : index + 1] = melds
    new += added
    return new


class TableOffers:
    """What one table offers any hand.

    ``table`` is the deal's list of melds, known by identity: the deal replaces its
    table and never changes it in place. ``infos``: ``meld_offers`` of each meld;
    ``packed``: their packed masks added (a byte counts melds, at most 35, no carry);
    ``kept``: every meld kept as it is by ``apply``, so that plans can be made.
    ``grow_at[face]`` has bit ``index`` set for each meld ``face`` lengthens (its
    ``GROW_BY`` entry), ``spare_at[rank]`` for each meld that can spare a card of
    ``rank`` (its ``SPARE_BY`` entry): both are worked out afresh for a new table, and
    edited with it otherwise, by flipping the bits of the melds changed (no entry is
    built, so a turn that changes a meld or two costs a few operations on small ints).
    """

    __slots__ = (
        "table", "infos", "texts", "packed", "kept", "grow_at", "spare_at",
        "lengthen", "split", "spare", "spare_one", "spare_two", "_head",
    )  # fmt: skip

    def __init__(self, table: list[Meld]) -> None:
        self.table = table
        self.infos = infos = [meld_offers(meld) for meld in table]
        self.texts = [info[0] for info in infos]
        self.packed = sum(info[1] for info in infos)
        self.kept = all(info[5] for info in infos)
        self._index()
        self._masks()

    def _index(self) -> None:
        """``grow_at`` and ``spare_at`` worked out from ``infos``."""
        grow_at, spare_at = [0] * FACES, [0] * 13
        for index, info in enumerate(self.infos):
            bit = 1 << index
            for face in info[GROW_BY]:
                grow_at[face] |= bit
            for rank in info[SPARE_BY]:
                spare_at[rank] |= bit
        self.grow_at, self.spare_at = grow_at, spare_at

    def edited(self, table: list[Meld], changes: Changes, added: Melds) -> TableOffers:
        """The offers of ``table``, this table edited by a plan's ``changes`` and
        ``added`` (offered by this table, so every meld is kept)."""
        new = TableOffers.__new__(TableOffers)
        new.table = table
        infos, texts, packed = self.infos.copy(), self.texts.copy(), self.packed
        grow_at, spare_at = self.grow_at.copy(), self.spare_at.copy()
        shifted = False
        for index, melds in changes:
            old = infos[index]
            packed -= old[1]
            if len(melds) == 1:
                info = meld_offers(melds[0])
                infos[index] = info
                texts[index] = info[0]
                packed += info[1]
                if not shifted:
                    # The meld's bits: the old one's out, the new one's in (a face both
                    # lengthen keeps its bit).
                    bit = 1 << index
                    for face in old[GROW_BY]:
                        grow_at[face] ^= bit
                    for face in info[GROW_BY]:
                        grow_at[face] ^= bit
                    for rank in old[SPARE_BY]:
                        spare_at[rank] ^= bit
                    for rank in info[SPARE_BY]:
                        spare_at[rank] ^= bit
                continue
            shifted = True  # the melds after it move: the indexes are worked out afresh
            fresh = [meld_offers(meld) for meld in melds]
            infos[index : index + 1] = fresh
            texts[index : index + 1] = [info[0] for info in fresh]
            for info in fresh:
                packed += info[1]
        for meld in added:
            bit = 1 << len(infos)
            info = meld_offers(meld)
            infos.append(info)
            texts.append(info[0])
            packed += info[1]
            for face in info[GROW_BY]:
                grow_at[face] |= bit
            for rank in info[SPARE_BY]:
                spare_at[rank] |= bit
        new.infos, new.texts, new.packed, new.kept = infos, texts, packed, True
        if shifted:
            new._index()
        else:
            new.grow_at, new.spare_at = grow_at, spare_at
        new._masks()
        return new

    def _masks(self) -> None:
        """The faces (byte masks) that lengthen, split or are spared by a meld of the
        table, and the ranks spared by two melds or more."""
        packed = self.packed
        found = ((packed + _ADD_PACKED) & _BIT_7_PACKED) >> 7
        self.lengthen = found & _FACES
        self.split = found >> WIDTH & _FACES
        self.spare = found >> 2 * WIDTH & _FACES
        # Ranks where the table spares a card (then a hand holding two suits of it may
        # make a set), and where two melds or more spare one (then one suit may).
        self.spare_one = found >> 3 * WIDTH
        self.spare_two = (((packed >> 3 * WIDTH & _SUIT) + _ADD_2) & _BIT_7) >> 7  # at_least
        self._head: str | None = None

    def __eq__(self, other: object) -> bool:
        """Offers are equal when their tables are: the rest follows from the table."""
        return isinstance(other, TableOffers) and other.table == self.table

    __hash__ = None  # type: ignore[assignment]

    def __deepcopy__(self, memo: dict[int, object]) -> TableOffers:
        """Itself: nothing in it changes once made (a copy of the deal has a copy of the
        table, which is not this ``table``, so the copy works out its own offers)."""
        return self

    def offers(self, counts: bytes) -> dict[str, Plan]:
        """The ``table ...`` actions of ``legal_actions``' four steps for the hand whose
        52 counts are ``counts`` (as bytes), each with its plan (None if not ``kept``)."""
        norm = counts.translate(_PRESENT)  # 2 copies read as 1
        present = int.from_bytes(norm, "little")
        plans: dict[str, Plan] = {}
        kept = self.kept
        # 1. The hand's own melds, added to the table.
        held = present % _SUIT  # suits held of each rank (suit_counts, below)
        rows = present & present >> 8
        if (
            (held + _ADD_3) & _BIT_7
            or rows & present >> 16 & _ALL_RUN_STARTS
            or rows & present << 88 & _QUEENS
        ):
            head = self._head
            if head is None:
                texts = self.texts
                head = self._head = _VERB + _SEP.join(texts) + _SEP if texts else _VERB
            # The sets of each rank with three suits or more, then the runs of each
            # suit, looked up by the hand's bytes at the rank or the suit.
            at_three = ((held + _ADD_3) & _BIT_7) >> 7
            while at_three:
                low = at_three & -at_three
                at_three ^= low
                rank = (low.bit_length() - 1) >> 3
                for plan, text in _SETS_AT[rank][norm[rank::13]]:
                    plans[head + text] = plan if kept else None
            for suit, start in _SUIT_STARTS:
                row = norm[start : start + 13]
                runs = _RUNS[suit].get(row)
                if runs is None:
                    runs = _RUNS[suit][row] = _hand_runs(suit, row)
                for plan, text in runs:
                    plans[head + text] = plan if kept else None
        # 2. A card of the hand lengthens a meld.
        lengthen = present & self.lengthen
        if lengthen:
            grow_at, infos, texts = self.grow_at, self.infos, self.texts
            while lengthen:
                mask = lengthen & -lengthen  # one face's byte
                lengthen ^= mask
                face = (mask.bit_length() - 1) >> 3
                melds = grow_at[face]  # a bit per meld that face lengthens
                while melds:
                    index = melds.bit_length() - 1
                    melds ^= 1 << index
                    text, longer, placed = infos[index][GROW_BY][face]
                    new_texts = texts.copy()
                    new_texts[index] = text
                    plans[_VERB + _SEP.join(new_texts)] = (
                        (((index, longer),), (), placed) if kept else None
                    )
        # 3. A card of the hand splits a run at its rank.
        split = present & self.split
        if split:
            table, infos, texts = self.table, self.infos, self.texts
            while split:
                mask = split & -split
                split ^= mask
                face = (mask.bit_length() - 1) >> 3
                for index in [index for index, info in enumerate(infos) if info[3] & mask]:
                    meld = table[index]
                    at = meld.index(face, 2)
                    halves = (meld[: at + 1], (face, *meld[at + 1 :]))
                    new_texts = texts.copy()
                    new_texts[index : index + 1] = [meld_text(half) for half in halves]
                    plan = (((index, halves),), (), (face,)) if kept else None
                    plans[_VERB + _SEP.join(new_texts)] = plan
        # 4. A new set with cards spared by the table, at a rank with three suits
        # between hand and table: two suits in hand and one spared, or one in hand and
        # two spared by two melds.
        spare_one = self.spare_one
        if spare_one:
            ranks = ((held + _ADD_2) & _BIT_7) >> 7 & spare_one
            ranks |= ((held + _ADD_1) & _BIT_7) >> 7 & self.spare_two
            if ranks:
                # Three suits between hand and table (suit_counts and at_least, inline).
                ranks &= (((present | self.spare) % _SUIT + _ADD_3) & _BIT_7) >> 7
                while ranks:
                    low = ranks & -ranks
                    ranks ^= low
                    rank = (low.bit_length() - 1) >> 3
                    self._new_sets(plans, rank, _SUITS_OF_BYTES[norm[rank::13]])
        return plans

    def _new_sets(self, plans: dict[str, Plan], rank: int, held: tuple[int, ...]) -> None:
        """Step 4 at ``rank``, the hand holding it in the suits ``held``: one card of the
        hand and two spared by two melds, or two of the hand and one spared."""
        # The cards of the rank the table spares, ``(suit, meld index, (the meld without
        # it,), its text)``, the later melds first, as a plan's changes go.
        melds, infos = self.spare_at[rank], self.infos
        spared = []
        while melds:
            index = melds.bit_length() - 1
            melds ^= 1 << index
            for suit, rest, text in infos[index][SPARE_BY][rank]:
                spared.append((suit, index, rest, text))
        kept, texts = self.kept, self.texts
        sets = _SETS_OF_SUITS[rank]
        if len(spared) >= 2:
            for first, second in combinations(spared, 2):
                if first[1] == second[1] or first[0] == second[0]:
                    continue
                for suit in held:
                    if suit == first[0] or suit == second[0]:
                        continue
                    new_set, text = sets[1 << suit | 1 << first[0] | 1 << second[0]]
                    new_texts = texts.copy()
                    new_texts[first[1]] = first[3]
                    new_texts[second[1]] = second[3]
                    new_texts.append(text)
                    plans[_VERB + _SEP.join(new_texts)] = (
                        (
                            ((first[1], first[2]), (second[1], second[2])),
                            (new_set,),
                            (suit * 13 + rank,),
                        )
                        if kept
                        else None
                    )
        for one, two in combinations(held, 2):
            for taken in spared:
                if taken[0] == one or taken[0] == two:
                    continue
                new_set, text = sets[1 << one | 1 << two | 1 << taken[0]]
                new_texts = texts.copy()
                new_texts[taken[1]] = taken[3]
                new_texts.append(text)
                plans[_VERB + _SEP.join(new_texts)] = (
                    (((taken[1], taken[2]),), (new_set,), (one * 13 + rank, two * 13 + rank))
                    if kept
                    else None
                )
