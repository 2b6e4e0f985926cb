"""The legal actions of the play phase of a Burraco hand, worked out fast.

What is offered (deal.py, ``BurracoDeal.legal_actions``): every legal discard; of the
new melds and additions ``apply`` would accept, the subset a bot needs to play a whole
hand: each set of all the naturals of a rank held (with and without each wild card held
once two naturals are there); each maximal run of naturals of a suit, alone, with a wild
at its low (or, after an ace, high) end, or bridging one gap to the next run; and every
addition of one card from hand to one meld, the meld's wild card placed anywhere the
rules allow.

How it is fast (issue #8; docs/performance.md, "The rummy family"). The candidates of a
hand fall apart into independent pieces: a new run depends only on a run of places of
one suit held (or two, one place apart) and on one wild card; a new set only on the
naturals of its rank held, by suit, and one wild card; an addition only on the meld and
the one card added. Each piece is made directly from its cards, as melds.py's
``build_meld`` / ``extend_meld`` (the checks ``apply`` makes) make it from its tokens: a
new set or a card added to a set by sorting its naturals, a run (new or with a card
added) by ``_quick_run``, which mirrors ``build_meld`` on the candidate's parsed cards;
the tests check them against ``build_meld`` and ``extend_meld`` on every run of a suit.
Each verdict is kept in a module cache shared by every hand (a meld is a value). What
depends on the rest of the state is checked per state, as deal.py's ``_plan_meld`` /
``_check_rest`` do: one set of a rank per side, the cards being in hand, and what the
hand keeps (a card to discard once the side has its pozzetto, a last card that can be
discarded). Nothing here
changes a deal. tests/games/rules/test_burraco_legal.py compares the result with the
slow enumeration the engine had before, on random hands.
Source: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Burraco"),
../shared/rules/README.md ("Burraco").
"""

from __future__ import annotations

from collections import Counter

from games.rules.base import Deal
from games.rules.burraco.melds import _PLACE, _RANK_AT, JOKER, RUN, SET, Meld, is_wild
from games.rules.cards import RANKS, SUITS

_PLACE_OF = {rank: place for place, rank in _RANK_AT.items() if place <= 13}
_SET_RANKS = tuple(rank for rank in RANKS if rank != "2")

# code -> (its suit's index into SUITS, 4 for the joker; the places it fills in its suit
# as bits, an ace both 1 and 14; the index of the rank it makes sets of into _SET_RANKS,
# -1 for a wild card; its unit in a rank's signature: two bits a suit, the count held)
_CARD: dict[str, tuple[int, int, int, int]] = {JOKER: (4, 0, -1, 0)}
for _s, _suit in enumerate(SUITS):
    for _rank in RANKS:
        _bits = 1 << _PLACE_OF[_rank] | (1 << 14 if _rank == "A" else 0)
        _r = -1 if _rank == "2" else _SET_RANKS.index(_rank)
        _CARD[_rank + _suit] = (_s, _bits, _r, 1 << 2 * _s)
# A rank's signature (counts by suit) -> whether it holds two naturals or more.
_PAIRED = tuple(sum(sig >> 2 * s & 3 for s in range(4)) >= 2 for sig in range(256))
_TRIPLED = tuple(sum(sig >> 2 * s & 3 for s in range(4)) >= 3 for sig in range(256))
_DISCARD = {code: f"discard {code}" for code in _CARD}
_ADD_PREFIX = tuple(f"add {index} " for index in range(108))  # a meld a card at most

# An option: (action or new spelling, the meld (``meld_args``), cards used from hand
# (``((code, count), ...)``), how many, the codes used more than once as ((code, count), ...),
# whether the meld is a burraco, the rank of a set (None for a run)); a new meld's also
# has its plan, (None, the meld, cards used), what ``play_actions`` returns for it.
Option = tuple[str, tuple, dict, int, tuple, bool, "str | None"]
NewOption = tuple[str, tuple, dict, int, tuple, bool, "str | None", tuple]

