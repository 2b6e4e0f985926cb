"""Burraco's fast ``legal_actions`` against a slow reference enumeration.

``reference_actions`` below is the enumeration the engine used before it was made fast
(issue #8): it builds every candidate meld and addition from the whole hand as token
lists and asks the deal's own checks (``_plan_meld``, ``_plan_add``, ``_check_discard``,
the path ``apply`` takes) about each. The engine now generates candidates per suit, per
rank and per (meld, card) with cached verdicts; whatever it does, the set of legal
actions of every state must stay exactly the reference's. Random hands of several kinds
of play (uniform like the benchmark, meld-happy to reach pozzetti and closings, taking
the pile often to grow big hands) compare the two at every step, and a twin deal that
never asks for legal actions (so ``apply`` takes its slow path) must reach the same state.
legal.py makes runs without ``build_meld`` / ``extend_meld`` (``_quick_run``): the last
tests compare its runs with theirs on every run of a suit and every card added.
Source of the rules: ../shared/rules/sources/004_3274f6a7e97458c6.txt ("Burraco").
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.base import IllegalAction
from games.rules.burraco import Burraco
from games.rules.burraco.legal import _CARD, _additions, _run_option
from games.rules.burraco.melds import _RANK_AT, JOKER, SET, Meld, build_meld, extend_meld, is_wild
from tests.games.rules.test_burraco_play import ALICE, make_deal

GAME = Burraco()
_PLACE_OF = {rank: place for place, rank in _RANK_AT.items() if place <= 13}


# -- the reference: the enumeration as it was, whole hand at a time ------------------------


def reference_actions(deal) -> list[str]:
    """The legal actions of ``deal`` as the engine listed them before issue #8's work."""
    seat = deal.to_act
    if seat is None:
        return []
    if deal.phase == "draw":
        return ["draw", "take"] if deal.pile else ["draw"]
    actions: set[str] = set()
    for code in deal.hands[seat]:
        try:
            deal._check_discard(seat, code)
        except IllegalAction:
            continue
        actions.add(f"discard {code}")
    for tokens in _meld_candidates(deal.hands[seat]):
        try:
            _, meld, _ = deal._plan_meld(seat, tokens)
        except IllegalAction:
            continue
        actions.add(f"meld {meld.spelling}")
    for index, meld in enumerate(deal.melds[deal.side_of(seat)]):
        for tokens in _add_candidates(meld, deal.hands[seat]):
            try:
                _, new, _ = deal._plan_add(seat, str(index), tokens)
            except IllegalAction:
                continue
            actions.add(f"add {index} {new.spelling}")
    return sorted(actions)


def _wild_token(code: str, place: int, suit: str) -> str:
    return f"{code}@{_RANK_AT[place]}{suit}"


def _meld_candidates(hand: Counter[str]) -> list[list[str]]:
    wilds = sorted(code for code in hand if is_wild(code))
    candidates: list[list[str]] = []
    by_rank: dict[str, list[str]] = {}
    by_suit: dict[str, dict[int, str]] = {}
    for code, count in hand.items():
        if code == JOKER:
            continue
        rank, suit = code[:-1], code[-1]
        if rank != "2":
            by_rank.setdefault(rank, []).extend([code] * count)
        places = by_suit.setdefault(suit, {})
        places[_PLACE_OF[rank]] = code
        if rank == "A":
            places[14] = code
    for naturals in by_rank.values():
        if len(naturals) >= 3:
            candidates.append(naturals)
        if len(naturals) >= 2:
            candidates.extend([*naturals, wild] for wild in wilds)
    for suit, places in by_suit.items():
        segments = _segments(sorted(places))
        for i, (low, high) in enumerate(segments):
            cards = [places[p] for p in range(low, high + 1)]
            if len(cards) >= 3:
                candidates.append(cards)
            if len(cards) >= 2:
                for wild in wilds:
                    if low > 1:
                        candidates.append([_wild_token(wild, low - 1, suit), *cards])
                    elif high < 13:
                        candidates.append([*cards, _wild_token(wild, high + 1, suit)])
            if i + 1 < len(segments) and segments[i + 1][0] == high + 2:
                nlow, nhigh = segments[i + 1]
                more = [places[p] for p in range(nlow, nhigh + 1)]
                for wild in wilds:
                    candidates.append([*cards, _wild_token(wild, high + 1, suit), *more])
    return candidates


def _segments(places: list[int]) -> list[tuple[int, int]]:
    segments: list[tuple[int, int]] = []
    for place in places:
        if segments and segments[-1][1] == place - 1:
            segments[-1] = (segments[-1][0], place)
        else:
            segments.append((place, place))
    return segments


