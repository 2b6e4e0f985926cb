"""A Tressette pairs match played to its end through the services: partners sit
opposite, the match ends when a side reaches the target, its winner, scores and places
are per side as the engine says, and both partners of each side are rated.

Source: docs/games/tressette.md (the match), games/rules/tressette/game.py.
"""

from __future__ import annotations

import random

import pytest

from games.models import Match
from games.rules import get_game
from tests.conftest import make_player, play_random
from tournaments import services
from tournaments.models import RatingChange, Tournament

pytestmark = pytest.mark.django_db


def test_a_tressette_pairs_match_is_played_to_its_end_and_rates_all_four():
    players = [make_player(name) for name in ("alice", "bob", "carol", "dave")]
    tournament = Tournament.objects.create(
        name="Tressette Cup", slug="tressette-cup", game="tressette",
        options={"target": 21}, pairs=True, table_size=4,
    )  # fmt: skip
    services.tournament_open_registration(tournament=tournament)
    for first, second in ((players[0], players[1]), (players[2], players[3])):
        services.entry_register(tournament=tournament, player=first, partner=second)
        services.entry_confirm_partner(tournament=tournament, player=second)
    services.tournament_make_schedule(tournament_id=tournament.pk)
    round_ = tournament.rounds.get(number=1)
    services.round_start(round_id=round_.pk)
    match = round_.matches.get()
    assert match.seat_count == 4 and [list(side) for side in match.sides] == [[0, 2], [1, 3]]
    play_random(match, rng=random.Random(5), max_actions=20_000)
    match.refresh_from_db()
    assert (match.status, match.reason) == (Match.Status.FINISHED, Match.Reason.PLAYED)

    rules = get_game("tressette")
    results = list(match.deals.order_by("number").values_list("result", flat=True))
    assert match.scores == rules.match_scores(results, match.options)
    assert max(match.scores) >= 21 and len(match.scores) == 2
    assert match.winner_seat == rules.match_winner(results, match.options)
    assert match.places == rules.match_places(results, match.options)
    for result in results:
        assert sum(result["card_thirds"]) == 35

    assert services.match_result_record(match_id=match.pk) is True
    assert RatingChange.objects.filter(match=match).count() == 4
