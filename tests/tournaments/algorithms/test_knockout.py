"""Knockout brackets and the Danish system (tournaments/pairing/knockout.py)."""

from __future__ import annotations

import doctest
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tournaments.pairing.knockout as knockout
from tournaments.pairing.knockout import bracket_order, danish_round, first_round, next_round


@given(st.integers(1, 7))
def test_first_round_opponents_add_up_to_size_plus_one_and_one_meets_two_last(power):
    size = 2**power
    order = bracket_order(size)
    assert sorted(order) == list(range(1, size + 1))
    assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
    half = size // 2
    assert (1 in order[:half]) != (2 in order[:half])  # 1 and 2 in different halves


@given(st.integers(2, 40))
def test_byes_go_to_the_top_seeds_and_everyone_plays_or_passes_once(n):
    seeded = list(range(1, n + 1))
    pairs = first_round(seeded)
    byes = sorted(a for a, b in pairs if b is None)
    size = 2 * len(pairs)
    assert byes == list(range(1, size - n + 1))
    listed = [x for pair in pairs for x in pair if x is not None]
    assert sorted(listed) == seeded


def test_a_bracket_of_five_plays_down_to_one():
    pairs = first_round(["a", "b", "c", "d", "e"])
    winners = [a if b is None else b for a, b in pairs]  # byes pass, else the lower seed wins
    assert winners == ["a", "e", "b", "c"]
    assert next_round(winners) == [("a", "e"), ("b", "c")]
    assert next_round(["e", "b"]) == [("e", "b")]
    with pytest.raises(ValueError):
        next_round(["e"])
    with pytest.raises(ValueError):
        first_round(["a"])
    with pytest.raises(ValueError):
        bracket_order(6)


def test_the_danish_system_pairs_in_standings_order_avoiding_rematches():
    ranked = ["a", "b", "c", "d", "e"]
    pairs, bye = danish_round(ranked)
    assert pairs == [("a", "b"), ("c", "d")] and bye == "e"
    met = {frozenset("ab"), frozenset("cd")}
    assert danish_round(["a", "b", "c", "d"], met) == ([("a", "c"), ("b", "d")], None)
    strict = danish_round(["a", "b", "c", "d"], met, avoid_rematches=False)
    assert strict == ([("a", "b"), ("c", "d")], None)
    everyone = {frozenset(p) for p in ("ab", "ac", "ad")}
    assert danish_round(["a", "b", "c", "d"], everyone)[0][0] == ("a", "b")
    assert doctest.testmod(knockout).failed == 0


def test_the_danish_system_swaps_lower_pairs_rather_than_leave_a_rematch_at_the_bottom():
    # Greedy pairing would give a-b, c-d and then e-f, who have met: c takes e instead.
    met = {frozenset("ef")}
    assert danish_round(list("abcdef"), met) == ([("a", "b"), ("c", "e"), ("d", "f")], None)
    # Where no round without a rematch exists, the greedy pairing stands.
    everyone = {frozenset(p) for p in ("ab", "ac", "ad", "bc", "bd", "cd")}
    assert danish_round(list("abcd"), everyone) == ([("a", "b"), ("c", "d")], None)


@given(st.integers(2, 8), st.randoms(use_true_random=False))
def test_a_danish_round_has_no_rematch_whenever_one_without_exists(half, rng):
    ranked = list(range(2 * half))
    met = {frozenset(p) for p in combinations(ranked, 2) if rng.random() < 0.3}
    pairs, _bye = danish_round(ranked, met)
    assert sorted(x for pair in pairs for x in pair) == ranked
    rematches = sum(frozenset(pair) in met for pair in pairs)
    possible = _rematch_free_exists(ranked, met)
    assert rematches == 0 or not possible


def _rematch_free_exists(entrants: list, met: set) -> bool:
    """Whether ``entrants`` can all be paired with no pair in ``met`` (brute force)."""
    if not entrants:
        return True
    first, rest = entrants[0], entrants[1:]
    return any(
        frozenset((first, other)) not in met
        and _rematch_free_exists([x for x in rest if x != other], met)
        for other in rest
    )