def _add_candidates(meld: Meld, hand: Counter[str]) -> list[list[str]]:
    old = meld.tokens()
    if meld.kind == SET:
        return [[*old, code] for code in hand if code[:-1] == meld.rank or is_wild(code)]
    suit = meld.suit
    assert suit is not None
    candidates: list[list[str]] = []
    low, high = meld.low, meld.low + len(meld.cards) - 1
    places = [low + i for i in range(len(meld.cards)) if i != meld.wild]
    rest = [code for i, code in enumerate(meld.cards) if i != meld.wild]
    movable = meld.cards[meld.wild] if meld.wild is not None else None
    if movable is None and f"2{suit}" in rest and low <= 2:
        movable = f"2{suit}"
        rest.remove(movable)
        places.remove(2)
    for code in hand:
        if is_wild(code) and meld.wild is None:
            for place in (low - 1, high + 1):
                if 1 <= place <= 14:
                    candidates.append([*old, _wild_token(code, place, suit)])
        if code[-1] != suit:
            continue
        for place in (1, 14) if code[0] == "A" else (_PLACE_OF[code[:-1]],):
            if place in places or not low - 2 <= place <= high + 2:
                continue
            if low - 1 <= place <= high + 1:
                candidates.append([*old, code])
            if movable is None:
                continue
            spread = [*places, place]
            first, last = min(spread), max(spread)
            gaps = [q for q in range(first, last + 1) if q not in spread]
            targets = gaps if len(gaps) == 1 else (first - 1, last + 1) if not gaps else ()
            for target in targets:
                if 1 <= target <= 14:
                    candidates.append([*rest, code, _wild_token(movable, target, suit)])
    return candidates


# -- playing random hands ----------------------------------------------------------------


def _uniform(rng, deal, legal):
    return legal[int(rng.random() * len(legal))]


def _melder(rng, deal, legal):
    if deal.phase == "draw":
        return "take" if "take" in legal and rng.random() < 0.25 else "draw"
    lays = [a for a in legal if not a.startswith("discard")]
    if lays and rng.random() < 0.85:
        return rng.choice(lays)
    return rng.choice([a for a in legal if a.startswith("discard")])


def _hoarder(rng, deal, legal):
    if deal.phase == "draw":
        return "take" if "take" in legal and rng.random() < 0.6 else "draw"
    lays = [a for a in legal if not a.startswith("discard")]
    if lays and rng.random() < 0.5:
        return rng.choice(lays)
    return rng.choice([a for a in legal if a.startswith("discard")])


POLICIES = {"uniform": _uniform, "melder": _melder, "hoarder": _hoarder}


def _state(deal) -> tuple:
    return (
        deal.hands, deal.known, deal.stock, deal.pile, deal.pozzetti, deal.pozzetto_taken,
        deal.pending, deal.melds, deal.taken_single, deal.turn_melded, deal.turn_took_single,
        deal.stalemate, deal.end, deal.closed_by, deal.to_act, deal.phase,
    )  # fmt: skip


def play_and_compare(seats, seed, policy, options=None) -> int:
    """Play one hand with ``policy``, checking every state's legal actions against the
    reference and a twin deal applying the same actions unasked; returns the states seen."""
    rng = random.Random(seed)
    deal = GAME.new_deal(seats=seats, dealer=seed % seats, options=options, seed=seed)
    twin = GAME.new_deal(seats=seats, dealer=seed % seats, options=options, seed=seed)
    choose = POLICIES[policy]
    states = 0
    while not deal.is_over:
        legal = deal.legal_actions()
        assert legal == reference_actions(deal), (seed, policy, len(deal.actions))
        action = choose(rng, deal, legal)
        deal.apply(action)
        twin.apply(action)
        assert _state(deal) == _state(twin)
        states += 1
    assert deal.legal_actions() == reference_actions(deal) == []
    assert deal.result() == twin.result()
    return states


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize("seats", [2, 4])
def test_legal_actions_are_the_reference_enumeration_in_random_hands(seats, policy):
    states = sum(play_and_compare(seats, seed, policy) for seed in range(12))
    assert states > 12 * 20  # whole hands were played, not a few steps


@settings(max_examples=15, deadline=None)
@given(
    seats=st.sampled_from((2, 4)),
    seed=st.integers(0, 2**32),
    policy=st.sampled_from(sorted(POLICIES)),
    semi_clean=st.booleans(),
)
def test_legal_actions_match_the_reference_for_any_hand(seats, seed, policy, semi_clean):
    play_and_compare(seats, seed, policy, {"semi_clean": semi_clean})


@pytest.mark.parametrize("suit", ["C", "D", "H", "S"])
def test_runs_of_every_suit_offer_the_same_additions_spelled_in_their_suit(suit):
    # Additions to runs of each suit, with its natural 2, a wild 2 of another suit and
    # the joker.
    other = "C" if suit != "C" else "D"
    hand = [f"{rank}{suit}" for rank in ("2", "3", "4", "6", "7", "A", "Q", "K")]
    hand += [f"2{other}", "JK", f"9{other}"]
    deal = make_deal(["draw", f"meld {' '.join(hand[:3])}"], hands={ALICE: hand}, stock=["5C"])
    legal = deal.legal_actions()
    assert legal == reference_actions(deal)
    adds = [action for action in legal if action.startswith("add 0 ")]
    assert f"add 0 3{suit} 4{suit} 2{suit}@5{suit} 6{suit}" in adds  # the natural 2 as wild
    assert f"add 0 JK@A{suit} 2{suit} 3{suit} 4{suit}" in adds
    assert f"add 0 A{suit} 2{suit} 3{suit} 4{suit}" in adds
    assert all(suit in action.split()[2] for action in adds)
    deal.apply(f"add 0 3{suit} 4{suit} 2{suit}@5{suit} 6{suit}")
    assert deal.legal_actions() == reference_actions(deal)
    assert deal.melds[0][0].spelling == f"3{suit} 4{suit} 2{suit}@5{suit} 6{suit}"