_CACHE_LIMIT = 1 << 15
"""Entries a cache holds before it starts again empty (a server plays for weeks)."""
_UNKNOWN = object()
_PIECES: dict[int, tuple[tuple, tuple, tuple]] = {}  # by mask: 2**15 at most
_RUNS: dict[tuple[int, int, int, int, str], NewOption | None] = {}
_SETS: dict[tuple[int, int, str], NewOption | None] = {}
# The new sets of a rank by (its naturals held, the wild cards held), as one int, put
# together from the pieces above: a state looks up one entry a rank.
_RANKS: dict[int, tuple[NewOption, ...]] = {}
# The wild cards held as bits: a bit per code, and the codes of each combination.
_WILD_BIT = {code: 1 << i for i, code in enumerate((JOKER, *("2" + suit for suit in SUITS)))}
_WILDS_OF = tuple(
    tuple(code for code, bit in _WILD_BIT.items() if bits & bit) for bits in range(32)
)
_ADDS: dict[str, _SetAdditions | _RunAdditions] = {}


def _cached(cache: dict, key: object, value: object) -> object:
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = value
    return value


def play_actions(deal: Deal, seat: int) -> tuple[list[str], dict[str, tuple], bool]:
    """The sorted legal actions of ``seat``, to act in the play phase of ``deal`` (a
    ``BurracoDeal``, deal.py; typed by its base so this module need not import deal.py); the
    plan of each meld and addition, ``{action: (meld index or None for a new meld, the
    meld as it will lie as ``meld_args`` (``Meld(*args)`` makes it), cards used from
    hand as ``((code, count), ...)``)}``, what ``_plan_meld`` / ``_plan_add`` would
    return; and whether a discard closes the hand. ``_apply`` carries out a listed
    action from these without checking it again. Changes nothing.
    """
    hand = deal.hands[seat]
    side = deal.side_index[seat]
    melds = deal.melds[side]
    pozzetto = deal.pozzetto_taken[side]
    taken = deal.taken_single
    burraco = False
    set_ranks = set()
    for meld in melds:
        if meld.burraco:
            burraco = True
        if meld.kind == SET:
            set_ranks.add(meld.rank)
    total = 0
    wilds = 0  # the wild cards held, as bits (_WILD_BIT)
    masks = [0, 0, 0, 0, 0]
    signatures = [0] * 12
    ranks = []
    for code, count in hand.items():
        total += count
        suit, bits, rank, unit = _CARD[code]
        masks[suit] |= bits
        if rank < 0:
            wilds |= _WILD_BIT[code]
        else:
            signature = signatures[rank]
            if not signature:
                ranks.append(rank)
            signatures[rank] = signature + unit * count

    actions = [_DISCARD[code] for code in hand]
    # Discards (deal.py, _check_discard): not the one-card pile just taken (its twin is
    # fine); the last card closes, once the side has its pozzetto, which needs a burraco
    # and a natural card.
    if taken is not None and hand[taken] == 1:
        actions.remove(_DISCARD[taken])
    if total == 1 and pozzetto and not (burraco and _CARD[next(iter(hand))][2] >= 0):
        actions.clear()
    closing = total == 1 and pozzetto

    plans: dict[str, tuple] = {}
    found: list[NewOption] = []
    option: NewOption | None
    for suit in range(4):
        mask = masks[suit]
        # Without a wild card a run needs three places in a row; with one, two in a row
        # or two a place apart.
        if not ((mask & mask >> 1 or mask & mask >> 2) if wilds else mask & mask >> 1 & mask >> 2):
            continue
        pieces = _PIECES.get(mask)
        if pieces is None:
            pieces = _PIECES[mask] = _pieces(mask)
        naturals, pairs, bridges = pieces
        for low, high in naturals:
            key = (suit, low, high, 0, "")
            option = _RUNS.get(key, _UNKNOWN)
            if option is _UNKNOWN:
                option = _cached(_RUNS, key, _run_option(*key))
            if option is not None:
                found.append(option)
        if not wilds:
            continue
        for wild in _WILDS_OF[wilds]:
            for low, high in pairs:
                key = (suit, low, high, 0, wild)
                option = _RUNS.get(key, _UNKNOWN)
                if option is _UNKNOWN:
                    option = _cached(_RUNS, key, _run_option(*key))
                if option is not None:
                    found.append(option)
            for low, high, nhigh in bridges:
                key = (suit, low, high, nhigh, wild)
                option = _RUNS.get(key, _UNKNOWN)
                if option is _UNKNOWN:
                    option = _cached(_RUNS, key, _run_option(*key))
                if option is not None:
                    found.append(option)
    for rank in ranks:
        signature = signatures[rank]
        if _PAIRED[signature]:
            key = (rank << 8 | signature) << 5 | wilds
            options = _RANKS.get(key)
            if options is None:
                options = _cached(_RANKS, key, _rank_options(rank, signature, wilds))
            found += options
    for action, _meld, used, size, multi, meld_burraco, set_rank, plan in found:
        if set_rank is not None and set_rank in set_ranks:
            continue
        if multi and any(hand[c] < n for c, n in multi):
            continue
        left = total - size
        if left < 2 and not _keeps_a_discard(
            hand, used, left, pozzetto, taken, burraco or meld_burraco
        ):
            continue
        plans[action] = plan

    for index, meld in enumerate(melds):
        additions = _ADDS.get(meld.spelling)
        if additions is None:
            additions = _cached(_ADDS, meld.spelling, _additions(meld))
        codes = additions.codes.intersection(hand)
        if not codes:
            continue
        table = additions.options
        prefix = _ADD_PREFIX[index]
        for code in codes:
            options = table.get(code)
            if options is None:
                options = table[code] = additions.options_of(code)
            for spelling, args, used, size, multi, new_burraco, _ in options:
                if multi and any(hand[c] < n for c, n in multi):
                    continue
                left = total - size
                # Adding never shrinks a meld: the side's burraco after is ``burraco``
                # (the others', or the old meld's, which stays one) or the new meld.
                if left < 2 and not _keeps_a_discard(
                    hand, used, left, pozzetto, taken, burraco or new_burraco
                ):
                    continue
                plans[prefix + spelling] = (index, args, used)
    actions += plans
    actions.sort()
    return actions, plans, closing


