"""Knockout brackets and the Danish system (tournaments/pairing/knockout.py)."""

from __future__ import annotations

import doctest

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