def _every_run(suit: str) -> list[Meld]:
    """Every run of ``suit`` (each length and place, without a wild card or with the
    joker, its suit's 2 or another suit's 2 in each place), as build_meld makes them."""
    other = "C" if suit != "C" else "D"
    melds: dict[str, Meld] = {}
    for low in range(1, 15):
        for high in range(low + 2, 15):
            cards = [_RANK_AT[place] + suit for place in range(low, high + 1)]
            spellings = [cards]
            for index, place in enumerate(range(low, high + 1)):
                for wild in (JOKER, f"2{suit}", f"2{other}"):
                    token = f"{wild}@{_RANK_AT[place]}{suit}"
                    spellings.append([*cards[:index], token, *cards[index + 1 :]])
            for tokens in spellings:
                try:
                    meld = build_meld(tokens)
                except IllegalAction:
                    continue
                melds[meld.spelling] = meld
    return list(melds.values())


def _reference_additions(meld: Meld, code: str) -> dict[str, Meld]:
    """The additions of ``code`` to ``meld`` by way of the reference candidates and
    extend_meld (the path legal.py took before making runs' additions directly)."""
    found: dict[str, Meld] = {}
    for tokens in _add_candidates(meld, Counter({code: 1})):
        try:
            new, added = extend_meld(meld, tokens)
        except IllegalAction:
            continue
        assert added == Counter({code: 1})
        found.setdefault(new.spelling, new)
    return found


@pytest.mark.parametrize("suit", ["C", "H", "S"])
def test_run_additions_made_directly_are_extend_melds_on_every_run_and_card(suit):
    # legal.py's _RunAdditions builds a run's additions without extend_meld: on every
    # run of a suit (aces low and high, natural 2s, wild cards in every place) and for
    # every card, the guard and the additions must be extend_meld's.
    runs = _every_run(suit)
    assert len(runs) > 1000
    added = 0
    for meld in runs:
        additions = _additions(meld)
        for code in _CARD:
            expected = _reference_additions(meld, code)
            if code not in additions.codes:
                assert not expected, (meld.spelling, code)
                continue
            options = additions.options_of(code)
            got = {option[0]: option for option in options}
            assert len(got) == len(options)
            assert sorted(got) == sorted(expected), (meld.spelling, code)
            for spelling, option in got.items():
                assert Meld(*option[1]) == expected[spelling]
                assert Meld(*option[1]).spelling == spelling
                assert option[2:] == (((code, 1),), 1, (), bool(expected[spelling].burraco), None)
            added += len(got)
    assert added > 3000


@pytest.mark.parametrize("suit", range(4))
def test_new_runs_made_directly_are_build_melds(suit):
    # legal.py's _run_option makes a new run without build_meld: for every run of places
    # of a suit, alone or with each wild card at its low end (or high, after an ace) or
    # bridging a gap of one place, the option must be build_meld's of its tokens.
    letter = "CDHS"[suit]
    made = 0
    for low in range(1, 15):
        for high in range(low + 1, 15):
            cards = [_RANK_AT[place] + letter for place in range(low, high + 1)]
            shapes = [(0, "", cards)] if high - low >= 2 else []
            for wild in (JOKER, "2C", "2D", "2H", "2S"):
                if low > 1:
                    end = [_wild_token(wild, low - 1, letter), *cards]
                elif high < 13:
                    end = [*cards, _wild_token(wild, high + 1, letter)]
                else:
                    end = None
                shapes.append((0, wild, end))
                for nhigh in range(high + 2, 15):
                    more = [_RANK_AT[place] + letter for place in range(high + 2, nhigh + 1)]
                    bridge = [*cards, _wild_token(wild, high + 1, letter), *more]
                    shapes.append((nhigh, wild, bridge))
            for nhigh, wild, tokens in shapes:
                option = _run_option(suit, low, high, nhigh, wild)
                try:
                    meld = build_meld(tokens) if tokens is not None else None
                except IllegalAction:
                    meld = None
                if meld is None:
                    assert option is None, (low, high, nhigh, wild)
                    continue
                used = Counter(meld.cards)
                multi = tuple((code, n) for code, n in used.items() if n > 1)
                args = (meld.kind, meld.cards, meld.wild, meld.suit, meld.rank, meld.low)
                assert Meld(*args) == meld
                assert option == (
                    f"meld {meld.spelling}", args, tuple(used.items()), len(meld.cards), multi,
                    bool(meld.burraco), None, (None, args, tuple(used.items())),
                ), (low, high, nhigh, wild)  # fmt: skip
                made += 1
    assert made > 1000