def _rank_options(rank: int, signature: int, wilds: int) -> tuple[NewOption, ...]:
    """The new sets of rank ``_SET_RANKS[rank]`` a hand holding its naturals
    ``signature`` (two or more) and the wild cards ``wilds`` may lay, before the checks
    that depend on the rest of the state: its naturals with each wild card, and alone
    when three or more (``_set_option``)."""
    found = []
    choices = _WILDS_OF[wilds]
    for wild in (*choices, "") if _TRIPLED[signature] else choices:
        key = (rank, signature, wild)
        option = _SETS.get(key, _UNKNOWN)
        if option is _UNKNOWN:
            option = _cached(_SETS, key, _set_option(*key))
        if option is not None:
            found.append(option)
    return tuple(found)


def _keeps_a_discard(
    hand: Counter[str], used: tuple, left: int, pozzetto: bool, taken: str | None,
    burraco_after: bool,
) -> bool:  # fmt: skip
    """Whether laying ``used`` (held) leaves a legal way to end the turn, with ``left``
    (0 or 1) cards in hand: deal.py's ``_check_rest``, rules 1 and 2."""
    if left == 0:
        return not pozzetto
    counts = dict(used)
    last = next(code for code, count in hand.items() if count > counts.get(code, 0))
    return last != taken and not (pozzetto and (is_wild(last) or not burraco_after))


def _set_option(rank: int, signature: int, wild: str) -> NewOption | None:
    """The new set of the naturals held of one rank (``_SET_RANKS[rank]``, two or more,
    counted by suit in ``signature``) with the card ``wild`` ("": alone, three or more),
    made directly as ``build_meld`` makes it: two naturals of a rank or more, one wild
    card at most, three cards or more (melds.py, rules 1 and 2), the naturals sorted,
    then the wild card."""
    naturals = sorted(
        _SET_RANKS[rank] + suit
        for s, suit in enumerate(SUITS)
        for _ in range(signature >> 2 * s & 3)
    )
    cards = (*naturals, wild) if wild else tuple(naturals)
    if len(naturals) < 2 or len(cards) < 3:
        return None
    meld = Meld(SET, cards, len(naturals) if wild else None, rank=_SET_RANKS[rank])
    option = _new_option(meld)
    # The naturals are the hand's own (signature), so the hand always holds them: no
    # need to check cards used twice.
    return (*option[:4], (), *option[5:])


