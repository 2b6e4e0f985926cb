"""An ASGI server process is SIGKILLed mid-match (a crash, or a deploy gone wrong).

Its clients reconnect to the other process and finish; no action is lost or applied twice:
every action a client saw acknowledged is stored exactly once at its seq, and nothing is
stored that no client saw acknowledged.
"""

from __future__ import annotations

import asyncio

from bench.client import Stats
from games.models import Match
from tests.conftest import seated, start_match
from tests.faults.conftest import (
    assert_nothing_lost,
    play_with_fault,
    seat_clients,
    wait_for_actions,
)

ACTIONS = 200
"""Enough that play goes on after server 0's restart (seconds, in which the seat that
lost it plays on from server 1) to reach the second kill."""


async def _kill_while_an_action_is_in_flight(servers, index, client, stats, after) -> None:
    """Wait for ``after`` acknowledged actions, then for ``client`` (connected to server
    ``index``) to have an action sent and not yet acknowledged, and SIGKILL that server.
    """
    await wait_for_actions(stats, after)
    while client.pending is None or client.ws is None:
        await asyncio.sleep(0)
    servers.kill(index)


def test_clients_of_a_killed_server_reconnect_to_the_other_and_finish(alice, bob, servers):
    match = start_match(alice, bob)
    group = servers(2)
    stats = Stats()
    # A little thought before each move: the fast path (a kept match) would otherwise let
    # one socket outrun the rate limit of docs/security.md, which people never reach.
    clients = seat_clients(
        match, seated(match), group.urls(match.pk), stats, stop_after=ACTIONS, think=(0.01, 0.03)
    )

    async def rolling_crash() -> None:
        # Server 0 dies under seat 0 and is restarted; meanwhile (play goes on from server
        # 1, and may go fast) server 1 dies under seat 1, whose clients wait for server 0.
        await _kill_while_an_action_is_in_flight(group, 0, clients[0], stats, after=15)
        restart = asyncio.create_task(asyncio.to_thread(group.restart, 0))
        await _kill_while_an_action_is_in_flight(group, 1, clients[1], stats, after=40)
        await restart

    asyncio.run(play_with_fault(clients, rolling_crash()))

    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED or match.seq - 1 >= ACTIONS
    assert clients[0].connections >= 2 and clients[1].connections >= 2
    assert_nothing_lost(stats, clients, match)
