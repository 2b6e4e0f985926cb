"""Choosing K by predictive log-loss (tournaments/k_fitting.py) and the K table
(tournaments/rating.py), on synthetic streams with a known answer; no database."""

import math

import pytest

from tournaments.k_fitting import (
    StreamMatch,
    candidate_grid,
    elo_stream,
    fit_k,
    log_loss,
    mean_interval,
    simulate_stream,
)
from tournaments.rating import (
    FIDE_K,
    FITTED_K,
    KFactors,
    PlayerRating,
    k_factor,
    k_for,
    rate_sides,
    rated_format,
)

GRID = candidate_grid(regular=(6, 10, 16, 24, 36), provisional=None)


@pytest.mark.parametrize("true_regular", [10, 24])
def test_the_fit_recovers_the_k_a_stream_was_generated_with(true_regular):
    true = KFactors(2 * true_regular, true_regular, true_regular // 2)
    train = [elo_stream(true, seed) for seed in ("a", "b")]
    held_out = [elo_stream(true, "c")]

    fit = fit_k(train, held_out, grid=GRID, baseline=KFactors(72, 36, 18))

    assert fit.best == true
    best_loss, baseline_loss = fit.held_out[0]
    assert best_loss < baseline_loss


def test_a_single_match_is_scored_by_hand():
    # Two newcomers at 1500: each side is predicted 0.5, so the log-loss is ln 2.
    stream = [StreamMatch(((1,), (2,)), (1, 2))]
    assert log_loss(stream, FIDE_K) == (pytest.approx(math.log(2)), 1)
    # A table of three is three comparisons; skipping the only match scores none.
    table = [StreamMatch(((1,), (2,), (3,)), (1, 2, 3))]
    assert log_loss(table, FIDE_K)[1] == 3
    assert log_loss(table, FIDE_K, skip=1)[1] == 0


def test_the_more_spread_a_simulated_game_has_the_more_its_results_can_be_predicted():
    # A spread of 0 makes every result a coin toss (log-loss ln 2 at best); with 800 points
    # between the best and the worst, ratings learn who wins.
    flat = simulate_stream(0, 2, players=40, matches=3000, newcomers=0)
    steep = simulate_stream(800, 2, players=40, matches=3000, newcomers=0)
    assert log_loss(flat, FIDE_K, skip=1000)[0] > math.log(2) - 0.01
    assert log_loss(steep, FIDE_K, skip=1000)[0] < math.log(2) - 0.05


def test_simulated_tables_and_pairs_have_the_shape_asked_for():
    stream = simulate_stream(300, 3, sides=4, side_size=1, players=20, matches=50, newcomers=10)
    assert all(len(m.sides) == 4 and sorted(m.places) == [1, 2, 3, 4] for m in stream)
    pairs = simulate_stream(300, 3, sides=2, side_size=2, players=20, matches=50)
    assert all(len({p for s in m.sides for p in s}) == 4 for m in pairs)


def test_the_mean_interval_uses_students_t_for_few_values():
    mean, low, high = mean_interval([1.0, 2.0, 3.0])
    # sd 1, standard error 1 / sqrt 3, t(2) = 4.30
    assert (mean, high - mean) == (2.0, pytest.approx(4.30 / math.sqrt(3)))


def test_the_k_table_names_each_format_and_falls_back_to_fide():
    assert rated_format([[1], [2]]) == "two"
    assert rated_format([[1, 3], [2, 4]]) == "pairs"
    assert rated_format([[1], [2], [3]]) == "table"
    assert k_for("no-such-game", "two") == FIDE_K
    for (game, fmt), k in FITTED_K.items():
        # A fitted K is in force by default; a format without one rates with FIDE's.
        assert fmt in ("two", "pairs", "table") and k_for(game, fmt) == k
    assert k_for("spizzichino", "two") == FIDE_K and ("spizzichino", "two") not in FITTED_K


def test_rate_sides_moves_by_the_k_it_is_given():
    newcomer, settled = PlayerRating(), PlayerRating(1500, 50)
    k = KFactors(provisional=30, regular=8, top=4)
    assert (k_factor(newcomer, k), k_factor(settled, k)) == (30, 8)
    (after,), _ = rate_sides([[settled], [settled]], [1, 2], k)
    assert after.rating == pytest.approx(1504)


def test_a_k_must_be_a_positive_whole_number():
    with pytest.raises(ValueError, match="positive whole"):
        KFactors(40, 0, 10)
