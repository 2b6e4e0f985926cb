"""Withdrawals mid-event: the entry's open matches are lost by forfeit, later Swiss rounds
are paired without it, and its results stand or are annulled as the event says."""

from __future__ import annotations

import random

import pytest

from games.models import Match
from tests.conftest import make_player, make_tournament, play_random
from tournaments import services
from tournaments.models import Entry, Standing, Tournament

pytestmark = pytest.mark.django_db


def _event(results="stand", fmt=Tournament.Format.ROUND_ROBIN, names=("ann", "ben", "cid", "dan")):
    players = [make_player(name) for name in names]
    tournament = make_tournament(
        players, slug=f"w-{results}-{fmt}", game="briscola", options={"match": "one_hand"},
        withdrawal_results=results, format=fmt,
    )  # fmt: skip
    services.tournament_start_next_round(tournament=tournament)
    return Tournament.objects.get(pk=tournament.pk), players


def _play_round(tournament, number):
    for match in tournament.rounds.get(number=number).matches.filter(is_bye=False):
        if match.status != Match.Status.FINISHED:
            play_random(match, rng=random.Random(match.pk))
        services.match_result_record(match_id=match.pk)


def test_a_withdrawal_forfeits_the_open_matches_and_the_played_results_stand():
    tournament, (ann, *_rest) = _event("stand")
    _play_round(tournament, 1)
    services.entry_withdraw_from_event(tournament=tournament, player=ann)
    open_matches = Match.objects.filter(round__tournament=tournament, seats__player=ann).exclude(
        round__number=1
    )
    assert open_matches.count() == 2
    for match in open_matches:
        assert (match.status, match.reason) == (Match.Status.FINISHED, Match.Reason.FORFEIT)
        assert match.seats.get(number=match.winner_seat).player != ann
    row = Standing.objects.get(tournament=tournament, entry__player=ann)
    assert row.played == 1  # a forfeit counts once its round has started
    services.tournament_start_next_round(tournament=Tournament.objects.get(pk=tournament.pk))
    row = Standing.objects.get(tournament=tournament, entry__player=ann)
    assert (row.played, row.losses) == (2, 1 + (row.wins == 0))
    with pytest.raises(services.TournamentError):
        services.entry_withdraw_from_event(tournament=tournament, player=ann)


def test_annulled_results_leave_the_standings():
    tournament, (ann, *_rest) = _event("annul")
    _play_round(tournament, 1)
    services.entry_withdraw_from_event(tournament=tournament, player=ann)
    rows = list(Standing.objects.filter(tournament=tournament).select_related("entry__player"))
    assert ann not in [row.entry.player for row in rows] and len(rows) == 3
    assert sum(row.played for row in rows) == 2  # round 1's other match: two players


def test_a_swiss_pairs_later_rounds_without_the_withdrawn_entry():
    tournament, players = _event(
        "stand", Tournament.Format.SWISS, names=("a1", "a2", "a3", "a4", "a5", "a6")
    )
    _play_round(tournament, 1)
    services.entry_withdraw_from_event(tournament=tournament, player=players[0])
    services.tournament_start_next_round(tournament=Tournament.objects.get(pk=tournament.pk))
    second = Match.objects.filter(round__tournament=tournament, round__number=2)
    assert not second.filter(seats__player=players[0]).exists()
    assert second.filter(is_bye=True).count() == 1  # five left: one bye
    assert Entry.objects.get(tournament=tournament, player=players[0]).withdrawn_at is not None


def test_the_page_offers_withdrawal_while_the_event_runs(client):
    tournament, (ann, *_rest) = _event("stand")
    client.force_login(ann)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert 'data-testid="withdraw-event"' in page
    client.post(f"/tournaments/{tournament.slug}/withdraw/")
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert 'data-testid="withdrawn"' in page
