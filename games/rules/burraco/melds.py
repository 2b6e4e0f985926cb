"""Burraco melds: runs and sets, wild cards with explicit positions, every placement rule.

A meld is spelled as its cards, space separated. A wild card (a joker ``JK`` or any 2,
the *pinella*) standing for a card of a run names that card after ``@``:
``JK@6S 7S 8S`` is joker-7-8 of spades with the joker as the 6. A 2 of the run's own
suit written bare is its natural self, in the 2's place (``AH 2H 3H``). In a set a
wild card needs no position: ``7C 7D JK``. The order of the cards does not matter;
``Meld.spelling`` gives the canonical order (a run low to high, a set its naturals by
suit then its wild card).

Rules enforced (../shared/rules/sources/004_3274f6a7e97458c6.txt, "Melding", "Wild
cards"; ../shared/rules/README.md, "Burraco"):

1. A meld has three or more cards. A set is cards of one rank (never 2s or jokers);
   a run is consecutive cards of one suit, the ace low (A-2-3) or high (Q-K-A), never
   both, so a run holds at most one ace and at most 13 cards.
2. One wild card per meld (a joker or a 2 used as a wild; a 2 in its natural place in
   a run of its suit is not wild).
3. In a run a wild card fills an inside place or stands at the low end; at the high
   end only when the run starts with the ace (low), where nothing can go below it.
4. Adding to a meld (``extend_meld``) keeps every card already in it and may move its
   wild card: replaced by its natural card, the wild goes to the low end (or fills a
   new inside place, or the high end after an ace); a natural 2 may be pressed into
   service as the wild when the meld has none; a wild card is never replaced by
   another wild card (so a wild 2 cannot be forced into being natural).
5. A run stays one run: adding can neither merge two melds nor split one (the new
   cards must make one consecutive run with the old ones).
The one-set-per-rank-per-side rule needs the side's melds and is in deal.py.

Errors are IllegalAction with a key (``meld_too_short``, ``bad_card``,
``wild_needs_position``, ``natural_with_position``, ``one_wild_per_meld``,
``no_set_of_wilds``, ``run_mixed_suits``, ``run_one_ace``, ``run_duplicate_rank``,
``run_not_consecutive``, ``wild_at_low_end``, ``wild_position_mismatch``,
``add_changes_meld``, ``add_removes_cards``, ``add_nothing``, ``wild_replaced_by_wild``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.rules.base import IllegalAction
from games.rules.cards import RANKS, SUITS

JOKER = "JK"
RUN, SET = "run", "set"
CLEAN, SEMI_CLEAN, DIRTY = "clean", "semi_clean", "dirty"
BURRACO_LENGTH = 7
"""A meld of seven or more cards is a burraco (004, "Burrachi")."""

# Places in a run: 1 the ace low, 2..13 the 2 to the king, 14 the ace high.
_PLACE = {rank: place for place, rank in enumerate(RANKS, start=1)}
_RANK_AT = {**{place: rank for rank, place in _PLACE.items()}, 14: "A"}


def is_wild(code: str) -> bool:
    """True for a joker or a 2 (a *pinella*), the cards that may be played as wild.

    >>> is_wild("JK"), is_wild("2D"), is_wild("AD")
    (True, True, False)
    """
    return code == JOKER or code[:-1] == "2"


def check_code(code: str) -> str:
    """``code`` if it is a card of the Burraco pack (a standard code or ``JK``), else
    IllegalAction ``bad_card``."""
    if code == JOKER:
        return code
    if isinstance(code, str) and len(code) >= 2 and code[:-1] in _PLACE and code[-1] in SUITS:
        return code
    raise IllegalAction("bad_card", f"{code!r} is not a card code (e.g. 7S, 10H, JK)", card=code)


class _once:  # noqa: N801 - used as a decorator, like functools.cached_property
    """``functools.cached_property`` without its lock (Python 3.11 takes an RLock on
    every first access, a noticeable share of making a meld in legal.py): the value is
    worked out on first access and kept in the instance's ``__dict__``, where later
    lookups find it before this descriptor. A meld is a value, so two threads working
    it out at once get equal answers."""

    def __init__(self, func: Callable[[Any], Any]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value


@dataclass(frozen=True)
class Meld:
    """A valid meld, as it lies on the table. A value: ``spelling`` and ``burraco`` are
    worked out once per meld (legal_actions asks for them at every step).

    Attributes:
        kind: ``"run"`` or ``"set"``.
        cards: the cards; a run's from its low end up, one per place; a set's naturals
            by suit, then its wild card.
        wild: the index in ``cards`` of the wild card, None when the meld has none.
        suit: a run's suit (one of SUITS), None for a set.
        rank: a set's rank, None for a run.
        low: a run's lowest place (1 = ace low ... 14 = ace high), 0 for a set.
    """

    kind: str
    cards: tuple[str, ...]
    wild: int | None
    suit: str | None = None
    rank: str | None = None
    low: int = 0

    def tokens(self) -> list[str]:
        """The canonical spelling, one token a card (module docstring).

        >>> build_meld(["8S", "JK@6S", "7S"]).tokens()
        ['JK@6S', '7S', '8S']
        """
        if self.kind == SET or self.wild is None:
            return list(self.cards)
        tokens = list(self.cards)
        place = self.low + self.wild
        tokens[self.wild] = f"{self.cards[self.wild]}@{_RANK_AT[place]}{self.suit}"
        return tokens

    @_once
    def spelling(self) -> str:
        """The canonical spelling as one string, e.g. ``"JK@6S 7S 8S"``."""
        return " ".join(self.tokens())

    @_once
    def burraco(self) -> str | None:
        """``"clean"``, ``"semi_clean"``, ``"dirty"`` or None (fewer than seven cards).

        Clean: no wild card. Semi-clean (the Italian federation's *semipulito*): a run
        whose wild card stands at one end of seven or more natural cards, or a set of
        eight or more cards with its wild. Dirty: any other burraco with a wild card.
        Whether semi-clean scores apart is the game's option ``semi_clean``.
        Source: 004 ("Burrachi"); FIBUR Codice di Gara (semipulito, 150 points).
        """
        size = len(self.cards)
        if size < BURRACO_LENGTH:
            return None
        if self.wild is None:
            return CLEAN
        if size > BURRACO_LENGTH and (self.kind == SET or self.wild in (0, size - 1)):
            return SEMI_CLEAN
        return DIRTY


def _split(token: str) -> tuple[str, str | None]:
    if not isinstance(token, str):
        raise IllegalAction("bad_card", f"{token!r} is not a card code", card=repr(token))
    code, at, target = token.partition("@")
    check_code(code)
    if not at:
        return code, None
    if target == JOKER:
        raise IllegalAction(
            "bad_card", f"{token!r}: a wild card stands for a natural card", card=token
        )
    return code, check_code(target)


def build_meld(tokens: Sequence[str]) -> Meld:
    """The meld spelled by ``tokens`` (module docstring), checked against every rule.

    Raises IllegalAction (keys in the module docstring). Results are cached: a meld is
    a value, and bots try the same spellings again and again.

    >>> build_meld(["7C", "7D", "JK"]).kind, build_meld(["3H", "2H", "AH"]).spelling
    ('set', 'AH 2H 3H')
    >>> build_meld(["7S", "JK@8S", "9S"]).wild
    1
    """
    if not isinstance(tokens, list | tuple) or not all(isinstance(t, str) for t in tokens):
        raise IllegalAction("bad_card", f"a meld is a list of card codes, not {tokens!r}")
    outcome = _cached_meld(tuple(tokens))
    if isinstance(outcome, IllegalAction):
        raise IllegalAction(outcome.key, outcome.message, **outcome.params)
    return outcome


@lru_cache(maxsize=1 << 16)
def _cached_meld(tokens: tuple[str, ...]) -> Meld | IllegalAction:
    try:
        return _build_meld(tokens)
    except IllegalAction as error:
        # Kept without its traceback, whose frames would keep alive every caller's
        # locals (a whole deal among them) for as long as the entry stays cached.
        return error.with_traceback(None)


def _build_meld(tokens: Sequence[str]) -> Meld:
    parsed = [_split(token) for token in tokens]
    if len(parsed) < 3:
        raise IllegalAction("meld_too_short", "a meld has at least three cards", size=len(parsed))
    plain = [code for code, _ in parsed if not is_wild(code)]
    if not plain:
        raise IllegalAction("no_set_of_wilds", "2s and jokers cannot make a meld by themselves")
    if len(plain) >= 2 and len({code[:-1] for code in plain}) == 1:
        return _build_set(parsed, plain[0][:-1])
    return _build_run(parsed)


def _build_set(parsed: list[tuple[str, str | None]], rank: str) -> Meld:
    naturals = sorted(code for code, _ in parsed if not is_wild(code))
    wilds = [(code, target) for code, target in parsed if is_wild(code)]
    for code, target in parsed:
        if target is not None and not is_wild(code):
            raise IllegalAction(
                "natural_with_position", f"{code} is not wild: it takes no position", card=code
            )
        if target is not None and target[:-1] != rank:
            raise IllegalAction(
                "wild_position_mismatch",
                f"in a set of {rank}s a wild card stands for a {rank}, not {target}",
                card=code,
            )
    if len(wilds) > 1:
        raise IllegalAction("one_wild_per_meld", "a meld holds one wild card at most")
    cards = tuple(naturals + [code for code, _ in wilds])
    return Meld(SET, cards, len(naturals) if wilds else None, rank=rank)


def _build_run(parsed: list[tuple[str, str | None]]) -> Meld:
    naturals: list[str] = []
    wilds: list[tuple[str, str]] = []
    for code, target in parsed:
        if target is None:
            if code == JOKER:
                raise IllegalAction(
                    "wild_needs_position",
                    "a joker in a run names the card it stands for, e.g. JK@5H",
                    card=code,
                )
            naturals.append(code)
        elif target == code and code[:-1] == "2":
            naturals.append(code)  # a 2 standing for itself is natural
        elif not is_wild(code):
            raise IllegalAction(
                "natural_with_position", f"{code} is not wild: it takes no position", card=code
            )
        else:
            wilds.append((code, target))
    if len(wilds) > 1:
        raise IllegalAction("one_wild_per_meld", "a meld holds one wild card at most")
    suits = {code[-1] for code in naturals} | {target[-1] for _, target in wilds}
    if len(suits) != 1:
        raise IllegalAction("run_mixed_suits", "a run is of one suit, a set of one rank")
    suit = suits.pop()
    ranks = [code[:-1] for code in naturals] + [target[:-1] for _, target in wilds]
    if ranks.count("A") > 1:
        raise IllegalAction("run_one_ace", "a run holds one ace, low or high, not both")
    others = [_PLACE[rank] for rank in ranks if rank != "A"]
    if len(set(others)) != len(others):
        raise IllegalAction("run_duplicate_rank", "a run holds each rank once")
    # The ace is low when the run then is consecutive (A-2-3), else high (Q-K-A).
    ace = 1 if max(others, default=1) == len(ranks) else 14
    places = {rank: (ace if rank == "A" else _PLACE[rank]) for rank in ranks}
    low = min(places.values())
    high = max(places.values())
    if high - low + 1 != len(ranks):
        raise IllegalAction(
            "run_not_consecutive",
            "a run's cards must be consecutive (one wild card may fill one gap)",
        )
    cards: list[str] = [""] * len(ranks)
    for code in naturals:
        cards[places[code[:-1]] - low] = code
    wild = None
    if wilds:
        code, target = wilds[0]
        wild = places[target[:-1]] - low
        cards[wild] = code
        if wild == len(cards) - 1 and low != 1:
            raise IllegalAction(
                "wild_at_low_end",
                "a wild card not filling an inside place goes at the low end of the run",
                card=code,
            )
    return Meld(RUN, tuple(cards), wild, suit=suit, low=low)


def extend_meld(old: Meld, tokens: Sequence[str]) -> tuple[Meld, Counter[str]]:
    """The meld ``old`` becomes when spelled as ``tokens`` (its whole new spelling), and
    the cards added to it (a Counter of codes), checked against rules 4 and 5 of the
    module docstring. Raises IllegalAction.

    >>> new, added = extend_meld(build_meld(["JK@6S", "7S", "8S"]), ["7S", "8S", "JK@9S", "10S"])
    >>> new.spelling, sorted(added.elements())
    ('7S 8S JK@9S 10S', ['10S'])
    """
    new = build_meld(tokens)
    if new.kind != old.kind or new.suit != old.suit or new.rank != old.rank:
        raise IllegalAction("add_changes_meld", "cards added to a meld keep its kind, suit or rank")
    before, after = Counter(old.cards), Counter(new.cards)
    if before - after:
        raise IllegalAction(
            "add_removes_cards",
            "adding to a meld keeps every card already in it: melds are never merged or split",
            missing=sorted((before - after).elements()),
        )
    added = after - before
    if not added:
        raise IllegalAction("add_nothing", "an addition adds at least one card")
    if old.wild is not None and new.wild is not None:
        if new.cards[new.wild] != old.cards[old.wild]:
            raise IllegalAction(
                "wild_replaced_by_wild", "a wild card is never replaced by another wild card"
            )
    return new, added