def _pieces(mask: int) -> tuple[tuple, tuple, tuple]:
    """What runs the places held of a suit (``mask``, bit p for place p, an ace both 1
    and 14) make: ``(naturals, pairs, bridges)``, the maximal runs of three or more
    ``(low, high)``, of two or more ``(low, high)``, and the pairs of runs one place
    apart ``(low, high, the next one's high)``."""
    segments = _segments([place for place in range(1, 15) if mask >> place & 1])
    naturals = tuple((low, high) for low, high in segments if high - low >= 2)
    pairs = tuple((low, high) for low, high in segments if high - low >= 1)
    bridges = tuple(
        (low, high, nhigh)
        for (low, high), (nlow, nhigh) in zip(segments, segments[1:], strict=False)
        if nlow == high + 2
    )
    return naturals, pairs, bridges


def _run_option(suit: int, low: int, high: int, nhigh: int, wild: str) -> NewOption | None:
    """A new run of ``SUITS[suit]``: the naturals from place ``low`` to ``high``; with
    the card ``wild`` at the low end (after an ace low, the high end) or, when
    ``nhigh``, bridging the gap to the naturals from ``high + 2`` to ``nhigh``. Made
    by ``_quick_run`` from the cards as ``build_meld`` would make it from their
    tokens (``wild@place``; the suit's own 2 at the 2's place is its natural self)."""
    letter = SUITS[suit]
    naturals = [(_RANK_AT[place] + letter, _RANK_AT[place]) for place in range(low, high + 1)]
    if not wild:
        place = 0
    elif nhigh:
        naturals += [(_RANK_AT[p] + letter, _RANK_AT[p]) for p in range(high + 2, nhigh + 1)]
        place = high + 1
    elif low > 1:
        place = low - 1
    elif high < 13:
        place = high + 1
    else:
        return None
    at = None
    if place:
        rank = _RANK_AT[place]
        if wild == "2" + letter and rank == "2":
            naturals.append((wild, rank))
        else:
            at = (wild, rank)
    made = _quick_run(naturals, at)
    if made is None:
        return None
    cards, index, new_low = made
    return _new_option(Meld(RUN, cards, index, suit=letter, low=new_low))


def _new_option(meld: Meld) -> NewOption:
    """The option of laying the new ``meld`` (``Option``, with its plan)."""
    counts: dict[str, int] = {}
    for code in meld.cards:
        counts[code] = counts.get(code, 0) + 1
    # Tuples of strings and ints only, which the garbage collector stops tracking (not
    # a tuple holding a dict, even an untracked one).
    used = tuple(counts.items())
    multi = tuple((code, count) for code, count in used if count > 1)
    rank = meld.rank if meld.kind == SET else None
    action = "meld " + meld.spelling
    args = meld_args(meld)
    return (
        action,
        args,
        used,
        len(meld.cards),
        multi,
        bool(meld.burraco),
        rank,
        (None, args, used),
    )


def meld_args(meld: Meld) -> tuple:
    """``meld`` as the arguments that make it again, ``Meld(*meld_args(meld))``. The
    options and plans keep these, not the meld: a tuple of strings and ints, which the
    garbage collector stops tracking, where a meld (and whatever holds one) stays
    tracked and makes every full collection slower as the caches grow."""
    return (meld.kind, meld.cards, meld.wild, meld.suit, meld.rank, meld.low)


