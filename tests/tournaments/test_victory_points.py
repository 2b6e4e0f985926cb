"""Standings of an event scored in Victory Points (issue #8 item 1: "Standings of a
Victory Point event rank by VP, then by match-point difference"), and which events are.

Source: tournaments/standings.py (module docstring), ../shared/rules/README.md
("Burraco").
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import Tournament
from tournaments.standings import (
    BYE_VICTORY_POINTS,
    FORFEIT_VICTORY_POINTS,
    MatchResult,
    compute_standings,
)


def vp_match(rnd, first, second, first_vp, second_vp, first_pts, second_pts):
    winner = first if first_pts > second_pts else second
    return MatchResult(rnd, first, second, winner, first_pts, second_pts,
                       first_victory_points=first_vp, second_victory_points=second_vp)  # fmt: skip


def test_vp_rank_before_wins():
    # a wins twice narrowly (11-9); b loses narrowly once and wins big once (9 + 20).
    results = [
        vp_match(1, "a", "b", 11, 9, 1500, 1420),
        vp_match(1, "c", "d", 18, 2, 2100, 1000),
        vp_match(2, "a", "c", 11, 9, 900, 800),
        vp_match(2, "b", "d", 20, 0, 2500, 700),
    ]
    rows = compute_standings("abcd", results, victory_points=True)
    assert [(r.entrant, r.match_points) for r in rows] == [
        ("b", 29), ("c", 27), ("a", 22), ("d", 2),
    ]  # fmt: skip
    # Without VP the same results rank by wins: a (two wins) first.
    assert compute_standings("abcd", results)[0].entrant == "a"


def test_level_on_vp_the_match_point_difference_decides_before_the_events_tie_breaks():
    results = [
        vp_match(1, "a", "b", 15, 5, 1400, 800),  # a +600
        vp_match(1, "c", "d", 15, 5, 1300, 1000),  # c +300
        vp_match(2, "a", "d", 5, 15, 800, 1400),  # a -600: a 20 VP, difference 0
        vp_match(2, "c", "b", 5, 15, 1000, 1100),  # c -100: c 20 VP, difference +200
    ]
    rows = compute_standings("abcd", results, ("head_to_head", "wins"), victory_points=True)
    by = {r.entrant: r for r in rows}
    assert by["a"].match_points == by["c"].match_points == 20
    assert (by["c"].deal_point_difference, by["a"].deal_point_difference) == (200, 0)
    assert by["c"].rank < by["a"].rank
    # Fully level rows share a rank.
    level = [MatchResult(1, "a", "b", None, 500, 500, first_victory_points=10,
                         second_victory_points=10)]  # fmt: skip
    assert [r.rank for r in compute_standings("ab", level, victory_points=True)] == [1, 1]


def test_a_forfeit_a_draw_and_a_bye_without_vp_of_their_own():
    results = [
        MatchResult(1, "a", "b", "a"),  # resigned before the hands were played
        MatchResult(1, "c", None, "c", bye=True),
        MatchResult(2, "b", "c", None),  # no winner: half the VP each
    ]
    rows = {r.entrant: r for r in compute_standings("abc", results, victory_points=True)}
    assert rows["a"].match_points == FORFEIT_VICTORY_POINTS == 20
    assert rows["b"].match_points == 0 + 10
    assert rows["c"].match_points == BYE_VICTORY_POINTS + 10 == 22


def test_an_unknown_tie_break_is_still_refused_in_vp():
    with pytest.raises(ValueError, match="unknown tie-breaks"):
        compute_standings("ab", [], ("elo",), victory_points=True)


@pytest.mark.parametrize(
    ("game", "options", "fields", "expected"),
    [
        ("burraco", {"match": "3_hands"}, {}, True),
        ("burraco", {"match": "4_hands"}, {"pairs": True, "table_size": 4}, True),
        ("burraco", {}, {}, False),  # to 2000: ranked by wins
        ("burraco", {"match": "5_hands"}, {}, False),  # bad options: not VP
        ("briscola", {}, {}, False),
    ],
)
def test_which_events_are_scored_in_vp(game, options, fields, expected):
    event = Tournament(name="x", slug="x", game=game, options=options, **fields)
    assert event.scored_in_victory_points is expected


@pytest.mark.django_db
def test_a_danish_event_may_be_for_pairs_but_a_swiss_may_not():
    danish = Tournament(name="Burraco Pairs", slug="bp", game="burraco", pairs=True,
                        table_size=4, format=Tournament.Format.DANISH)  # fmt: skip
    danish.full_clean()
    swiss = Tournament(name="Burraco Swiss", slug="bs", game="burraco", pairs=True,
                       table_size=4, format=Tournament.Format.SWISS)  # fmt: skip
    with pytest.raises(ValidationError, match="two-player matches only"):
        swiss.full_clean()
