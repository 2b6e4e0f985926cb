"""A player who never connects, or leaves mid-match: once the grace for arriving (a player
who never came) or the tournament's move timeout (a player who left) has passed, beat's
task decides the match by forfeit and the connected opponent is told.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async

from games.models import Match
from games.tasks import forfeit_idle_matches
from tests.conftest import current_engine, make_tournament, seated
from tests.games.test_consumers import connect, receive
from tournaments import services
from tournaments.models import RatingChange

pytestmark = [pytest.mark.django_db(transaction=True)]

TIMEOUT = timedelta(seconds=1)


def _start_with_timeout(first, second) -> Match:
    tournament = make_tournament([first, second], move_timeout=TIMEOUT)
    round_ = tournament.rounds.get(number=1)
    services.round_start(round_id=round_.pk)
    return round_.matches.get()


async def _beat() -> list[int]:
    """What beat does every minute: queue the task (run eagerly here)."""
    return await sync_to_async(lambda: forfeit_idle_matches.delay().get())()


async def test_a_player_who_never_connects_forfeits_after_the_grace(alice, bob, settings):
    settings.MATCH_GRACE_SECONDS = 1
    match = await sync_to_async(_start_with_timeout)(alice, bob)
    players = await sync_to_async(seated)(match)
    engine = await sync_to_async(current_engine)(match)
    absent = engine.to_act
    present = 1 - absent
    socket = await connect(match, players[present])
    state = await receive(socket)
    assert state["match"]["move_deadline"] is not None
    assert state["match"]["waiting_for"] == [absent]

    assert await _beat() == []  # not before the deadline
    await asyncio.sleep(TIMEOUT.total_seconds() + 0.2)
    assert await _beat() == [match.pk]

    told = await receive(socket)
    assert told["type"] == "state" and told["seq"] == state["seq"] + 1
    match_state = told["match"]
    assert (match_state["status"], match_state["reason"], match_state["winner"]) == (
        "finished",
        "forfeit",
        present,
    )
    assert await sync_to_async(RatingChange.objects.filter(match=match).count)() == 2
    assert await _beat() == []  # decided once
    await socket.disconnect()


async def test_a_player_who_leaves_mid_match_forfeits_and_sees_it_on_return(alice, bob):
    match = await sync_to_async(_start_with_timeout)(alice, bob)
    players = await sync_to_async(seated)(match)
    sockets = {seat: await connect(match, players[seat]) for seat in (0, 1)}
    states = {seat: await receive(s) for seat, s in sockets.items()}
    # Play until the two seats have both moved and it is seat 0's turn again.
    moved = set()
    while not (moved == {0, 1} and states[0]["view"]["legal_actions"]):
        mover = 0 if states[0]["view"]["legal_actions"] else 1
        moved.add(mover)
        view = states[mover]
        await sockets[mover].send_json_to(
            {"type": "action", "action": view["view"]["legal_actions"][0], "seq": view["seq"]}
        )
        states = {seat: await receive(s) for seat, s in sockets.items()}

    await sockets[0].disconnect()  # seat 0 closes the tab while on move
    await asyncio.sleep(TIMEOUT.total_seconds() + 0.2)
    assert await _beat() == [match.pk]

    told = await receive(sockets[1])
    assert (told["match"]["status"], told["match"]["reason"], told["match"]["winner"]) == (
        "finished",
        "forfeit",
        1,
    )
    back = await connect(match, players[0])
    seen = await receive(back)
    assert (seen["match"]["reason"], seen["match"]["winner"], seen["seq"]) == (
        "forfeit",
        1,
        told["seq"],
    )
    await back.send_json_to(
        {"type": "action", "action": states[0]["view"]["legal_actions"][0], "seq": seen["seq"]}
    )
    assert (await receive(back))["code"] == "match_not_live"
    for socket in (sockets[1], back):
        await socket.disconnect()
