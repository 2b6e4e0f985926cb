"""Machiavelli's cards and melds: faces, sets, runs, and the spelling of a table.

A card of the double French pack is handled here as a *face*, a small int
``suit * 13 + rank`` with suits C D H S (0-3) and ranks A 2 ... K (0-12); the two
copies of a code are the same face, so a hand or a table is a multiset of faces,
kept as a list of 52 counts (0, 1 or 2).

Melds (../shared/rules/sources/004_3274f6a7e97458c6.txt, "Machiavelli";
../shared/rules/README.md, "Machiavelli"):

- a *set* is 3 or 4 cards of one rank, all suits different;
- a *run* (the source's "sequence") is 3 or more consecutive cards of one suit; the
  ace is low (A 2 3) or high (Q K A) but not both, so K A 2 is no run and a run has at
  most 13 cards.

>>> meld_kind(faces("7C 7D 7S")), meld_kind(faces("QH KH AH")), meld_kind(faces("KH AH 2H"))
('set', 'run', None)
>>> codes(canonical(faces("AH KH QH")))
['QH', 'KH', 'AH']
>>> format_table([canonical(faces("5H 3H 4H")), canonical(faces("7S 7C 7D"))])
'table 3H 4H 5H | 7C 7D 7S'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.rules.cards import RANKS, SUITS

FACES = 52
CODES = tuple(rank + suit for suit in SUITS for rank in RANKS)
"""Face -> card code: ``CODES[suit * 13 + rank]``."""
FACE = {code: face for face, code in enumerate(CODES)}
"""Card code -> face."""
SUIT_OF = tuple(face // 13 for face in range(FACES))
RANK_OF = tuple(face % 13 for face in range(FACES))
ACE, QUEEN, KING = 0, 11, 12
SET, RUN = "set", "run"
TABLE_VERB = "table"
MELD_SEPARATOR = "|"
CARD_POINTS = tuple(min(rank + 1, 10) for rank in RANK_OF)
"""Face -> card points for the ranking of a blocked game: A 1, 2-10 face value,
J Q K 10 (../shared/rules/README.md, "Machiavelli")."""


def faces(text: str | Iterable[str]) -> list[int]:
    """The faces of card codes, given as a list or one space-separated string.

    Raises ValueError naming the first string that is not a card code.

    >>> faces("AC 10H")
    [0, 35]
    """
    items = text.split() if isinstance(text, str) else list(text)
    try:
        return [FACE[code] for code in items]
    except (KeyError, TypeError):
        bad = next(code for code in items if code not in FACE)
        raise ValueError(f"{bad!r} is not a card code (expected e.g. '3D', '10H', 'AS')") from None


def codes(meld: Iterable[int]) -> list[str]:
    """The codes of faces, in their order."""
    return [CODES[face] for face in meld]


def counts_of(cards: Iterable[int]) -> list[int]:
    """A multiset of faces as 52 counts (face -> copies)."""
    counts = [0] * FACES
    for face in cards:
        counts[face] += 1
    return counts


def _run_ranks(ranks: list[int]) -> list[int] | None:
    """The ranks of a run in order (ace high as 13) if the distinct ``ranks`` (sorted,
    ace 0) are consecutive with the ace low or high; None otherwise."""
    if ranks[-1] - ranks[0] == len(ranks) - 1:
        return ranks
    if ranks[0] == ACE:
        high = [*ranks[1:], 13]
        if high[-1] - high[0] == len(high) - 1:
            return high
    return None


def meld_kind(meld: Sequence[int]) -> str | None:
    """``"set"`` or ``"run"`` if the faces ``meld`` (any order) are a valid meld, else None.

    Source: 004 ("Machiavelli"): sets of three or more of a rank with different suits
    (at most four, rulings), runs of three or more consecutive cards of a suit, the ace
    low or high but not both.

    >>> meld_kind(faces("7C 7D 7S 7H")), meld_kind(faces("7C 7D 7C")), meld_kind(faces("7C 7D"))
    ('set', None, None)
    >>> meld_kind(faces("AS 2S 3S")), meld_kind(faces("JS QS KS AS")), meld_kind(faces("3S 4S 6S"))
    ('run', 'run', None)
    """
    size = len(meld)
    if size < 3:
        return None
    rank = RANK_OF[meld[0]]
    if size <= 4 and all(RANK_OF[face] == rank for face in meld):
        return SET if len({SUIT_OF[face] for face in meld}) == size else None
    suit = SUIT_OF[meld[0]]
    if any(SUIT_OF[face] != suit for face in meld):
        return None
    ranks = sorted(RANK_OF[face] for face in meld)
    if len(set(ranks)) != size:
        return None
    return RUN if _run_ranks(ranks) is not None else None


def extensions(meld: Sequence[int]) -> tuple[int, ...]:
    """The faces that make a valid meld ``meld`` (canonical order) one card longer: a
    set's missing suits, a run's next card at either end.

    >>> codes(extensions(faces("7C 7D 7S"))), codes(extensions(faces("QH KH AH")))
    (['7H'], ['JH'])
    >>> codes(extensions(faces("AH 2H 3H"))), codes(extensions(faces("9S 10S JS QS KS")))
    (['4H'], ['8S', 'AS'])
    """
    kind = meld_kind(meld)
    if kind == SET:
        if len(meld) == 4:
            return ()
        rank, suits = RANK_OF[meld[0]], {SUIT_OF[face] for face in meld}
        return tuple(suit * 13 + rank for suit in range(4) if suit not in suits)
    if kind != RUN or len(meld) >= 13:
        return ()
    suit = SUIT_OF[meld[0]]
    low = RANK_OF[meld[0]]
    high = RANK_OF[meld[-1]] if meld[-1] != meld[0] else low
    ace_high = RANK_OF[meld[-1]] == ACE
    out = []
    if low != ACE:
        out.append(suit * 13 + low - 1)
    if not ace_high and high == KING and low != ACE:
        out.append(suit * 13 + ACE)
    elif not ace_high and high != KING:
        out.append(suit * 13 + high + 1)
    return tuple(dict.fromkeys(out))  # 2 ... K takes the ace at either end: one face


def canonical(meld: Sequence[int]) -> tuple[int, ...]:
    """A valid meld's faces in the order a player lays them: a set by suit (C D H S), a
    run from its lowest card up (a high ace last). Other card lists come back sorted.

    >>> codes(canonical(faces("7S 7C 7H"))), codes(canonical(faces("3D AD 2D")))
    (['7C', '7H', '7S'], ['AD', '2D', '3D'])
    """
    ordered = sorted(meld)
    if meld_kind(ordered) == RUN and RANK_OF[ordered[0]] == ACE:
        ranks = _run_ranks([RANK_OF[face] for face in ordered])
        if ranks is not None and ranks[-1] == 13:
            return (*ordered[1:], ordered[0])
    return tuple(ordered)


def format_meld(meld: Iterable[int]) -> str:
    """A meld spelled as the codes of its faces joined by spaces."""
    return " ".join(CODES[face] for face in meld)


def format_table(melds: Iterable[Sequence[int]]) -> str:
    """The action that submits ``melds`` as the whole new table: ``table`` then the melds'
    codes, melds separated by ``|`` (each meld in its given order)."""
    return f"{TABLE_VERB} " + f" {MELD_SEPARATOR} ".join(format_meld(meld) for meld in melds)


def parse_table(action: str) -> list[list[int]]:
    """The melds (lists of faces) of a ``table ...`` action.

    Raises ValueError with a readable message when the action is not ``table`` followed
    by one or more melds of card codes separated by ``|``, a meld is empty, or a code
    is unknown.

    >>> parse_table("table 3H 4H 5H | 7C 7D 7S")
    [[28, 29, 30], [6, 19, 45]]
    """
    verb, _, rest = action.partition(" ")
    if verb != TABLE_VERB or not rest.strip():
        raise ValueError(f"{action!r} is not 'table' followed by melds of card codes")
    melds = []
    for part in rest.split(MELD_SEPARATOR):
        items = part.split()
        if not items:
            raise ValueError(f"{action!r} has an empty meld (two '|' with no card between)")
        melds.append(faces(items))
    return melds
