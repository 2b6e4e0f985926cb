"""The divisions of a season, pure (no database): the first from the seeds, the next by
promotion and relegation."""

from __future__ import annotations

import pytest

from leagues.promotion import next_divisions, split_into_divisions


def test_the_first_season_cuts_the_seeds_into_divisions_top_first():
    assert split_into_divisions(list(range(1, 9)), 4) == [[1, 2, 3, 4], [5, 6, 7, 8]]


def test_a_last_division_of_one_joins_the_one_above():
    assert split_into_divisions(list(range(1, 10)), 4) == [[1, 2, 3, 4], [5, 6, 7, 8, 9]]


def test_a_division_of_fewer_than_two_is_refused():
    with pytest.raises(ValueError, match="two players"):
        split_into_divisions([1, 2, 3], 1)


def test_the_top_go_up_and_the_bottom_go_down_one_level():
    ranked = [["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4"], ["c1", "c2", "c3", "c4"]]
    assert next_divisions(ranked, promote=1, relegate=1, size=4) == [
        ["a1", "a2", "a3", "b1"],
        ["a4", "b2", "b3", "c1"],
        ["b4", "c2", "c3", "c4"],
    ]


def test_two_up_and_two_down():
    ranked = [["a1", "a2", "a3", "a4", "a5"], ["b1", "b2", "b3", "b4", "b5"]]
    top, bottom = next_divisions(ranked, promote=2, relegate=2, size=5)
    assert sorted(top) == ["a1", "a2", "a3", "b1", "b2"]
    assert sorted(bottom) == ["a4", "a5", "b3", "b4", "b5"]


def test_newcomers_join_the_lowest_division_and_leavers_are_dropped():
    ranked = [["a1", "a2", "a3"], ["b1", "b2", "b3"]]
    result = next_divisions(
        ranked, promote=1, relegate=1, size=4, newcomers=["new"], leaving=frozenset({"a2"})
    )
    assert result == [["a1", "b1"], ["a3", "b2", "b3", "new"]]


def test_newcomers_past_the_size_form_a_new_lowest_division():
    ranked = [["a1", "a2", "a3"], ["b1", "b2", "b3"]]
    result = next_divisions(ranked, promote=1, relegate=1, size=3, newcomers=["n1", "n2", "n3"])
    assert result == [["a1", "a2", "b1"], ["a3", "b2", "b3"], ["n1", "n2", "n3"]]


def test_a_single_newcomer_past_the_size_stays_in_the_lowest_division():
    result = next_divisions(
        [["a", "b"], ["c", "d"]], promote=0, relegate=0, size=2, newcomers=["n"]
    )
    assert result == [["a", "b"], ["c", "d", "n"]]


def test_a_player_in_two_divisions_is_refused():
    with pytest.raises(ValueError, match="two divisions"):
        next_divisions([["a", "b"], ["b", "c"]], promote=1, relegate=1, size=2)
