"""The match services: every write goes through them, refused requests change nothing."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.errors import ClientError
from games.models import Deal, Match
from tests.conftest import current_engine, make_tournament, play_random, seated, start_match
from tournaments import services as tournaments_services


def _act(match, player, action, seq=None):
    match.refresh_from_db()
    return services.match_apply_action(
        match_id=match.pk, player_id=player.pk, action=action, seq=match.seq if seq is None else seq
    )


def _snapshot(match):
    match.refresh_from_db()
    deal = Deal.objects.filter(match=match).order_by("-number").first()
    return match.seq, match.status, list(deal.actions)


@pytest.mark.django_db
def test_starting_a_match_deals_one_deal_with_a_recorded_dealer(alice, bob):
    match = start_match(alice, bob)

    assert match.status == Match.Status.IN_PROGRESS
    assert match.first_dealer in (0, 1)
    deal = match.deals.get()
    assert deal.dealer == match.first_dealer
    assert sorted(deal.deck) == sorted(set(deal.deck)) and len(deal.deck) == 40
    assert match.scores == [0, 0]


@pytest.mark.django_db
def test_an_applied_action_is_stored_and_the_seq_grows(alice, bob):
    match = start_match(alice, bob)
    engine = current_engine(match)
    action = engine.legal_actions()[0]
    before = match.seq

    new_seq = _act(match, seated(match)[engine.to_act], action)

    deal = match.deals.get()
    assert deal.actions == [{"seat": engine.to_act, "action": action}]
    assert new_seq == before + 1


@pytest.mark.django_db
def test_it_refuses_an_action_out_of_turn_and_changes_nothing(alice, bob):
    match = start_match(alice, bob)
    engine = current_engine(match)
    waiting = seated(match)[1 - engine.to_act]
    before = _snapshot(match)

    with pytest.raises(ClientError) as error:
        _act(match, waiting, engine.legal_actions()[0])

    assert error.value.code == "not_your_turn"
    assert _snapshot(match) == before


@pytest.mark.django_db
def test_it_refuses_a_stale_seq_so_a_duplicated_action_applies_once(alice, bob):
    match = start_match(alice, bob)
    engine = current_engine(match)
    player = seated(match)[engine.to_act]
    seen = match.seq
    _act(match, player, engine.legal_actions()[0], seq=seen)
    after_first = _snapshot(match)

    with pytest.raises(ClientError) as error:
        _act(match, player, engine.legal_actions()[0], seq=seen)

    assert error.value.code == "stale"
    assert error.value.seq == seen + 1
    assert _snapshot(match) == after_first


@pytest.mark.django_db
def test_it_refuses_an_illegal_action_with_the_engines_reason(alice, bob):
    match = start_match(alice, bob)
    engine = current_engine(match)
    before = _snapshot(match)

    with pytest.raises(ClientError) as error:
        _act(match, seated(match)[engine.to_act], "play 3D")

    assert error.value.code == "illegal_action"
    assert error.value.message
    assert _snapshot(match) == before


@pytest.mark.django_db
def test_charlie_who_is_not_seated_cannot_act_or_resign(alice, bob, charlie):
    match = start_match(alice, bob)
    engine = current_engine(match)
    before = _snapshot(match)

    with pytest.raises(ClientError) as error:
        _act(match, charlie, engine.legal_actions()[0])
    assert error.value.code == "not_seated"
    with pytest.raises(ClientError) as error:
        services.match_resign(match_id=match.pk, player_id=charlie.pk)
    assert error.value.code == "not_seated"
    assert _snapshot(match) == before


@pytest.mark.django_db
def test_a_finished_deal_is_scored_and_the_next_deal_passes_the_deal(alice, bob):
    match = start_match(alice, bob)
    first_dealer = match.first_dealer

    play_random(match, rng=random.Random(7), until=lambda m: m.deals.count() == 2)

    first, second = match.deals.order_by("number")
    assert first.result is not None and second.result is None
    assert second.dealer == 1 - first_dealer
    match.refresh_from_db()
    assert match.scores == first.result["points"]
    assert match.last_result == {"number": 1, "result": first.result}
    assert current_engine(match).actions_count == 0


@pytest.mark.django_db
def test_a_match_played_to_the_target_is_won_by_the_higher_total(alice, bob):
    match = start_match(alice, bob, options={"target": 21})

    play_random(match, rng=random.Random(11))

    match.refresh_from_db()
    totals = [0, 0]
    for deal in match.deals.order_by("number"):
        totals = [t + p for t, p in zip(totals, deal.result["points"], strict=True)]
    assert match.status == Match.Status.FINISHED
    assert match.reason == Match.Reason.PLAYED
    assert match.scores == totals
    assert max(totals) >= 21 and totals[0] != totals[1]
    assert match.winner_seat == totals.index(max(totals))


@pytest.mark.django_db
def test_resigning_gives_the_match_to_the_opponent_and_ends_play(alice, bob):
    match = start_match(alice, bob)
    players = seated(match)

    services.match_resign(match_id=match.pk, player_id=players[0].pk, seq=match.seq)

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.winner_seat == 1
    assert match.reason == Match.Reason.RESIGNED
    engine = current_engine(match)
    with pytest.raises(ClientError) as error:
        _act(match, players[engine.to_act], engine.legal_actions()[0])
    assert error.value.code == "match_not_live"


@pytest.mark.django_db
def test_starting_a_match_twice_deals_only_once(alice, bob):
    match = start_match(alice, bob)

    services.match_start(match_id=match.pk)

    assert match.deals.count() == 1


@pytest.mark.django_db
def test_a_seat_on_move_past_its_deadline_forfeits_and_the_opponent_wins(alice, bob):
    match = start_match(alice, bob)
    engine = current_engine(match)
    late = match.move_deadline + timedelta(seconds=1)

    assert services.matches_forfeit_idle(now=match.move_deadline - timedelta(seconds=1)) == []
    assert services.matches_forfeit_idle(now=late) == [match.pk]

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.reason == Match.Reason.FORFEIT
    assert match.winner_seat == 1 - engine.to_act
    assert services.matches_forfeit_idle(now=late) == []


@pytest.mark.django_db
def test_every_action_restarts_the_move_clock(alice, bob):
    match = start_match(alice, bob)
    Match.objects.filter(pk=match.pk).update(move_deadline=timezone.now() - timedelta(minutes=1))

    play_random(match, rng=random.Random(3), until=lambda m: m.seq >= 3)

    match.refresh_from_db()
    assert match.move_deadline > timezone.now() + match.move_timeout - timedelta(minutes=1)
    assert services.matches_forfeit_idle() == []
    assert match.status == Match.Status.IN_PROGRESS


@pytest.mark.django_db
def test_a_tournament_without_a_move_timeout_never_forfeits(alice, bob):
    tournament = make_tournament([alice, bob], move_timeout=None)
    tournaments_services.tournament_start_next_round(tournament=tournament)
    match = Match.objects.get(round__tournament=tournament)

    assert match.move_deadline is None
    assert services.matches_forfeit_idle(now=timezone.now() + timedelta(days=365)) == []