def _segments(places: list[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive places, e.g. [1, 2, 3, 5, 6] -> [(1, 3), (5, 6)]."""
    segments: list[tuple[int, int]] = []
    for place in places:
        if segments and segments[-1][1] == place - 1:
            segments[-1] = (segments[-1][0], place)
        else:
            segments.append((place, place))
    return segments


_WILDS = tuple(code for code in _CARD if is_wild(code))
_OF_RANK = {
    rank: frozenset(c for c in _CARD if c[:-1] in (rank, "2") or c == JOKER) for rank in _SET_RANKS
}
_ONE: dict[str, tuple[tuple[str, int]]] = {code: ((code, 1),) for code in _CARD}
"""Cards used by an addition: always the one card added (the meld keeps the rest)."""


def _additions(meld: Meld) -> _SetAdditions | _RunAdditions:
    """The additions of one card to ``meld``: ``codes``, the cards that may make one
    (a guard: the others make none), and ``options``, code -> ``options_of(code)`` as
    they are asked for."""
    return _SetAdditions(meld) if meld.kind == SET else _RunAdditions(meld)


class _Additions:
    """What ``_SetAdditions`` and ``_RunAdditions`` share: ``options``, code ->
    ``options_of(code)`` as they are asked for."""

    __slots__ = ("meld", "codes", "options")

    def __init__(self, meld: Meld) -> None:
        self.meld = meld
        self.options: dict[str, tuple[Option, ...]] = {}

    def options_of(self, code: str) -> tuple[Option, ...]:  # pragma: no cover - abstract
        raise NotImplementedError


class _SetAdditions(_Additions):
    """The additions of one card to a set (``_additions``)."""

    __slots__ = ()

    def __init__(self, meld: Meld) -> None:
        super().__init__(meld)
        self.codes = _OF_RANK[meld.rank]

    def options_of(self, code: str) -> tuple[Option, ...]:
        """The set with the card ``code`` added, as ``extend_meld`` makes it from the
        candidate ``[*meld.tokens(), code]``, or () when it refuses it."""
        grown = _grown_set(self.meld, code)
        if grown is None:
            return ()
        spelling = grown.spelling
        burraco = bool(grown.burraco)
        return ((spelling, meld_args(grown), _ONE[code], 1, (), burraco, grown.rank),)


class _RunAdditions(_Additions):
    """The additions of one card to a run (``_additions``), made directly: each
    candidate (the card at either end or in the wild card's place; the meld's wild card,
    or a natural 2 pressed into service, moved to the one gap left, else to either end;
    a wild card held put at either end of a run without one) is judged by ``_quick_run``
    as ``extend_meld`` judges its spelling. tests/games/rules/test_burraco_legal.py
    compares the two on every run of a suit and every card."""

    __slots__ = ("old", "places", "rest", "movable")

    def __init__(self, meld: Meld) -> None:
        super().__init__(meld)
        suit, low, cards, wild = meld.suit, meld.low, meld.cards, meld.wild
        assert suit is not None
        # The meld as parsed tokens for _quick_run: naturals (code, rank), the wild card.
        naturals = [(card, _RANK_AT[low + i]) for i, card in enumerate(cards) if i != wild]
        self.old = (
            tuple(naturals),
            (cards[wild], _RANK_AT[low + wild]) if wild is not None else None,
        )
        places = [low + i for i in range(len(cards)) if i != wild]
        rest = list(naturals)
        movable = cards[wild] if wild is not None else None
        if movable is None and low <= 2 and cards[2 - low] == f"2{suit}":
            movable = f"2{suit}"  # a natural 2 may be pressed into service as the wild
            rest.remove((movable, "2"))
            places.remove(2)
        # Tuples of strings and ints, which the garbage collector stops tracking.
        self.places, self.rest, self.movable = tuple(places), tuple(rest), movable
        high = low + len(cards) - 1
        codes = [code for code in _WILDS if wild is None]
        for place in range(max(low - 2, 1), min(high + 2, 14) + 1):
            if place not in places:
                codes.append(_RANK_AT[place] + suit)
        self.codes = frozenset(codes)

    def options_of(self, code: str) -> tuple[Option, ...]:
        """``meld`` with the card ``code`` added, each way ``extend_meld`` accepts among
        the candidates (class docstring), duplicates dropped. Spelled without their
        ``add <index>`` (the index is the state's)."""
        meld = self.meld
        suit = meld.suit
        assert suit is not None
        low, high = meld.low, meld.low + len(meld.cards) - 1
        naturals, wild = self.old
        places, rest, movable = self.places, self.rest, self.movable
        found: list[tuple[str, int, int | None] | None] = []
        if meld.wild is None and is_wild(code):
            for place in (low - 1, high + 1):
                if 1 <= place <= 14:
                    rank = _RANK_AT[place]
                    if code == f"2{suit}" and rank == "2":  # 2S@2S: the natural 2
                        found.append(_quick_run([*naturals, (code, rank)], None))
                    else:
                        found.append(_quick_run(naturals, (code, rank)))
        if code[-1] == suit:
            rank = code[:-1]
            for place in (1, 14) if rank == "A" else (_PLACE_OF[rank],):
                if place in places or not low - 2 <= place <= high + 2:
                    continue
                if low - 1 <= place <= high + 1:
                    found.append(_quick_run([*naturals, (code, rank)], wild))
                if movable is None:
                    continue
                # The wild card goes to the one gap left, else to either end.
                spread = [*places, place]
                first, last = min(spread), max(spread)
                gaps = [q for q in range(first, last + 1) if q not in spread]
                targets = gaps if len(gaps) == 1 else (first - 1, last + 1) if not gaps else ()
                for target in targets:
                    if 1 <= target <= 14:
                        at = _RANK_AT[target]
                        if movable == f"2{suit}" and at == "2":
                            found.append(_quick_run([*rest, (code, rank), (movable, at)], None))
                        else:
                            found.append(_quick_run([*rest, (code, rank)], (movable, at)))
        options: dict[str, Option] = {}
        old_wild = meld.cards[meld.wild] if meld.wild is not None else None
        for made in found:
            if made is None:
                continue
            cards, index, new_low = made
            if old_wild is not None and index is not None and cards[index] != old_wild:
                continue  # extend_meld: a wild card is never replaced by another
            new = Meld(RUN, cards, index, suit=suit, low=new_low)
            spelling = new.spelling
            if spelling not in options:
                burraco = bool(new.burraco)
                options[spelling] = (spelling, meld_args(new), _ONE[code], 1, (), burraco, None)
        return tuple(options.values())


def _quick_run(
    naturals: list[tuple[str, str]], wild: tuple[str, str] | None
) -> tuple[tuple[str, ...], int | None, int] | None:
    """What melds.py's ``_build_run`` makes of the parsed tokens of a candidate run:
    ``naturals`` as (code, rank) and the ``wild`` card as (code, the rank it stands
    for), all of one suit, one wild card at most (the candidates of ``_RunAdditions``
    are so made): ``(cards, the wild card's index or None, the lowest place)``, or None
    where it raises IllegalAction (an ace twice, a rank twice, not consecutive, a wild
    card at the high end of a run not starting with the ace). Rules 1 and 3 of
    melds.py."""
    ranks = [rank for _, rank in naturals]
    if wild is not None:
        ranks.append(wild[1])
    size = len(ranks)
    aces = ranks.count("A")
    if aces > 1:
        return None
    others = [_PLACE[rank] for rank in ranks if rank != "A"]
    if len(set(others)) != len(others):
        return None
    top = max(others, default=1)
    # The ace is low when the run then is consecutive (A-2-3), else high (Q-K-A).
    ace = 1 if top == size else 14
    low = min(others, default=ace)
    high = top
    if aces:
        low, high = min(low, ace), max(high, ace)
    if high - low + 1 != size:
        return None
    cards = [""] * size
    for code, rank in naturals:
        cards[(ace if rank == "A" else _PLACE[rank]) - low] = code
    index = None
    if wild is not None:
        code, rank = wild
        index = (ace if rank == "A" else _PLACE[rank]) - low
        cards[index] = code
        if index == size - 1 and low != 1:
            return None
    return tuple(cards), index, low


def _grown_set(meld: Meld, code: str) -> Meld | None:
    """The set ``meld`` with the card ``code`` added, as ``extend_meld`` would make it
    from the candidate ``[*meld.tokens(), code]`` (its naturals sorted, then its wild
    card), or None when it refuses it: a card of another rank, or a second wild card
    (melds.py, rules 1 and 2)."""
    naturals = [card for i, card in enumerate(meld.cards) if i != meld.wild]
    wild = meld.cards[meld.wild] if meld.wild is not None else None
    if is_wild(code):
        if wild is not None:
            return None
        wild = code
    elif code[:-1] == meld.rank:
        naturals = sorted([*naturals, code])
    else:
        return None
    cards = (*naturals, wild) if wild is not None else tuple(naturals)
    return Meld(SET, cards, len(naturals) if wild is not None else None, rank=meld.rank)
