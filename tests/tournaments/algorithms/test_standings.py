"""Standings and tie-breaks, on small tournaments built by hand."""

import pytest

from tournaments.standings import MatchResult, StandingRow, compute_standings

ALICE, BOB, CHARLIE, DORA, EVE = "alice", "bob", "charlie", "dora", "eve"


def won(round_number: int, winner: str, loser: str, points: tuple[int, int]) -> MatchResult:
    """`winner` (seat 0) beat `loser`, deal points `points` = (winner's, loser's)."""
    return MatchResult(round_number, winner, loser, winner, points[0], points[1])


def bye(round_number: int, entrant: str) -> MatchResult:
    return MatchResult(round_number, entrant, None, entrant, bye=True)


def order(rows: list[StandingRow]) -> list[tuple[int, str]]:
    return [(row.rank, row.entrant) for row in rows]


def test_every_column_is_tallied_for_a_win_a_loss_and_a_bye():
    results = [
        won(1, ALICE, BOB, (51, 30)),
        # Deal points given with a bye are ignored.
        MatchResult(1, CHARLIE, None, CHARLIE, 10, 0, bye=True),
    ]

    assert compute_standings([ALICE, BOB, CHARLIE], results) == [
        # alice and charlie are level on 1 point but have not met: no head-to-head;
        # alice's +21 beats charlie's 0. alice's Sonneborn-Berger is bob's 0 points.
        StandingRow(1, ALICE, 1, 1, 0, 0, 1.0, 51, 30, 21, None, 0.0),
        StandingRow(2, CHARLIE, 0, 0, 0, 1, 1.0, 0, 0, 0, None, 0.0),
        StandingRow(3, BOB, 1, 0, 1, 0, 0.0, 30, 51, -21, None, 0.0),
    ]


def test_head_to_head_decides_before_deal_point_difference():
    results = [
        won(1, ALICE, BOB, (51, 50)),
        won(1, CHARLIE, DORA, (51, 0)),
        won(2, BOB, DORA, (51, 0)),
        won(2, CHARLIE, ALICE, (51, 0)),
    ]

    rows = compute_standings([ALICE, BOB, CHARLIE, DORA], results)

    # alice and bob have 1 point each; bob's difference (+50) beats alice's (-50),
    # but alice beat bob.
    assert order(rows) == [(1, CHARLIE), (2, ALICE), (3, BOB), (4, DORA)]
    assert [(r.head_to_head, r.deal_point_difference) for r in rows[1:3]] == [(1, -50), (0, 50)]


def test_head_to_head_is_skipped_when_the_tied_players_have_not_all_met():
    results = [
        won(1, ALICE, BOB, (51, 50)),
        won(1, CHARLIE, EVE, (51, 30)),
        won(2, BOB, DORA, (51, 0)),
    ]

    rows = compute_standings([ALICE, BOB, CHARLIE, DORA, EVE], results)

    # alice, bob and charlie have 1 point each and only alice and bob have met, so
    # head-to-head (which would put alice first) does not apply: +50, +21, +1 decide.
    assert order(rows) == [(1, BOB), (2, CHARLIE), (3, ALICE), (4, EVE), (5, DORA)]
    assert all(row.head_to_head is None for row in rows)


def test_deal_point_difference_decides_when_head_to_head_is_level():
    # A cycle: everyone has 1 point and 1 point head-to-head, and a
    # Sonneborn-Berger of 1 (the 1 point of the player they beat).
    results = [
        won(1, ALICE, BOB, (51, 40)),
        won(2, BOB, CHARLIE, (51, 20)),
        won(3, CHARLIE, ALICE, (51, 45)),
    ]

    rows = compute_standings([ALICE, BOB, CHARLIE], results)

    # Differences: alice +11 - 6 = +5, bob -11 + 31 = +20, charlie -31 + 6 = -25.
    assert order(rows) == [(1, BOB), (2, ALICE), (3, CHARLIE)]
    assert [r.deal_point_difference for r in rows] == [20, 5, -25]
    assert {(r.head_to_head, r.sonneborn_berger) for r in rows} == {(1.0, 1.0)}


