"""The per-process match context (games.state.match_context): what a move needs but never
changes is read once a match, ratings again after their time to live."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games import state
from games.models import Match
from tests.conftest import make_tournament, start_match
from tournaments.models import STARTING_RATING, Rating

pytestmark = pytest.mark.django_db


def test_a_started_matchs_context_is_read_once(alice, bob, django_assert_num_queries):
    match = start_match(alice, bob)
    state.forget_match_context()
    with django_assert_num_queries(3):  # seats with usernames, ratings, tournament
        first = state.match_context(match)
    with django_assert_num_queries(0):
        again = state.match_context(match)
    assert again is first
    assert sorted(s.username for s in first.seats) == ["alice", "bob"]
    assert [s.number for s in first.seats] == [0, 1]
    assert first.tournament == {
        "name": match.round.tournament.name,
        "url": match.round.tournament.get_absolute_url(),
        "round": 1,
    }


def test_a_scheduled_matchs_context_is_not_kept(alice, bob, django_assert_num_queries):
    tournament = make_tournament([alice, bob])
    match = Match.objects.get(round__tournament=tournament, round__number=1)
    assert match.status == Match.Status.SCHEDULED
    state.match_context(match)
    with django_assert_num_queries(3):  # its seats may still change in admin
        state.match_context(match)


def test_ratings_are_read_again_after_their_time_to_live(alice, bob, monkeypatch):
    match = start_match(alice, bob)
    unrated = {alice.pk: STARTING_RATING, bob.pk: STARTING_RATING}
    assert state.match_context(match).ratings == unrated
    Rating.objects.create(player=alice, game=match.game, rating=1612)

    assert state.match_context(match).ratings == unrated  # still fresh: kept
    monkeypatch.setattr(state, "RATINGS_TTL", 0.0)
    assert state.match_context(match).ratings == {alice.pk: 1612, bob.pk: STARTING_RATING}


def test_the_seconds_left_to_move_count_down_to_zero_and_are_none_without_a_deadline(alice, bob):
    match = start_match(alice, bob)
    deadline = match.move_deadline
    assert deadline is not None  # tournaments give 10 minutes a move by default
    assert state.move_seconds_left(match, now=deadline - timedelta(seconds=75.04)) == 75.0
    assert state.move_seconds_left(match, now=deadline + timedelta(seconds=3)) == 0.0
    summary = state.match_summary(match, state.match_seats(match), None)
    assert 590 < summary["move_seconds_left"] <= 600

    match.move_deadline = None
    assert state.move_seconds_left(match) is None


@pytest.mark.django_db
def test_the_state_carries_the_previous_deals_last_trick_once_the_next_deal_starts(alice, bob):
    import random as random_module

    from games.state import current_state
    from tests.conftest import play_random, start_match

    match = start_match(alice, bob, game="briscola")  # two hands
    assert current_state(match.pk, 0)["match"]["previous_last_trick"] is None
    play_random(match, rng=random_module.Random(2), until=lambda m: m.deals.count() == 2)
    state = current_state(match.pk, 0)
    trick = state["match"]["previous_last_trick"]
    assert state["match"]["deal_number"] == 2 and len(trick["cards"]) == 2
    assert trick["winner"] in (0, 1)


def test_the_contexts_of_consecutive_matches_expire_spread_over_a_third_of_the_ttl():
    # A round's matches are made one after another and their contexts loaded together:
    # were their times to live equal, every one would be read again in the same second.
    ttls = sorted(state.ratings_ttl(match_id) for match_id in range(1000, 1200))
    assert state.RATINGS_TTL * 2 / 3 <= ttls[0] and ttls[-1] <= state.RATINGS_TTL
    # No second of the spread holds more than a sixth of them.
    by_second = {}
    for ttl in ttls:
        by_second[int(ttl)] = by_second.get(int(ttl), 0) + 1
    assert len(by_second) >= 10 and max(by_second.values()) <= len(ttls) // 6
