"""Pinch Tarot's melds: which a hand may announce, their spelling and their points.

Source: ../shared/rules/sources/003_7513308a0e62a486.txt ("Melds"),
../shared/rules/README.md ("Pinch Tarot": melds are optional actions, each
scores once per hand except the increments).

| action | meld | points |
|---|---|---|
| ``meld tarocchi 1T 4T ...`` | taròcchi: 10 or more trumps | 1 a trump (again: the extra) |
| ``meld gatti 1T 20T FOOL`` | gatti: the fool, trumps 1 and 20 | 10 |
| ``meld family JD CD QD KD`` | family: the four courts of a suit | 10 |
| ``meld four CC CD CH CS`` | four jacks, cavaliers, queens, kings | 10; 5 after the three |
| ``meld three CC CD CS`` | three of them (any three of four) | 5 |

Cards are listed in a fixed order: trumps by number, the fool last; sets by
suit C D H S; a family J C Q K. A taròcchi is one choice: ``meld_actions``
offers a single entry (every trump held) and ``check_meld`` accepts any allowed
choice of the trumps held. A seat's progress is ``done`` (a bitmask of
the flags below) and ``best`` (the most trumps shown in a taròcchi so far).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any, NamedTuple

from games.rules.base import IllegalAction
from games.rules.cards import SUITS
from games.rules.pinch_tarot.scoring import CODES, PACK, STRENGTH, TRUMPS, display_codes

COURTS = ("J", "C", "Q", "K")
RANK_NAMES = {"J": "jacks", "C": "cavaliers", "Q": "queens", "K": "kings"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
MIN_TAROCCHI = 10

GATTI = 1
"""Flag of the gatti in ``done``; families are ``2 << suit``, threes ``32 << rank``
and fours ``512 << rank`` (suit and rank indexes into SUITS and COURTS)."""


class Meld(NamedTuple):
    """A meld of fixed cards: its kind, cards (bitmask), flag, the flags that forbid it,
    points, and the points when ``reduced_by`` is already done (the four after the three)."""

    kind: str
    cards: int
    flag: int
    blocked_by: int
    points: int
    reduced_by: int
    label: str


def _spell(kind: str, codes: list[str]) -> str:
    return f"meld {kind} {' '.join(codes)}"


def _fixed_melds() -> dict[str, Meld]:
    melds = {_spell("gatti", ["1T", "20T", "FOOL"]): Meld(
        "gatti", PACK.mask(["1T", "20T", "FOOL"]), GATTI, GATTI, 10, 0, "gatti"
    )}  # fmt: skip
    for s, suit in enumerate(SUITS):
        codes = [rank + suit for rank in COURTS]
        flag = 2 << s
        melds[_spell("family", codes)] = Meld(
            "family", PACK.mask(codes), flag, flag, 10, 0, f"family of {SUIT_NAMES[suit]}"
        )
    for r, rank in enumerate(COURTS):
        three, four = 32 << r, 512 << r
        codes = [rank + suit for suit in SUITS]
        name = RANK_NAMES[rank]
        melds[_spell("four", codes)] = Meld(
            "four", PACK.mask(codes), four, four, 10, three, f"four {name}"
        )
        for trio in combinations(codes, 3):
            melds[_spell("three", list(trio))] = Meld(
                "three", PACK.mask(trio), three, three | four, 5, 0, f"three {name}"
            )
    return melds


FIXED = _fixed_melds()
"""Action string -> Meld, for every meld but the taròcchi."""
MELD_CARDS = PACK.mask(code for action in FIXED for code in action.split()[2:])
"""The cards of the fixed melds: the 16 courts, the fool, trumps 1 and 20."""
_SORTED = tuple((a, m.cards, m.blocked_by) for a, m in sorted(FIXED.items()))


# Trumps of a hand, weakest first, for spelling taròcchi.
_TRUMP_ORDER = tuple(
    sorted((i for i in range(len(CODES)) if TRUMPS >> i & 1), key=STRENGTH.__getitem__)
)


@lru_cache(maxsize=1 << 14)
def held_melds(cards: int) -> tuple[tuple[str, int], ...]:
    """``(action, flags that forbid it)`` of the fixed melds whose cards are all in
    ``cards``, a hand's MELD_CARDS; sorted by action. Cached: hands keep their
    meld cards from trick to trick."""
    return tuple(
        (action, blocked_by) for action, need, blocked_by in _SORTED if cards & need == need
    )


def meld_actions(hand: int, done: int, best: int) -> list[str]:
    """Sorted meld actions ``hand`` (bitmask) may announce now, given ``done`` and ``best``.

    A taròcchi is one entry, every trump held, whatever the number of choices
    ``check_meld`` accepts (3,003 tens alone among 15 trumps).

    >>> meld_actions(PACK.mask([f"{n}T" for n in range(1, 16)]), 0, 0)
    ['meld tarocchi 1T 2T 3T 4T 5T 6T 7T 8T 9T 10T 11T 12T 13T 14T 15T']
    >>> meld_actions(PACK.mask(["JC", "JD", "JH", "5T"]), 0, 0)
    ['meld three JC JD JH']
    >>> meld_actions(PACK.mask(["JC", "JD", "JH", "JS"]), 32, 0)
    ['meld four JC JD JH JS']
    """
    found = [a for a, blocked_by in held_melds(hand & MELD_CARDS) if not done & blocked_by]
    trumps = hand & TRUMPS
    if tarocchi_minimum(trumps.bit_count(), best):
        # One entry for the whole choice (issue #32): every trump held, the most points.
        # ``check_meld`` accepts any other choice of them the rules allow.
        found.append(_spell("tarocchi", _trump_codes(trumps)))
        found.sort()
    return found


def tarocchi_minimum(count: int, best: int) -> int:
    """The fewest trumps a taròcchi may show now, holding ``count`` trumps after showing
    ``best`` before; 0 when none may be shown (fewer than 10 held, or no more than ``best``).

    >>> tarocchi_minimum(12, 0), tarocchi_minimum(12, 11), tarocchi_minimum(12, 12)
    (10, 12, 0)
    """
    need = max(MIN_TAROCCHI, best + 1)
    return need if count >= need else 0


def _trump_codes(trumps: int) -> list[str]:
    """The codes of the trumps in ``trumps`` (bitmask), weakest first."""
    return [CODES[t] for t in _TRUMP_ORDER if trumps >> t & 1]


def check_meld(action: str, hand: int, done: int, best: int) -> tuple[dict[str, Any], int, int]:
    """Check the meld ``action`` for a seat holding ``hand`` with ``done`` and ``best``.

    A taròcchi may show any choice of the trumps held, at least ``tarocchi_minimum``
    of them, spelled by number without repeats (``legal_actions`` offers one entry, every
    trump held, for the whole choice).

    Returns ``(meld, done, best)``: the announcement ``{"kind", "cards":
    [codes], "points", "label"}`` and the seat's progress after it. Raises
    IllegalAction (keys ``malformed``, ``meld_cards_not_held``,
    ``meld_already_scored``, ``meld_too_few_trumps``, ``tarocchi_not_more``) and
    changes nothing.
    Source: ../shared/rules/sources/003_7513308a0e62a486.txt ("Melds").
    """
    meld = FIXED.get(action)
    if meld is not None:
        cards = meld.cards
        if done & meld.blocked_by:
            raise IllegalAction(
                "meld_already_scored", f"{action!r}: that meld has already scored this hand"
            )
        points = meld.points - 5 if done & meld.reduced_by else meld.points
        kind, label, done = meld.kind, meld.label, done | meld.flag
    else:
        cards = _tarocchi_cards(action)
        count = cards.bit_count()
        if count < MIN_TAROCCHI:
            raise IllegalAction(
                "meld_too_few_trumps",
                f"{action!r}: taròcchi shows at least {MIN_TAROCCHI} trumps, {count} chosen",
                count=count,
                min=MIN_TAROCCHI,
            )
        if count <= best:
            raise IllegalAction(
                "tarocchi_not_more",
                f"{action!r}: you have already shown {best} trumps; show more than {best} "
                f"to score again ({count} chosen)",
                best=best,
                count=count,
            )
        points, kind, label, best = count - best, "tarocchi", f"taròcchi, {count} trumps", count
    if hand & cards != cards:
        missing = display_codes(cards & ~hand)
        raise IllegalAction(
            "meld_cards_not_held",
            f"{action!r}: you do not hold {', '.join(missing)}",
            cards=missing,
        )
    shown = action.split()[2:]
    return {"kind": kind, "cards": shown, "points": points, "label": label}, done, best


def _tarocchi_cards(action: str) -> int:
    """The trumps named by a ``meld tarocchi ...`` action, spelled exactly; else malformed."""
    words = action.split(" ") if isinstance(action, str) else []
    if words[:2] == ["meld", "tarocchi"]:
        try:
            cards = [PACK.index[code] for code in words[2:]]
        except KeyError:
            cards = []
        strengths = [STRENGTH[c] for c in cards]
        if cards and all(TRUMPS >> c & 1 for c in cards) and strengths == sorted(set(strengths)):
            return sum(1 << c for c in cards)
        if cards and all(TRUMPS >> c & 1 for c in cards):
            raise IllegalAction(
                "malformed",
                f"{action!r}: name each trump once, by number from the lowest "
                "('meld tarocchi 1T 4T 5T ...')",
            )
    raise IllegalAction(
        "malformed",
        f"{action!r} is not a meld: expected 'meld tarocchi' and trumps by number "
        "('meld tarocchi 1T 2T ...'), 'meld gatti 1T 20T FOOL', 'meld family JD CD QD KD', "
        "'meld four KC KD KH KS' or 'meld three KC KD KH'",
    )
