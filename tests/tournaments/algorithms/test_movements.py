"""The federations' movements (tournaments/pairing/mitchell.py, individual.py) and duplicate
scoring (tournaments/duplicate.py), checked against properties and small sums by hand."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.burraco.scoring import victory_points
from tournaments.duplicate import (
    datum_differences,
    matchpoint_percentages,
    matchpoints,
    round_victory_points,
)
from tournaments.pairing.individual import (
    individual_rounds,
    one_factorization,
    opponent_counts,
    partner_counts,
    partner_guarantee,
)
from tournaments.pairing.mitchell import (
    boards_of_round,
    mitchell,
    mitchell_offsets,
    seat_pairs,
)


@settings(deadline=None)
@given(
    st.integers(2, 40).flatmap(
        lambda pairs: st.tuples(
            st.just(pairs),
            st.integers(1, (pairs + 1) // 2),
            st.integers(1, max(1, (pairs + 1) // 2 - 1)),
            st.sampled_from(["order", "draw"]),
        )
    )
)
def test_no_two_pairs_meet_twice_in_a_mitchell_phase(case):
    pairs, rounds, skip, seating = case
    ns, ew = seat_pairs([f"p{i}" for i in range(pairs)], seating=seating, seed=pairs)
    schedule = mitchell(ns, ew, rounds, skip)
    meetings = Counter(
        frozenset((t.north_south, t.east_west)) for r in schedule for t in r if not t.is_bye
    )
    assert set(meetings.values()) <= {1}
    for round_ in schedule:
        seated = [p for t in round_ for p in (t.north_south, t.east_west) if p is not None]
        assert sorted(seated) == sorted(f"p{i}" for i in range(pairs))  # each pair once
        assert [t.north_south for t in round_] == ns  # North-South stay
    byes = [t for r in schedule for t in r if t.is_bye]
    assert len(byes) == (rounds if pairs % 2 else 0)


def test_east_west_move_by_the_skip_and_skip_a_table_where_they_would_meet_again():
    assert mitchell_offsets(8, 4, 2) == [0, 2, 4, 6]
    # Four tables, a move of two: the third round would bring back the first opponents.
    assert mitchell_offsets(4, 4, 2) == [0, 2, 1, 3]
    assert mitchell_offsets(6, 6, 1) == [0, 1, 2, 3, 4, 5]
    schedule = mitchell(["N1", "N2", "N3"], ["E1", "E2", "E3"], 3, 1)
    assert [t.east_west for t in schedule[1]] == ["E3", "E1", "E2"]  # E1 moved to table 2


def test_a_mitchell_refuses_more_rounds_than_opponents_and_a_skip_that_never_moves():
    with pytest.raises(ValueError, match="different opponents"):
        mitchell_offsets(4, 5, 1)
    with pytest.raises(ValueError, match="move by"):
        mitchell_offsets(4, 2, 4)


def test_the_organiser_chooses_who_sits_north_south():
    ns, ew = seat_pairs(["a", "b", "c", "d"], seating="chosen", north_south=["a", "c"])
    assert ns == ["a", "c"] and ew == ["b", "d"]
    with pytest.raises(ValueError, match="North-South"):
        seat_pairs(["a", "b", "c", "d"], seating="chosen", north_south=["a"])
    with pytest.raises(ValueError, match="seating"):
        seat_pairs(["a", "b"], seating="lottery")


def test_each_board_is_played_once_at_each_table_of_its_round():
    boards = [boards_of_round(r, 3) for r in (1, 2, 3)]
    assert boards == [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    assert len({b for r in boards for b in r}) == 9


@settings(deadline=None)
@given(st.integers(1, 20).map(lambda k: 2 * k))
def test_the_circle_method_matches_every_two_players_exactly_once(m):
    factors = one_factorization(m)
    assert len(factors) == m - 1
    for factor in factors:
        assert sorted(p for pair in factor for p in pair) == list(range(m))
    pairs = Counter(pair for factor in factors for pair in factor)
    assert set(pairs) == set(combinations(range(m), 2)) and set(pairs.values()) == {1}


@settings(deadline=None, max_examples=40)
@given(st.integers(4, 24), st.integers(0, 5))
def test_no_player_has_the_same_partner_twice_within_the_guarantee(n, seed):
    rounds = partner_guarantee(n)
    schedule = individual_rounds(n, rounds, seed=seed, restarts=1)
    assert set(partner_counts(schedule).values()) <= {1}
    for round_ in schedule:
        playing = [p for table in round_.tables for pair in table for p in pair]
        assert sorted(playing + list(round_.sitting_out)) == list(range(n))
        assert len(round_.sitting_out) == n % 4  # as few sit out as the tables allow


def test_twelve_players_play_eleven_rounds_with_a_new_partner_each_and_opponents_spread():
    schedule = individual_rounds(12, 11)
    assert set(partner_counts(schedule).values()) == {1}  # all 66 pairs partner once
    assert len(partner_counts(schedule)) == 66
    opponents = opponent_counts(schedule)
    # 11 rounds x 3 tables x 4 opponent pairs = 132 meetings over 66 pairs: two each on
    # average; the seating keeps any two players from meeting more than three times.
    assert sum(opponents.values()) == 132
    assert max(opponents.values()) <= 3
    assert individual_rounds(12, 11)[0].seats(0)[0] in range(12)


def test_matchpoints_by_hand():
    # Board 1, North-South: 120 beats three (6); the two 80s beat one and tie one (3);
    # -40 beats none (0). Top on a board of four scores: 6.
    assert matchpoints({"a": 120, "b": 80, "c": 80, "d": -40}) == {
        "a": 6, "b": 3, "c": 3, "d": 0,
    }  # fmt: skip
    boards = [{"a": 120, "b": 80, "c": 80, "d": -40}, {"a": 0, "b": 50, "c": 10, "d": 10}]
    # a: 6 + 0 = 6 of 12 = 50%; b: 3 + 6 = 9 = 75%; c: 3 + 3 = 50%; d: 0 + 3 = 25%.
    assert matchpoint_percentages(boards) == {"a": 50.0, "b": 75.0, "c": 50.0, "d": 25.0}


def test_victory_points_from_the_difference_to_the_datum_by_hand():
    # Two boards, three North-South pairs. Board 1 average 200: +300, -100, -200.
    # Board 2 average 100: -100, +50, +50. Sums: +200, -50, -150.
    boards = [{"a": 500, "b": 100, "c": 0}, {"a": 0, "b": 150, "c": 150}]
    assert datum_differences(boards[0]) == {"a": 300.0, "b": -100.0, "c": -200.0}
    vp = round_victory_points(boards, lambda d: victory_points(d, 3))
    # 3-hand table: 155-250 is 12-8; 0-50 is 10-10; 55-150 is 11-9.
    assert vp == {"a": 12, "b": 10, "c": 9}
