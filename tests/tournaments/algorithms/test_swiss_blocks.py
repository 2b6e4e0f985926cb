"""Swiss pairing by score-group blocks (tournaments/pairing/swiss.py ``pair_round``) against
the complete-graph matching (``pair_round_full``), the optimum its weights promise."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing.swiss import (
    SwissEntrant,
    SwissPairingError,
    pair_round,
    pair_round_full,
    round_cost,
)


def _history(n: int, rounds: int, seed: int) -> list[SwissEntrant]:
    """``n`` entrants after ``rounds`` rounds of random pairings and random results: score
    groups of every size and rematches anywhere, harder than a Swiss makes them."""
    rng = random.Random(seed)
    state = {
        i: {"score": 0.0, "opp": set(), "bye": False, "firsts": 0, "seconds": 0, "last": None}
        for i in range(n)
    }
    for _ in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        if n % 2:
            sitter = order.pop()
            state[sitter]["score"] += 1
            state[sitter]["bye"] = True
        for first, second in zip(order[::2], order[1::2], strict=True):
            result = rng.choice([1.0, 0.5, 0.0])
            state[first]["score"] += result
            state[second]["score"] += 1 - result
            state[first]["opp"].add(second)
            state[second]["opp"].add(first)
            state[first]["firsts"] += 1
            state[second]["seconds"] += 1
            state[first]["last"], state[second]["last"] = 0, 1
    ranks = list(range(1, n + 1))
    rng.shuffle(ranks)
    return [
        SwissEntrant(
            i, s["score"], ranks[i], frozenset(s["opp"]), s["bye"], s["firsts"], s["seconds"],
            s["last"],
        )
        for i, s in state.items()
    ]  # fmt: skip


def _pair_both(entrants, **options):
    """Both pairings, or None for both when neither can pair the round."""
    try:
        full = pair_round_full(entrants)
    except SwissPairingError:
        with pytest.raises(SwissPairingError):
            pair_round(entrants, **options)
        return None, None
    return pair_round(entrants, **options), full


def _assert_valid(entrants, pairing):
    """Everyone once (the bye included), no rematch, the bye to the lowest without one."""
    by_id = {e.entrant: e for e in entrants}
    seated = [x for pair in pairing.pairs for x in pair]
    if pairing.bye is not None:
        seated.append(pairing.bye)
        eligible = [e for e in entrants if not e.had_bye]
        assert pairing.bye == min(eligible, key=lambda e: (e.score, -e.rank)).entrant
    assert sorted(seated) == sorted(by_id)
    for a, b in pairing.pairs:
        assert b not in by_id[a].opponents and a not in by_id[b].opponents


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 40), rounds=st.integers(0, 12), seed=st.integers(0, 10**6))
def test_small_blocks_pair_exactly_as_the_complete_graph(n, rounds, seed):
    # Every block is at most DENSE_LIMIT: the total cost (criteria 3-5) is the optimum's.
    entrants = _history(n, min(rounds, n - 1), seed)
    blocks, full = _pair_both(entrants)
    if full is None:
        return
    _assert_valid(entrants, blocks)
    assert blocks.bye == full.bye
    assert round_cost(entrants, blocks) == round_cost(entrants, full)


@settings(max_examples=150, deadline=None)
@given(n=st.integers(2, 40), rounds=st.integers(0, 12), seed=st.integers(0, 10**6))
def test_narrow_bands_still_cross_no_more_score_groups_than_needed(n, rounds, seed):
    # The band and the widening in use from four entrants up: criterion 3 stays optimal.
    # (Without the widening on a block above its lower bound, 1 case in 20 fails here.)
    entrants = _history(n, min(rounds, n - 1), seed)
    blocks, full = _pair_both(entrants, band=1, dense_limit=3, exact_limit=10**6)
    if full is None:
        return
    _assert_valid(entrants, blocks)
    assert round_cost(entrants, blocks)[0] == round_cost(entrants, full)[0]


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 40), rounds=st.integers(0, 12), seed=st.integers(0, 10**6))
def test_above_the_exact_limit_everyone_is_still_paired_without_a_rematch(n, rounds, seed):
    entrants = _history(n, min(rounds, n - 1), seed)
    blocks, full = _pair_both(entrants, band=1, dense_limit=3, exact_limit=0)
    if full is not None:
        _assert_valid(entrants, blocks)


def test_a_top_group_that_has_met_sends_both_down_to_the_next_group():
    # a and b (2 points) met; c and d (1 point) met e and f (0) but not a or b.
    entrants = [
        SwissEntrant("a", 2, 1, frozenset("b")),
        SwissEntrant("b", 2, 2, frozenset("a")),
        SwissEntrant("c", 1, 3, frozenset("e")),
        SwissEntrant("d", 1, 4, frozenset("f")),
        SwissEntrant("e", 0, 5, frozenset("c")),
        SwissEntrant("f", 0, 6, frozenset("d")),
    ]
    pairing = pair_round(entrants)
    pairs = {frozenset(p) for p in pairing.pairs}
    assert frozenset("ef") in pairs
    assert pairs - {frozenset("ef")} in ({frozenset("ac"), frozenset("bd")},
                                          {frozenset("ad"), frozenset("bc")})  # fmt: skip
    assert round_cost(entrants, pairing)[0] == 4 * 2  # two floats of one point


def test_a_first_round_of_a_thousand_pairs_the_top_half_with_the_bottom_half():
    entrants = [SwissEntrant(i, 0.0, i + 1) for i in range(1000)]
    pairing = pair_round(entrants)
    assert {frozenset(p) for p in pairing.pairs} == {frozenset((i, i + 500)) for i in range(500)}
    assert [min(p) for p in pairing.pairs] == list(range(500))  # board order by rank


def test_a_band_below_one_is_refused():
    with pytest.raises(ValueError, match="band"):
        pair_round([SwissEntrant("a", 0, 1), SwissEntrant("b", 0, 2)], band=0)
