"""Standings of table events (tournaments/table_standings.py)."""

from __future__ import annotations

import pytest

from tournaments.table_standings import TableResult, compute_table_standings, place_points


def test_places_score_table_size_minus_place_and_shared_places_share():
    assert place_points([1, 2, 3], 3) == [2.0, 1.0, 0.0]
    assert place_points([3, 1, 2], 3) == [0.0, 2.0, 1.0]
    assert place_points([1, 1, 3], 3) == [1.5, 1.5, 0.0]
    assert place_points([2, 1, 2, 4], 4) == [1.5, 3.0, 1.5, 0.0]


def test_match_points_then_points_then_wins_rank_the_players():
    results = [
        TableResult(1, ("a", "b", "c"), (1, 2, 3), (30, 5, -35)),
        TableResult(1, ("d",), (1,), (0,), bye=True),
        TableResult(2, ("d", "a", "b"), (1, 3, 2), (12, -20, 8)),
        TableResult(2, ("c",), (1,), (0,), bye=True),
    ]
    rows = compute_table_standings(["a", "b", "c", "d"], results)
    # a: 2 + 0 = 2, points 10; b: 1 + 1 = 2, points 13; d: bye 1 + 2 = 3; c: 0 + bye 1 = 1
    assert [(r.entrant, r.rank, r.match_points, r.points) for r in rows] == [
        ("d", 1, 3.0, 12),
        ("b", 2, 2.0, 13),
        ("a", 3, 2.0, 10),
        ("c", 4, 1.0, -35),
    ]
    assert [(r.played, r.wins, r.losses, r.byes) for r in rows] == [
        (1, 1, 0, 1),
        (2, 0, 0, 0),
        (2, 1, 1, 0),
        (1, 0, 1, 1),
    ]


def test_players_level_on_everything_share_a_rank():
    rows = compute_table_standings(
        ["a", "b", "c"], [TableResult(1, ("a", "b", "c"), (1, 1, 3), (5, 5, -10))]
    )
    assert [r.rank for r in rows] == [1, 1, 3]


def test_unknown_entrants_and_bad_results_are_refused():
    with pytest.raises(ValueError):
        compute_table_standings(["a"], [TableResult(1, ("a", "z", "y"), (1, 2, 3), (0, 0, 0))])
    with pytest.raises(ValueError):
        TableResult(1, ("a", "b"), (1, 2), (0,))
    with pytest.raises(ValueError):
        compute_table_standings(["a", "a"], [])


def test_a_game_played_for_chips_ranks_by_chips_before_places():
    # A wins its table by one chip; D comes second at the other table, 90 chips up.
    results = [
        TableResult(1, ("A", "X", "Y"), (1, 2, 3), (1, 0, -1)),
        TableResult(1, ("C", "D", "E"), (1, 2, 3), (100, 90, -190)),
    ]
    entrants = ["A", "C", "D", "E", "X", "Y"]
    by_places = compute_table_standings(entrants, results)
    by_chips = compute_table_standings(entrants, results, rank_by="points")
    assert [row.entrant for row in by_places][:3] == ["C", "A", "D"]
    assert [(row.entrant, row.points) for row in by_chips][:3] == [
        ("C", 100), ("D", 90), ("A", 1),
    ]  # fmt: skip
    with pytest.raises(ValueError, match="rank_by"):
        compute_table_standings(["A"], [], rank_by="chips")