def five_player_event() -> list[MatchResult]:
    """alice, bob, charlie 2 points each, +5 each, a 1-1-1 cycle among them.

    Sonneborn-Berger: alice beat bob (2) and dora (1) = 3; bob beat charlie (2)
    and eve (0) = 2; charlie beat alice (2) and eve (0) = 2; dora beat eve = 0.
    """
    return [
        won(1, ALICE, BOB, (10, 5)),
        won(1, CHARLIE, EVE, (10, 5)),
        won(2, BOB, CHARLIE, (10, 5)),
        won(2, DORA, EVE, (10, 5)),
        won(3, CHARLIE, ALICE, (10, 5)),
        won(3, BOB, EVE, (10, 5)),
        won(4, ALICE, DORA, (10, 5)),
    ]


def test_sonneborn_berger_decides_when_deal_point_difference_is_level():
    rows = compute_standings([ALICE, BOB, CHARLIE, DORA, EVE], five_player_event())

    assert [(r.entrant, r.sonneborn_berger) for r in rows[:3]] == [
        (ALICE, 3.0),
        (BOB, 2.0),
        (CHARLIE, 2.0),
    ]
    assert rows[0].rank == 1


def test_rows_level_on_everything_share_a_rank_and_the_next_rank_is_skipped():
    rows = compute_standings([ALICE, BOB, CHARLIE, DORA, EVE], five_player_event())

    assert order(rows) == [(1, ALICE), (2, BOB), (2, CHARLIE), (4, DORA), (5, EVE)]


def test_rows_sharing_a_rank_keep_the_order_of_the_entrant_list():
    rows = compute_standings([EVE, DORA, CHARLIE, BOB, ALICE], five_player_event())

    assert order(rows) == [(1, ALICE), (2, CHARLIE), (2, BOB), (4, DORA), (5, EVE)]


def test_everyone_shares_first_place_before_any_result():
    rows = compute_standings([ALICE, BOB], [])

    assert rows == [
        StandingRow(1, ALICE, 0, 0, 0, 0, 0.0, 0.0, 0.0, 0.0, None, 0.0),
        StandingRow(1, BOB, 0, 0, 0, 0, 0.0, 0.0, 0.0, 0.0, None, 0.0),
    ]


def test_a_match_without_a_winner_is_half_a_point_each():
    results = [
        MatchResult(1, ALICE, BOB, None, 30, 30),
        won(2, BOB, CHARLIE, (51, 20)),
    ]

    rows = {r.entrant: r for r in compute_standings([ALICE, BOB, CHARLIE], results)}

    assert (rows[ALICE].played, rows[ALICE].wins, rows[ALICE].losses) == (1, 0, 0)
    assert (rows[ALICE].match_points, rows[BOB].match_points) == (0.5, 1.5)
    # Half of the drawn opponent's points: alice 1.5 / 2; bob 0.5 / 2 + charlie's 0.
    assert (rows[ALICE].sonneborn_berger, rows[BOB].sonneborn_berger) == (0.75, 0.25)


def test_a_bye_adds_nothing_to_sonneborn_berger_but_counts_in_the_opponents_points():
    results = [won(1, ALICE, BOB, (51, 30)), bye(2, BOB), bye(3, CHARLIE)]

    rows = {r.entrant: r for r in compute_standings([ALICE, BOB, CHARLIE], results)}

    # alice beat bob, whose 1 point is his bye; charlie's bye is no win over anyone.
    assert (rows[ALICE].sonneborn_berger, rows[CHARLIE].sonneborn_berger) == (1.0, 0.0)
    assert (rows[BOB].byes, rows[BOB].match_points, rows[BOB].played) == (1, 1.0, 1)


def test_an_entrant_listed_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        compute_standings([ALICE, BOB, ALICE], [])


def test_a_result_naming_a_stranger_is_refused():
    with pytest.raises(ValueError, match="'dora' is not an entrant"):
        compute_standings([ALICE, BOB], [won(1, ALICE, DORA, (51, 0))])


def test_an_entrant_with_two_results_in_one_round_is_refused():
    results = [won(1, ALICE, BOB, (51, 0)), bye(1, ALICE)]
    with pytest.raises(ValueError, match="round 1: 'alice' has two results"):
        compute_standings([ALICE, BOB], results)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"second": BOB, "winner": ALICE, "bye": True}, "a bye has no second"),
        ({"second": None, "winner": None, "bye": True}, "a bye has no second"),
        ({"second": None, "winner": ALICE}, "two different entrants"),
        ({"second": ALICE, "winner": ALICE}, "two different entrants"),
        ({"second": BOB, "winner": CHARLIE}, "'charlie' did not play"),
    ],
)
def test_an_impossible_result_is_refused(fields, message):
    with pytest.raises(ValueError, match=message):
        MatchResult(round_number=1, first=ALICE, **fields)
