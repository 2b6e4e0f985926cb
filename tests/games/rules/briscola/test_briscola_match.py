"""Briscola's match at two, three and four players: how many hands, and how a tie is
broken.

Source: ../shared/rules/README.md ("Briscola": "A match follows 004 literally: two hands
at two players and at four (partnerships; the deal passes to the left), three hands at
three (each player deals once). Where the totals tie after those hands, exactly one
tie-breaker hand is played (not another whole round); should that hand be drawn 60-60 as
well, another single hand follows."), ../shared/rules/sources/004_3274f6a7e97458c6.txt
("Briscola": the last paragraph).
"""

from __future__ import annotations

import pytest

from tests.games.rules.briscola.test_briscola_deal import GAME, play_first_legal

HANDS = {2: 2, 3: 3, 4: 2}
"""Seats -> hands of a match before any tie-breaker."""


def hand(seats: int, *side_points: int) -> dict:
    """A hand's result as the engine gives it: per seat, and per side at four."""
    if seats == 4:
        first, second = side_points
        return {"points": [first, second, first, second], "side_points": [first, second]}
    return {"points": list(side_points)}


def decided(seats: int) -> list[dict]:
    """The hands of a match with different totals at its end: side 0 ahead."""
    if seats == 3:
        return [hand(3, 50, 40, 30), hand(3, 50, 30, 40), hand(3, 40, 40, 40)]
    return [hand(seats, 70, 50), hand(seats, 55, 65)]


def tied(seats: int) -> list[dict]:
    """The hands of a match with the highest totals equal at its end (sides 0 and 1)."""
    if seats == 3:
        return [hand(3, 50, 40, 30), hand(3, 40, 50, 30), hand(3, 40, 40, 40)]
    return [hand(seats, 70, 50), hand(seats, 50, 70)]


def drawn(seats: int) -> dict:
    """A tie-breaker that leaves the tied sides equal: 60-60, or 40-40-40 at three."""
    return hand(3, 40, 40, 40) if seats == 3 else hand(seats, 60, 60)


def second_wins(seats: int) -> dict:
    """A tie-breaker won by side 1."""
    return hand(3, 30, 60, 30) if seats == 3 else hand(seats, 59, 61)


@pytest.mark.parametrize(("seats", "hands"), HANDS.items())
def test_a_match_is_two_hands_at_two_and_four_players_and_three_at_three(seats, hands):
    history = decided(seats)
    assert len(history) == hands
    for played in range(hands):
        assert GAME.match_winner(history[:played], {}) is None
    assert GAME.match_winner(history, {}) == 0


@pytest.mark.parametrize("seats", HANDS)
def test_equal_totals_are_broken_by_exactly_one_more_hand(seats):
    history = tied(seats)
    assert GAME.match_winner(history, {}) is None
    assert GAME.match_winner([*history, second_wins(seats)], {}) == 1


@pytest.mark.parametrize("seats", HANDS)
def test_a_drawn_tie_breaker_is_followed_by_another_single_hand(seats):
    history = [*tied(seats), drawn(seats)]
    assert GAME.match_winner(history, {}) is None
    assert GAME.match_winner([*history, second_wins(seats)], {}) == 1


@pytest.mark.parametrize("seats", HANDS)
def test_the_higher_total_wins_not_the_most_hands_won(seats):
    if seats == 3:  # seat 1 wins two hands of three, seat 0 has the higher total
        history = [hand(3, 80, 20, 20), hand(3, 30, 50, 40), hand(3, 30, 50, 40)]
        assert GAME.match_scores(history, {}) == [140, 120, 100]
    else:  # side 1 wins one hand of two, barely; side 0 wins the other by far
        history = [hand(seats, 90, 30), hand(seats, 59, 61)]
        assert GAME.match_scores(history, {}) == [149, 91]
    assert GAME.match_winner(history, {}) == 0
    assert GAME.match_places(history, {})[0] == 1


def test_at_three_the_totals_after_the_tie_breaker_decide():
    history = [*tied(3), hand(3, 45, 35, 40)]
    assert GAME.match_scores(history, {}) == [175, 165, 140]
    assert GAME.match_winner(history, {}) == 0
    assert GAME.match_places(history, {}) == [1, 2, 3]


@pytest.mark.parametrize(("seats", "hands"), HANDS.items())
def test_a_match_played_hand_after_hand_passes_the_deal_to_the_left(seats, hands):
    for first_dealer in range(seats):
        history, dealers, dealer, seed = [], [], first_dealer, 7
        while GAME.match_winner(history, {}) is None:
            deal = GAME.new_deal(seats=seats, dealer=dealer, seed=seed)
            play_first_legal(deal)
            history.append(deal.result())
            dealers.append(dealer)
            dealer, seed = GAME.next_dealer(dealer, seats, history), seed + 1
        totals = GAME.match_scores(history, {})
        assert len(history) >= hands
        assert sorted(totals)[-1] > sorted(totals)[-2]
        assert GAME.match_winner(history, {}) == totals.index(max(totals))
        assert dealers == [(first_dealer + n) % seats for n in range(len(history))]
        if len(history) == hands:
            continue
        before = GAME.match_scores(history[:hands], {})  # only a tie plays on
        assert sorted(before)[-1] == sorted(before)[-2]
