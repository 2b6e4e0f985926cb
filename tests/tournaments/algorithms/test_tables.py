"""Table schedules for events of three-player games (tournaments/pairing/tables.py)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing.tables import meeting_counts, sit_outs, table_schedule


def test_nine_entrants_meet_each_other_exactly_once_in_four_rounds():
    schedule = table_schedule(9, 4)
    assert set(meeting_counts(schedule, 9).values()) == {1}
    assert all(round_.sitting_out == () for round_ in schedule)


def test_ten_entrants_meet_as_evenly_as_ten_allow():
    # 45 pairs and 45 meetings in five rounds, but no triple system on 10 points exists,
    # so some pair meets twice; never three times, and everyone sits out once.
    schedule = table_schedule(10, 5)
    counts = Counter(meeting_counts(schedule, 10).values())
    assert max(counts) == 2
    assert sum(times * pairs for times, pairs in counts.items()) == 45
    sat = Counter(e for round_ in schedule for e in round_.sitting_out)
    assert sorted(sat.values()) == [1] * 5 and len(sat) == 5  # five rounds, five sit-outs
    nine_rounds = table_schedule(10, 9)
    assert set(meeting_counts(nine_rounds, 10).values()) <= {1, 2}


def test_sitting_out_rotates_fewest_first_then_longest_ago():
    assert sit_outs(7, 3, 8) == [(0,), (1,), (2,), (3,), (4,), (5,), (6,), (0,)]
    assert sit_outs(8, 3, 4) == [(0, 1), (2, 3), (4, 5), (6, 7)]
    assert sit_outs(9, 3, 2) == [(), ()]


@settings(max_examples=40, deadline=None)
@given(n=st.integers(3, 16), rounds=st.integers(1, 7), seed=st.integers(0, 5))
def test_every_round_seats_everyone_not_sitting_out_once(n, rounds, seed):
    schedule = table_schedule(n, rounds, seed=seed)
    assert len(schedule) == rounds
    for round_ in schedule:
        seated = [e for table in round_.tables for e in table]
        assert all(len(table) == 3 for table in round_.tables)
        assert sorted(seated + list(round_.sitting_out)) == list(range(n))
    sat = Counter(e for round_ in schedule for e in round_.sitting_out)
    assert max((sat[e] for e in range(n)), default=0) - min(sat[e] for e in range(n)) <= 1
    counts = meeting_counts(schedule, n).values()
    if n >= 7:  # at six, two triples a round force repeats: every round 2 re-pairs round 1
        assert max(counts) - min(counts) <= 2


def test_the_same_arguments_give_the_same_schedule():
    assert table_schedule(12, 5, seed=3) == table_schedule(12, 5, seed=3)


@pytest.mark.parametrize(("n", "size", "rounds"), [(2, 3, 1), (5, 1, 2), (6, 3, 0)])
def test_impossible_schedules_are_refused(n, size, rounds):
    with pytest.raises(ValueError):
        table_schedule(n, rounds, size=size)
