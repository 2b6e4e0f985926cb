"""Clocks that start fairly (docs/protocol.md, "clock"): a match with a move clock gives
its players a grace to arrive; the first move's clock starts once every seat has
connected; a seat that never comes forfeits at the end of the grace, and a deadline is
also checked on each connection, so that the embedded default (no beat) forfeits too.
"""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from games import services
from games.models import Match, Seat
from tests.conftest import current_engine, make_tournament, seated
from tests.games.test_consumers import connect, receive
from tournaments import services as tournament_services

pytestmark = [pytest.mark.django_db(transaction=True)]


def _start(first, second, *, timeout=timedelta(minutes=10)) -> Match:
    tournament = make_tournament([first, second], move_timeout=timeout)
    round_ = tournament.rounds.get(number=1)
    tournament_services.round_start(round_id=round_.pk)
    return round_.matches.get()


def test_a_match_opens_with_a_grace_and_no_running_move_clock(alice, bob, settings):
    settings.MATCH_GRACE_SECONDS = 300
    match = _start(alice, bob)
    assert match.grace_until is not None and match.move_deadline == match.grace_until
    left = (match.grace_until - timezone.now()).total_seconds()
    assert 290 < left <= 300


async def test_the_clock_starts_when_the_last_seat_arrives(alice, bob, settings):
    settings.MATCH_GRACE_SECONDS = 3000
    match = await sync_to_async(_start)(alice, bob)
    players = await sync_to_async(seated)(match)
    first = await connect(match, players[0])
    state = await receive(first)
    assert state["match"]["waiting_for"] == [1]
    assert state["match"]["move_seconds_left"] > 2900  # the grace, counting down
    second = await connect(match, players[1])
    clock = None
    while clock is None:
        message = json.loads(await first.receive_from(timeout=5))
        if message["type"] == "clock":
            clock = message
    assert clock["seq"] == state["seq"] and clock["waiting_for"] == []
    assert 590 < clock["move_seconds_left"] <= 600  # the move clock, ten minutes
    fresh = await receive(second)
    assert fresh["match"]["waiting_for"] == [] and fresh["seq"] == state["seq"]
    refreshed = await sync_to_async(Match.objects.get)(pk=match.pk)
    assert refreshed.grace_until is None
    arrived = await sync_to_async(
        lambda: list(Seat.objects.filter(match=match).values_list("arrived_at", flat=True))
    )()
    assert all(arrived)
    # A move sent with the seq seen before the clock started is not stale.
    engine = await sync_to_async(current_engine)(match)
    mover = {0: first, 1: second}[engine.to_act]
    await mover.send_json_to(
        {"type": "action", "action": engine.legal_actions()[0], "seq": state["seq"]}
    )
    assert (await receive(mover))["seq"] == state["seq"] + 1
    await first.disconnect()
    await second.disconnect()


def test_a_seat_that_never_comes_forfeits_even_when_its_opponent_is_on_move(alice, bob, settings):
    settings.MATCH_GRACE_SECONDS = 60
    match = _start(alice, bob)
    on_move = current_engine(match).to_act
    player = seated(match)[on_move]
    services.seat_arrived(match_id=match.pk, player_id=player.pk)
    Match.objects.filter(pk=match.pk).update(
        grace_until=timezone.now() - timedelta(seconds=1),
        move_deadline=timezone.now() - timedelta(seconds=1),
    )
    assert services.match_check_clock(match_id=match.pk)
    match.refresh_from_db()
    assert (match.status, match.reason) == (Match.Status.FINISHED, Match.Reason.FORFEIT)
    assert match.winner_seat == on_move  # the absent opponent lost, not the seat on move


def test_without_beat_a_connection_finds_and_decides_a_match_past_its_deadline(
    alice, bob, settings
):
    settings.MATCH_GRACE_SECONDS = 60
    match = _start(alice, bob, timeout=timedelta(seconds=30))
    for player in seated(match).values():
        services.seat_arrived(match_id=match.pk, player_id=player.pk)
    match.refresh_from_db()
    assert match.grace_until is None and match.move_deadline is not None
    assert not services.match_check_clock(match_id=match.pk)  # not yet
    Match.objects.filter(pk=match.pk).update(move_deadline=timezone.now() - timedelta(seconds=1))
    on_move = current_engine(match).to_act
    assert services.match_check_clock(match_id=match.pk)
    match.refresh_from_db()
    assert match.reason == Match.Reason.FORFEIT and match.winner_seat == 1 - on_move


def test_a_match_clock_takes_the_time_used_off_the_movers_bank_and_adds_the_increment(
    alice, bob, settings
):
    from games.state import clock_summary
    from tests.conftest import make_tournament as tournament_with

    settings.MATCH_GRACE_SECONDS = 60
    tournament = tournament_with(
        [alice, bob], slug="fischer", game="briscola", options={"match": "one_hand"},
        move_timeout=None, match_clock=timedelta(minutes=3), clock_increment=timedelta(seconds=2),
    )  # fmt: skip
    round_ = tournament.rounds.get(number=1)
    tournament_services.round_start(round_id=round_.pk)
    match = round_.matches.get()
    assert match.clock_banks == [180.0, 180.0] and match.grace_until is not None
    assert clock_summary(match)["running"] is False
    for player in seated(match).values():
        services.seat_arrived(match_id=match.pk, player_id=player.pk)
    match.refresh_from_db()
    assert match.turn_started_at is not None and match.grace_until is None
    mover = current_engine(match).to_act
    # Ten seconds pass before the move.
    Match.objects.filter(pk=match.pk).update(turn_started_at=timezone.now() - timedelta(seconds=10))
    engine = current_engine(match)
    services.match_apply_action(
        match_id=match.pk,
        player_id=seated(match)[mover].pk,
        action=engine.legal_actions()[0],
        seq=Match.objects.get(pk=match.pk).seq,
    )
    match.refresh_from_db()
    assert 171.5 <= match.clock_banks[mover] <= 172.1  # 180 - 10 + 2
    assert match.clock_banks[1 - mover] == 180.0
    left = (match.move_deadline - timezone.now()).total_seconds()
    assert 178 < left <= 180  # the other seat's whole bank
    # A bank run out: the seat on move loses by forfeit.
    Match.objects.filter(pk=match.pk).update(move_deadline=timezone.now() - timedelta(seconds=1))
    assert services.match_check_clock(match_id=match.pk)
    match.refresh_from_db()
    assert match.reason == Match.Reason.FORFEIT and match.winner_seat == mover
