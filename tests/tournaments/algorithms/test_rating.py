"""Elo after FIDE B.02 section 8, checked against arithmetic done by hand."""

import doctest

import pytest

from tournaments import rating
from tournaments.rating import (
    STARTING_RATING,
    PlayerRating,
    expected_score,
    k_factor,
    rate_match,
    rating_change,
)

EXACT = 1e-9


def settled(value: float, *, reached_2400: bool = False) -> PlayerRating:
    """A player past the 30 new-player matches."""
    return PlayerRating(value, rated_matches=50, reached_2400=reached_2400)


def test_a_new_player_starts_at_1500_with_no_matches():
    assert PlayerRating() == PlayerRating(1500.0, 0, False)
    assert STARTING_RATING == 1500.0


def test_equal_ratings_expect_half_a_point():
    assert expected_score(1723.4, 1723.4) == 0.5


def test_a_hundred_points_more_expects_about_0_64():
    # D = 100: 10 ** (-100 / 400) = 10 ** -0.25 = 0.56234132519; 1 / 1.56234132519 = 0.64006499980
    assert expected_score(1600, 1500) == pytest.approx(0.6400649998, abs=EXACT)
    # The underdog: 1 / (1 + 10 ** 0.25) = 1 / 2.77827941004 = 0.35993500020 = 1 - 0.64006499980
    assert expected_score(1500, 1600) == pytest.approx(0.3599350002, abs=EXACT)


def test_a_difference_of_400_expects_ten_elevenths():
    # D = 400: 1 / (1 + 10 ** -1) = 1 / 1.1 = 10 / 11 = 0.909090...
    assert expected_score(1900, 1500) == pytest.approx(10 / 11, abs=EXACT)


def test_a_difference_over_400_counts_as_400():
    # D = 700 is clamped to 400: 10 / 11 again, and 1 / 11 for the underdog.
    assert expected_score(2200, 1500) == pytest.approx(10 / 11, abs=EXACT)
    assert expected_score(1500, 2200) == pytest.approx(1 / 11, abs=EXACT)


def test_just_under_400_is_not_clamped():
    # D = 200: 1 / (1 + 10 ** -0.5) = 1 / 1.31622776602 = 0.75974692665
    assert expected_score(1700, 1500) == pytest.approx(0.7597469266, abs=EXACT)


@pytest.mark.parametrize(
    ("player", "k"),
    [
        (PlayerRating(1500, rated_matches=0), 40),
        (PlayerRating(1500, rated_matches=29), 40),  # the 30th match is still at K 40
        (PlayerRating(1500, rated_matches=30), 20),
        (PlayerRating(2450, rated_matches=29), 40),  # K 40 comes first, whatever the rating
        (PlayerRating(2399.9, rated_matches=30), 20),
        (PlayerRating(2400, rated_matches=30), 10),
        (PlayerRating(2200, rated_matches=30, reached_2400=True), 10),  # K 10 stays
    ],
)
def test_the_k_factor_follows_the_documented_precedence(player, k):
    assert k_factor(player) == k


def test_a_new_player_beating_an_equal_gains_twenty():
    # K 40 * (1 - 0.5) = 20
    assert rating_change(PlayerRating(1500, 0), 1500, 1) == pytest.approx(20, abs=EXACT)


def test_the_29th_to_30th_match_boundary_halves_the_change():
    # 29 done: K 40 * (1 - 0.5) = 20; 30 done: K 20 * (1 - 0.5) = 10
    assert rating_change(PlayerRating(1500, 29), 1500, 1) == pytest.approx(20, abs=EXACT)
    assert rating_change(PlayerRating(1500, 30), 1500, 1) == pytest.approx(10, abs=EXACT)


def test_the_2399_to_2400_boundary_halves_the_change():
    # 2399: K 20 * (1 - 0.5) = 10; 2400: K 10 * (1 - 0.5) = 5
    assert rating_change(settled(2399), 2399, 1) == pytest.approx(10, abs=EXACT)
    assert rating_change(settled(2400), 2400, 1) == pytest.approx(5, abs=EXACT)


def test_a_draw_against_a_stronger_player_gains_points():
    # K 20 * (0.5 - 0.35993500020) = 20 * 0.14006499980 = 2.80129999606
    assert rating_change(settled(1500), 1600, 0.5) == pytest.approx(2.8012999961, abs=EXACT)


def test_the_400_point_rule_caps_what_a_favourite_can_expect():
    # D = 500 counts as 400: K 20 * (1 - 10 / 11) = 20 / 11 = 1.818181...
    assert rating_change(settled(2000), 1500, 1) == pytest.approx(20 / 11, abs=EXACT)
    assert rating_change(settled(2000), 1500, 1) == rating_change(settled(2000), 1600, 1)


