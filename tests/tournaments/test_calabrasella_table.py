"""A Calabrasella table of three played to its end through the services: the match
ends after its hands, its winner, chips and places are the engine's, and the result
reaches the standings and the ratings.

Source: docs/games/calabrasella.md (the match), games/rules/calabrasella/game.py.
"""

from __future__ import annotations

import random

import pytest

from games.models import Match
from games.rules import get_game
from tests.conftest import make_player, make_tournament, play_random
from tournaments import services
from tournaments.models import RatingChange, Standing

pytestmark = pytest.mark.django_db


def test_a_calabrasella_table_is_played_to_its_end_and_ranked_by_chips():
    players = [make_player(name) for name in ("alice", "bob", "carol")]
    tournament = make_tournament(
        players, game="calabrasella", slug="calabrasella-cup", options={"deals": 3}, table_size=3
    )
    round_ = tournament.rounds.get(number=1)
    services.round_start(round_id=round_.pk)
    match = round_.matches.get()
    assert match.seat_count == 3
    play_random(match, rng=random.Random(11), max_actions=5_000)
    match.refresh_from_db()
    assert (match.status, match.reason) == (Match.Status.FINISHED, Match.Reason.PLAYED)

    rules = get_game("calabrasella")
    results = list(match.deals.order_by("number").values_list("result", flat=True))
    assert len(results) >= 3
    assert match.scores == rules.match_scores(results, match.options)
    assert sum(match.scores) == 0  # chips change hands, none are made
    assert match.winner_seat == rules.match_winner(results, match.options)
    assert match.places == rules.match_places(results, match.options)
    assert match.places[match.winner_seat] == 1

    assert services.match_result_record(match_id=match.pk) is True
    winner = match.seats.get(number=match.winner_seat).player
    assert RatingChange.objects.filter(match=match).count() == 3
    top = Standing.objects.filter(tournament=tournament).order_by("rank").first()
    assert top is not None and top.entry.player_id == winner.pk
