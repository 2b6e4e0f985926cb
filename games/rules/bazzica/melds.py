"""Bazzica's combinations (dichiarazioni): what they are, which may be declared, and
which physical cards a declaration uses.

Source: ../shared/rules/sources/002_94586e7e86dfeab2.txt ("Combinazioni e
punti"), ../shared/rules/README.md ("Bazzica": reuse, scambio).

The combinations, with their kind (the action's word) and points:

==================  ==================================  ======
kind                cards                               points
==================  ==================================  ======
double_bezique      QS QS JD JD (bazzica doppia)        500
sequence            A 10 K Q J of trumps (sequenza)     250
four_aces           any four aces                       100
four_kings          any four kings                      80
four_queens         any four queens                     60
four_jacks          any four jacks                      40
bezique             QS JD (bazzica)                     40
royal_marriage      K Q of trumps                       40
marriage            K Q of another suit                 20
exchange            the 7 of trumps (scambio)           10
==================  ==================================  ======

"Any four" may hold two cards of one suit. Reuse (option ``reuse``):
``kind`` (002 and the ruling): a card may join later combinations of other
kinds, never a second combination of the same kind. ``class`` adds the
classic English rules: no lower combination of a family (marriage < royal
marriage < sequence; bezique < double bezique) from a card of a higher one
already declared, and a combination of a family needs a card new to that
family (so two declared beziques never make a double bezique).

With hearts (suit 2) trumps and nothing declared yet (physical cards of the
first copies are the codes' own ints, so ``PACK.mask`` gives them):

>>> find(PACK.mask(["QS", "JD", "KS", "7C"]), [0] * 64, 0, 2, "kind", False)
['declare bezique JD QS', 'declare marriage KS QS']
>>> find(PACK.mask(["QS", "JD", "KS", "7H"]), [1 << BEZIQUE] * 64, 0, 2, "kind", False)
['declare exchange 7H', 'declare marriage KS QS']
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from games.rules.bazzica.cards import CODES, COPIES, PACK, N, display_codes, fold, pick_copy
from games.rules.cards import SUITS, bits

KINDS = (
    "double_bezique", "sequence", "four_aces", "four_kings", "four_queens", "four_jacks",
    "bezique", "royal_marriage", "marriage", "exchange",
)  # fmt: skip
(DOUBLE, SEQUENCE, FOUR_ACES, FOUR_KINGS, FOUR_QUEENS, FOUR_JACKS, BEZIQUE, ROYAL, MARRIAGE,
 EXCHANGE) = range(len(KINDS))  # fmt: skip
POINTS = (500, 250, 100, 80, 60, 40, 40, 40, 20, 10)
LABELS = (
    "Bazzica doppia", "Sequenza", "Quattro assi", "Quattro re", "Quattro donne",
    "Quattro fanti", "Bazzica", "Matrimonio di briscola", "Matrimonio comune", "Scambio",
)  # fmt: skip
FOURS = {"A": FOUR_ACES, "K": FOUR_KINGS, "Q": FOUR_QUEENS, "J": FOUR_JACKS}

# Option ``reuse`` -> kind -> (block, family): no card that has joined a kind in ``block``
# may join this one; when ``family`` is not 0, some card must have joined none of its kinds.
_HIGHER = {MARRIAGE: (ROYAL, SEQUENCE), ROYAL: (SEQUENCE,), BEZIQUE: (DOUBLE,)}
_FAMILIES = (1 << MARRIAGE | 1 << ROYAL | 1 << SEQUENCE, 1 << BEZIQUE | 1 << DOUBLE)


def _class_rule(kind: int) -> tuple[int, int]:
    block = 1 << kind
    for higher in _HIGHER.get(kind, ()):
        block |= 1 << higher
    family = next((f for f in _FAMILIES if f >> kind & 1), 0)
    return block, family


RULES = {
    "kind": tuple((1 << kind, 0) for kind in range(len(KINDS))),
    "class": tuple(_class_rule(kind) for kind in range(len(KINDS))),
}


def _spell(kind: int, codes: Sequence[int]) -> str:
    return f"declare {KINDS[kind]} " + " ".join(CODES[c] for c in display_codes(codes))


def _needs(codes: Sequence[int]) -> tuple[tuple[int, int], ...]:
    return tuple((c, codes.count(c)) for c in sorted(set(codes)))


def _codes(*codes: str) -> list[int]:
    return [PACK.index[code] for code in codes]


# Every well-formed declaration: string -> (kind, needs ((code, count), ...), suit rule),
# where the suit rule is (suit, True) for "must be trumps", (suit, False) for "must not".
DECLARATIONS: dict[str, tuple[int, tuple[tuple[int, int], ...], tuple[int, bool] | None]] = {}
# Trump suit -> the declarations of fixed cards possible under it, as (string, kind, needs,
# mask of the codes needed, mask of those needed twice).
_FIXED: list[list[tuple[str, int, tuple[tuple[int, int], ...], int, int]]] = [[], [], [], []]


def _add(kind: int, codes: list[int], rule: tuple[int, bool] | None) -> None:
    spelled = _spell(kind, codes)
    needs = _needs(codes)
    DECLARATIONS[spelled] = (kind, needs, rule)
    if kind in FOURS.values():
        return
    # Masks of the codes needed once and twice: a quick test before looking at copies.
    once = sum(1 << code for code, _ in needs)
    twice = sum(1 << code for code, count in needs if count == 2)
    for trump in range(4):
        if rule is None or (rule[0] == trump) == rule[1]:
            _FIXED[trump].append((spelled, kind, needs, once, twice))


_add(DOUBLE, _codes("QS", "QS", "JD", "JD"), None)
_add(BEZIQUE, _codes("QS", "JD"), None)
for _s, _suit in enumerate(SUITS):
    _add(SEQUENCE, _codes(*(rank + _suit for rank in ("A", "10", "K", "Q", "J"))), (_s, True))
    _add(ROYAL, _codes("K" + _suit, "Q" + _suit), (_s, True))
    _add(MARRIAGE, _codes("K" + _suit, "Q" + _suit), (_s, False))
    _add(EXCHANGE, _codes("7" + _suit), (_s, True))
_FOUR_CARDS = []  # (kind, mask of the eight physical cards of its rank)
for _rank, _kind in FOURS.items():
    # Every multiset of four codes of the rank, at most two of each: 19 per rank.
    for _combo in sorted(set(combinations(_codes(*(_rank + s for s in SUITS)) * 2, 4))):
        _add(_kind, list(_combo), None)
    _FOUR_CARDS.append((_kind, PACK.rank_mask(_rank) | PACK.rank_mask(_rank) << N))


def choose(
    held: int, used: Sequence[int], known: int, kind: int, needs, mode: str
) -> tuple[int, ...] | str:
    """The physical cards a declaration of ``kind`` with ``needs`` ((code, count), ...) uses.

    ``held``: mask of the player's physical cards (hand and table); ``used``:
    card -> mask of kinds it has joined; ``known``: mask of the player's cards
    the opponent knows (preferred, see bazzica_cards.pick_copy); ``mode``:
    option ``reuse``. Returns the cards, or the refusal's key when impossible:
    ``card_not_available``, ``already_used`` or ``no_new_card``.
    """
    block, family = RULES[mode][kind]
    chosen: list[int] = []
    for code, count in needs:
        copies = held & COPIES[code]
        if copies.bit_count() < count:
            return "card_not_available"
        eligible = [i for i in (code, code + N) if copies >> i & 1 and not used[i] & block]
        if len(eligible) < count:
            return "already_used"
        if len(eligible) > count:
            eligible = [pick_copy(copies, known, used)]
        chosen += eligible
    if family and all(used[i] & family for i in chosen):
        return "no_new_card"
    return tuple(chosen)


def find(
    held: int, used: Sequence[int], known: int, trump: int, mode: str, upcard_seven: bool
) -> list[str]:
    """Every declaration the player may make now, as action strings (unsorted).

    Arguments as for ``choose``; ``trump`` is the trump suit index and
    ``upcard_seven`` is True when the upcard is a 7 (nothing left to exchange).
    """
    found = []
    once, twice = fold(held), held & held >> N
    for spelled, kind, needs, need_once, need_twice in _FIXED[trump]:
        if need_once & ~once or need_twice & ~twice or kind == EXCHANGE and upcard_seven:
            continue
        if not isinstance(choose(held, used, known, kind, needs, mode), str):
            found.append(spelled)
    rules = RULES[mode]
    for kind, rank_cards in _FOUR_CARDS:
        cards = held & rank_cards
        if cards.bit_count() >= 4:
            block = rules[kind][0]
            eligible = [i & 31 for i in bits(cards) if not used[i] & block]
            if len(eligible) >= 4:
                found.extend({_spell(kind, combo) for combo in combinations(eligible, 4)})
    return found