def test_a_newcomer_upsetting_a_far_stronger_player_uses_each_players_own_k():
    newcomer, veteran = PlayerRating(1500, 0), settled(2000)

    after_newcomer, after_veteran = rate_match(newcomer, veteran, 1)

    # D = -500 counts as -400, E = 1 / 11. Newcomer: 1500 + 40 * (1 - 1/11) = 1500 + 36.3636...
    assert after_newcomer.rating == pytest.approx(1536.3636363636, abs=EXACT)
    # Veteran: E = 10 / 11; 2000 + 20 * (0 - 10/11) = 2000 - 18.1818... = 1981.8181...
    assert after_veteran.rating == pytest.approx(1981.8181818182, abs=EXACT)
    assert (after_newcomer.rated_matches, after_veteran.rated_matches) == (1, 51)


def test_ratings_are_not_rounded_between_matches():
    # E = 0.35993500020; 1500 + 20 * (1 - 0.35993500020) = 1500 + 12.80129999606
    winner, _ = rate_match(settled(1500), settled(1600), 1)
    assert winner.rating == pytest.approx(1512.8012999961, abs=EXACT)
    assert winner.rating != round(winner.rating, 1)


def test_reaching_2400_keeps_k_at_ten_after_the_rating_drops():
    # 2395 beats 2395 at K 20: 2395 + 20 * 0.5 = 2405, so the flag is set.
    climber, rival = rate_match(settled(2395), settled(2395), 1)
    assert (climber.rating, climber.reached_2400, rival.reached_2400) == (2405, True, False)

    # Then two losses to equals at K 10: 2405 - 5 = 2400, then 2400 - 5 = 2395.
    climber, _ = rate_match(climber, settled(2405), 0)
    climber, _ = rate_match(climber, settled(2400), 0)
    assert (climber.rating, climber.reached_2400, k_factor(climber)) == (2395, True, 10)


def test_a_draw_between_equals_changes_nothing_but_the_match_count():
    a, b = rate_match(PlayerRating(1800, 40), PlayerRating(1800, 3), 0.5)
    assert (a, b) == (PlayerRating(1800, 41), PlayerRating(1800, 4))


@pytest.mark.parametrize("score", [-0.5, 1.5])
def test_a_score_outside_zero_to_one_is_refused(score):
    with pytest.raises(ValueError, match="between 0 and 1"):
        rate_match(PlayerRating(), PlayerRating(), score)


def test_a_negative_match_count_is_refused():
    with pytest.raises(ValueError, match="negative"):
        PlayerRating(1500, -1)


@pytest.mark.parametrize("value", [float("nan"), float("inf")])
def test_a_rating_that_is_not_a_number_is_refused(value):
    with pytest.raises(ValueError, match="finite"):
        PlayerRating(value)


def test_the_docstring_examples_hold():
    assert doctest.testmod(rating).failed == 0


def test_two_sides_of_one_player_rate_as_a_match():
    from tournaments.rating import PlayerRating, rate_match, rate_sides

    a, b = PlayerRating(1600, 40), PlayerRating(1450, 3)
    for places, score in (([1, 2], 1.0), ([2, 1], 0.0), ([1, 1], 0.5)):
        (after_a,), (after_b,) = rate_sides([[a], [b]], places)
        assert (after_a, after_b) == rate_match(a, b, score)


def test_partners_move_by_their_sides_change_worked_by_hand():
    from tournaments.rating import PlayerRating, rate_sides

    # Side 1: 1700 (K 20) and 1500 (K 40): mean 1600, K 30. Side 2: 1500 and 1500, K 40.
    # E(side 1) = 1 / (1 + 10 ** (-100 / 400)) = 0.640065; side 1 wins:
    # +30 * 0.359935 = +10.798 each; side 2: 40 * (0 - 0.359935) = -14.397 each.
    one = [PlayerRating(1700, 50), PlayerRating(1500, 0)]
    two = [PlayerRating(1500, 0), PlayerRating(1500, 0)]
    after_one, after_two = rate_sides([one, two], [1, 2])
    assert [round(p.rating - q.rating, 3) for p, q in zip(after_one, one, strict=True)] == [
        10.798,
        10.798,
    ]
    assert [round(p.rating, 3) for p in after_two] == [1485.603, 1485.603]
    assert [p.rated_matches for p in after_one] == [51, 1]


def test_a_table_of_three_counts_pairwise_results_with_k_over_two():
    from tournaments.rating import PlayerRating, rate_sides

    # Equal ratings, K 40: the winner scores 2 of 2 against 1.0 expected: +40/2 * 1 = +20;
    # second 1 of 2: 0; third 0 of 2: -20. A shared second place: 0.5 each.
    players = [[PlayerRating(1500, 0)] for _ in range(3)]
    after = rate_sides(players, [2, 1, 3])
    assert [round(side[0].rating, 6) for side in after] == [1500.0, 1520.0, 1480.0]
    shared = rate_sides(players, [1, 2, 2])
    assert [round(side[0].rating, 6) for side in shared] == [1520.0, 1490.0, 1490.0]


def test_rate_sides_refuses_a_lone_side_or_places_that_do_not_fit():
    import pytest

    from tournaments.rating import PlayerRating, rate_sides

    with pytest.raises(ValueError):
        rate_sides([[PlayerRating()]], [1])
    with pytest.raises(ValueError):
        rate_sides([[PlayerRating()], [PlayerRating()]], [1])
    with pytest.raises(ValueError):
        rate_sides([[PlayerRating()], []], [1, 2])
